"""Settling slips from results by the rules of the house: pure functions, no database.

Each leg is won, lost or void by its market (p.19, pos.line.markets.Market.verdict) and its event's
result: an event that did not take place as listed refunds every stake on it (second p.24); a
bet made after the actual start is void if it would win and stays lost if it loses, unless it
was agreed in play or the score was not yet opened (p.22). A slip then pays by its kind
(p.18): an express drops its void legs (odds 1.00), a system k/n pays the sum of its winning
k-combinations — computed as the elementary symmetric polynomial e_k of the member odds,
exactly in integers, without enumerating the combinations — and a complex system does the
same with express blocks as members. The sum is rounded down to the kopeck once per slip
(pos.core.money.PAYOUT_ROUNDING), then capped by the maximum payout in force when the bet was
accepted.

`settle_slip` also words the settlement leg by leg, in Russian, for the payout receipt and the
slip page. The bulk path (pos.settlement.batch) is built from the same pieces — `event_verdict`,
`made_late`, and pos.settlement.formula's `member_values`, `payout_kopecks` — so there is one
set of rules.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import combinations

from pos.betting.bets import BetType, elementary_symmetric
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.betting.wording import kind_words
from pos.core.money import format_roubles
from pos.core.wording import odds_words, plural, total_odds_words
from pos.line.markets import LegOutcome, LegVerdict, Market
from pos.line.wording import known_market, known_market_words
from pos.settlement.formula import (
    ODDS_SCALE,
    member_values,
    part_kopecks,
    part_returns,
    part_summary,
    payout_kopecks,
)
from pos.settlement.results import Result

# Enough combinations to list them one by one in the explanation of a system.
_LISTED_COMBINATIONS = 6


OUTCOME_WORDS = {
    LegOutcome.WON: "выигрыш",
    LegOutcome.LOST: "проигрыш",
    LegOutcome.VOID: "возврат",
    LegOutcome.OPEN: "не рассчитано",
    LegOutcome.PART: "частичный расчёт",
}


@dataclass(frozen=True)
class Settlement:
    """A settled slip: WON, LOST or REFUND, what it pays, and the explanation leg by leg."""

    status: SlipStatus
    payout: Decimal
    verdicts: tuple[LegVerdict, ...]
    lines: tuple[str, ...]


def market_outcome(market: str, home: int, away: int) -> tuple[LegOutcome, str]:
    """A canonical market (pos.line.events.parse_market) against a final score (p.19):
    Market.verdict.

    Raises:
        ValueError: not a canonical market code (a programming error: legs hold parsed codes).
    """
    verdict = Market.from_code(market).verdict(home, away)
    return verdict.outcome, verdict.reason


def judge_leg(
    leg: Leg,
    result: Result | None,
    *,
    accepted_at: datetime,
    agreed_in_play: bool,
    market: Market | None = None,
) -> LegVerdict:
    """One leg against its event's first recorded result (p.21), made at `accepted_at`
    (`market`: the leg's, read already)."""
    verdict = event_verdict(leg.market if market is None else market, result)
    if result is None or accepted_at < result.late_from(agreed_in_play=agreed_in_play):
        return verdict
    return made_late(verdict)


def event_verdict(market: Market | str, result: Result | None) -> LegVerdict:
    """A market (or its canonical code) against its event's result, for a bet made in time.

    Raises:
        ValueError: a finished event and not a canonical market code (a programming error).
    """
    if result is None:
        return LegVerdict(LegOutcome.OPEN, "результата ещё нет")
    void = result.void_reason
    if void is not None:
        return LegVerdict(LegOutcome.VOID, void)
    read = Market.from_code(market, result.event_code) if isinstance(market, str) else market
    return read.judge(result)  # a game's market: by its game, from the whole result (issue 36)


def made_late(verdict: LegVerdict) -> LegVerdict:
    """The verdict of a bet made after the start (p.22): void had it won (a part return above
    the stake too); a loss stands, and so does a part of the stake returned."""
    won = verdict.value is not None and verdict.value > 1
    if verdict.outcome is LegOutcome.WON or (verdict.outcome is LegOutcome.PART and won):
        reason = f"{verdict.reason}; ставка сделана после начала матча (п.22)"
        return LegVerdict(LegOutcome.VOID, reason)
    if verdict.outcome is LegOutcome.LOST:
        reason = f"{verdict.reason}; ставка после начала, проигранные возврату не подлежат (п.22)"
        return LegVerdict(LegOutcome.LOST, reason)
    return verdict


def settle_slip(
    slip: Slip, results: Mapping[int, Result], *, cap: Decimal | None = None
) -> Settlement | None:
    """Settle one slip, or None while its outcome is not certain.

    Certain means: every leg has its result, or the slip has lost already — an express with
    a lost leg, a system with more lost members than it can spare.
    """
    legs = slip.legs
    # Each leg's market read once, to judge and to word it.
    markets = [known_market(leg.market, leg.event_code) for leg in legs]
    verdicts = tuple(
        judge_leg(
            leg,
            results.get(leg.event_code),
            accepted_at=slip.issued_at,
            agreed_in_play=slip.agreed_in_play,
            market=market,
        )
        for leg, market in zip(legs, markets, strict=True)
    )
    outcomes = [v.outcome for v in verdicts]
    blocks = _blocks(slip, outcomes)
    size = slip.kind.size if slip.kind.type is BetType.SYSTEM else len(blocks)
    lost_members = sum(1 for member in blocks if LegOutcome.LOST in member)
    if LegOutcome.OPEN in outcomes and lost_members <= len(blocks) - size:
        return None
    returns: Fraction | None = None
    parts = LegOutcome.PART in outcomes  # paid at the exact part returned (issue 36)
    if lost_members > len(blocks) - size:
        payout = Decimal("0.00")
    elif parts:
        payout, returns = _part_payout(slip, verdicts, size)
    else:
        payout, returns = _payout(slip, blocks, size)
    status = (
        SlipStatus.REFUND
        if all(o is LegOutcome.VOID for o in outcomes)
        else SlipStatus.WON
        if payout > 0
        else SlipStatus.LOST
    )
    lines = [
        _leg_line(i, leg, v, market)
        for i, (leg, v, market) in enumerate(zip(legs, verdicts, markets, strict=True), 1)
    ]
    if parts and returns is not None and payout > 0:
        lines.append(part_summary(slip.stake, payout, returns))
    else:
        lines += _summary(slip, status, payout, size, blocks, returns)
    if cap is not None and payout > cap:
        payout = cap
        # format_roubles ends with "руб.": no second full stop.
        lines.append(f"Выплата ограничена максимальной выплатой {format_roubles(cap)}")
    return Settlement(status, payout, verdicts, tuple(lines))


def _blocks(slip: Slip, outcomes: Sequence[LegOutcome]) -> list[list[LegOutcome]]:
    blocks, position = [], 0
    for member in slip.members:
        blocks.append(list(outcomes[position : position + len(member)]))
        position += len(member)
    return blocks


def _payout(
    slip: Slip, blocks: Sequence[Sequence[LegOutcome]], size: int
) -> tuple[Decimal, Fraction]:
    members = [
        [(outcome, _hundredths(leg.odds)) for leg, outcome in zip(member, outs, strict=True)]
        for member, outs in zip(slip.members, blocks, strict=True)
    ]
    values, scale = member_values(members)
    per = _kopecks(slip.stake) // math.comb(len(values), size)
    kopecks = payout_kopecks(per, values, size, scale)
    return Decimal(kopecks).scaleb(-2), Fraction(elementary_symmetric(values, size), scale**size)


def _part_payout(slip: Slip, verdicts: Sequence[LegVerdict], size: int) -> tuple[Decimal, Fraction]:
    legs = iter(zip(verdicts, (_hundredths(leg.odds) for leg in slip.legs), strict=True))
    returns = part_returns([[next(legs) for _ in member] for member in slip.members], size)
    per = _kopecks(slip.stake) // math.comb(len(slip.members), size)
    return Decimal(part_kopecks(per, returns)).scaleb(-2), returns


def _hundredths(odds: Decimal) -> int:
    return int(odds * ODDS_SCALE)


def _kopecks(amount: Decimal) -> int:
    return int(amount * 100)


def _leg_line(index: int, leg: Leg, verdict: LegVerdict, market: Market | None) -> str:
    # A code this version does not read: worded as itself, judged by its code (which raises
    # as `event_verdict` does once the event ends).
    words = known_market_words(market, leg.market, leg.sport)
    return (
        f"{index}-е событие {OUTCOME_WORDS[verdict.outcome]}: {leg.event_code} {leg.home} — "
        f"{leg.away}, {words} ({odds_words(leg.odds)}) — {verdict.reason}"
    )


def _summary(
    slip: Slip,
    status: SlipStatus,
    payout: Decimal,
    size: int,
    blocks: Sequence[Sequence[LegOutcome]],
    returns: Fraction | None,
) -> list[str]:
    stake = format_roubles(slip.stake)
    if status is SlipStatus.REFUND:
        return [f"Все события — возврат: ставка возвращается, {stake}"]
    if returns is None or status is SlipStatus.LOST:
        lost = "проиграна" if slip.kind.type is BetType.SYSTEM else "проигран"  # система: feminine
        return [f"{_kind_name(slip)} {lost}: выплаты нет."]
    if slip.kind.type is not BetType.SYSTEM:
        return _express_summary(slip, payout, blocks, returns)
    return _system_summary(slip, payout, size, blocks, returns)


def _express_summary(
    slip: Slip, payout: Decimal, blocks: Sequence[Sequence[LegOutcome]], returns: Fraction
) -> list[str]:
    outcomes = [o for block in blocks for o in block]
    won = [leg for leg, o in zip(slip.legs, outcomes, strict=True) if o is LegOutcome.WON]
    product = " × ".join(odds_words(leg.odds) for leg in won)
    odds = _odds_text(returns)
    stake = format_roubles(slip.stake)
    if LegOutcome.VOID in outcomes:
        head = f"{_kind_name(slip)} пересчитан без возвратных событий (коэффициент 1,00)"
        return [f"{head}: {product} = {odds}; выплата {stake} × {odds} = {format_roubles(payout)}"]
    if len(won) == 1:
        return [f"Выплата: {stake} × {odds} = {format_roubles(payout)}"]
    return [f"Выплата: {stake} × ({product} = {odds}) = {format_roubles(payout)}"]


def _system_summary(
    slip: Slip,
    payout: Decimal,
    size: int,
    blocks: Sequence[Sequence[LegOutcome]],
    returns: Fraction,
) -> list[str]:
    count = len(slip.members)
    standing = [
        i for i, block in enumerate(blocks) if LegOutcome.LOST not in block
    ]  # members that did not lose: won, or void at 1.00
    every = math.comb(count, size)
    per = slip.stake / every
    winning = math.comb(len(standing), size)
    expresses = ("экспресс", "экспресса", "экспрессов")
    lines = [
        f"{_kind_name(slip)}: {plural(every, *expresses)} по {format_roubles(per)}; "
        f"не проиграли {len(standing)} из {count}, выиграли {plural(winning, *expresses)}."
    ]
    # Members named by the numbers of their legs, as the leg lines number them: 1+(2,3)+4.
    labels, number = [], 1
    for member in slip.members:
        numbers = [str(n) for n in range(number, number + len(member))]
        labels.append(numbers[0] if len(numbers) == 1 else f"({','.join(numbers)})")
        number += len(member)
    if winning <= _LISTED_COMBINATIONS:
        for combination in combinations(standing, size):
            odds = [_member_odds(slip.members[i], blocks[i]) for i in combination]
            product = math.prod(odds, start=Fraction(1))
            names = "+".join(labels[i] for i in combination)
            factors = " × ".join(_odds_text(o) for o in odds)
            lines.append(f"Экспресс {names}: {factors} = {_odds_text(product)}")
    lines.append(
        f"Выплата: {format_roubles(per)} × {_odds_text(returns)} (сумма коэффициентов "
        f"выигравших экспрессов) = {format_roubles(payout)}, округлено вниз до копейки."
    )
    return lines


def _member_odds(member: Sequence[Leg], outcomes: Sequence[LegOutcome]) -> Fraction:
    return math.prod(
        (
            Fraction(_hundredths(leg.odds), ODDS_SCALE)
            for leg, o in zip(member, outcomes, strict=True)
            if o is LegOutcome.WON
        ),
        start=Fraction(1),
    )


def _odds_text(value: Fraction) -> str:
    # Every product of two-decimal odds is a finite decimal: shown exactly, never rounded.
    with localcontext() as context:
        context.prec = 400
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    return total_odds_words(exact)


def _kind_name(slip: Slip) -> str:
    return kind_words(slip.kind, blocks=any(len(m) > 1 for m in slip.members))
