"""The repositories on both backends: every pos dataclass comes back exactly as it was stored."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from db.bootstrap import SqlStorage
from pos.core.audit import AuditAction, AuditRecord
from pos.core.errors import ConcurrentChange
from pos.line.errors import UnknownEvent
from pos.line.events import Event, OddsQuote, Sport
from pos.people.users import Role, User
from pos.till.fiscal import GrandTotals, Register

pytestmark = pytest.mark.integration

NOW = datetime(2026, 11, 30, 9, 0, 0, 123456, tzinfo=UTC)
MINSK = timezone(timedelta(hours=3))
DERBY = Event(
    101, Sport.FOOTBALL, "Динамо Минск", "БАТЭ Борисов", datetime(2026, 12, 1, 16, tzinfo=UTC)
)
HOCKEY = Event(
    201, Sport.HOCKEY, "Юность-Минск", "Металлург Жлобин", datetime(2026, 12, 1, 15, tzinfo=UTC)
)


def _quote(code: int, market: str, odds: str, version: int, minutes: int = 0) -> OddsQuote:
    return OddsQuote(code, market, Decimal(odds), version, NOW + timedelta(minutes=minutes), "boss")


def test_a_user_round_trips_with_lock_state(sql_storage: SqlStorage) -> None:
    locked = User("anna", Role.CASHIER, "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", 3,
                  datetime(2026, 11, 30, 12, 15, 0, 999, tzinfo=MINSK))  # fmt: skip
    with sql_storage.unit_of_work() as uow:
        uow.users.add(locked)
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        stored = uow.users.get("anna")

    assert stored == locked
    assert stored is not None and stored.locked_until is not None
    assert stored.locked_until.tzinfo == UTC
    assert isinstance(stored.role, Role)


def test_an_unknown_login_is_none(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        assert uow.users.get("nobody") is None
        assert uow.users.get("nobody", for_update=True) is None


def test_update_saves_the_lock_and_the_pin_count(sql_storage: SqlStorage) -> None:
    anna = User("anna", Role.CASHIER, "plain$4821")
    with sql_storage.unit_of_work() as uow:
        uow.users.add(anna)
        uow.users.add(User("boss", Role.MANAGER, "plain$9911"))
        uow.commit()
    changed = dataclasses.replace(anna, role=Role.MANAGER, failed_pins=4, locked_until=NOW, locks=2)

    with sql_storage.unit_of_work() as uow:
        uow.users.update(changed)
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        assert uow.users.get("anna", for_update=True) == changed
        assert [u.login for u in uow.users.list()] == ["anna", "boss"]


def test_updating_a_missing_user_is_a_bug(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow, pytest.raises(LookupError):
        uow.users.update(User("ghost", Role.CASHIER, "plain$0000"))


def test_for_update_reads_the_row_again(sql_storage: SqlStorage) -> None:
    """A row the session has seen is read again from the database when read for update."""
    anna = User("anna", Role.CASHIER, "plain$4821")
    with sql_storage.unit_of_work() as uow:
        uow.users.add(anna)
        uow.commit()
    with sql_storage.unit_of_work() as uow:
        assert uow.users.get("anna") == anna
        # A change behind the ORM's back, as another terminal's committed write would be.
        uow._session.execute(text("UPDATE users SET failed_pins = 2 WHERE login = 'anna'"))
        fresh = uow.users.get("anna", for_update=True)

    assert fresh is not None and fresh.failed_pins == 2


def test_settings_save_merges_and_loads_as_text(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.settings.save({"min_age": "21", "shop_name": "ООО «Ставка»"})
        uow.commit()
    with sql_storage.unit_of_work() as uow:
        uow.settings.save({"min_age": "18", "time_zone": "Europe/Minsk"})
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        assert _without_secret(uow.settings.load()) == {
            "min_age": "18", "shop_name": "ООО «Ставка»", "time_zone": "Europe/Minsk"
        }  # fmt: skip


def test_each_terminal_keeps_its_register_serial(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.settings.set_register_serial("К1", "KSA-0042")
        uow.settings.set_register_serial("К2", "KSA-0043")
        uow.commit()
    with sql_storage.unit_of_work() as uow:
        uow.settings.set_register_serial("К1", "KSA-0044")
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        assert uow.settings.register_serial("К1") == "KSA-0044"
        assert uow.settings.register_serial("К2") == "KSA-0043"
        assert uow.settings.register_serial("К3") is None


def test_a_register_moves_on_only_from_where_its_receipt_was_planned(
    sql_storage: SqlStorage,
) -> None:
    # The payout's second step writes the register it planned from without reading it
    # again (issue #15): the write must refuse if another receipt took the number meanwhile.
    first = Register("KSA-0042", "К1", 7, 2, NOW, GrandTotals(Decimal("10.00")))
    with sql_storage.unit_of_work() as uow:
        assert uow.fiscal.save_register(first)  # created
        uow.commit()
    planned = dataclasses.replace(first, last_receipt_no=8, grand=GrandTotals(Decimal("12.50")))
    with sql_storage.unit_of_work() as uow:
        assert not uow.fiscal.save_register(planned, was=6)
        assert uow.fiscal.register("KSA-0042") == first
        assert uow.fiscal.save_register(planned, was=7)
        uow.commit()
    with sql_storage.unit_of_work() as uow:
        assert uow.fiscal.register("KSA-0042", for_update=True) == planned
        assert not uow.fiscal.save_register(dataclasses.replace(planned, last_receipt_no=9), was=7)


def test_audit_records_come_back_newest_first(sql_storage: SqlStorage) -> None:
    records = [
        AuditRecord(NOW, "К1", "система", AuditAction.USER_CREATED, "anna (cashier)"),
        AuditRecord(NOW, "К1", "anna", AuditAction.WRONG_PIN),
        AuditRecord(NOW + timedelta(seconds=1), "К2", "anna", AuditAction.SIGNED_IN, "cashier"),
    ]
    with sql_storage.unit_of_work() as uow:
        for record in records:
            uow.audit.append(record)
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        assert uow.audit.recent(10) == records[::-1]
        assert uow.audit.recent(2) == records[:0:-1]
        assert isinstance(uow.audit.recent(1)[0].action, AuditAction)


def test_the_audit_trail_cannot_be_rewritten(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.audit.append(AuditRecord(NOW, "К1", "anna", AuditAction.WRONG_PIN))
        uow.commit()

    for statement in ("UPDATE audit_log SET actor = 'boss'", "DELETE FROM audit_log"):
        with pytest.raises(DBAPIError, match="append-only"), sql_storage.engine.begin() as conn:
            conn.exec_driver_sql(statement)

    with sql_storage.unit_of_work() as uow:
        assert [r.actor for r in uow.audit.recent(5)] == ["anna"]


def test_events_round_trip_in_code_order(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.line.add_event(HOCKEY)
        uow.line.add_event(DERBY)
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        assert uow.line.events() == [DERBY, HOCKEY]
        assert uow.line.get_event(201) == HOCKEY
        assert uow.line.get_event(999) is None
        assert isinstance(uow.line.events()[0].sport, Sport)


def test_current_quotes_are_the_latest_version_of_each_market(sql_storage: SqlStorage) -> None:
    quotes = [
        _quote(101, "1", "2.10", 1),
        _quote(101, "X", "3.30", 1),
        _quote(101, "1", "2.05", 2, minutes=5),
        _quote(101, "1", "1.95", 3, minutes=9),
        _quote(201, "O5.5", "1.90", 1),
        _quote(201, "O5.5", "10000.00", 2, minutes=1),
    ]
    with sql_storage.unit_of_work() as uow:
        uow.line.add_event(DERBY)
        uow.line.add_event(HOCKEY)
        for quote in quotes:
            uow.line.add_quote(quote)
        uow.commit()

    with sql_storage.unit_of_work() as uow:
        both = uow.line.current_quotes([201, 101, 101])
        derby = uow.line.current_quotes([101])
        none = uow.line.current_quotes([])

    assert both == [quotes[3], quotes[1], quotes[5]]
    assert derby == [quotes[3], quotes[1]]
    assert none == []
    assert str(both[0].odds) == "1.95"


def test_the_same_version_of_a_market_cannot_be_stored_twice(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow:
        uow.line.add_event(DERBY)
        uow.line.add_quote(_quote(101, "1", "2.10", 1))
        uow.commit()

    with pytest.raises((DBAPIError, ConcurrentChange)), sql_storage.unit_of_work() as uow:
        uow.line.add_quote(_quote(101, "1", "2.20", 1))
        uow.commit()


def test_a_quote_for_an_unknown_event_is_refused(sql_storage: SqlStorage) -> None:
    with sql_storage.unit_of_work() as uow, pytest.raises(UnknownEvent):
        uow.line.add_quote(_quote(555, "1", "2.10", 1))


def _without_secret(settings: dict[str, str]) -> dict[str, str]:
    """The stored settings less the slip-number secret that migration 0002 creates."""
    return {name: value for name, value in settings.items() if name != "slip_secret"}
