"""«Найти купон»: a typed or scanned number and Enter show everything about the slip, with its
reprint (a manager's PIN after the 5-minute window) and its print preview."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos.betting.slips import Slip
from pos.core.devices import PreviewLine
from pos.core.errors import NotPermitted, PosError
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.dialogs.slip_details import SlipDetails, SlipDetailsDialog, load_slip_details
from ui.errors import MessageLabel
from ui.tasks import TaskRunner


class SlipLookup(QWidget):
    """The number field and its message line; the slip's details open in a dialog.

    `zone` is the shop's, for the times the details show. The dialog open now is
    `details_dialog`, over it `manager_dialog` or `preview_dialog` (tests).
    """

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self.zone: ZoneInfo = ShopSettings().zone
        self.details_dialog: SlipDetailsDialog | None = None
        self.preview_dialog: PrintPreviewDialog | None = None
        self.manager_dialog: ManagerPinDialog | None = None
        self._build()

    @property
    def message(self) -> MessageLabel:
        """The line under the field."""
        return self._message

    def focus_field(self) -> None:
        """The cursor into the field, its text selected for the next number."""
        self._field.setFocus()
        self._field.selectAll()

    def look_up(self, number: str) -> None:
        """Find the slip with this number and show everything about it."""
        desk = self._desk
        self._message.show_progress(self.tr("Поиск купона…"))
        self._runner.run(
            lambda: load_slip_details(desk, number),
            on_success=self._show_details,
            on_failure=self._message.show_error,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        label = QLabel(self.tr("Найти купон (F6)"))
        self._field = QLineEdit()
        self._field.setObjectName("lookup")
        self._field.setPlaceholderText(self.tr("номер или сканер, Enter"))
        self._field.returnPressed.connect(self._on_field_return_pressed)
        label.setBuddy(self._field)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self._field, 1)
        self._message = MessageLabel()
        self._message.setObjectName("lookup_message")
        self._message.setMinimumHeight(0)
        self._message.clear_when_edited(self._field)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addLayout(row)
        layout.addWidget(self._message)

    # --- calls and results --------------------------------------------------------------

    def _show_details(self, details: SlipDetails) -> None:
        self._message.clear_message()
        dialog = SlipDetailsDialog(details.slip, self.zone, self, settlement=details.settlement)
        dialog.reprint_requested.connect(self._on_details_reprint_requested)
        dialog.preview_requested.connect(self._on_details_preview_requested)
        dialog.finished.connect(self._on_details_dialog_finished)
        self.details_dialog = dialog
        dialog.open()

    def _show_reprinted(self, slip: Slip) -> None:
        if self.details_dialog is None:
            return
        self.details_dialog.show_slip(slip)
        self.details_dialog.show_success(
            self.tr("Повторная печать учтена: копия № {copies}.").format(copies=slip.reprints)
        )

    def _details_refused(self, exc: PosError) -> None:
        if self.details_dialog is not None:
            self.details_dialog.show_error(exc)

    def _reprint(self, desk: Desk, number: str) -> None:
        self._runner.run(
            lambda: desk.reprint(number),
            on_success=self._show_reprinted,
            on_failure=lambda exc: self._reprint_refused(number, exc),
            owner=self,
        )

    def _reprint_refused(self, number: str, exc: PosError) -> None:
        self._details_refused(exc)
        if isinstance(exc, NotPermitted) and self.details_dialog is not None:
            # After the 5-minute window a manager may allow this one copy with their PIN.
            self._ask_manager(number, self.details_dialog)

    def _ask_manager(self, number: str, parent: QWidget) -> None:
        dialog = ManagerPinDialog(self._desk, self._runner, Permission.REPRINT_AFTER_WINDOW, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # The granted desk does this one reprint, then it is dropped.
        dialog.granted.connect(lambda granted: self._reprint(granted, number))
        dialog.finished.connect(self._on_manager_dialog_finished)
        self.manager_dialog = dialog
        dialog.open()

    def _show_preview(self, number: str, lines: list[PreviewLine]) -> None:
        if self.details_dialog is None:
            return
        dialog = PrintPreviewDialog(self.details_dialog)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show_lines(
            self.tr("Купон {number}").format(number=display_slip_number(number)), lines
        )
        dialog.finished.connect(self._on_preview_dialog_finished)
        self.preview_dialog = dialog
        dialog.open()

    # --- slots --------------------------------------------------------------------------

    def _on_field_return_pressed(self) -> None:
        self.look_up(self._field.text())

    def _on_details_reprint_requested(self, number: str) -> None:
        self._reprint(self._desk, number)

    def _on_details_preview_requested(self, number: str) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.preview_slip(number),
            on_success=lambda lines: self._show_preview(number, lines),
            on_failure=self._details_refused,
            owner=self,
        )

    def _on_preview_dialog_finished(self, _result: int) -> None:
        self.preview_dialog = None

    def _on_manager_dialog_finished(self, _result: int) -> None:
        self.manager_dialog = None
        if self.details_dialog is not None:
            self.details_dialog.activateWindow()  # Ctrl+P works again at once

    def _on_details_dialog_finished(self, _result: int) -> None:
        self.details_dialog = None
        self.activateWindow()
        self._field.setFocus()
