"""Slips, legs and results built briefly, and settled, for the settlement tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from pos.betting.bets import parse_kind
from pos.betting.slips import Leg, Slip
from pos.line.markets import LegOutcome
from pos.settlement.results import Result, ResultStatus
from pos.settlement.rules import Settlement, market_outcome, settle_slip

D = Decimal
KICKOFF = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)  # the actual start of every match here
BEFORE = KICKOFF - timedelta(hours=1)
WON, LOST, VOID, OPEN = LegOutcome.WON, LegOutcome.LOST, LegOutcome.VOID, LegOutcome.OPEN


def leg(code: int, market: str = "1", odds: str = "2.00", starts_at: datetime = KICKOFF) -> Leg:
    return Leg(code, market, D(odds), 1, f"Хозяева {code}", f"Гости {code}", starts_at)


def slip(
    kind: str,
    *members: Leg | tuple[Leg, ...],
    stake: str = "10",
    at: datetime = BEFORE,
    agreed_in_play: bool = False,
) -> Slip:
    """A slip of `members`: a leg, or a block of legs (a complex system)."""
    blocks = tuple(m if isinstance(m, tuple) else (m,) for m in members)
    return Slip(
        "1000001",
        parse_kind(kind),
        blocks,
        D(stake),
        D("1.00"),  # shown on the slip, never used to settle
        D("1.00"),
        "К1",
        "anna",
        at,
        agreed_in_play=agreed_in_play,
    )


def score(
    code: int,
    home: int,
    away: int,
    *,
    first_score_at: datetime | None = None,
    venue_swapped: bool = False,
) -> Result:
    return Result(
        code,
        ResultStatus.FINISHED,
        home,
        away,
        KICKOFF,
        KICKOFF + timedelta(hours=2),
        "belarus-football.by",
        first_score_at=first_score_at,
        venue_swapped=venue_swapped,
    )


def void(code: int, status: ResultStatus = ResultStatus.CANCELLED) -> Result:
    return Result(code, status, None, None, KICKOFF, KICKOFF, "belarus-football.by")


def won(code: int) -> Result:
    """A 1:0 home win: a leg on "1" wins."""
    return score(code, 1, 0)


def lost(code: int) -> Result:
    """A 0:1 away win: a leg on "1" loses."""
    return score(code, 0, 1)


def settle(s: Slip, *results: Result, cap: Decimal | None = None) -> Settlement:
    settled = settle_slip(s, {r.event_code: r for r in results}, cap=cap)
    assert settled is not None, "the slip should be certain"
    return settled


def outcome(market: str, home: int, away: int) -> LegOutcome:
    return market_outcome(market, home, away)[0]
