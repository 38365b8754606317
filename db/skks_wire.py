"""The СККС wire format (DESIGN.md "СККС"): a message as one JSON object, amounts in integer
kopecks, times in ISO 8601 with their offset. The one adapter to replace when the centre's
official format is in hand (issue 35)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal

from pos.core.money import to_kopecks
from pos.skks.messages import Message, Value
from pos.skks.reconcile import Total


def encode(message: Message) -> str:
    """The message's wire text: its id, terminal, office, kind and time, then its fields."""
    body: dict[str, object] = {
        "id": message.id,
        "terminal": message.terminal,
        "office": message.office,
        "kind": message.kind.value,
        "at": message.at.isoformat(),
    }
    body.update({name: _wire(value) for name, value in message.fields.items()})
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def _wire(value: Value) -> object:
    if isinstance(value, Decimal):
        return to_kopecks(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, str | int) or value is None:
        return value
    if isinstance(value, Mapping):
        return {name: _wire(item) for name, item in value.items()}
    if isinstance(value, Sequence):
        return [_wire(item) for item in value]
    raise TypeError(f"no wire form for {type(value).__name__}")


_MOST = 10**15  # more than any till counts in a shift: an answer beyond it is not understood


def encode_totals(totals: Mapping[str, Total]) -> str:
    """Totals as the wire writes them: each kind's count and sum in kopecks."""
    body = {
        name: {"count": total.count, "sum": to_kopecks(total.amount)}
        for name, total in totals.items()
    }
    return json.dumps(body, separators=(",", ":"))


def decode_totals(found: object) -> dict[str, Total] | None:
    """Totals read back from their wire form (a parsed JSON object); None when it is not one:
    a kind's count and sum must be whole numbers, the count not negative."""
    if not isinstance(found, dict):
        return None
    totals = {}
    for name, total in found.items():
        if not isinstance(total, dict):
            return None
        count, kopecks = total.get("count"), total.get("sum")
        if type(count) is not int or type(kopecks) is not int or not 0 <= count < _MOST:
            return None
        if abs(kopecks) >= _MOST:
            return None
        totals[str(name)] = Total(count, Decimal(kopecks).scaleb(-2))
    return totals
