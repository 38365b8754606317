"""A small form whose main button runs one desk call with what was typed (issue 19: the
deposits, stakes, quotes and blocks of «Спрэдбет» and player accounts)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.core.errors import NotPermitted, PosError
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.till.errors import PaperNotPrinted, ReceiptNotPrinted
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import dialog_buttons

# The call a dialog makes: the desk (the user's, or one a manager's PIN granted) and the texts
# of the fields in order; built by the page from pos use cases, never holding a widget (the
# worker must not drop the last reference to one).
DeskCall = Callable[[Desk, tuple[str, ...]], Any]
# Done, but the paper or the receipt did not come out: the operation stands (issue 19).
STANDS = (PaperNotPrinted, ReceiptNotPrinted)
_NARROW = 260  # an amount's field: room for "12 345,67" and more


class DeskCallDialog(QDialog):
    """A heading, the facts the cashier reads back, the fields and «Отмена (Esc)» /
    the action (Enter).

    Enter sends the fields as typed to `call`; pos answers. Accepted: `answered(result)` and the
    dialog closes. Done but not printed (PaperNotPrinted, ReceiptNotPrinted): `stood(exc)` and
    it closes. Any other refusal is said under the fields and the dialog stays open for the
    correction; with `permission`, a cashier's NotPermitted opens the manager's PIN dialog and
    the desk it grants makes this one call. Esc goes back, except while pos answers.
    """

    answered = Signal(object)
    stood = Signal(object)

    def __init__(
        self,
        desk: Desk,
        runner: TaskRunner,
        call: DeskCall,
        *,
        name: str,
        title: str,
        heading: str,
        action: str,
        permission: Permission | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.setMinimumWidth(620)
        self._desk = desk
        self._runner = runner
        self._call = call
        self._permission = permission
        self._asking = False
        self._fields: list[QLineEdit | QComboBox] = []
        self._extra_buttons: list[QPushButton] = []
        self.manager_dialog: ManagerPinDialog | None = None
        self._build(heading, action)

    # --- building (the page adds what it asks) ---------------------------------------------

    def set_facts(self, text: str) -> None:
        """What the call is about, read back to the player (the bet, its quote…)."""
        self._facts.setText(text)
        self._facts.setVisible(bool(text))

    def set_note(self, text: str) -> None:
        """A quieter line under the facts (limits, what happens to the money)."""
        self._note.setText(text)
        self._note.setVisible(bool(text))

    def add_field(
        self, name: str, label: str, text: str = "", placeholder: str = "", *, wide: bool = False
    ) -> QLineEdit:
        """A line to type into, as wide as an amount unless `wide` (a name, a reason); the
        first one added takes the cursor, its text selected."""
        field = QLineEdit(text)
        field.setObjectName(name)
        field.setPlaceholderText(placeholder)
        if not wide:
            field.setMaximumWidth(_NARROW)
        self._add(label, field)
        return field

    def add_choice(self, name: str, label: str, choices: list[str], text: str) -> QComboBox:
        """A choice that may also be typed (sent as its text)."""
        choice = QComboBox()
        choice.setObjectName(name)
        choice.setEditable(True)
        choice.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)  # Enter sends the form
        choice.addItems(choices)
        choice.setEditText(text)
        self._add(label, choice)
        return choice

    def add_block(self, widget: QWidget) -> None:
        """A larger part of the form under the fields (the player's document)."""
        self._blocks.addWidget(widget)

    def add_button(self, button: QPushButton) -> None:
        """Another way out, at the left end of the buttons (never pressed by Enter)."""
        button.setAutoDefault(False)
        self._buttons.insertWidget(0, button)
        self._extra_buttons.append(button)

    def message_text(self) -> str:
        """The line under the fields (tests)."""
        return self._message.text()

    def submit(self) -> None:
        """Send the fields to pos in the background (Enter or the action button)."""
        if not self._asking:
            self._ask(self._desk)

    def reject(self) -> None:
        # Esc while pos answers would hide whether the money moved.
        if not self._asking:
            super().reject()

    def _build(self, heading_text: str, action: str) -> None:
        heading = QLabel(heading_text)
        heading.setObjectName("call_heading")
        heading.setProperty("heading", "2")
        heading.setWordWrap(True)
        self._facts = QLabel()
        self._facts.setObjectName("call_facts")
        self._facts.setWordWrap(True)
        self._facts.setTextFormat(Qt.TextFormat.PlainText)
        self._facts.hide()
        self._note = QLabel()
        self._note.setObjectName("call_note")
        self._note.setProperty("muted", "true")
        self._note.setWordWrap(True)
        self._note.hide()
        self._rows = QFormLayout()
        self._rows.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self._message = MessageLabel()
        self._message.setObjectName("call_message")
        self._message.setMinimumHeight(0)
        self._message.collapse_when_empty()  # no empty band: the document's dialog is tall
        self._buttons, self._back, self._primary = dialog_buttons(
            ("call_back", self.tr("Отмена (Esc)")), ("call_submit", action)
        )
        self._back.clicked.connect(self._on_back_clicked)
        self._primary.clicked.connect(self._on_primary_clicked)
        layout = self._column = QVBoxLayout(self)
        layout.setContentsMargins(20, 14, 20, 14)
        layout.setSpacing(8)
        layout.addWidget(heading)
        layout.addWidget(self._facts)
        layout.addWidget(self._note)
        layout.addLayout(self._rows)
        self._blocks = QVBoxLayout()
        layout.addLayout(self._blocks, 1)
        layout.addWidget(self._message)
        layout.addLayout(self._buttons)

    def _add(self, label: str, widget: QLineEdit | QComboBox) -> None:
        self._rows.addRow(label, widget)
        self._fields.append(widget)
        if len(self._fields) == 1:
            widget.setFocus()
            if isinstance(widget, QLineEdit):
                widget.selectAll()

    # --- asking -------------------------------------------------------------------------

    def _texts(self) -> tuple[str, ...]:
        return tuple(
            field.text() if isinstance(field, QLineEdit) else field.currentText()
            for field in self._fields
        )

    def _request(self, desk: Desk) -> Callable[[], Any] | None:
        """The call to run on the worker: the page's call with the fields' texts (None: the
        form itself says what to correct first)."""
        return partial(self._call, desk, self._texts())

    def _ask(self, desk: Desk) -> None:
        request = self._request(desk)
        if request is None:
            return
        self._set_asking(True)
        self._message.show_progress(self.tr("Запись…"))
        self._runner.run(request, on_success=self._succeeded, on_failure=self._failed, owner=self)

    def _succeeded(self, result: object) -> None:
        self._set_asking(False)
        self._message.clear_message()
        self.accept()
        self.answered.emit(result)

    def _failed(self, exc: PosError) -> None:
        self._set_asking(False)
        if isinstance(exc, STANDS):
            self.accept()
            self.stood.emit(exc)
            return
        self._message.show_error(exc)
        self._grow_to_fit()
        if self._fields:
            self._fields[0].setFocus()
        if isinstance(exc, NotPermitted) and self._permission is not None:
            self._ask_manager(self._permission)

    def _grow_to_fit(self) -> None:
        """As high as the refusal under the fields needs (issue 20): with its width set, the
        dialog would otherwise squeeze the facts above to make room for it."""
        layout = self._column
        layout.activate()
        needed = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else 0
        needed = max(needed, layout.totalMinimumSize().height())
        if needed > self.height():
            self.resize(self.width(), needed)

    def _ask_manager(self, permission: Permission) -> None:
        dialog = ManagerPinDialog(self._desk, self._runner, permission, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # The granted desk makes this one call, then it is dropped.
        dialog.granted.connect(self._ask)
        dialog.finished.connect(self._on_manager_dialog_finished)
        self.manager_dialog = dialog
        dialog.open()

    def _set_asking(self, asking: bool) -> None:
        self._asking = asking
        for widget in (*self._fields, *self._extra_buttons, self._back, self._primary):
            widget.setEnabled(not asking)

    # --- slots --------------------------------------------------------------------------

    def _on_primary_clicked(self) -> None:
        self.submit()

    def _on_back_clicked(self) -> None:
        self.reject()

    def _on_manager_dialog_finished(self, _result: int) -> None:
        self.manager_dialog = None
