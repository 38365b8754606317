"""The service API (DESIGN.md): use cases the window, the command line and the tests all call."""

from __future__ import annotations

import logging
import os
from datetime import date, datetime
from decimal import Decimal
from typing import BinaryIO

from pos import report_desk, results_desk
from pos import settings as shop_settings
from pos.audit import SYSTEM_ACTOR, AuditAction, AuditRecord
from pos.clock import Clock
from pos.context import SYSTEM, Actor, Context, use_case
from pos.counter import find_slip
from pos.demo import DEMO_USERS, demo_fixtures, play_yesterday
from pos.desk import Desk
from pos.errors import (
    InvalidUser,
    NotPermitted,
    PendingSlip,
    UnknownUser,
    UserExists,
    UserLocked,
    UserLockedUntilUnlocked,
    WrongPin,
)
from pos.inputs import LOGIN, TERMINAL, clean_text
from pos.journal import JournalEntry
from pos.line import new_event
from pos.line_desk import record_event, record_odds
from pos.payout_desk import journal_query
from pos.permissions import WORDS, Permission, allowed
from pos.ports import Adapters, UnitOfWork
from pos.report_desk import saving
from pos.settings import ShopSettings
from pos.shifts import Shift
from pos.slips import Slip
from pos.terminal import DEFAULT_TERMINAL
from pos.users import User, check_login, check_pin, parse_role, require_typed_pin
from pos.verification import Verification, verify

log = logging.getLogger(__name__)


DEMO_FLOAT = Decimal("1000.00")  # the demo shift's float


class Shop(Context):
    """One terminal's view of the shop, acting for the PC itself (the command line,
    integrations): its use cases run as the system (pos.context.SYSTEM). A user signs in
    (`login`) for a `Desk` that acts as them."""

    def __init__(self, adapters: Adapters, *, clock: Clock, terminal: str) -> None:
        """A shop over the adapters `main.py` built (`main.open_shop`, `main.assemble_shop`).

        Raises:
            InvalidText: a terminal name no database can store.
        """
        super().__init__(adapters, clock=clock, terminal=terminal_name(terminal))
        self._pins = adapters.pins

    @property
    def context(self) -> Context:
        """The terminal the system's use cases run at: this shop."""
        return self

    @property
    def actor(self) -> Actor:
        """Who the shop's own use cases act as: the system (pos.context.SYSTEM)."""
        return SYSTEM

    # --- settings ---------------------------------------------------------------------------

    def settings(self) -> ShopSettings:
        """The shop settings now in force."""
        with self.unit_of_work() as uow:
            return shop_settings.from_text(uow.settings.load())

    def register_serial(self) -> str | None:
        """The factory serial of this terminal's cash register, if set."""
        with self.unit_of_work() as uow:
            return uow.settings.register_serial(self.terminal)

    def register_number(self) -> str:
        """The registration number of this terminal's cash register ("" if not set)."""
        with self.unit_of_work() as uow:
            return uow.settings.register_number(self.terminal)

    def update_settings(self, **changes: object) -> ShopSettings:
        """Change shop settings (and `register_serial`, `register_number`: this terminal's)
        in one transaction.

        Raises:
            InvalidSetting: a value is not acceptable; nothing is changed.
        """
        return self._update_settings(SYSTEM_ACTOR, changes)

    def _update_settings(self, actor: str, changes: dict[str, object]) -> ShopSettings:
        serial = changes.pop("register_serial", None)
        number = changes.pop("register_number", None)
        with self.unit_of_work() as uow:
            before = shop_settings.from_text(uow.settings.load())
            after = shop_settings.apply_changes(before, changes)
            old, new = shop_settings.to_text(before), shop_settings.to_text(after)
            diff = [f"{name}: {old[name]} → {new[name]}" for name in new if old[name] != new[name]]
            uow.settings.save(new)
            if serial is not None:
                checked = shop_settings.check_register_serial(serial)
                previous = uow.settings.register_serial(self.terminal)
                if previous != checked:
                    if (pending := uow.slips.pending(self.terminal)) is not None:
                        raise PendingSlip(pending.number)  # its receipt number is planned
                    uow.settings.set_register_serial(self.terminal, checked)
                    diff.append(f"register_serial[{self.terminal}]: {previous} → {checked}")
            if number is not None:
                checked = shop_settings.check_register_number(number)
                previous = uow.settings.register_number(self.terminal)
                if previous != checked:
                    uow.settings.set_register_number(self.terminal, checked)
                    diff.append(f"register_number[{self.terminal}]: {previous} → {checked}")
            if diff:
                self._audit(uow, actor, AuditAction.SETTINGS_CHANGED, "; ".join(diff))
            uow.commit()
        return after

    # --- users ------------------------------------------------------------------------------

    def create_user(self, login: str, pin: str, role: str) -> User:
        """Add a cashier or a manager.

        Raises:
            InvalidUser: the login, PIN or role does not fit.
            UserExists: the login is taken.
        """
        return self._create_user(SYSTEM_ACTOR, login, pin, role)

    def _create_user(self, actor: str, login: str, pin: str, role: str) -> User:
        user = User(check_login(login), parse_role(role), self._pins.hash(check_pin(pin)))
        with self.unit_of_work() as uow:
            if uow.users.get(user.login) is not None:
                raise UserExists(user.login)
            uow.users.add(user)
            self._audit(uow, actor, AuditAction.USER_CREATED, f"{user.login} ({user.role})")
            uow.commit()
        return user

    def unlock_user(self, login: str) -> None:
        """Lift a user's lock after wrong PINs, even one with no end, from this PC itself
        (`main.py unlock-user`): the way out when the only manager is locked; recorded in the
        audit trail as the system, at this terminal. The same use case as a manager's unlock.

        Raises:
            UnknownUser: no such login; InvalidText: a login no database can look up.
        """
        self._unlock_user(SYSTEM_ACTOR, login)

    def _unlock_user(self, actor: str, login: str) -> None:
        name = clean_text(login, "login", LOGIN)
        with self.unit_of_work() as uow:
            user = uow.users.get(name, for_update=True)
            if user is None:
                raise UnknownUser(name)
            uow.users.update(user.after_unlock())
            self._audit(uow, actor, AuditAction.UNLOCKED, name)
            uow.commit()
        log.info("user %s unlocked by %s at %s", name, actor, self.terminal)

    def user_logins(self) -> list[str]:
        """The logins offered on the sign-in screen."""
        with self.unit_of_work() as uow:
            return [user.login for user in uow.users.list()]

    def login(self, login: str, pin: str) -> Desk:
        """Sign a user in at this terminal.

        Raises:
            PinRequired: no PIN was typed; not a try, nothing is counted or recorded.
            UnknownUser: no such login.
            UserLocked: five wrong PINs; locked for 15 minutes (an hour the second time in a
                row) or until a manager unlocks.
            UserLockedUntilUnlocked: the third lock in a row; only a manager unlocks.
            WrongPin: the PIN does not match (the failure is counted and recorded).
        """
        return Desk(self, self._check_pin(login, pin))

    def _check_pin(
        self,
        login: str,
        pin: str,
        *,
        grant: tuple[Permission, str] | None = None,
        unlock: bool = False,
    ) -> User:
        """The user whose PIN this is, the check recorded: a sign-in, an idle screen
        unlocked (`unlock`), or with `grant` (the permission and the cashier) a manager
        allowing one action at this terminal.

        Raises:
            PinRequired: no PIN typed (no try: nothing counted or recorded); UnknownUser,
            UserLocked, WrongPin; NotPermitted: `grant` names a permission the user's role
            does not have; InvalidText: a login no database can look up.
        """
        require_typed_pin(pin)
        # Typed or scanned: a NUL or a lone surrogate is refused here, not by the database.
        name = clean_text(login, "login", LOGIN) if isinstance(login, str) else ""
        with self.unit_of_work() as uow:
            user = uow.users.get(name)
        if user is None:
            with self.unit_of_work() as uow:
                self._audit(uow, SYSTEM_ACTOR, AuditAction.UNKNOWN_LOGIN, name[:64])
                uow.commit()
            raise UnknownUser(name)
        # The hash check takes a noticeable moment: it runs outside the write transaction.
        # Only a PIN's shape is hashed: argon2 cannot encode a lone surrogate (issue 15).
        correct = _pin_shaped(pin) and self._pins.verify(user.pin_hash, pin)
        with self.unit_of_work() as uow:
            user = uow.users.get(name, for_update=True)
            assert user is not None  # users are never deleted
            outcome = self._record_sign_in(uow, user, correct=correct, grant=grant, unlock=unlock)
            uow.commit()
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def _record_sign_in(
        self,
        uow: UnitOfWork,
        user: User,
        *,
        correct: bool,
        grant: tuple[Permission, str] | None = None,
        unlock: bool = False,
    ) -> User | Exception:
        now = self.clock.now()
        # A lock that has run out ends before this try, not at the next success (issue #15).
        user = user.after_lock_ran_out(now)
        if user.is_locked(now):
            self._audit(uow, user.login, AuditAction.REFUSED_LOCKED)
            return self._lock_refusal(uow, user)
        if correct:
            signed_in = user.after_sign_in()
            uow.users.update(signed_in)
            if grant is None:
                action = AuditAction.SCREEN_UNLOCKED if unlock else AuditAction.SIGNED_IN
                self._audit(uow, user.login, action, str(user.role))
                return signed_in
            permission, cashier = grant
            if not allowed(user.role, permission):
                self._audit(uow, user.login, AuditAction.AUTHORISATION_REFUSED, WORDS[permission])
                return NotPermitted(WORDS[permission])
            detail = f"{user.login} разрешил {cashier}: {WORDS[permission]}"
            self._audit(uow, user.login, AuditAction.AUTHORISED, detail)
            return signed_in
        failed = user.after_wrong_pin(now)
        uow.users.update(failed)
        self._audit(uow, user.login, AuditAction.WRONG_PIN)
        if not failed.is_locked(now):
            return WrongPin(user.login, failed.attempts_left, failed.next_lock)
        refusal = self._lock_refusal(uow, failed)
        # One audit line per lock, saying which lock in a row it is and until when.
        until = f"{refusal.until:%H:%M}" if isinstance(refusal, UserLocked) else None
        detail = f"блокировка {failed.locks} до {until or 'разблокировки менеджером'}"
        self._audit(uow, user.login, AuditAction.LOCKED_OUT, detail)
        log.warning("user %s locked (%s) at %s", user.login, detail, self.terminal)
        return refusal

    def _lock_refusal(self, uow: UnitOfWork, user: User) -> UserLocked | UserLockedUntilUnlocked:
        """The refusal for a locked `user`: until a time (shop time), or until unlocked."""
        if user.locked_until is None:
            return UserLockedUntilUnlocked(user.login)
        return UserLocked(user.login, self._local(uow, user.locked_until))

    def seed_demo(self, *, played_yesterday: bool = False) -> int:
        """Add the demo users that are missing and the demo events whose codes are free.

        Args:
            played_yesterday: on a new database, play a demo yesterday first (pos.demo:
                finished matches with results, settled slips, three of them to pay today).

        Returns:
            How many events were added to the coming line.
        """
        if played_yesterday and self.is_empty():
            winners = play_yesterday(self)
            log.info("демо: вчерашние выигрышные купоны к выплате: %s", ", ".join(winners))
        self.seed_demo_users()
        zone = self.settings().zone
        added = 0
        with self.unit_of_work() as uow:
            for fixture in demo_fixtures(self.clock.now().astimezone(zone).date(), zone):
                if uow.line.get_event(fixture.code) is not None:
                    continue
                event = new_event(
                    fixture.code, fixture.sport, fixture.home, fixture.away, fixture.starts_at
                )
                record_event(self, SYSTEM, uow, event)
                for market, odds in fixture.odds.items():
                    record_odds(self, SYSTEM, uow, fixture.code, market, odds)
                added += 1
            if uow.shifts.open_for(self.terminal) is None:
                # A demo database can take bets at once: its terminal's shift is open, with a
                # float that pays the demo's winnings (payouts are capped by the drawer).
                shift = uow.shifts.add(
                    Shift(0, self.terminal, self.clock.now(), SYSTEM_ACTOR, DEMO_FLOAT)
                )
                self._audit(uow, SYSTEM_ACTOR, AuditAction.SHIFT_OPENED, f"демо-смена {shift.id}")
            self._audit(uow, SYSTEM_ACTOR, AuditAction.DEMO_SEEDED, f"событий: {added}")
            uow.commit()
        return added

    def seed_demo_users(self) -> None:
        """Add the demo users that are missing, and a demo register serial if none is set."""
        for login, pin, role in DEMO_USERS:
            if login not in self.user_logins():
                self.create_user(login, pin, role)
        if not self.register_serial():
            self.update_settings(register_serial=f"DEMO-{self.terminal}")

    def slip(self, number: str) -> Slip:
        """The slip with this number as printed or scanned.

        Raises:
            InvalidSlipNumber: the check code does not match (a typo or a forgery).
            UnknownSlip: no slip has this number.
        """
        with self.unit_of_work() as uow:
            return find_slip(uow, number)

    settle = use_case(results_desk.settle)

    # --- the cash payout journal -------------------------------------------------------------

    def journal(
        self,
        date_from: date | None = None,
        date_to: date | None = None,
        *,
        cashier: str | None = None,
        min_amount: object = None,
        max_amount: object = None,
    ) -> list[JournalEntry]:
        """The journal's entries in number order, optionally of shop-local days (both
        included), of one cashier, or of an amount range (both included).

        Raises:
            InvalidPeriod: the period ends before it starts; InvalidAmount: a bad bound.
        """
        with self.unit_of_work() as uow:
            zone = shop_settings.from_text(uow.settings.load()).zone
            query = journal_query(zone, date_from, date_to, cashier, min_amount, max_amount)
            return uow.journal.entries(query)

    def export_journal_pdf(
        self, path_or_file: str | os.PathLike[str] | BinaryIO, date_from: date, date_to: date
    ) -> int:
        """Write the journal of the shop-local days `date_from`..`date_to` as PDF (A4
        landscape, the appendix's columns, a certification page); returns its sheets.
        Recorded in the audit trail.

        Raises:
            InvalidPeriod; FileNotSaved: the file cannot be written.
        """
        return self._export_journal_pdf(SYSTEM_ACTOR, path_or_file, date_from, date_to)

    def _export_journal_pdf(
        self,
        actor: str,
        path_or_file: str | os.PathLike[str] | BinaryIO,
        date_from: date,
        date_to: date,
    ) -> int:
        settings = self.settings()
        entries = self.journal(date_from, date_to)
        with self.unit_of_work() as uow:
            head = uow.audit.head()
        with saving(path_or_file):
            sheets = self.write_journal(
                path_or_file,
                entries,
                shop_name=settings.shop_name,
                licence=settings.licence_number,
                address=settings.address,
                date_from=date_from,
                date_to=date_to,
                zone=settings.zone,
                printed_at=self.clock.now(),
                chain_head=head,
            )
        numbers = f"записи {entries[0].number}–{entries[-1].number}" if entries else "записей нет"
        with self.unit_of_work() as uow:
            self._audit(
                uow,
                actor,
                AuditAction.JOURNAL_EXPORTED,
                f"{date_from:%d.%m.%Y}–{date_to:%d.%m.%Y}: {numbers}, листов {sheets}",
            )
            uow.commit()
        return sheets

    # --- reports ------------------------------------------------------------------------------

    report = use_case(report_desk.report)
    export_report = use_case(report_desk.export_report)

    def verify(self) -> Verification:
        """Check the audit trail's hash chain and the journal's numbering (`main.py verify`)."""
        with self.unit_of_work() as uow:
            return verify(uow)

    def is_empty(self) -> bool:
        """True for a new database with no users yet."""
        return not self.user_logins()

    # --- helpers ----------------------------------------------------------------------------

    def _audit(self, uow: UnitOfWork, actor: str, action: AuditAction, detail: str = "") -> None:
        uow.audit.append(AuditRecord(self.clock.now(), self.terminal, actor, action, detail))

    @staticmethod
    def _local(uow: UnitOfWork, moment: datetime) -> datetime:
        return moment.astimezone(shop_settings.from_text(uow.settings.load()).zone)


def terminal_name(terminal: str | None) -> str:
    """A terminal's name as every row stores it, from terminal.toml, the command line or the
    API (issue 15); none is the default terminal.

    Raises:
        InvalidText: a name no database can store.
    """
    return clean_text(terminal or "", "terminal", TERMINAL) or DEFAULT_TERMINAL


def _pin_shaped(pin: object) -> bool:
    """True for what a PIN can be (4–8 digits); anything else is a wrong PIN, unhashed."""
    try:
        check_pin(pin)  # type: ignore[arg-type]  # it refuses what is not a str
    except InvalidUser:
        return False
    return True


__all__ = ["DEFAULT_TERMINAL", "Desk", "Shop", "terminal_name"]
