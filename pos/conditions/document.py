"""The conditions of accepting bets as one document made from the settings and rules (p.6): pure.

Each item p.6 names is a heading with its sentences (pos.conditions.wording), its values read
where the product decides them: the settings in force in the office, the line's limits per
sport, the rooms' rules (the 5-minute window, the results that return stakes, the sports whose
results are the regular time's) and the games the shop sells, each named by its own title.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from pos.betting.slips import CLAIM_WINDOW
from pos.conditions import wording
from pos.core.settings import ShopSettings, working_hours
from pos.games.game import Game
from pos.line.events import LINE_SPORTS, Sport
from pos.line.markets import regular_time_only
from pos.line.wording import SPORT_WORDS
from pos.settlement.results import STATUS_WORDS, ResultStatus

_HEADING = re.compile(r"\d+\. ")


@dataclass(frozen=True)
class Facts:
    """What the document reads: the settings in force in one office, the line's maximum
    stake of each sport that has one, and the games installed."""

    settings: ShopSettings
    sport_limits: Mapping[Sport, Decimal]
    games: tuple[Game, ...]


@dataclass(frozen=True)
class Clause:
    """One item of p.6: its heading and its sentences."""

    title: str
    sentences: tuple[str, ...]


def build(facts: Facts) -> tuple[Clause, ...]:
    """The items of the conditions in p.6's order, with the values in force.

    Args:
        facts: the settings, the limits per sport and the games of one office.

    Returns:
        The clauses: the possible win, the end of acceptance, the period of the event, the
        payouts, the returns, the moment of acceptance, the sports, the other conditions.
    """
    settings = facts.settings
    titles = [game.title for game in facts.games]
    return (
        Clause(
            wording.POSSIBLE_WIN,
            wording.possible_win(settings.max_payout, settings.max_express_odds),
        ),
        Clause(wording.ACCEPTANCE_END, wording.acceptance_end(working_hours(settings))),
        Clause(wording.EVENT_PERIOD, _period()),
        Clause(wording.PAYOUTS, (*_payouts(facts), *_cash_out(settings))),
        Clause(wording.RETURNS, wording.returns(_returning(), draws=bool(titles))),
        Clause(wording.MOMENT, wording.moment(int(CLAIM_WINDOW.total_seconds()) // 60)),
        Clause(wording.SPORTS, wording.sports(_limits(facts))),
        Clause(
            wording.OTHERS,
            wording.others(
                min_stake=settings.min_stake,
                min_age=settings.min_age,
                document_every_bet=settings.always_check_id or settings.identify_every_bet,
                games=titles,
            ),
        ),
    )


def render(facts: Facts) -> str:
    """The document as it is kept and compared: who and where, then each item, line by line.

    Args:
        facts: what the document reads.

    Returns:
        The text; the same facts give the same text, so an unchanged one makes no version.
    """
    settings = facts.settings
    lines = [
        wording.organiser(settings.shop_name, settings.licence_number),
        wording.office(settings.office_name, settings.address),
    ]
    for number, clause in enumerate(build(facts), start=1):
        lines.append(wording.heading(number, clause.title))
        lines.extend(clause.sentences)
    return "\n".join(lines)


def is_heading(line: str) -> bool:
    """True for a line of the text that heads an item ("3. Срок …"): printed in bold."""
    return _HEADING.match(line) is not None


def _period() -> tuple[str, ...]:
    regular = [SPORT_WORDS[sport] for sport in LINE_SPORTS if regular_time_only(sport)]
    whole = [SPORT_WORDS[sport] for sport in LINE_SPORTS if not regular_time_only(sport)]
    return wording.event_period(regular, whole)


def _payouts(facts: Facts) -> tuple[str, ...]:
    settings = facts.settings
    at_once = [game.title for game in facts.games if game.pays_at_once(settings)]
    return wording.payouts(same_day_games=at_once, anywhere=settings.payout_anywhere)


def _cash_out(settings: ShopSettings) -> tuple[str, ...]:
    """The cash-out's sentences once the shop offers one (DESIGN.md "Cash-out": off unless the
    licence and these conditions announce it, issue 38): its margin and how long an offer
    holds; nothing while it is off."""
    if not settings.cashout_enabled:
        return ()
    return wording.cash_out(settings.cashout_margin, settings.cashout_offer_seconds)


def _returning() -> list[str]:
    # Every status but a finished event returns the stakes on it (second p.24).
    return [STATUS_WORDS[status] for status in ResultStatus if status is not ResultStatus.FINISHED]


def _limits(facts: Facts) -> list[tuple[str, Decimal]]:
    # A sport without its own maximum takes the shop's per event.
    default = facts.settings.max_stake_per_event
    return [(SPORT_WORDS[sport], facts.sport_limits.get(sport, default)) for sport in LINE_SPORTS]
