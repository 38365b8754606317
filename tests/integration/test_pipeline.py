"""db.pipeline on both databases: deferred writes keep their order, are read back in their
own transaction, and a guarded one that touched nothing is refused before anything commits."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from db.bootstrap import SqlStorage
from pos.betting.slips import paid
from pos.core.errors import ConcurrentChange
from pos.people.users import Role, User
from pos.till.fiscal import GrandTotals, Register
from tests.conftest import NOW

pytestmark = pytest.mark.integration
FIRST = Register("KSA-0042", "К1", 7, 2, NOW, GrandTotals(Decimal("10.00")))


def _save_first(storage: SqlStorage) -> None:
    with storage.unit_of_work() as uow:
        uow.fiscal.save_register(FIRST)
        uow.commit()


def _saved(storage: SqlStorage) -> Register | None:
    with storage.unit_of_work() as uow:
        return uow.fiscal.register(FIRST.serial)


def test_a_deferred_write_is_read_back_in_its_own_transaction(sql_storage: SqlStorage) -> None:
    _save_first(sql_storage)
    moved = dataclasses.replace(FIRST, last_receipt_no=8, grand=GrandTotals(Decimal("12.50")))
    with sql_storage.unit_of_work() as uow:
        uow.fiscal.advance_register(moved, was=7)
        assert uow.fiscal.register(FIRST.serial) == moved  # sent before this read
        again = dataclasses.replace(moved, last_receipt_no=9)
        uow.fiscal.advance_register(again, was=8)
        uow.commit()  # sent before the commit
    assert _saved(sql_storage) == again


def test_a_guarded_write_that_touched_nothing_is_refused_and_nothing_is_kept(
    sql_storage: SqlStorage,
) -> None:
    _save_first(sql_storage)
    refusal = ConcurrentChange()
    with pytest.raises(ConcurrentChange) as raised, sql_storage.unit_of_work() as uow:
        uow.users.add(User("boris", Role.CASHIER, "plain$1234"))  # the ORM's, flushed first
        uow.fiscal.advance_register(dataclasses.replace(FIRST, last_receipt_no=8), was=7)
        uow.slips.move_or_refuse(paid("0000000100001"), refusal)  # no such slip
        uow.fiscal.advance_register(dataclasses.replace(FIRST, last_receipt_no=9), was=8)
        uow.commit()
    assert raised.value is refusal
    assert _saved(sql_storage) == FIRST
    with sql_storage.unit_of_work() as uow:
        assert uow.users.list() == []


def test_a_register_that_moved_on_is_refused_when_its_write_is_sent(
    sql_storage: SqlStorage,
) -> None:
    _save_first(sql_storage)
    with pytest.raises(ConcurrentChange), sql_storage.unit_of_work() as uow:
        uow.fiscal.advance_register(dataclasses.replace(FIRST, last_receipt_no=8), was=6)
        uow.audit.head("M1")  # any statement sends it first
    assert _saved(sql_storage) == FIRST
