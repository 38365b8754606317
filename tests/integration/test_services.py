"""The service API end to end on both backends: Shop.open, sign-in, the lock, settings, the line."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from main import open_shop
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import ConcurrentChange
from pos.people.errors import UserExists, UserLocked, UserLockedUntilUnlocked, WrongPin
from pos.people.users import Role, User
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration


def _open(url: str, clock: FixedClock, terminal: str = "К1") -> Shop:
    return open_shop(url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher())


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock) -> Iterator[Shop]:
    """A shop on a new database with the demo users and line."""
    shop = _open(demo_url, clock)
    yield shop
    shop.close()


def _actions(shop: Shop, limit: int = 50) -> list[AuditAction]:
    with shop.unit_of_work() as uow:
        return [record.action for record in reversed(uow.audit.recent(limit))]


def test_the_demo_line_is_there_after_seeding(db_shop: Shop) -> None:
    line = db_shop.login("anna", "4821").line()

    assert len(line) == 10
    assert line[0].odds["1"] == Decimal("1.85")
    assert db_shop.seed_demo() == 0
    assert db_shop.user_logins() == ["anna", "boss"]


def test_a_new_odds_version_replaces_the_old_one_in_the_line(db_shop: Shop) -> None:
    boss = db_shop.login("boss", "9911")

    quote = boss.set_odds(101, "1", "2,20")

    assert quote.version == 2
    row = next(r for r in boss.line() if r.event.code == 101)
    assert row.odds["1"] == Decimal("2.20")
    assert row.odds["X"] == Decimal("3.30")


@pytest.mark.warns_in_log
def test_five_wrong_pins_lock_until_a_manager_unlocks(db_shop: Shop) -> None:
    for attempts_left in (4, 3, 2, 1):
        with pytest.raises(WrongPin) as wrong:
            db_shop.login("anna", "0000")
        assert wrong.value.attempts_left == attempts_left
    with pytest.raises(UserLocked):
        db_shop.login("anna", "0000")
    with pytest.raises(UserLocked):
        db_shop.login("anna", "4821")

    db_shop.login("boss", "9911").unlock_user("anna")

    assert db_shop.login("anna", "4821").login == "anna"
    assert _actions(db_shop)[-10:] == [
        *[AuditAction.WRONG_PIN] * 5,
        AuditAction.LOCKED_OUT,
        AuditAction.REFUSED_LOCKED,
        AuditAction.SIGNED_IN,
        AuditAction.UNLOCKED,
        AuditAction.SIGNED_IN,
    ]


@pytest.mark.warns_in_log
def test_the_lock_ends_after_fifteen_minutes(db_shop: Shop, clock: FixedClock) -> None:
    for _ in range(5):
        with pytest.raises((WrongPin, UserLocked)):
            db_shop.login("anna", "0000")

    clock.advance(timedelta(minutes=15))

    assert db_shop.login("anna", "4821").login == "anna"


def _lock_out(shop: Shop) -> Exception:
    for _ in range(4):
        with pytest.raises(WrongPin):
            shop.login("anna", "0000")
    with pytest.raises((UserLocked, UserLockedUntilUnlocked)) as locked:
        shop.login("anna", "0000")
    return locked.value


@pytest.mark.warns_in_log
def test_the_count_of_locks_survives_a_restart(db_url: str, clock: FixedClock) -> None:
    """Restarting the till between the locks does not give a guesser 15 minutes again."""
    for lasted in (timedelta(minutes=15), timedelta(hours=1)):
        shop = _open(db_url, clock)
        try:
            shop.seed_demo()
            _lock_out(shop)
        finally:
            shop.close()
        clock.advance(lasted)

    again = _open(db_url, clock)
    try:
        third = _lock_out(again)
        clock.advance(timedelta(days=30))
        with pytest.raises(UserLockedUntilUnlocked):
            again.login("anna", "4821")
        with again.unit_of_work() as uow:
            stored = uow.users.get("anna")
        again.login("boss", "9911").unlock_user("anna")
        assert again.login("anna", "4821").login == "anna"
        actions = _actions(again, 100)
    finally:
        again.close()

    assert isinstance(third, UserLockedUntilUnlocked)
    assert stored is not None and (stored.locks, stored.locked_until) == (3, None)
    assert actions.count(AuditAction.LOCKED_OUT) == 3
    assert actions.count(AuditAction.UNLOCKED) == 1


def test_settings_survive_a_restart_and_are_audited(db_url: str, clock: FixedClock) -> None:
    shop = _open(db_url, clock)
    shop.seed_demo()
    shop.login("boss", "9911").update_settings(
        min_age=18, min_stake="2,50", register_serial="KSA-0042"
    )
    shop.close()

    again, other_till = _open(db_url, clock), _open(db_url, clock, terminal="К2")
    try:
        settings = again.settings()
        assert (settings.min_age, settings.min_stake) == (18, Decimal("2.50"))
        assert again.register_serial() == "KSA-0042"
        assert other_till.register_serial() is None
        with again.unit_of_work() as uow:
            change = next(
                r for r in uow.audit.recent(10) if r.action is AuditAction.SETTINGS_CHANGED
            )
    finally:
        again.close()
        other_till.close()

    assert change.actor == "boss"
    assert change.at == NOW
    assert "min_age: 21 → 18" in change.detail
    assert "register_serial[К1]: DEMO-К1 → KSA-0042" in change.detail


def test_a_taken_login_is_refused(db_shop: Shop) -> None:
    with pytest.raises(UserExists):
        db_shop.create_user("anna", pin="1234", role="cashier")


class _SlowClock(FixedClock):
    """Takes a moment to tell the time, so that two sign-ins overlap inside their transactions."""

    def now(self) -> datetime:
        time.sleep(0.05)
        return super().now()


def test_two_terminals_signing_in_at_once_lose_no_wrong_pin(db_url: str) -> None:
    """Each wrong PIN is counted although two tills write the same user at the same moment.

    The sign-in reads the user for update and then asks the clock; with the slow clock both
    transactions would read the same count and one increment would be lost, unless the row
    lock (PostgreSQL) or BEGIN IMMEDIATE (SQLite) makes the second wait for the first.
    """
    setup = _open(db_url, FixedClock(NOW))
    setup.create_user("anna", pin="4821", role="cashier")
    setup.close()
    tills = [_open(db_url, _SlowClock(NOW), terminal=name) for name in ("К1", "К2")]
    start = threading.Barrier(len(tills))
    outcomes: list[BaseException] = []

    def sign_in_wrongly(till: Shop) -> None:
        start.wait()
        for _ in range(2):
            try:
                till.login("anna", "0000")
            except BaseException as exc:  # noqa: BLE001 - handed to the main thread
                outcomes.append(exc)

    threads = [threading.Thread(target=sign_in_wrongly, args=(till,)) for till in tills]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        with tills[0].unit_of_work() as uow:
            anna = uow.users.get("anna")
    finally:
        for till in tills:
            till.close()

    assert all(isinstance(outcome, WrongPin) for outcome in outcomes), outcomes
    assert sorted(o.attempts_left for o in outcomes if isinstance(o, WrongPin)) == [1, 2, 3, 4]
    assert anna is not None and anna.failed_pins == 4


@pytest.mark.postgres
def test_two_terminals_creating_the_same_login_at_once_get_a_retryable_refusal(
    pg_url: str, clock: FixedClock
) -> None:
    """On PostgreSQL the "is the login free?" check and the insert are not atomic: the loser
    of the race hits the unique index and is told to repeat, instead of a crash."""
    first, second = _open(pg_url, clock, "К1"), _open(pg_url, clock, "К2")
    outcome: list[BaseException] = []

    def create_on_second_terminal() -> None:
        try:
            second.create_user("olga", pin="1111", role="cashier")
        except (ConcurrentChange, UserExists) as exc:
            outcome.append(exc)

    try:
        with first.unit_of_work() as uow:
            uow.users.add(User("olga", Role.CASHIER, "plain$2222"))
            uow._session.flush()  # the row is written, its index entry held until commit
            racer = threading.Thread(target=create_on_second_terminal)
            racer.start()
            time.sleep(0.5)  # the racer has checked (no olga yet) and now waits on the index
            uow.commit()
        racer.join(timeout=10)
        assert [type(exc) for exc in outcome] == [ConcurrentChange]
        assert "повторите" in str(outcome[0]).lower()
        with pytest.raises(UserExists):
            second.create_user("olga", pin="1111", role="cashier")  # the retry is told why
    finally:
        first.close()
        second.close()
