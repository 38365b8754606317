"""Roulette on the games' seam (issue 36, DESIGN.md Roulette): what the house asks of it
through `pos.games.game.Game`. Its draws' own use cases load when the desk first asks."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from pos.core.money import format_money
from pos.games.game import LegWords
from pos.line.errors import InvalidMarket
from pos.line.markets import LegOutcome, LegVerdict
from pos.roulette.bets import (
    BY_CODE,
    CATALOGUE,
    LINE,
    LOSES_ALL,
    Bet,
    Kind,
    ZeroRule,
    chip_stake,
    nearest_stakes,
)
from pos.roulette.codes import bet_of, parse_bet
from pos.roulette.draws import CODES, KEY, TITLE, spin_number
from pos.roulette.errors import BetsClosed, NotARouletteBet, StakeNotChips
from pos.roulette.settings import PAY_AT_ONCE, SETTINGS, ZERO_RULE
from pos.roulette.verdict import spun
from pos.roulette.wording import bet_words, chips_words

if TYPE_CHECKING:
    from pos.betting.slips import Leg
    from pos.core.ports import UnitOfWork
    from pos.core.settings import ShopSettings
    from pos.games.game import FinalScore, UseCase
    from pos.games.settings import SettingSpec
    from pos.line.events import Event

# The odds a leg is sold at are hundredths; an announced bet's best case is rounded up to them
# (Вуазен's 8/3 → 2,67), its possible payout counted from the exact best (best_return), and it
# is paid from its exact return (LegVerdict.value), never from these odds.
_HUNDREDTH = Decimal("0.01")
# A typed code that reads as the table's (digits, or a letter of its Russian codes): refused
# with roulette's sentence; anything else is no roulette bet at all, the line's to refuse.
_CYRILLIC = frozenset("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")
# A leg's market is kept in 16 characters (the slips' legs in the database): a six-line keeps
# its first and last numbers, "13-18" ("13/14/15/16/17/18" is 17); every other bet its code.
_STORED = {
    bet.code: (f"{min(bet.chips[0].numbers)}-{max(bet.chips[0].numbers)}")
    if bet.kind is Kind.SIX_LINE
    else bet.code
    for bet in CATALOGUE
}
_OF_STORED = {stored: BY_CODE[code] for code, stored in _STORED.items()}


class Roulette:
    """The single-zero wheel as a draw game: a spin every few minutes, bets of the table."""

    key = KEY
    title = TITLE
    sport_words = TITLE
    codes = CODES
    room: tuple[str, ...] = ("pos/roulette/", "db/games/roulette.py", "ui/games/roulette/")
    names: tuple[str, ...] = ("roulette", "рулетк", "вуазен", "орфелин", "тьер")
    settings: tuple[SettingSpec[Any], ...] = SETTINGS
    batch_kind = 11  # in every roulette slip's terms: never another
    singles_only = True  # one bet per slip (DESIGN.md): its part returns stand alone
    read_anywhere = False  # "3", "H1": a line's typo is no bet on the wheel

    def claim_closes(self, leg: Leg) -> datetime:
        """The draw's start: the ball is spinning then."""
        return leg.starts_at

    def price(
        self, uow: UnitOfWork, event: Event, market: str, now: datetime, zone: ZoneInfo
    ) -> tuple[int, Decimal]:
        """The paytable's odds (seed 001 p.10.1), version 1; an announced bet at its best case.

        Raises:
            BetsClosed: the draw has started («Ставок больше нет»), or has its result (a
                draw cancelled before its start).
        """
        if now >= event.starts_at or uow.results.get(event.code) is not None:
            raise BetsClosed(spin_number(event.code), event.starts_at.astimezone(zone))
        best = _bet(market).best
        odds = Decimal(best.numerator) / Decimal(best.denominator)
        return 1, odds.quantize(_HUNDREDTH, rounding=ROUND_CEILING)

    def pays_at_once(self, settings: ShopSettings) -> bool:
        return settings.value(PAY_AT_ONCE)

    def sale_market(self, market: str, settings: ShopSettings) -> str:
        """An even chance with the zero rule in force now (p.10: the leg keeps it)."""
        bet = _bet(market)
        if bet.kind is not Kind.EVEN_CHANCE:
            return market
        plain = market.removesuffix(LOSES_ALL)
        return plain + LOSES_ALL if settings.value(ZERO_RULE) == ZeroRule.ALL else plain

    def best_return(self, market: str) -> Fraction | None:
        """The bet's best case exactly (Вуазен: 8/3), its odds being it rounded up."""
        return _bet(market).best

    def check_stake(self, market: str, stake: Decimal) -> None:
        """An announced bet's stake splits evenly over its chips in whole kopecks.

        Raises:
            StakeNotChips: it does not, with the nearest stakes that do.
        """
        bet = _bet(market)
        if chip_stake(bet, stake) is not None:
            return
        lower, higher = nearest_stakes(bet, stake)
        shown = "" if lower is None else format_money(lower)
        raise StakeNotChips(bet_words(bet), len(bet.chips), shown, format_money(higher))

    def parse_market(self, typed: str) -> str:
        """A bet as typed ("кр", "17/20", "вз"), or a canonical code as itself ("RED!").

        Raises:
            InvalidMarket: not shaped like a bet of the table; its subclasses (the game's
                sentences) for a code of the table's shape that is no bet.
        """
        if typed in _OF_STORED:
            return typed
        try:
            return _STORED[parse_bet(typed).code]
        except NotARouletteBet:
            if _table_shaped(typed):
                raise
            raise InvalidMarket(typed) from None

    def batch_line(self, market: str) -> int:
        return LINE[_bet(market).code]

    def market_of_batch(self, line: int) -> str:
        return _STORED[CATALOGUE[line].code]

    def market_words(self, market: str) -> str:
        return bet_words(_bet(market))

    def judge(self, market: str, result: FinalScore) -> LegVerdict:
        """The bet against the number spun (kept in the result's `home`): lost, won at its
        odds (one chip wholly won), or part returned at its exact value."""
        number = result.home
        assert number is not None  # a finished spin has its number
        bet = _bet(market)
        came = spun(bet.code, number)
        if came.returns == 0:
            return LegVerdict(LegOutcome.LOST, came.reason)
        if len(bet.chips) == 1 and came.returns > 1:
            return LegVerdict(LegOutcome.WON, came.reason)  # the leg's odds are the paytable's
        return LegVerdict(LegOutcome.PART, came.reason, came.returns)

    def leg_words(self, leg: Leg) -> LegWords:
        bet = _bet(leg.market)
        title = f"{TITLE}. Тираж № {spin_number(leg.event_code)}"
        return LegWords(title, "Спин", chips_words(bet), bet_words(bet))

    @property
    def use_cases(self) -> Mapping[str, UseCase]:
        from pos.roulette import use_cases  # noqa: PLC0415 - the settlement room, when asked

        return {
            "draw_board": use_cases.roulette_board,
            "cancel_draw": use_cases.cancel_spin,
            "record_spin": use_cases.record_spin,
            "check_spin": use_cases.check_spin,
            "import_spins": use_cases.import_spins,
        }


def _bet(market: str) -> Bet:
    """The bet of a leg's market (pos.roulette.codes.bet_of, a six-line as kept).

    Raises:
        NotARouletteBet: not a market this game ever sold.
    """
    found = _OF_STORED.get(market)
    return bet_of(market) if found is None else found


def _table_shaped(typed: str) -> bool:
    text = typed.strip().upper()
    return bool(text) and (text[0].isdigit() or text[0] in _CYRILLIC)


ROULETTE = Roulette()
