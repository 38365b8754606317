"""A bet's request key: a repeat of the same request returns the slip issued for it."""

from __future__ import annotations

import hashlib

from pos.betting.bets import parse_kind
from pos.betting.errors import RequestReused
from pos.betting.slips import Slip
from pos.core.errors import visible
from pos.core.inputs import REQUEST_KEY
from pos.core.money import to_money


def repeat(earlier: Slip, picks: list[list[tuple[int, str]]], stake: object, kind: object) -> Slip:
    # A double press or a retry after a lost answer: the slip already issued, never a second.
    same = (
        earlier.kind == parse_kind(kind)
        and earlier.stake == to_money(stake)
        and [[(leg.event_code, leg.market) for leg in m] for m in earlier.members] == picks
    )
    if not same:
        raise RequestReused()
    return earlier


def request_key(key: object) -> str | None:
    if key is None:
        return None
    try:
        text = key if isinstance(key, str) else str(key)
    except ValueError:  # an integer of thousands of digits, which str() will not write
        text = f"{key:x}"
    # Stored in 64 characters: a longer key from an integration, or one the database could
    # not store as it is (a NUL, a lone surrogate: issue 15), is kept as its digest.
    if len(text) <= REQUEST_KEY and visible(text) == text:
        return text
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
