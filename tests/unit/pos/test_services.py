"""The service API on a fake database: sign-in, lockout, settings, users, the line, the audit."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from pos.core.audit import SYSTEM_ACTOR, AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, PosError
from pos.core.input_errors import InvalidSetting
from pos.line.errors import EventExists, UnknownEvent
from pos.people.errors import (
    PinRequired,
    UnknownUser,
    UserExists,
    UserLocked,
    UserLockedUntilUnlocked,
    WrongPin,
)
from pos.people.permissions import Permission
from pos.people.users import Role
from pos.shop.services import Shop
from tests.fakes import FakeStorage


def actions(storage: FakeStorage) -> list[AuditAction]:
    return [record.action for record in storage.data.audit]


def test_sign_in_returns_the_desk_and_is_recorded(demo_shop: Shop, storage: FakeStorage) -> None:
    desk = demo_shop.login("anna", "4821")
    assert (desk.login, desk.role, desk.terminal) == ("anna", Role.CASHIER, "К1")
    assert not desk.is_manager
    last = storage.data.audit[-1]
    assert (last.action, last.actor, last.terminal) == (AuditAction.SIGNED_IN, "anna", "К1")


@pytest.mark.warns_in_log
def test_five_wrong_pins_lock_for_fifteen_minutes_then_the_pin_works(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    for left in (4, 3, 2, 1):
        with pytest.raises(WrongPin) as caught:
            demo_shop.login("anna", "0000")
        assert caught.value.attempts_left == left
    with pytest.raises(UserLocked) as locked:
        demo_shop.login("anna", "0000")
    assert "до 12:15" in str(locked.value)  # Minsk time, UTC+3
    with pytest.raises(UserLocked):
        demo_shop.login("anna", "4821")  # even the right PIN waits out the lock
    assert actions(storage).count(AuditAction.WRONG_PIN) == 5
    assert AuditAction.LOCKED_OUT in actions(storage)
    assert actions(storage)[-1] is AuditAction.REFUSED_LOCKED
    clock.advance(timedelta(minutes=15))
    assert demo_shop.login("anna", "4821").login == "anna"


@pytest.mark.warns_in_log
def test_a_manager_can_unlock_a_locked_cashier(demo_shop: Shop, storage: FakeStorage) -> None:
    for _ in range(4):
        with pytest.raises(WrongPin):
            demo_shop.login("anna", "1111")
    with pytest.raises(UserLocked):
        demo_shop.login("anna", "1111")
    boss = demo_shop.login("boss", "9911")
    assert [u.locked_until is not None for u in boss.users() if u.login == "anna"] == [True]
    boss.unlock_user("anna")
    assert demo_shop.login("anna", "4821").login == "anna"
    unlocked = [r for r in storage.data.audit if r.action is AuditAction.UNLOCKED]
    assert [(r.actor, r.detail) for r in unlocked] == [("boss", "anna")]


def lock_out(shop: Shop, login: str = "anna", pin: str = "0000") -> PosError:
    """Five wrong PINs; the refusal of the fifth."""
    for _ in range(4):
        with pytest.raises(WrongPin):
            shop.login(login, pin)
    with pytest.raises((UserLocked, UserLockedUntilUnlocked)) as locked:
        shop.login(login, pin)
    return locked.value


def lock_lines(storage: FakeStorage) -> list[tuple[AuditAction, str]]:
    wanted = (AuditAction.LOCKED_OUT, AuditAction.REFUSED_LOCKED, AuditAction.UNLOCKED)
    return [(r.action, r.detail) for r in storage.data.audit if r.action in wanted]


@pytest.mark.warns_in_log
def test_a_wrong_pin_after_the_lock_ran_out_is_counted_not_refused(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    lock_out(demo_shop)
    clock.advance(timedelta(minutes=15))

    with pytest.raises(WrongPin) as wrong:
        demo_shop.login("anna", "0000")

    assert wrong.value.attempts_left == 4
    assert "заблокирован на 1 час" in str(wrong.value)  # the lock grows
    assert storage.data.users["anna"].locked_until is None
    assert lock_lines(storage) == [(AuditAction.LOCKED_OUT, "блокировка 1 до 12:15")]
    assert actions(storage)[-1] is AuditAction.WRONG_PIN


@pytest.mark.warns_in_log
def test_locks_grow_from_fifteen_minutes_to_an_hour_to_until_a_manager_unlocks(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    first = lock_out(demo_shop)
    clock.advance(timedelta(minutes=15))
    second = lock_out(demo_shop)
    clock.advance(timedelta(hours=1))
    for _ in range(4):
        with pytest.raises(WrongPin) as wrong:
            demo_shop.login("anna", "0000")
    assert "заблокирован до разблокировки менеджером" in str(wrong.value)
    with pytest.raises(UserLockedUntilUnlocked) as third:
        demo_shop.login("anna", "0000")
    clock.advance(timedelta(days=365))
    with pytest.raises(UserLockedUntilUnlocked):
        demo_shop.login("anna", "4821")  # not even the right PIN, however long one waits

    assert isinstance(first, UserLocked) and "до 12:15" in str(first)
    assert isinstance(second, UserLocked) and "до 13:15" in str(second)  # 12:15 + 1 hour
    assert str(third.value) == str(UserLockedUntilUnlocked("anna"))
    assert "заблокирован до разблокировки менеджером" in str(third.value)
    assert "«Пользователи»" in str(third.value)
    assert actions(storage).count(AuditAction.WRONG_PIN) == 15
    assert lock_lines(storage) == [
        (AuditAction.LOCKED_OUT, "блокировка 1 до 12:15"),
        (AuditAction.LOCKED_OUT, "блокировка 2 до 13:15"),
        (AuditAction.LOCKED_OUT, "блокировка 3 до разблокировки менеджером"),
        (AuditAction.REFUSED_LOCKED, ""),
    ]


@pytest.mark.warns_in_log
def test_a_manager_unlocks_a_lock_for_good_once_and_the_next_lock_is_fifteen_minutes_again(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    for lasted in (timedelta(minutes=15), timedelta(hours=1), timedelta(0)):
        lock_out(demo_shop)
        clock.advance(lasted)
    boss = demo_shop.login("boss", "9911")
    assert [(u.locked_until, u.locked_for_good) for u in boss.users() if u.login == "anna"] == [
        (None, True)
    ]

    boss.unlock_user("anna")

    assert [u.locked_for_good for u in boss.users() if u.login == "anna"] == [False]
    assert "до 13:30" in str(lock_out(demo_shop))  # 13:15 + 15 minutes
    assert [a for a, _ in lock_lines(storage)] == [
        *[AuditAction.LOCKED_OUT] * 3,
        AuditAction.UNLOCKED,
        AuditAction.LOCKED_OUT,
    ]


@pytest.mark.warns_in_log
def test_a_correct_sign_in_forgets_the_earlier_locks(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    lock_out(demo_shop)
    clock.advance(timedelta(minutes=15))
    demo_shop.login("anna", "4821")

    assert "до 12:30" in str(lock_out(demo_shop))  # 15 minutes again, not an hour
    assert [a for a, _ in lock_lines(storage)] == [AuditAction.LOCKED_OUT] * 2


def test_an_empty_pin_is_not_a_try_at_sign_in_the_idle_lock_or_a_managers_permission(
    demo_shop: Shop, storage: FakeStorage
) -> None:
    """Issue 16: an Enter on an empty PIN counted as a wrong PIN; five locked the manager."""
    anna = demo_shop.login("anna", "4821")
    recorded = len(storage.data.audit)
    for _ in range(6):
        with pytest.raises(PinRequired):
            demo_shop.login("boss", "")
        with pytest.raises(PinRequired):
            anna.authorised_by("boss", "", Permission.AGREE_IN_PLAY)
        with pytest.raises(PinRequired):
            anna.confirm_pin("")

    assert storage.data.users["boss"].failed_pins == 0
    assert storage.data.users["anna"].failed_pins == 0
    assert len(storage.data.audit) == recorded  # nothing to record: nobody tried a PIN
    anna.authorised_by("boss", "9911", Permission.AGREE_IN_PLAY)


@pytest.mark.warns_in_log
def test_the_pc_itself_unlocks_the_last_manager_locked_for_good(
    demo_shop: Shop, storage: FakeStorage, clock: FixedClock
) -> None:
    """`main.py unlock-user boss`: the way out when no manager is left to unlock one."""
    for lasted in (timedelta(minutes=15), timedelta(hours=1), timedelta(0)):
        lock_out(demo_shop, "boss")
        clock.advance(lasted)
    with pytest.raises(UserLockedUntilUnlocked):
        demo_shop.login("boss", "9911")

    demo_shop.unlock_user("boss")

    assert demo_shop.login("boss", "9911").is_manager
    unlocked = [r for r in storage.data.audit if r.action is AuditAction.UNLOCKED]
    assert [(r.actor, r.terminal, r.detail) for r in unlocked] == [(SYSTEM_ACTOR, "К1", "boss")]
    assert storage.data.users["boss"].locks == 0
    with pytest.raises(UnknownUser):
        demo_shop.unlock_user("nobody")


def test_a_cashier_cannot_unlock_change_settings_or_edit_the_line(demo_shop: Shop) -> None:
    desk = demo_shop.login("anna", "4821")
    with pytest.raises(NotPermitted):
        desk.unlock_user("boss")
    with pytest.raises(NotPermitted):
        desk.update_settings(min_stake="2")
    with pytest.raises(NotPermitted):
        desk.set_odds(101, "1", "2.2")
    with pytest.raises(NotPermitted):
        desk.users()


def test_unknown_login_is_refused_and_recorded(demo_shop: Shop, storage: FakeStorage) -> None:
    with pytest.raises(UnknownUser, match="«nobody» не найден"):
        demo_shop.login("nobody", "1234")
    last = storage.data.audit[-1]
    assert (last.action, last.detail) == (AuditAction.UNKNOWN_LOGIN, "nobody")


def test_settings_change_is_saved_with_who_changed_what(
    demo_shop: Shop, storage: FakeStorage
) -> None:
    boss = demo_shop.login("boss", "9911")
    boss.update_settings(min_stake="2,50", register_serial="KSA-0043")
    assert demo_shop.settings().min_stake == Decimal("2.50")
    assert demo_shop.register_serial() == "KSA-0043"
    change = storage.data.audit[-1]
    assert (change.action, change.actor) == (AuditAction.SETTINGS_CHANGED, "boss")
    assert "min_stake: 1.00 → 2.50" in change.detail
    assert "register_serial[К1]: KSA-0042 → KSA-0043" in change.detail


def test_a_refused_setting_changes_nothing(demo_shop: Shop, storage: FakeStorage) -> None:
    before, commits = demo_shop.settings(), storage.commits
    with pytest.raises(InvalidSetting):
        demo_shop.update_settings(min_stake="3", min_age="12")
    with pytest.raises(InvalidSetting):
        demo_shop.update_settings(min_stake="3", register_serial=" ")
    assert demo_shop.settings() == before
    assert demo_shop.register_serial() == "KSA-0042"
    assert storage.commits == commits


def test_shop_level_settings_change_is_recorded_as_the_system(
    shop: Shop, storage: FakeStorage
) -> None:
    shop.update_settings(shop_name="ООО «Ставка»")
    assert storage.data.audit[-1].actor == SYSTEM_ACTOR


def test_saving_unchanged_settings_records_nothing(shop: Shop, storage: FakeStorage) -> None:
    shop.update_settings(min_age=21)
    assert storage.data.audit == []


def test_users_are_created_with_hashed_pins_and_unique_logins(
    shop: Shop, storage: FakeStorage
) -> None:
    shop.create_user("olga", pin="5555", role="cashier")
    assert storage.data.users["olga"].pin_hash != "5555"
    with pytest.raises(UserExists):
        shop.create_user("olga", pin="6666", role="manager")
    assert shop.user_logins() == ["olga"]


def test_the_demo_seeds_two_users_and_a_line_once(shop: Shop, storage: FakeStorage) -> None:
    assert shop.is_empty()
    assert shop.seed_demo() == 10
    assert shop.seed_demo() == 0
    assert shop.user_logins() == ["anna", "boss"]
    sports = {row.event.sport for row in shop.login("anna", "4821").line()}
    assert {str(s) for s in sports} == {"football", "hockey", "basketball"}


def test_demo_events_are_all_ahead_of_the_clock(demo_shop: Shop, clock: FixedClock) -> None:
    rows = demo_shop.login("anna", "4821").line()
    assert all(row.event.starts_at > clock.now() for row in rows)
    assert rows == sorted(rows, key=lambda r: r.event.starts_at)


def test_odds_changes_are_new_versions_and_the_line_shows_the_latest(
    demo_shop: Shop, storage: FakeStorage
) -> None:
    boss = demo_shop.login("boss", "9911")
    quote = boss.set_odds(101, "1", "2,25")
    assert (quote.version, quote.odds, quote.set_by) == (2, Decimal("2.25"), "boss")
    assert [q.odds for q in storage.data.quotes if (q.event_code, q.market) == (101, "1")] == [
        Decimal("2.10"),
        Decimal("2.25"),
    ]
    row = next(r for r in boss.line() if r.event.code == 101)
    assert row.odds["1"] == Decimal("2.25")
    assert (row.versions["1"], row.versions["X"]) == (2, 1)
    assert storage.data.audit[-1].detail == "101 1: 2.10 → 2.25"


def test_line_edits_refuse_unknown_and_taken_codes(demo_shop: Shop) -> None:
    boss = demo_shop.login("boss", "9911")
    with pytest.raises(UnknownEvent):
        boss.set_odds(999, "1", "2")
    with pytest.raises(EventExists):
        boss.add_event(101, "football", "A", "B", datetime(2026, 12, 5, tzinfo=UTC))
    event = boss.add_event(
        401, "hockey", "Лида", "Химик Новополоцк", datetime(2026, 12, 5, tzinfo=UTC)
    )
    assert event.code == 401


def test_sign_out_is_recorded(demo_shop: Shop, storage: FakeStorage) -> None:
    demo_shop.login("anna", "4821").sign_out()
    assert storage.data.audit[-1].action is AuditAction.SIGNED_OUT
