"""How markets and sports are named in Russian: shared by the screen and the slip.

Pure text, no Qt: the betting page and the printed slip must word a bet the same way, so
that what the player was shown is what the slip says.
"""

from __future__ import annotations

from pos.games.registry import installed
from pos.line.events import Sport
from pos.line.markets import Market

SPORT_WORDS = {
    Sport.FOOTBALL: "Футбол",
    Sport.HOCKEY: "Хоккей",
    Sport.BASKETBALL: "Баскетбол",
}


def market_code(market: str) -> str:
    """A canonical market code as the cashier types it at the betting page: "O2.5" → "Б2,5",
    "U2.5" → "М2,5", "H1-1.5" → "Ф1-1,5"; the results as they are ("1", "X2").

    The one notation of the screens, the slip and the sentences (issue 16); pos.line.events's
    parse_market reads it back as the same market (pos.line.markets.Market.typed).

    Args:
        market: the market's code, as the line has it.

    Returns:
        The code shown; one that is not a canonical code is returned as it is.
    """
    known = known_market(market)
    return market if known is None else known.typed


def market_words(market: str, sport: Sport | None = None, event_code: int | None = None) -> str:
    """A canonical market code in words, with the code the cashier types:
    "O2.5" → "Тотал больше 2,5 (Б2,5)", "1" → "Победа хозяев (1)" (pos.line.markets.Market.words).

    Args:
        market: the market's code, as the line has it.
        sport: the event's sport; in hockey a result is the regular time's:
            "X" → "Ничья в основное время (X)".
        event_code: the event's code: a game's draw words its own codes first ("12").

    Returns:
        The words; a code that is not a canonical code is returned as it is.
    """
    return known_market_words(known_market(market, event_code), market, sport)


def known_market_words(known: Market | None, market: str, sport: Sport | None = None) -> str:
    """`market_words` of a market read already by `known_market` (None: the code as it is)."""
    return market if known is None else known.words(sport)


def sport_words(sport: Sport, game: str = "") -> str:
    """The sport as the slip names it: "Футбол", "Хоккей", "Баскетбол", or a game's own words.

    Args:
        sport: the event's sport.
        game: the key of the game whose draw the event is (Sport.GAME); "" when not known
            (a leg finds its game by its code), then the first game installed.

    Returns:
        The words; "" for a game that is not installed.
    """
    if sport is not Sport.GAME:
        return SPORT_WORDS[sport]
    games = installed()
    found = games.by_key(game) if game else next(iter(games), None)
    return "" if found is None else found.sport_words


def known_market(code: str, event_code: int | None = None) -> Market | None:
    """The market of a canonical code (with its event's code: a game's draw reads its own
    first), or None for a code this version does not know: the screens and papers show
    whatever the line holds."""
    try:
        return Market.from_code(code, event_code)
    except ValueError:
        return None
