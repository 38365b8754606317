"""How markets, bet kinds and odds are named in Russian: shared by the screen and the slip.

Pure text, no Qt: the betting page and the printed slip must word a bet the same way, so
that what the player was shown is what the slip says.
"""

from __future__ import annotations

from decimal import Decimal

from pos.bets import BetKind, BetType
from pos.line import Sport
from pos.markets import Market

SPORT_WORDS = {
    Sport.FOOTBALL: "Футбол",
    Sport.HOCKEY: "Хоккей",
    Sport.BASKETBALL: "Баскетбол",
    Sport.POKER: "Покер",
}
# The participle «выдан» agrees with the first word of the document's kind (its noun, or an
# adjective agreeing with it): «паспорт …, выдан», «ID-карта …, выдана», «водительское
# удостоверение …, выдано» (issue 16).
_FEMININE_ENDINGS = ("а", "я")
_NEUTER_ENDINGS = ("о", "е")


def market_code(market: str) -> str:
    """A canonical market code as the cashier types it at the betting page: "O2.5" → "Б2,5",
    "U2.5" → "М2,5", "H1-1.5" → "Ф1-1,5"; the results as they are ("1", "X2").

    The one notation of the screens, the slip and the sentences (issue 16); pos.line's
    parse_market reads it back as the same market (pos.markets.Market.typed).

    Args:
        market: the market's code, as the line has it.

    Returns:
        The code shown; one that is not a canonical code is returned as it is.
    """
    known = _market(market)
    return market if known is None else known.typed


def market_words(market: str, sport: Sport | None = None) -> str:
    """A canonical market code in words, with the code the cashier types:
    "O2.5" → "Тотал больше 2,5 (Б2,5)", "1" → "Победа хозяев (1)" (pos.markets.Market.words).

    Args:
        market: the market's code, as the line has it.
        sport: the event's sport; in hockey a result is the regular time's:
            "X" → "Ничья в основное время (X)".

    Returns:
        The words; a code that is not a canonical code is returned as it is.
    """
    known = _market(market)
    return market if known is None else known.words(sport)


def sport_words(sport: Sport) -> str:
    """The sport as the slip names it: "Футбол", "Хоккей", "Баскетбол", "Покер"."""
    return SPORT_WORDS[sport]


def issued_words(kind: str) -> str:
    """«выдан», «выдана» or «выдано», as the document's kind (its leading noun) requires.

    Args:
        kind: the document's kind as the cashier typed it: "паспорт", "ID-карта",
            "вид на жительство", "удостоверение беженца".

    Returns:
        The participle in the kind's gender; masculine when the ending does not tell.
    """
    head = (kind.split() or [""])[0].lower()
    if head.endswith(_FEMININE_ENDINGS):
        return "выдана"
    if head.endswith(_NEUTER_ENDINGS):
        return "выдано"
    return "выдан"


def kind_words(kind: BetKind, *, blocks: bool = False) -> str:
    """The bet kind in words: Ординар, Экспресс, Система 2/3, Сложная система 2/3."""
    if kind.type is BetType.SINGLE:
        return "Ординар"
    if kind.type is BetType.EXPRESS:
        return "Экспресс"
    words = "Сложная система" if blocks else "Система"
    return f"{words} {kind.size}/{kind.of}"


def odds_words(odds: Decimal) -> str:
    """Odds of one leg with a decimal comma and two decimals: 2.1 → "2,10"."""
    return _comma(f"{odds.quantize(Decimal('0.01')):f}")


def total_odds_words(odds: Decimal) -> str:
    """Total odds with a decimal comma, at least two decimals: 4.3050 → "4,305", 2.1 → "2,10"."""
    whole, _, decimals = f"{odds.normalize():f}".partition(".")
    return f"{whole},{decimals.ljust(2, '0')}"


def plural(count: int, one: str, few: str, many: str) -> str:
    """`count` with the Russian noun form it takes: 1 экспресс, 3 экспресса, 5 экспрессов."""
    tens, units = count % 100, count % 10
    if units == 1 and tens != 11:
        form = one
    elif 2 <= units <= 4 and not 12 <= tens <= 14:
        form = few
    else:
        form = many
    return f"{count} {form}"


def _comma(number: str) -> str:
    return number.replace(".", ",")


def _market(code: str) -> Market | None:
    # The screens show whatever the line holds, even a code this version does not know.
    try:
        return Market.from_code(code)
    except ValueError:
        return None
