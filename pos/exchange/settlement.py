"""Settling a pari from its event's result (p.48–p.53): the four amounts, the bookmaker's
commission, and both blocks released.

The verdict is the back side's: the market's own against the result (p.19, second p.24,
pos.settlement.rules.event_verdict) — won, lost or void; the project's lines have no half-won
or half-lost verdicts (a quarter handicap is won or lost whole, pos.line.markets). With stake S
and coefficient k:
- back won: the backer gains S × k rounded down (p.48), the layer loses that much (p.51);
- back lost: the layer gains S, the backer's stake (p.49's "twice the stake": his own block
  back plus the backer's S, which at evens is 2 S), the backer loses S (p.50);
- void: both blocks are released and nothing moves.
The bookmaker is each side's counterparty (p.52): the loser pays it, it pays the winner. Its
commission (p.53) is its percentage of the winner's gain; the winner's net gain is rounded
down to the kopeck (pos.core.money.PAYOUT_ROUNDING: the shop never pays a fraction of a kopeck
it does not owe) and the commission is the rest, so the loser's loss is exactly the winner's net
gain plus the commission and no kopeck is lost to rounding.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from pos.accounts.ledger import Balance
from pos.core.money import from_kopecks, to_kopecks
from pos.exchange.errors import PariSettled
from pos.exchange.paris import Pari, PariStatus
from pos.exchange.terms import ZERO, Side, parse_commission
from pos.line.markets import LegOutcome, LegVerdict, Market
from pos.settlement.results import Result
from pos.settlement.rules import event_verdict

_LATE = "пари заключено после фактического начала матча (п.22, п.24)"


@dataclass(frozen=True, kw_only=True)
class SideSettlement:
    """What settling a pari does to one side's account: its block released, then its net
    gain paid or its loss charged (at most one of them is not zero)."""

    account: str
    released: Decimal  # the side's risk, blocked since the pari was concluded
    gain: Decimal  # paid to the account, the commission kept (≥ 0)
    loss: Decimal  # charged to the account, never more than `released` (≥ 0)

    @property
    def result(self) -> Decimal:
        """The gain (positive) or the loss (negative), as the statement and the pari show it."""
        return self.gain - self.loss

    def apply(self, balance: Balance) -> Balance:
        """The account's balance after the settlement: `released` made free, the result paid
        or charged.

        Raises:
            ValueError: more released than the account has blocked (the books are wrong).
        """
        after, uncovered = balance.settle(self.released, self.result)
        if uncovered:  # a loss is never more than the side's own block, released here
            raise ValueError(f"loss {self.loss} of {self.account} not covered by its block")
        return after


@dataclass(frozen=True, kw_only=True)
class PariSettlement:
    """A settled pari and the money it moves between the two accounts and the bookmaker."""

    pari: Pari  # settled or void, with each side's result
    outcome: LegOutcome  # the back side's: won, lost or void
    back: SideSettlement
    lay: SideSettlement
    commission: Decimal  # kept by the bookmaker from the winner's gain (p.53)
    commission_percent: Decimal

    def side(self, side: Side) -> SideSettlement:
        """The settlement of the backer or of the layer."""
        return self.back if side is Side.BACK else self.lay


def hundredths(value: Decimal) -> int:
    """A coefficient or a percentage of two decimals as a whole number of hundredths (1,50 →
    150; 2,5 % → 250)."""
    return int(value * 100)


def pari_amounts(stake: Any, coefficient: Any, won: Any, lost: Any, percent: Any) -> Any:
    """The kopecks a pari's settlement moves (p.48–p.53), on whole numbers: `stake` in kopecks,
    `coefficient` and `percent` (the commission) in hundredths, `won` and `lost` the back
    side's verdict as 0 or 1. Elementwise on numpy arrays of them just as on ints, so that one
    pari (`settle_pari`) and an event's hundred thousand (pos.exchange.batch) are settled by
    the same lines.

    Returns:
        (lay risk, gross, net): the layer's risk, S × k rounded down (p.51, as
        pos.exchange.terms.risk); the loser's loss (the layer's risk when the back side won,
        the backer's stake when it lost, nothing when void); the winner's gain, the gross less
        the commission, rounded down (PAYOUT_ROUNDING: floor division of non-negative
        kopecks), so that the commission is exactly gross − net.
    """
    lay_risk = stake * coefficient // 100
    gross = won * lay_risk + lost * stake
    net = gross * (10_000 - percent) // 10_000
    return lay_risk, gross, net


def settle_pari(
    pari: Pari, verdict: LegOutcome | LegVerdict, commission_percent: object
) -> PariSettlement:
    """Settle a concluded pari by the back side's verdict (p.48–p.53).

    Args:
        pari: a concluded pari.
        verdict: the back side's outcome (or verdict): won, lost or void.
        commission_percent: the bookmaker's commission in per cent of the winner's gain, 0 up
            to 100 (Decimal("5") for 5 %).

    Returns:
        The settled (or void) pari with each side's result, each side's release and gain or
        loss, and the commission.

    Raises:
        PariSettled: settled or void already.
        InvalidCommission: not a percentage from 0 up to 100 of two decimals at most.
        ValueError: an open verdict (no result yet: nothing to settle).
    """
    if pari.status is not PariStatus.CONCLUDED:
        raise PariSettled(pari.number, pari.status.value)
    outcome = verdict.outcome if isinstance(verdict, LegVerdict) else LegOutcome(verdict)
    if outcome is LegOutcome.OPEN:
        raise ValueError(f"pari {pari.number} settled without a result")
    percent = parse_commission(commission_percent)
    back_won, lay_won = outcome is LegOutcome.WON, outcome is LegOutcome.LOST
    _, gross_kopecks, net_kopecks = pari_amounts(
        to_kopecks(pari.stake),
        hundredths(pari.coefficient),
        int(back_won),
        int(lay_won),
        hundredths(percent),
    )
    gross, net = from_kopecks(gross_kopecks), from_kopecks(net_kopecks)
    back = SideSettlement(
        account=pari.back_account,
        released=pari.back_risk,
        gain=net if back_won else ZERO,
        loss=gross if lay_won else ZERO,
    )
    lay = SideSettlement(
        account=pari.lay_account,
        released=pari.lay_risk,
        gain=net if lay_won else ZERO,
        loss=gross if back_won else ZERO,
    )
    status = PariStatus.VOID if outcome is LegOutcome.VOID else PariStatus.SETTLED
    settled = replace(pari, status=status, back_result=back.result, lay_result=lay.result)
    return PariSettlement(
        pari=settled,
        outcome=outcome,
        back=back,
        lay=lay,
        commission=gross - net,
        commission_percent=percent,
    )


def back_verdict(market: str, result: Result | None, concluded_at: datetime) -> LegVerdict:
    """The back side's verdict on a pari concluded at `concluded_at`: the market's against the
    result (p.19, second p.24), or void when it was concluded after the actual start (p.22).

    A bet made late is void if it would win and stays lost if it loses (p.22); between two
    players one side's loss is the other's win, so a late pari is void for both — it is one
    "made after the match started" (second p.24). The score not yet opened keeps it standing,
    as it keeps a bet (pos.settlement.results.Result.late_from).

    Raises:
        ValueError: not a canonical market code (a programming error: paris hold parsed codes).
    """
    late = result is not None and concluded_at >= result.late_from(agreed_in_play=False)
    return market_verdict(market, result, late=late)


def market_verdict(market: str, result: Result | None, *, late: bool) -> LegVerdict:
    """`back_verdict` of a pari on `market` concluded in time or, `late`, at or after the
    result's `late_from`: what every pari of the market shares (pos.exchange.batch).

    Raises:
        ValueError: not a canonical market code.
    """
    verdict = event_verdict(Market.from_code(market), result)
    if result is None or verdict.outcome is LegOutcome.VOID or not late:
        return verdict
    return LegVerdict(LegOutcome.VOID, f"{verdict.reason}; {_LATE}")
