"""A signed-in terminal session: what the cashier or manager at this till may do."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from pos import counter, draw_desk, line_desk, report_desk, results_desk
from pos import settings as shop_settings
from pos.audit import AuditAction
from pos.betting import (
    Pick,
    PickOrBlock,
    PricedBet,
    check_new_pick,
    normalise_picks,
    price_bet,
)
from pos.context import Actor, Context, Grant, use_case
from pos.counter import BetRequest
from pos.errors import InvalidText, RequestPrinting
from pos.identity import IdDocument
from pos.payout_desk import PayoutDesk
from pos.permissions import Permission
from pos.settings import ShopSettings
from pos.shift_desk import ShiftDesk
from pos.slipnumbers import display_slip_number
from pos.slips import Slip
from pos.users import Role, User

if TYPE_CHECKING:
    from pos.services import Shop


# How long a second press of a request waits for the first one's print (printer timeouts
# are 5 s, a slip and its receipt at most two of them).
_PRINT_WAIT = 15.0


@dataclass(frozen=True)
class UserInfo:
    """What a manager sees of a user (never the PIN hash): the end of a lock in force, or
    `locked_for_good` when the lock has no end and waits for a manager's unlock."""

    login: str
    role: Role
    locked_until: datetime | None
    locked_for_good: bool = False


class Desk(PayoutDesk, ShiftDesk):
    """The terminal session of one signed-in user; a manager can do all a cashier can."""

    def __init__(self, shop: Shop, user: User) -> None:
        self._shop = shop
        self.user = user

    @property
    def context(self) -> Context:
        """The terminal this desk works at (pos.context)."""
        return self._shop

    @property
    def actor(self) -> Actor:
        """Who the use cases of this desk act as: its user, with the grant given to it."""
        return Actor(self.user.login, self.user.role, self._grant)

    # --- the line (pos.line_desk) -------------------------------------------------------------
    add_event = use_case(line_desk.add_event)
    set_odds = use_case(line_desk.set_odds)
    line = use_case(line_desk.line)
    events_on_offer = use_case(line_desk.events_on_offer)
    update_event = use_case(line_desk.update_event)
    suspend_event = use_case(line_desk.suspend_event)
    resume_event = use_case(line_desk.resume_event)
    sport_limits = use_case(line_desk.sport_limits)
    set_sport_limit = use_case(line_desk.set_sport_limit)
    import_line = use_case(line_desk.import_line)

    # --- reports (pos.report_desk) ------------------------------------------------------------
    report = use_case(report_desk.report)
    export_report = use_case(report_desk.export_report)

    # --- results and settlement (pos.results_desk) --------------------------------------------
    record_result = use_case(results_desk.record_result)
    record_results = use_case(results_desk.record_results)
    check_result = use_case(results_desk.check_result)
    import_results = use_case(results_desk.import_results)
    correct_result = use_case(results_desk.correct_result)
    results = use_case(results_desk.results)
    settle = use_case(results_desk.settle)
    settlement = use_case(results_desk.settlement)

    # --- Bet-on-Poker draws (pos.draw_desk) ---------------------------------------------------
    draw_board = use_case(draw_desk.draw_board)
    deal_cards = use_case(draw_desk.deal_cards)
    import_draw_results = use_case(draw_desk.import_draw_results)
    cancel_draw = use_case(draw_desk.cancel_draw)

    @property
    def role(self) -> Role:
        return self.user.role

    @property
    def is_manager(self) -> bool:
        return self.user.role is Role.MANAGER

    def authorised_by(self, login: str, pin: str, permission: Permission | str) -> Desk:
        """This user's desk, allowed one action (`permission`) by a manager's PIN (issue #7).

        The manager's PIN is checked as at sign-in (wrong ones counted against them, five
        lock them, the locks growing as they do there; an empty one is no try) and the
        authorisation recorded; the desk returned may do that action once, and nothing else
        that needs a permission.

        Raises:
            PinRequired: no PIN typed; UnknownUser, UserLocked, UserLockedUntilUnlocked,
                WrongPin; NotPermitted: the PIN is not a manager's; InvalidText:
                `permission` names no action.
        """
        granted = _permission(permission)
        # The check records who allowed what (pos.audit AUTHORISED); the grant needs only what.
        self._shop._check_pin(login, pin, grant=(granted, self.login))
        desk = Desk(self._shop, self.user)
        desk._grant = Grant(granted)
        return desk

    def lock_screen(self) -> None:
        """Record that the window locked itself after the idle time (a setting)."""
        with self._shop.unit_of_work() as uow:
            self._audit(uow, AuditAction.SCREEN_LOCKED)
            uow.commit()

    def confirm_pin(self, pin: str) -> None:
        """Unlock the screen after it locked itself when idle: this user's PIN again.

        Raises:
            PinRequired, UserLocked, UserLockedUntilUnlocked, WrongPin: as at sign-in
                (wrong PINs counted, five lock the user; an empty one is no try).
        """
        self._shop._check_pin(self.login, pin, unlock=True)

    def settings(self) -> ShopSettings:
        """The shop settings now in force."""
        return self._shop.settings()

    def register_serial(self) -> str | None:
        """This terminal's cash register factory serial."""
        return self._shop.register_serial()

    def register_number(self) -> str:
        """The registration number of this terminal's cash register ("" if not set)."""
        return self._shop.register_number()

    def update_settings(self, **changes: object) -> ShopSettings:
        """Change the shop settings (managers only); recorded in the audit trail.

        Raises:
            NotPermitted: a cashier asked.
            InvalidSetting: a value is not acceptable; nothing is changed.
        """
        self._require(Permission.SETTINGS)
        return self._shop._update_settings(self.login, dict(changes))

    def manager_logins(self) -> list[str]:
        """The managers who can allow an action with their PIN (offered in its dialog)."""
        with self._shop.unit_of_work() as uow:
            return [u.login for u in uow.users.list() if u.role is Role.MANAGER]

    def users(self) -> list[UserInfo]:
        """Every user with their lock state (managers only)."""
        self._require(Permission.USERS)
        now = self._shop.clock.now()
        with self._shop.unit_of_work() as uow:
            return [
                UserInfo(
                    u.login, u.role, u.locked_until if u.is_locked(now) else None, u.locked_for_good
                )
                for u in uow.users.list()
            ]

    def create_user(self, login: str, pin: str, role: str) -> UserInfo:
        """Add a user (managers only)."""
        self._require(Permission.USERS)
        user = self._shop._create_user(self.login, login, pin, role)
        return UserInfo(user.login, user.role, None)

    def unlock_user(self, login: str) -> None:
        """Lift the lock after wrong PINs, even one with no end (managers only); the locks
        in a row are counted anew.

        Raises:
            NotPermitted: a cashier asked.
            UnknownUser: no such login; InvalidText: a login no database can look up.
        """
        self._require(Permission.USERS)
        self._shop._unlock_user(self.login, login)

    # --- the counter --------------------------------------------------------------------

    def accept_bet(
        self,
        legs: Sequence[PickOrBlock],
        stake: object,
        kind: object = "single",
        *,
        document: IdDocument | None = None,
        agreed_in_play: bool = False,
        request_key: str | None = None,
        expected_payout: Decimal | None = None,
    ) -> Slip:
        """Issue a slip: the rules of the house checked, one transaction (DESIGN.md).

        Args:
            legs: (event code, market code) picks; for a complex system an item may be a
                list of picks (an express block).
            stake: the total stake (a system's is split evenly over its expresses).
            kind: "single", "express" or "system k/n".
            document: the player's document when the cashier checked one (p.4).
            agreed_in_play: a manager agreed the bet after the start (p.22); marked on the slip.
            request_key: the same key again returns the slip already issued, never a second.
            expected_payout: the possible payout the player was shown; if the odds moved
                since, OddsChanged is raised and nothing is issued.

        Raises:
            PosError: one sentence per refusal; see pos.betting.price_bet.
        """
        if agreed_in_play:
            # p.22: a bet after the start is taken only when a manager agrees it.
            self._require(Permission.AGREE_IN_PLAY)
        request = BetRequest(
            legs, stake, kind, document, agreed_in_play, request_key, expected_payout
        )
        deadline = time.monotonic() + _PRINT_WAIT
        while True:
            try:
                with self._shop.unit_of_work() as uow:
                    outcome = counter.accept_bet(uow, self._teller, self._shop.clock.now(), request)
                    uow.commit()
                break
            except RequestPrinting:
                # The same request is printing on another window: its slip, once issued,
                # is the answer (or, if that print failed, this press prints anew).
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        if isinstance(outcome, Exception):
            raise outcome
        if isinstance(outcome, Slip):
            return outcome  # a repeated request: the slip issued for it before
        return self._print_and_issue(outcome)

    def price_bet(
        self,
        legs: Sequence[PickOrBlock],
        stake: object,
        kind: object = "single",
        *,
        agreed_in_play: bool = False,
    ) -> PricedBet:
        """What the bet would be if accepted now: legs at their odds, total odds, payout.

        Nothing is stored; the betting page shows this while the cashier types. A bet agreed
        in play is priced for a cashier too: the manager agrees it with their PIN when it is
        issued (accept_bet refuses it until then), not before it is even built (issue 16).

        Raises:
            PosError: the refusal accept_bet would give (but NotPermitted).
        """
        picks = normalise_picks(legs)
        with self._shop.unit_of_work() as uow:
            settings = shop_settings.from_text(uow.settings.load())
            return price_bet(
                uow,
                settings,
                self._shop.clock.now(),
                picks=picks,
                stake=stake,
                kind=kind,
                agreed_in_play=agreed_in_play,
            )

    def price_pick(
        self,
        pick: Pick,
        on_slip: Sequence[PickOrBlock],
        stake: object,
        *,
        agreed_in_play: bool = False,
    ) -> PricedBet:
        """The leg typed for the slip being built, priced alone as a single at `stake`.

        Refused as it is added, not later at issue, when its event is already on the slip
        (`on_slip`: its legs and blocks) or when it has no outcome (issue 16).

        Raises:
            MarketMissing: an event code without an outcome; EventAlreadyOnSlip: its event
                is on the slip; PosError: any refusal price_bet gives for the leg alone.
        """
        check_new_pick(normalise_picks(on_slip) if on_slip else [], pick)
        return self.price_bet([pick], stake, "single", agreed_in_play=agreed_in_play)

    def check_identity(self, document: IdDocument | None) -> int:
        """Check the player's document at any time; None records that the player refused.

        Returns:
            The player's age.

        Raises:
            DocumentRefused, InvalidDocument, DocumentExpired, Underage: recorded, then raised.
        """
        with self._shop.unit_of_work() as uow:
            outcome = counter.check_identity(uow, self._teller, self._shop.clock.now(), document)
            uow.commit()
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def cancel_in_window(self, number: str, reason: str) -> Slip:
        """Cancel a slip within 5 minutes of issue (p.8); the stake is returned.

        Raises:
            WindowClosed: after the 5 minutes; ReasonRequired, InvalidSlipNumber, UnknownSlip,
                SlipNotOpen.
        """
        with self._shop.unit_of_work() as uow:
            slip, receipt = counter.cancel_in_window(
                uow, self._teller, self._shop.clock.now(), number, reason
            )
            uow.commit()
        number = display_slip_number(slip.number)
        self._print_new_receipt(receipt, f"Купон № {number} отменён, ставка возвращена игроку")
        return slip

    def check_cancellable(self, number: str) -> Slip:
        """The slip, if it can be cancelled now: open and within its 5 minutes (p.8). F8 asks
        this before it offers a slip, so it never offers one that is final (issue 16).

        Raises:
            SlipNotOpen: cancelled, settled or paid; WindowClosed: after the 5 minutes;
                InvalidSlipNumber, UnknownSlip.
        """
        with self._shop.unit_of_work() as uow:
            return counter.cancellable(uow, self._shop.clock.now(), number)

    def recent_slips(self, minutes: int = 30) -> list[Slip]:
        """This terminal's slips of the last `minutes`, newest first (window countdowns)."""
        since = self._shop.clock.now() - timedelta(minutes=minutes)
        with self._shop.unit_of_work() as uow:
            return uow.slips.issued_since(self.terminal, since)

    def window_cancellations(self, limit: int = 200) -> list[Slip]:
        """Slips cancelled within their window, newest first, with who, when and why."""
        with self._shop.unit_of_work() as uow:
            return uow.slips.cancelled(limit)

    def slip(self, number: str) -> Slip:
        """The slip with this number as typed or scanned (the lookup at the counter).

        Raises:
            InvalidSlipNumber: the check code does not match; UnknownSlip: no such slip.
        """
        return self._shop.slip(number)

    def reprint(self, number: str) -> Slip:
        """Count a reprint of a slip (printed "КОПИЯ"); after the window only a manager may.

        Raises:
            InvalidSlipNumber, UnknownSlip: as named.
            NotPermitted: a cashier after the 5-minute window.
        """
        with self._shop.unit_of_work() as uow:
            slip = counter.find_slip(uow, number, for_update=True)
            if not slip.window_open(self._shop.clock.now()):
                self._require(Permission.REPRINT_AFTER_WINDOW)
            copies = uow.slips.count_reprint(slip.number)
            self._audit(uow, AuditAction.SLIP_REPRINTED, f"{slip.number} копия {copies}")
            uow.commit()
        copy = dataclasses.replace(slip, reprints=copies)
        self._print_copy(copy)
        return copy

    def sign_out(self) -> None:
        """Record that the user left the terminal."""
        with self._shop.unit_of_work() as uow:
            self._audit(uow, AuditAction.SIGNED_OUT)
            uow.commit()


def _permission(name: Permission | str) -> Permission:
    # What the API was given names an action of the matrix, or it is refused (issue 15).
    try:
        return Permission(name)
    except ValueError:
        raise InvalidText("permission", "unknown") from None
