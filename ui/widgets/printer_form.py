"""The form of one printer of this terminal: how it is connected and what paper it has."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from pos.core.errors import InvalidPrinterSetting
from pos.core.printers import (
    BAUDRATES,
    KIND_WORDS,
    PRINTER_MODELS,
    PrinterConfig,
    PrinterKind,
)

SAME = "same"  # the fiscal printer's "the slip printer" choice
LABELS = InvalidPrinterSetting.LABELS  # the names pos uses when it refuses a value
W = TypeVar("W", bound=QWidget)


def target_hint(kind: str) -> str:
    """What to type as the address for a kind of connection (the field's placeholder)."""
    tr = QCoreApplication.translate
    hints = {
        PrinterKind.FILE.value: tr("printers", "путь к файлу или устройству: /dev/usb/lp0"),
        PrinterKind.NETWORK.value: tr("printers", "адрес[:порт]: 192.168.1.50 или …:9100"),
        PrinterKind.USB.value: tr("printers", "производитель:модель (USB ID): 04b8:0202"),
        PrinterKind.SERIAL.value: tr("printers", "COM-порт: COM3 или /dev/ttyUSB0"),
        PrinterKind.WINDOWS.value: tr("printers", "имя принтера, как оно записано в Windows"),
    }
    return hints.get(kind, tr("printers", "не нужен"))


class PrinterForm(QWidget):
    """Connection kind, address, serial speed, code page, paper, two switches and the model,
    chosen from the offered list: only its paper widths and code pages are offered.

    Object names start with `prefix` ("slip_kind", "fiscal_target", …). With `same_choice`
    the first kind is "the same printer as for slips", which greys out everything else.
    """

    def __init__(
        self, heading: str, prefix: str, *, same_choice: bool, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._prefix = prefix
        self._fields: dict[str, QWidget] = {}
        self._build(heading, same_choice)
        self._on_kind_current_index_changed(self._kind.currentIndex())

    def set_config(self, config: PrinterConfig | None) -> None:
        """Show a printer's settings; None shows the "same printer" choice."""
        shown = config or PrinterConfig()
        self._kind.setCurrentIndex(
            max(0, self._kind.findData(SAME if config is None else shown.kind.value))
        )
        self._target.setText(shown.target)
        # The model first: it decides which papers and code pages the form offers.
        self._select(self._profile, shown.profile)
        self._select(self._code_page, shown.code_page)
        self._select(self._paper, shown.paper_mm)
        self._select(self._baudrate, shown.baudrate)
        self._cancel_chinese.setChecked(shown.cancel_chinese)
        self._status_check.setChecked(shown.status_check)

    def fields(self) -> dict[str, object] | None:
        """The settings as entered, for `make_printer_config`; None for the "same printer"."""
        kind = self._kind.currentData()
        if kind == SAME:
            return None
        return {
            "kind": kind,
            "target": self._target.text(),
            "code_page": self._code_page.currentData(),
            "paper_mm": self._paper.currentData(),
            "baudrate": self._baudrate.currentData(),
            "cancel_chinese": self._cancel_chinese.isChecked(),
            "status_check": self._status_check.isChecked(),
            "profile": self._profile.currentData(),
        }

    def focus_field(self, name: str) -> None:
        """Put the cursor in the field pos refused."""
        field = self._fields.get(name)
        if field is not None and field.isEnabled():
            field.setFocus()
            if isinstance(field, QLineEdit):
                field.selectAll()

    # --- building -----------------------------------------------------------------------

    def _build(self, heading: str, same_choice: bool) -> None:
        self._kind = self._add(QComboBox(), "kind")
        if same_choice:
            self._kind.addItem(self.tr("тот же принтер, что для купонов"), SAME)
        for kind, words in KIND_WORDS.items():
            self._kind.addItem(words, kind.value)
        self._kind.currentIndexChanged.connect(self._on_kind_current_index_changed)
        self._target = self._add(QLineEdit(), "target")
        self._baudrate = self._add(QComboBox(), "baudrate")
        for rate in BAUDRATES:
            self._baudrate.addItem(str(rate), rate)
        self._code_page = self._add(QComboBox(), "code_page")
        self._paper = self._add(QComboBox(), "paper_mm")
        self._cancel_chinese = self._add(QCheckBox(LABELS["cancel_chinese"]), "cancel_chinese")
        self._status_check = self._add(QCheckBox(LABELS["status_check"]), "status_check")
        # Only the models the settings offer, each with the papers and code pages it takes
        # (pos.core.printers.PRINTER_MODELS; issue 16): nothing to mistype.
        self._profile = self._add(QComboBox(), "profile")
        for model in PRINTER_MODELS:
            self._profile.addItem(model.words, model.profile)
        self._profile.setToolTip(
            self.tr("Модель задаёт ширину бумаги и кодовые страницы, которые можно выбрать.")
        )
        self._profile.currentIndexChanged.connect(self._on_profile_current_index_changed)
        self._offer_model_choices()
        for box in (self._kind, self._baudrate, self._code_page, self._paper, self._profile):
            # The longest kind would otherwise make two forms wider than the window.
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(12)
        for check in (self._cancel_chinese, self._status_check):
            check.setStyleSheet("QCheckBox::indicator { width: 22px; height: 22px; }")
        self._lay_out(heading)

    def _lay_out(self, heading: str) -> None:
        caption = QLabel(heading)
        caption.setProperty("heading", "2")
        advanced = QLabel(self.tr("Дополнительно"))
        advanced.setProperty("muted", "true")
        self._form = QFormLayout(self)
        self._form.setContentsMargins(0, 0, 0, 0)
        self._form.setVerticalSpacing(8)
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self._form.addRow(caption)
        for name in ("kind", "target", "baudrate", "code_page", "paper_mm"):
            self._form.addRow(LABELS[name], self._fields[name])
        self._form.addRow(self._cancel_chinese)
        self._form.addRow(self._status_check)
        self._form.addRow(advanced)
        self._form.addRow(LABELS["profile"], self._profile)

    def _add(self, widget: W, name: str) -> W:
        widget.setObjectName(f"{self._prefix}_{name}")
        self._fields[name] = widget
        return widget

    @staticmethod
    def _select(box: QComboBox, value: object) -> None:
        index = box.findData(value)
        if index < 0:  # a value set elsewhere (a file, an older version): shown as it is
            box.addItem(str(value), value)
            index = box.count() - 1
        box.setCurrentIndex(index)

    def _offer_model_choices(self) -> None:
        """The papers and code pages of the chosen model; what was chosen stays if it fits."""
        profile = self._profile.currentData()
        model = next((m for m in PRINTER_MODELS if m.profile == profile), PRINTER_MODELS[0])
        paper, code_page = self._paper.currentData(), self._code_page.currentData()
        self._paper.clear()
        for width in model.papers:
            self._paper.addItem(self.tr("{width} мм").format(width=width), width)
        self._code_page.clear()
        for name in model.code_pages:
            self._code_page.addItem(name, name)
        self._paper.setCurrentIndex(max(0, self._paper.findData(paper)))
        self._code_page.setCurrentIndex(max(0, self._code_page.findData(code_page)))

    # --- slots --------------------------------------------------------------------------

    def _on_profile_current_index_changed(self, _index: int) -> None:
        self._offer_model_choices()

    def _on_kind_current_index_changed(self, _index: int) -> None:
        kind = self._kind.currentData()
        same = kind == SAME
        for name, field in self._fields.items():
            if name != "kind":
                field.setEnabled(not same)
        self._target.setEnabled(kind not in (SAME, PrinterKind.NONE.value))
        self._target.setPlaceholderText(target_hint(kind))
        self._form.setRowVisible(self._baudrate, kind == PrinterKind.SERIAL.value)
