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
