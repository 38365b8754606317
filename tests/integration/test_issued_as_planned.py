"""A slip the printer took is issued from what its bet planned, not read back (issue 34), and
one that changed meanwhile is still refused as reading it back refuses it (both databases)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event, text

from db.bootstrap import SqlStorage
from pos.betting import counter
from pos.betting.errors import SlipNotIssued
from pos.betting.slips import SlipStatus
from pos.shop.services import Shop

pytestmark = pytest.mark.integration


def _storage(shop: Shop) -> SqlStorage:
    storage = shop.storage
    assert isinstance(storage, SqlStorage)
    return storage


def test_the_slip_the_printer_took_is_issued_without_reading_it_back(db_shop: Shop) -> None:
    # Statements on PostgreSQL go out in pipelines (db.wire), which no listener hears.
    if not _storage(db_shop).engine.url.drivername.startswith("sqlite"):
        pytest.skip("statements are heard on SQLite only")
    anna = db_shop.login("anna", "4821")
    heard: list[str] = []

    def hear(*args: Any) -> None:
        heard.append(" ".join(args[2].split()[:2]))

    engine = _storage(db_shop).engine
    event.listen(engine, "before_cursor_execute", hear)
    try:
        slip = anna.accept_bet([(101, "1"), (102, "X")], stake="10", kind="express")
    finally:
        event.remove(engine, "before_cursor_execute", hear)
    assert "SELECT slip_legs.slip_id," not in heard  # the slip's legs: read by nobody
    assert "UPDATE slips" in heard  # issued, in the second transaction
    assert db_shop.slip(slip.number) == slip


def test_a_bet_issued_as_planned_reads_back_as_it_was_returned(db_shop: Shop) -> None:
    anna = db_shop.login("anna", "4821")
    slip = anna.accept_bet([(101, "1"), (102, "X"), (103, "2")], stake="9", kind="system 2/3")
    assert slip.status is SlipStatus.OPEN and slip.fiscal_receipt_no is not None
    assert db_shop.slip(slip.number) == slip
    with _storage(db_shop).engine.connect() as connection:
        receipts = connection.execute(
            text("SELECT number, printed, in_doubt FROM fiscal_receipts ORDER BY number")
        )
        assert [tuple(r) for r in receipts] == [(slip.fiscal_receipt_no, True, False)]
        stakes = connection.execute(text("SELECT amount FROM cash_movements"))
        assert [tuple(r) for r in stakes] == [(900,)]
    assert db_shop.verify().ok


def test_a_slip_voided_on_another_window_while_it_printed_is_not_issued(
    db_shop: Shop, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna = db_shop.login("anna", "4821")
    other_window = db_shop.login("boss", "9911")
    planned = counter.issue_planned

    def voided_first(uow: Any, teller: Any, now: Any, pending: counter.PendingBet) -> object:
        other_window.void_pending_slip(pending.slip.number)  # «Купон не вышел» on the other
        return planned(uow, teller, now, pending)

    monkeypatch.setattr(counter, "issue_planned", voided_first)
    with pytest.raises(SlipNotIssued, match="аннулирован"):
        anna.accept_bet([(101, "1")], stake="10")
    monkeypatch.undo()
    (voided,) = anna.recent_slips() or [None]
    assert voided is None  # never issued
    with _storage(db_shop).engine.connect() as connection:
        assert connection.execute(text("SELECT status FROM slips")).scalars().all() == ["void"]
        assert connection.execute(text("SELECT count(*) FROM cash_movements")).scalar() == 0
    assert db_shop.verify().ok
