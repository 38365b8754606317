"""The player's identity document (p.4): read from the machine-readable zone or typed by hand."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.document_form import DATE_FIELDS, TEXT_FIELDS, DocumentForm

__all__ = ["DATE_FIELDS", "TEXT_FIELDS", "IdentityDialog"]


class IdentityDialog(QDialog):
    """A zone field for a reader (it types like a keyboard) and the document's fields by hand.

    Enter after the zone's last line (or "Прочитать зону") fills the fields with
    `document_from_mrz`; "Проверить" asks pos to check the document (recorded) and, if it is
    accepted, emits `document_checked(document, age)` and closes. "Игрок отказался" records
    the refusal. Every refusal is shown here and emitted as `check_failed(exc)`.
    """

    document_checked = Signal(object, int)
    check_failed = Signal(object)

    def __init__(
        self, desk: Desk, runner: TaskRunner, today: date, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("identity")
        self.setWindowTitle(self.tr("Документ игрока"))
        self._desk = desk
        self._runner = runner
        self._build(today)
        self._form.focus_zone()

    # --- public -------------------------------------------------------------------------

    def field(self, name: str) -> QLineEdit:
        """The line edit of a document field (`TEXT_FIELDS`, `DATE_FIELDS`)."""
        return self._form.field(name)

    def set_kind(self, text: str) -> None:
        """The kind of document, as typed or chosen."""
        self._form.set_kind(text)

    def message_text(self) -> str:
        """The line under the form (tests)."""
        return self._message.text()

    def read_mrz(self) -> bool:
        """Fill the fields from the zone; False (with the reason shown) when it is not accepted."""
        return self._form.read_mrz()

    def check(self) -> None:
        """Ask pos to check the document in the fields (in the background)."""
        document = self._form.document()
        if document is None:
            return
        desk = self._desk
        self._message.show_progress(self.tr("Проверка документа…"))
        self._runner.run(
            lambda: desk.check_identity(document),
            on_success=lambda age: self._accepted(document, age),
            on_failure=self._refused,
            owner=self,
        )

    def player_refused(self) -> None:
        """Record that the player would not show a document (the bet is refused)."""
        desk = self._desk
        self._runner.run(
            lambda: desk.check_identity(None),
            on_success=lambda _age: None,  # never: a refusal is always refused
            on_failure=self._refused,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self, today: date) -> None:
        heading = QLabel(self.tr("Документ, удостоверяющий личность"))
        heading.setProperty("heading", "2")
        self._form = DocumentForm(today)
        self._form.zone_read.connect(self._on_form_zone_read)
        self._form.zone_refused.connect(self._on_form_zone_refused)
        self._message = MessageLabel()
        self._message.setObjectName("identity_message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(self._form, 1)
        layout.addWidget(self._message)
        layout.addLayout(self._build_buttons())

    def _build_buttons(self) -> QHBoxLayout:
        refused = QPushButton(self.tr("Игрок отказался"))
        refused.setObjectName("player_refused")
        refused.setAutoDefault(False)
        refused.clicked.connect(self._on_refused_clicked)
        close = QPushButton(self.tr("Закрыть (Esc)"))
        close.setObjectName("identity_close")
        close.setAutoDefault(False)
        close.clicked.connect(self._on_close_clicked)
        self._check_button = QPushButton(self.tr("Проверить"))
        self._check_button.setObjectName("check_document")
        self._check_button.setProperty("primary", "true")
        self._check_button.setDefault(True)
        self._check_button.clicked.connect(self._on_check_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(refused)
        buttons.addStretch(1)
        buttons.addWidget(close)
        buttons.addWidget(self._check_button)
        return buttons

    # --- results ------------------------------------------------------------------------

    def _accepted(self, document: IdDocument, age: int) -> None:
        self._message.clear_message()
        self.accept()
        self.document_checked.emit(document, age)

    def _refused(self, exc: PosError) -> None:
        self._message.show_error(exc)
        self.check_failed.emit(exc)

    # --- slots --------------------------------------------------------------------------

    def _on_form_zone_read(self, _document: IdDocument) -> None:
        self._message.clear_message()
        self._check_button.setFocus()

    def _on_form_zone_refused(self, exc: PosError) -> None:
        self._message.show_error(exc)

    def _on_check_clicked(self) -> None:
        self.check()

    def _on_refused_clicked(self) -> None:
        self.player_refused()

    def _on_close_clicked(self) -> None:
        self.reject()
