"""The "Принтеры" part of the settings page: this terminal's slip and fiscal printers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QWidget

from pos.core.errors import InvalidPrinterSetting, PosError
from pos.core.printers import PrinterConfig, make_printer_config
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.printer_form import PrinterForm

Printers = tuple[PrinterConfig, PrinterConfig | None]
_FISCAL_NOTE = "fiscal printer"  # marks a refusal of the fiscal printer's form


def save_printers(
    desk: Desk, slip_fields: dict[str, object], fiscal_fields: dict[str, object] | None
) -> Printers:
    """Check both forms with pos, save them, and read back what is now in force (worker).

    Raises:
        InvalidPrinterSetting: a field does not fit (noted when it is the fiscal printer's);
            nothing is saved.
        NotPermitted: a cashier asked.
    """
    slip = make_printer_config(**slip_fields)
    fiscal = None
    if fiscal_fields is not None:
        try:
            fiscal = make_printer_config(**fiscal_fields)
        except InvalidPrinterSetting as exc:
            exc.add_note(_FISCAL_NOTE)
            raise
    desk.update_printers(slip, fiscal)
    return desk.printers()


class PrintersCard(QFrame):
    """Two printer forms, "Сохранить принтеры", and a test page for each printer."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._desk = desk
        self._runner = runner
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    def load(self) -> None:
        """Fill the forms with this terminal's printers (in the background)."""
        self._runner.run(
            self._desk.printers,
            on_success=self._fill,
            on_failure=self._message.show_error,
            owner=self,
        )

    def save(self) -> None:
        """Send both forms to pos as entered; all or nothing."""
        desk = self._desk
        slip_fields, fiscal_fields = self._slip.fields() or {}, self._fiscal.fields()
        self._message.show_progress(self.tr("Сохранение принтеров…"))
        self._runner.run(
            lambda: save_printers(desk, slip_fields, fiscal_fields),
            on_success=self._show_saved,
            on_failure=self._show_refusal,
            owner=self,
        )

    def print_test_page(self, *, fiscal: bool) -> None:
        """Print the test page on a printer as saved."""
        desk = self._desk
        self._message.show_progress(self.tr("Печать проверочной страницы…"))
        self._runner.run(
            lambda: desk.print_test_page(fiscal_printer=fiscal),
            on_success=lambda _none: self._show_test_page_printed(fiscal),
            on_failure=self._message.show_error,
            owner=self,
        )

    def message_text(self) -> str:
        """The line under the forms (tests)."""
        return self._message.text()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        heading = QLabel(self.tr("Принтеры"))
        heading.setProperty("heading", "2")
        note = QLabel(
            self.tr(
                "Принтеры этого терминала ({terminal}). Проверочная страница печатается "
                "с сохранёнными настройками."
            ).format(terminal=self._desk.terminal)
        )
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._slip = PrinterForm(self.tr("Принтер купонов"), "slip", same_choice=False)
        self._fiscal = PrinterForm(self.tr("Принтер чеков"), "fiscal", same_choice=True)
        self._slip_test = action_button("slip_test_page", self.tr("Проверочная страница"))
        self._slip_test.clicked.connect(self._on_slip_test_clicked)
        self._fiscal_test = action_button("fiscal_test_page", self.tr("Проверочная страница"))
        self._fiscal_test.clicked.connect(self._on_fiscal_test_clicked)
        self._save_button = action_button("save_printers", self.tr("Сохранить принтеры"))
        self._save_button.setProperty("primary", "true")
        self._save_button.clicked.connect(self._on_save_clicked)
        self._message = MessageLabel()
        self._message.setObjectName("printers_message")
        self._message.setMinimumHeight(0)
        save_row = QHBoxLayout()
        save_row.addWidget(self._message, 1)
        save_row.addWidget(self._save_button, 0, Qt.AlignmentFlag.AlignTop)

        grid = QGridLayout(self)
        grid.setContentsMargins(24, 18, 24, 20)
        grid.setHorizontalSpacing(40)
        grid.setVerticalSpacing(10)
        grid.addWidget(heading, 0, 0, 1, 2)
        grid.addWidget(note, 1, 0, 1, 2)
        grid.addWidget(self._slip, 2, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self._fiscal, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self._slip_test, 3, 0, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self._fiscal_test, 3, 1, Qt.AlignmentFlag.AlignLeft)
        grid.addLayout(save_row, 4, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

    # --- results ------------------------------------------------------------------------

    def _fill(self, printers: Printers) -> None:
        slip, fiscal = printers
        self._slip.set_config(slip)
        self._fiscal.set_config(fiscal)

    def _show_saved(self, printers: Printers) -> None:
        self._fill(printers)
        self._message.show_success(self.tr("Принтеры сохранены."))

    def _show_refusal(self, exc: PosError) -> None:
        # The entered values stay in the forms so that the manager can correct the one named.
        self._message.show_error(exc)
        if isinstance(exc, InvalidPrinterSetting):
            fiscal = _FISCAL_NOTE in getattr(exc, "__notes__", ())
            (self._fiscal if fiscal else self._slip).focus_field(exc.name)

    def _show_test_page_printed(self, fiscal: bool) -> None:
        if fiscal:
            self._message.show_success(self.tr("Проверочная страница отправлена на принтер чеков."))
        else:
            self._message.show_success(
                self.tr("Проверочная страница отправлена на принтер купонов.")
            )

    # --- slots --------------------------------------------------------------------------

    def _on_save_clicked(self) -> None:
        if not self._runner.busy:
            self.save()

    def _on_slip_test_clicked(self) -> None:
        self.print_test_page(fiscal=False)

    def _on_fiscal_test_clicked(self) -> None:
        self.print_test_page(fiscal=True)

    def _on_runner_busy_changed(self, busy: bool) -> None:
        for button in (self._save_button, self._slip_test, self._fiscal_test):
            button.setEnabled(not busy)
