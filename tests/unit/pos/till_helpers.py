"""The fiscal receipts stored, for the till tests."""

from __future__ import annotations

from decimal import Decimal

from pos.till.fiscal import ReceiptKind
from tests.fakes import FakeStorage


def _receipts(storage: FakeStorage) -> list[tuple[int, ReceiptKind, Decimal, bool]]:
    return [
        (r.number, r.kind, r.amount, r.printed)
        for (_, _), r in sorted(storage.data.receipts.items())
    ]
