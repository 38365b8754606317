"""A slip's terms as the batch settlement reads them: a fixed binary record of its header and
legs (numpy dtypes HEADER and LEG), written once when the slip is issued."""

from __future__ import annotations

import struct
from datetime import UTC, datetime
from decimal import Decimal

import numpy as np

from pos.betting.bets import BetType
from pos.betting.slips import Slip
from pos.line.markets import Market
from pos.settlement.formula import ODDS_SCALE

TERMS_VERSION = 1


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


_NO_CAP = -1


_AGREED = 1


# The record of a slip: a header, then its legs; little-endian, packed.
HEADER = np.dtype(
    [
        ("version", "u1"),
        ("size", "u1"),  # k: members in each express (n for a single or an express)
        ("members", "u1"),  # n
        ("flags", "u1"),  # bit 0: agreed in play (p.22)
        ("stake", "<i8"),  # kopecks
        ("possible", "<i8"),  # kopecks: the payout if every leg wins
        ("cap", "<i8"),  # kopecks, -1: none
        ("issued", "<i8"),  # microseconds since 1970-01-01 UTC
    ]
)


LEG = np.dtype(
    [
        ("event", "<u4"),  # event code
        ("member", "u1"),  # the block (member) the leg belongs to
        ("market", "u1"),  # the market's kind (pos.line.markets.Market.batch_key); ≥ 10: a game's
        ("line", "<i2"),  # total or handicap line in quarters (2.5 → 10, −1.5 → −6); a game's own
        ("odds", "<u4"),  # hundredths
    ]
)


# The same layouts for one record at a time (writing a slip), checked against the dtypes.
_HEADER_STRUCT = struct.Struct("<BBBBqqqq")


_LEG_STRUCT = struct.Struct("<IBBhI")


def decode(terms: list[bytes]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The headers (HEADER) and legs (LEG) of slips' terms, and each slip's number of legs,
    unpacked together (the batch settlement, the outcomes' exposure of settled slips)."""
    count = len(terms)
    lengths = np.fromiter(map(len, terms), dtype=np.int64, count=count)
    raw = np.frombuffer(b"".join(terms), dtype=np.uint8)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    header_at = (starts[:, None] + np.arange(HEADER.itemsize)).ravel()
    body = np.ones(len(raw), dtype=bool)
    body[header_at] = False
    per_slip = (lengths - HEADER.itemsize) // LEG.itemsize
    return raw[header_at].view(HEADER), raw[body].view(LEG), per_slip


def encode_terms(slip: Slip) -> bytes:
    """The record settlement reads for `slip` (see the module docstring)."""
    size = slip.kind.size if slip.kind.type is BetType.SYSTEM else len(slip.members)
    parts = [
        _HEADER_STRUCT.pack(
            TERMS_VERSION,
            size,
            len(slip.members),
            _AGREED if slip.agreed_in_play else 0,
            _kopecks(slip.stake),
            _kopecks(slip.possible_payout),
            _NO_CAP if slip.payout_cap is None else _kopecks(slip.payout_cap),
            _micros(slip.issued_at),
        )
    ]
    for member, block in enumerate(slip.members):
        for leg in block:
            kind, line = Market.from_code(leg.market, leg.event_code).batch_key
            parts.append(
                _LEG_STRUCT.pack(leg.event_code, member, kind, line, _hundredths(leg.odds))
            )
    return b"".join(parts)


def market_code(kind: int, line: int) -> str:
    """The canonical market code of an encoded (kind, line): (6, 10) → "O2.5"."""
    return Market.from_batch(kind, line).code


def _hundredths(odds: Decimal) -> int:
    return int(odds * ODDS_SCALE)


def _kopecks(amount: Decimal) -> int:
    return int(amount * 100)


def _micros(moment: datetime) -> int:
    delta = moment - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
