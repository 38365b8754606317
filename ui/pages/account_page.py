"""What the pages of players' accounts share (issues 19, 20: «Спрэдбет», «Спрэдбетэкс»): the
account's card whose field takes the cursor back after each action, the dialogs opened over the
page, pos's answers and refusals said on the card, and the page read again every few seconds
while it is shown, one reading at a time."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QWidget

from pos.core.clock import Clock
from pos.core.errors import DeviceOrStorageError, PosError
from pos.core.settings import ShopSettings
from pos.shop.desk import Desk
from pos.till.papers import FiledPaper
from ui.dialogs.desk_call import DeskCallDialog
from ui.dialogs.print_preview import filed_paper_dialog
from ui.tasks import TaskRunner
from ui.widgets.spread_account import AccountCard


class AccountPage(QWidget):
    """A page with an account's card (`_card`, made by the subclass) and the host side of its
    calls (ui.pages.account_calls.AccountHost): `open_dialog`, `answered`, `refused`, `today`.

    `refresh()` reads the page in the background once at a time (asked while a reading is on
    its way, it reads once more after it): the subclass says what with `_reading_call` and
    shows it in `_show_read`, ending with `_read_over()`. Every `refresh_ms` while shown and
    no dialog is open, the page reads itself again.
    """

    def __init__(
        self,
        desk: Desk,
        runner: TaskRunner,
        clock: Clock,
        refresh_ms: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._zone = ShopSettings().zone  # until the shop's own is read
        self._reading = self._again = False
        self.dialog: QDialog | None = None  # the dialog open now (tests)
        self._filed: FiledPaper | None = None  # shown once the dialog open now is closed
        self._card: AccountCard
        self._reloader = QTimer(self)
        self._reloader.setInterval(refresh_ms)
        self._reloader.timeout.connect(self._on_reloader_timeout)

    @property
    def account_card(self) -> AccountCard:
        """The account's field and balance (tests read its texts)."""
        return self._card

    def message_text(self) -> str:
        return self._card.message.text()

    def refresh(self, *, quiet: bool = False) -> None:
        """Read the page again, once at a time (`quiet`: the reloader's, ui.tasks.TaskRunner)."""
        if self._runner.closed:
            return
        if self._reading:
            self._again = True
            return
        self._reading, self._again = True, False
        self._runner.run(
            self._reading_call(),
            on_success=self._show_read,
            on_failure=self._read_refused,
            owner=self,
            quiet=quiet,
        )

    def today(self) -> date:
        return self._clock.now().astimezone(self._zone).date()

    def open_dialog(self, dialog: QDialog, on_answer: Callable[[Any], None] | None) -> None:
        """Open a dialog over the page; its answer is shown, and the cursor comes back."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if isinstance(dialog, DeskCallDialog) and on_answer is not None:
            dialog.answered.connect(on_answer)
            dialog.stood.connect(self._on_dialog_stood)
        dialog.finished.connect(self._on_dialog_finished)
        self.dialog = dialog
        dialog.open()

    def answered(self, text: str) -> None:
        """An action pos accepted: say it, show its paper if it went to a file, read the page
        again, the cursor to the field."""
        self._card.message.show_success(text)
        self._card.focus_number()
        self.show_filed()
        self.refresh()

    def show_filed(self) -> None:
        """Show the paper the last action wrote to a file, no printer set up (issue 34: as
        the betting page shows a slip), over the page; Esc closes it."""
        self._runner.run(
            self._desk.filed_papers, on_success=self._papers_filed, on_failure=self.refused,
            owner=self,
        )  # fmt: skip

    def refused(self, exc: PosError) -> None:
        """Pos refused (a device or the storage failed: said as a warning)."""
        if isinstance(exc, DeviceOrStorageError):
            self._card.message.show_warning(exc)  # e.g. a paper that did not come out
        else:
            self._card.message.show_error(exc)
        self._card.focus_number()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._reloader.start()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt's name
        super().hideEvent(event)
        self._reloader.stop()

    # --- the subclass's part --------------------------------------------------------------

    def _reading_call(self) -> Callable[[], Any]:
        """The call that reads the page, run on the worker."""
        raise NotImplementedError

    def _show_read(self, read: Any) -> None:
        """Show what `_reading_call` read; end with `_read_over()`."""
        raise NotImplementedError

    def _read_over(self) -> None:
        """A reading answered: the one asked meanwhile goes now."""
        self._reading = False
        if self._again:
            self.refresh()

    def _read_refused(self, exc: PosError) -> None:
        self._card.message.show_error(exc)
        self._read_over()

    def _dialog_closed(self) -> None:
        """After a dialog over the page closed (the cursor is back in the field)."""

    def _papers_filed(self, papers: list[FiledPaper]) -> None:
        if papers:
            self._filed = papers[-1]  # one action, one paper
            if self.dialog is None:
                self._show_filed_paper()

    def _show_filed_paper(self) -> None:
        paper, self._filed = self._filed, None
        if paper is not None:
            self.open_dialog(filed_paper_dialog(paper, self), None)

    # --- slots --------------------------------------------------------------------------

    def _on_dialog_stood(self, exc: PosError) -> None:
        # Done, but its paper or receipt did not come out: the operation stands.
        self._card.message.show_warning(exc)
        self._card.focus_number()
        self.refresh()

    def _on_dialog_finished(self, _result: int) -> None:
        self.dialog = None
        self.activateWindow()  # the page's keys work again at once
        self._card.focus_number()
        self._dialog_closed()
        if self.dialog is None:
            self._show_filed_paper()  # a paper that came while the dialog was open

    def _on_reloader_timeout(self) -> None:
        # Not under a dialog: what a reading may pop up (a bookmaker's close) would take the
        # cashier's keys.
        if self.dialog is None:
            self.refresh(quiet=True)
