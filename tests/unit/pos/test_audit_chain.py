"""The audit trail's hash chain: any change, deletion or reordering is found and located."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from pos.core.audit import (
    GENESIS,
    AuditAction,
    AuditRecord,
    ChainBreak,
    ChainedRecord,
    chain_hash,
    verify_chain,
)

AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _chain(count: int) -> list[ChainedRecord]:
    chained, previous = [], GENESIS
    for seq in range(1, count + 1):
        record = AuditRecord(
            AT + timedelta(seconds=seq), "К1", "anna", AuditAction.BET_ACCEPTED, f"купон {seq}"
        )
        previous = chain_hash(previous, seq, record)
        chained.append(ChainedRecord(seq, record, previous))
    return chained


def test_an_untouched_chain_verifies() -> None:
    assert verify_chain(_chain(50)) is None
    assert verify_chain([]) is None


def test_the_hash_covers_every_field_and_the_record_before() -> None:
    record = _chain(1)[0].record
    base = chain_hash(GENESIS, 1, record)
    changes = [
        dataclasses.replace(record, at=record.at + timedelta(microseconds=1)),
        dataclasses.replace(record, terminal="К2"),
        dataclasses.replace(record, actor="boss"),
        dataclasses.replace(record, action=AuditAction.SLIP_CANCELLED),
        dataclasses.replace(record, detail="купон 2"),
    ]
    assert all(chain_hash(GENESIS, 1, changed) != base for changed in changes)
    assert chain_hash(GENESIS, 2, record) != base
    assert chain_hash("1" * 64, 1, record) != base


@pytest.mark.parametrize("where", [1, 17, 50])
def test_a_changed_record_is_named(where: int) -> None:
    chain = _chain(50)
    victim = chain[where - 1]
    chain[where - 1] = dataclasses.replace(
        victim, record=dataclasses.replace(victim.record, detail="выплата 1 000 000,00 руб.")
    )
    assert verify_chain(chain) == ChainBreak(where, "changed")
    assert verify_chain(chain).words() == (  # type: ignore[union-attr]
        f"Журнал аудита: запись № {where} изменена (не сходится её хеш)."
    )


def test_a_changed_record_with_its_hash_recomputed_breaks_the_next_one() -> None:
    chain = _chain(10)
    forged = dataclasses.replace(chain[3].record, detail="подделка")
    chain[3] = ChainedRecord(4, forged, chain_hash(chain[2].hash, 4, forged))
    assert verify_chain(chain) == ChainBreak(5, "changed")


@pytest.mark.parametrize("where", [1, 25, 50])
def test_a_deleted_record_is_named(where: int) -> None:
    chain = _chain(50)
    del chain[where - 1]
    expected = None if where == 50 else ChainBreak(where, "missing")
    assert verify_chain(chain) == expected  # the last one: only the counter shows it
    assert verify_chain(chain, numbers_taken=50) == ChainBreak(where, "missing")
    assert verify_chain(_chain(50), numbers_taken=50) is None


def test_two_records_swapped_are_named() -> None:
    chain = _chain(20)
    a, b = chain[6], chain[7]
    chain[6] = dataclasses.replace(b, seq=7)
    chain[7] = dataclasses.replace(a, seq=8)
    assert verify_chain(chain) == ChainBreak(7, "swapped")
    assert "№ 7 и № 8 переставлены" in ChainBreak(7, "swapped").words()


def test_a_record_written_twice_is_named() -> None:
    chain = _chain(5)
    chain.insert(3, chain[2])
    assert verify_chain(chain) == ChainBreak(3, "duplicate")
