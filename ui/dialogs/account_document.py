"""The player's whole identity document for an account: its opening and a cash withdrawal
(DESIGN.md "Player accounts"; p.4, p.13): read by a reader from the zone or typed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from typing import Any

from PySide6.QtWidgets import QWidget

from pos.core.errors import PosError
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from ui.dialogs.desk_call import DeskCallDialog
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.document_form import DocumentForm

# The desk call with the texts of the dialog's fields (an amount) and the document (None: the
# player would not show one, which pos records and refuses).
DocumentCall = Callable[[Desk, tuple[str, ...], IdDocument | None], Any]


def _no_call(_desk: Desk, _texts: tuple[str, ...]) -> None:
    raise AssertionError("the document dialog calls its DocumentCall")  # pragma: no cover


class AccountDocumentDialog(DeskCallDialog):
    """The fields the page adds (the amount of a withdrawal), then the document form.

    Enter sends them with the document to `call`: pos checks the document (whole, with its
    issue date and authority, and the age; recorded either way) and opens the account or pays
    out. «Игрок отказался» sends no document: pos records the refusal and refuses. A
    refusal is said in the dialog, which stays open.
    """

    def __init__(
        self,
        desk: Desk,
        runner: TaskRunner,
        call: DocumentCall,
        today: date,
        *,
        name: str,
        title: str,
        heading: str,
        action: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            desk, runner, _no_call, name=name, title=title, heading=heading, action=action,
            parent=parent,
        )  # fmt: skip
        self.setMinimumWidth(880)
        self._document_call = call
        self._refusing = False
        self._form = DocumentForm(today)
        self._form.zone_read.connect(self._on_form_zone_read)
        self._form.zone_refused.connect(self._on_form_zone_refused)
        self.add_block(self._form)
        refused = action_button("account_player_refused", self.tr("Игрок отказался"))
        refused.clicked.connect(self._on_refused_clicked)
        self.add_button(refused)

    @property
    def document_form(self) -> DocumentForm:
        """The document's fields (tests fill them)."""
        return self._form

    def focus_document(self) -> None:
        """The cursor into the zone, ready for the reader."""
        self._form.focus_zone()

    def player_refused(self) -> None:
        """The player will not show a document: pos records it and refuses."""
        self._refusing = True
        self.submit()

    def _request(self, desk: Desk) -> Callable[[], Any] | None:
        refusing, self._refusing = self._refusing, False
        document = None if refusing else self._form.document()
        if document is None and not refusing:
            return None  # a date that is not a real one: the form marked it
        return partial(self._document_call, desk, self._texts(), document)

    # --- slots --------------------------------------------------------------------------

    def _on_form_zone_read(self, _document: IdDocument) -> None:
        self._message.clear_message()
        self._primary.setFocus()

    def _on_form_zone_refused(self, exc: PosError) -> None:
        self._message.show_error(exc)

    def _on_refused_clicked(self) -> None:
        self.player_refused()
