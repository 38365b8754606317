"""What a SQLite terminal keeps between transactions and reads anew once another terminal
changed it (issue 34: a bet read its register, the sports' limits and the audit chain's last
hash at every call): the register, the limits, the chain's head."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from db.bootstrap import SqlStorage, open_storage
from pos.audit.verification import verify
from pos.core.audit import AuditAction, AuditRecord
from pos.line.events import Sport
from tests.integration.sql import on_sqlite, sent_during

pytestmark = pytest.mark.integration

AT = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


@pytest.fixture
def terminals(sql_storage: SqlStorage, db_url: str) -> Iterator[tuple[SqlStorage, SqlStorage]]:
    """Two terminals' storages on one database."""
    there = open_storage(db_url)
    try:
        yield sql_storage, there
    finally:
        there.close()


def _register(storage: SqlStorage, terminal: str) -> tuple[str | None, str]:
    with storage.unit_of_work() as uow:
        uow.settings.load()  # as a bet does: the settings first
        return uow.settings.register_of(terminal)


def _limits(storage: SqlStorage) -> dict[Sport, Decimal]:
    with storage.unit_of_work() as uow:
        return uow.line.sport_limits()


def _append(storage: SqlStorage, detail: str, *, commit: bool = True) -> None:
    with storage.unit_of_work() as uow:
        uow.audit.append(AuditRecord(AT, "К1", "anna", AuditAction.BET_ACCEPTED, detail, "M1"))
        if commit:
            uow.commit()


def test_a_register_set_on_another_terminal_is_read_at_the_next_transaction(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    with there.unit_of_work() as uow:
        uow.settings.set_register_serial("К9", "SN-1")
        uow.commit()
    assert _register(here, "К9") == ("SN-1", "")
    if on_sqlite(here):  # kept: the second read sends nothing for the register
        sent = sent_during(here, lambda: _register(here, "К9"))
        assert not [sql for sql in sent if "FROM terminals" in sql]
    with there.unit_of_work() as uow:
        uow.settings.set_register_serial("К9", "SN-2")
        uow.settings.set_register_number("К9", "РН-77")
        uow.commit()
    assert _register(here, "К9") == ("SN-2", "РН-77")


def test_a_sports_limit_set_on_another_terminal_is_read_at_the_next_transaction(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    before = _limits(here)
    with there.unit_of_work() as uow:
        uow.line.set_sport_limit(Sport.FOOTBALL, Decimal("777"))
        uow.commit()
    assert _limits(here) == {**before, Sport.FOOTBALL: Decimal("777.00")}
    if on_sqlite(here):
        sent = sent_during(here, lambda: _limits(here))
        assert not [sql for sql in sent if "sport_limits" in sql]
    with there.unit_of_work() as uow:
        uow.line.set_sport_limit(Sport.FOOTBALL, None)
        uow.commit()
    assert Sport.FOOTBALL not in _limits(here)


def test_the_audit_chain_holds_with_two_terminals_taking_turns_and_a_rollback(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, there = terminals
    _append(here, "1")
    _append(here, "2")  # chained to the record it kept
    _append(there, "3")  # the other terminal's in between: read back
    _append(here, "4")
    _append(here, "5", commit=False)  # rolled back: its number is taken again
    _append(there, "6")
    _append(here, "7")
    with here.unit_of_work() as uow:
        found = verify(uow)
    assert found.ok, found


def test_a_second_record_reads_no_hash_back_on_sqlite(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    here, _there = terminals
    if not on_sqlite(here):
        pytest.skip("PostgreSQL chains the records on the server (db.audit._CHAINED_INSERT)")
    _append(here, "1")
    sent = sent_during(here, lambda: _append(here, "2"))
    assert not [sql for sql in sent if sql.startswith("SELECT audit_log.hash")]
    assert any(sql.startswith("INSERT INTO audit_log") for sql in sent)


def test_a_bet_on_sqlite_reads_only_what_it_cannot_keep(db_shop: Any) -> None:
    storage = db_shop.storage
    if not on_sqlite(storage):
        pytest.skip("PostgreSQL sends a bet's reads in its first pipeline (db.read_ahead)")
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    anna.accept_bet([(102, "X")], stake="10")
    sent = sent_during(storage, lambda: anna.accept_bet([(102, "X")], stake="20"))
    reads = [sql.split(" FROM ")[1].split()[0] for sql in sent if sql.startswith("SELECT")]
    # The settings' and the line's versions (one read), the shift, the outcomes' exposure
    # (the liability cap, issue 38: one row each), the register's row and "nothing waits"
    # (its first FROM is the slips'); not the settings, the register's serial, the sports'
    # limits, the shift again to lock it, the audit chain's last hash, or the event, its odds
    # and its result, read by the bet before on the same line (issue 34).
    kept = ["counters", "shifts", "outcome_exposure", "fiscal_registers", "slips"]
    assert sorted(reads) == sorted(kept), reads


def test_a_unit_of_work_s_second_transaction_reads_the_settings_version_anew(
    terminals: tuple[SqlStorage, SqlStorage],
) -> None:
    # A commit in the middle of a `with` ends a transaction: what it noted of the settings'
    # version is forgotten, so a change committed meanwhile elsewhere is read (issue 34).
    here, there = terminals
    with here.unit_of_work() as uow:
        uow.settings.save({"min_stake": "2.00"})
        uow.commit()
    with here.unit_of_work() as uow:
        before = uow.settings.load()["min_stake"]
        uow.commit()
        with there.unit_of_work() as other:
            other.settings.save({"min_stake": "7.00"})
            other.commit()
        assert before != "7.00"
        assert uow.settings.load()["min_stake"] == "7.00"
