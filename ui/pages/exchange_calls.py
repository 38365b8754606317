"""What each key of the «Спрэдбетэкс» page does (issue 20): the dialog it opens over the page,
every one around a use case of the desk; the page shows the answer (the account's keys are
ui.pages.account_calls')."""

from __future__ import annotations

from functools import partial
from typing import Protocol

from PySide6.QtWidgets import QWidget

from pos.exchange.paris import Offer
from pos.shop.desk import Desk
from ui.dialogs import exchange_forms as forms
from ui.pages import exchange_actions as actions
from ui.pages.account_calls import AccountCalls, AccountHost
from ui.tasks import TaskRunner


class ExchangeHost(AccountHost, Protocol):
    """What the calls need of the page: the offers chosen on it, and where answers go."""

    def chosen_offer(self) -> Offer | None:
        """The offer chosen on the board (None: the page has said there is none)."""

    def chosen_own_offer(self) -> Offer | None:
        """The account's offer chosen (None: the page has said what to do first)."""

    def offer_about(self, offer: Offer) -> str:
        """The offer's event and outcome in words."""

    def typed_outcome(self) -> tuple[str, str]:
        """The event and outcome a new offer starts with: the board's chosen offer's."""

    def focus_search(self) -> None: ...

    def offer_made(self, offer: Offer) -> None: ...


class ExchangeCalls(AccountCalls):
    """`trigger(name)` does the action of a key (`exchange_actions.key_rows` names them)."""

    def __init__(self, desk: Desk, runner: TaskRunner, host: ExchangeHost, page: QWidget) -> None:
        super().__init__(desk, runner, host, page)
        self._host = host

    def _do_search(self) -> None:
        self._host.focus_search()

    def _do_accept(self) -> None:
        view = self._host.shown_account()
        offer = self._host.chosen_offer() if view is not None else None
        if view is not None and offer is not None:
            about = self._host.offer_about(offer)
            dialog = forms.accept_dialog(self._desk, self._runner, view, offer, about, self._page)
            self._open(dialog, self._answer(partial(actions.accepted, view.number)))

    def _do_offer(self) -> None:
        view = self._host.shown_account()
        if view is not None:
            typed = self._host.typed_outcome()
            dialog = forms.offer_dialog(self._desk, self._runner, view, typed, self._page)
            self._open(dialog, self._host.offer_made)

    def _do_change(self) -> None:
        offer = self._host.chosen_own_offer()
        if offer is not None:
            about = self._host.offer_about(offer)
            dialog = forms.change_dialog(self._desk, self._runner, offer, about, self._page)
            self._open(dialog, self._answer(actions.changed))

    def _do_withdraw_offer(self) -> None:
        offer = self._host.chosen_own_offer()
        if offer is not None:
            about = self._host.offer_about(offer)
            dialog = forms.withdraw_dialog(self._desk, self._runner, offer, about, self._page)
            self._open(dialog, self._answer(actions.withdrawn))
