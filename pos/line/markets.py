"""Markets (p.19): one value object, read once from what a cashier types or the line stores."""

from __future__ import annotations

import contextlib
import enum
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple

from pos.games.game import FIRST_GAME_KIND
from pos.games.registry import installed
from pos.line.errors import InvalidMarket

# What a leg came to is named here too, where the rooms have always imported it from.
from pos.line.verdicts import LegOutcome as LegOutcome  # noqa: PLC0414 - re-exported
from pos.line.verdicts import LegVerdict as LegVerdict  # noqa: PLC0414 - re-exported

if TYPE_CHECKING:
    from pos.games.game import FinalScore, Game
    from pos.games.registry import Games
    from pos.line.events import Sport

# A Russian keyboard layout types these letters where the cashier meant the Latin ones: Х/О look
# like X/O; Б(ольше)/М(еньше) (and a Latin M) are over/under; Ф(ора) and Н are a handicap's H.
_CYRILLIC = str.maketrans("ХхОоБбМмMmФфНн", "XXOOOOUUUUHHHH")
# The result markets in the order the line shows them: a column each on the line screen.
RESULT_CODES = ("1", "X", "2", "1X", "X2", "12")
# The one grammar of the lines (DESIGN.md, Markets): totals in halves, handicaps in quarters.
_TOTAL = re.compile(r"([OU])(\d{1,3}(?:\.[05])?)")
_HANDICAP = re.compile(r"H([12])([+-]?\d{1,3}(?:\.[05]|\.25|\.75)?)")
# The market kinds of a slip's terms (pos.settlement.batch), by index, with the line in quarters.
# In every slip's terms: never reorder. From FIRST_GAME_KIND on, each is one game's (issue 36).
_BATCH_KINDS = ("1", "X", "2", "1X", "X2", "12", "O", "U", "H1", "H2")
assert len(_BATCH_KINDS) == FIRST_GAME_KIND
_RESULT_WINS: dict[str, Callable[[int], bool]] = {
    "1": lambda d: d > 0,
    "X": lambda d: d == 0,
    "2": lambda d: d < 0,
    "1X": lambda d: d >= 0,
    "X2": lambda d: d <= 0,
    "12": lambda d: d != 0,
}
# The words of a result name its code as the cashier types it: «Победа хозяев (1)», never
# a П1 nobody can type (issue 16).
_RESULT_WORDS = {
    "1": "Победа хозяев",
    "X": "Ничья",
    "2": "Победа гостей",
    "1X": "Хозяева не проиграют",
    "X2": "Гости не проиграют",
    "12": "Не будет ничьей",
}
_TEAMS = {"1": "хозяев", "2": "гостей"}
_MINUS = "−"  # U+2212, as the line shows a handicap
# Sports whose match results are those of the regular time: a hockey game tied after it
# goes on to overtime, so its «Ничья» can only mean the regular time (issue 16). Named by
# Sport.HOCKEY's value: pos.line.events imports this module, and a StrEnum member equals its value.
_REGULAR_TIME_SPORTS = frozenset({"hockey"})
_REGULAR_TIME = "в основное время"


class MarketKind(enum.StrEnum):
    """What a market bets on."""

    RESULT = "result"  # 1, X, 2 and the double chances 1X, X2, 12
    TOTAL = "total"  # O2.5 / U2.5: over or under the line
    HANDICAP = "handicap"  # H1-1.5 / H2+1.5: a team's score with the handicap added
    GAME = "game"  # a market of a game's draw (pos.games): its game reads, words and judges it


@dataclass(frozen=True)
class Market:
    """A market of the line, parsed: built by `parse`, `from_code` or `from_batch`.

    `side` is what is picked: the result ("1" … "12"), "O" or "U" of a total, the team
    ("1", "2") of a handicap, the canonical code of a game's market ("P3"), whose game is
    `game` (its key). `line` is a total's line or a handicap's signed value, normalised
    (2.5, −1.5, 0); 0 for the others.
    """

    kind: MarketKind
    side: str
    line: Decimal = Decimal(0)
    game: str = ""

    @classmethod
    def parse(cls, text: object) -> Market:
        """A market as a cashier types it, on a Latin or Russian layout, with a decimal
        comma or point: "х" → X, "б2,5" → O2.5, "ф1-1,5" → H1-1.5; a canonical code reads
        as itself. What the line does not read, the installed games are asked in turn.

        Raises:
            InvalidMarket: not a market of the line (DESIGN.md, Markets) nor of a game; a
                game's own refusal (a subclass) when no game reads it and one refused it so.
        """
        raw = text if isinstance(text, str) else ""
        code = raw.strip().translate(_CYRILLIC).upper().replace(",", ".").replace(" ", "")
        if code in RESULT_CODES:
            return cls(MarketKind.RESULT, code)
        if match := _TOTAL.fullmatch(code):
            return cls(MarketKind.TOTAL, match[1], _normal(Decimal(match[2])))
        if match := _HANDICAP.fullmatch(code):
            return cls(MarketKind.HANDICAP, match[1], _normal(Decimal(match[2])))
        return _game_market(raw)

    @classmethod
    def from_code(cls, code: str, event: int | None = None) -> Market:
        """The market of a canonical code, as the line and the legs store it ("O2.5"); with
        the `event` code of a game's draw, its game's first ("12": a number on a wheel there,
        the line's «Не будет ничьей» elsewhere).

        Raises:
            ValueError: not a canonical code (a programming error: the line holds parsed codes).
        """
        games = installed()
        game = None if event is None else games.by_code(event)
        return _from_code(code, games) if game is None else _from_game_code(code, game.key, games)

    @classmethod
    def from_batch(cls, index: int, quarters: int) -> Market:
        """The market of a slip's terms, as `batch_key` encoded it: (6, 10) → O2.5; a game's
        kind through the installed game (pos.games.registry.Games.by_kind).

        Raises:
            ValueError: a kind neither the line's nor an installed game's.
        """
        if index >= len(_BATCH_KINDS):
            game = installed().by_kind(index)
            if game is None:
                raise ValueError(f"no market kind {index} installed")
            return cls(MarketKind.GAME, game.market_of_batch(quarters), game=game.key)
        name, value = _BATCH_KINDS[index], _normal(Decimal(quarters) / 4)
        if name in ("O", "U"):
            return cls(MarketKind.TOTAL, name, value)
        if name.startswith("H"):
            return cls(MarketKind.HANDICAP, name[1:], value)
        return cls(MarketKind.RESULT, name)

    @property
    def code(self) -> str:
        """The canonical code, as the line and the legs store it: "X", "O2.5", "H1-1.5", "P3"."""
        if self.kind is MarketKind.TOTAL:
            return f"{self.side}{_number(self.line)}"
        if self.kind is MarketKind.HANDICAP:
            return f"H{self.side}{'-' if self.line < 0 else '+'}{_number(abs(self.line))}"
        return self.side

    @property
    def typed(self) -> str:
        """The code as the cashier types it at the betting page, the one notation of the
        screens, the slip and the sentences (issue 16): O2.5 → "Б2,5", U2.5 → "М2,5",
        H1-1.5 → "Ф1-1,5"; results and games' markets as they are ("1", "X2", "P3")."""
        if self.kind is MarketKind.TOTAL:
            return ("Б" if self.side == "O" else "М") + _comma(self.line)
        if self.kind is MarketKind.HANDICAP:
            return f"Ф{self.side}{'-' if self.line < 0 else '+'}{_comma(abs(self.line))}"
        return self.code

    @property
    def batch_key(self) -> tuple[int, int]:
        """The (kind, line in quarters) of a slip's terms (pos.settlement.batch): O2.5 → (6, 10)."""
        if self.kind is MarketKind.RESULT:
            return _BATCH_KINDS.index(self.side), 0
        if self.kind is MarketKind.GAME:
            game = self._game()
            return game.batch_kind, game.batch_line(self.side)
        name = self.side if self.kind is MarketKind.TOTAL else f"H{self.side}"
        return _BATCH_KINDS.index(name), int(self.line * 4)

    @property
    def reading_key(self) -> tuple[int, Decimal, str]:
        """Where the market stands among an event's other markets on the line screen: totals
        first by line, over before under; then handicaps by size, team 1 before team 2."""
        if self.kind is MarketKind.TOTAL:
            return 0, self.line, self.side
        if self.kind is MarketKind.HANDICAP:
            return 1, abs(self.line), self.side
        return 2, Decimal(0), self.code

    def words(self, sport: Sport | None = None) -> str:
        """The market in words, with the code the cashier types, for the screen and the slip:
        "Тотал больше 2,5 (Б2,5)", "Победа хозяев (1)", "Рука 3".

        Args:
            sport: the event's sport; in hockey a result is the regular time's:
                "Ничья в основное время (X)". A game's market is worded by its game.
        """
        if self.kind is MarketKind.GAME:
            return self._game().market_words(self.side)
        return _line_words(self, sport)

    def judge(self, result: FinalScore) -> LegVerdict:
        """The market against its event's FINISHED result (pos.settlement.results.Result): a
        game's market by its game, which reads the result as it keeps it; others by `verdict`."""
        if self.kind is MarketKind.GAME:
            return self._game().judge(self.side, result)
        assert result.home is not None and result.away is not None  # a finished event has a score
        return self.verdict(result.home, result.away)

    def verdict(self, home: int, away: int) -> LegVerdict:
        """The market against a final score (p.19); a game's market against its draw's
        result as these numbers (its game judges it).

        Totals exactly on the line and handicaps that end level are void; quarter lines
        never are.
        """
        if self.kind is MarketKind.GAME:
            return self.judge(_Score(home, away))
        return _line_verdict(self, home, away)

    def _verdict(self, home: int, away: int) -> LegVerdict:
        score = f"счёт {home}:{away}"
        if self.kind is MarketKind.RESULT:
            return LegVerdict(_won(_RESULT_WINS[self.side](home - away)), score)
        if self.kind is MarketKind.TOTAL:
            return self._total_verdict(home + away, score)
        ours, theirs = (home, away) if self.side == "1" else (away, home)
        margin = ours + self.line - theirs
        if margin == 0:
            return LegVerdict(LegOutcome.VOID, f"{score}, с форой ничья (п.19)")
        return LegVerdict(_won(margin > 0), f"{score} с форой")

    def _total_verdict(self, total: int, score: str) -> LegVerdict:
        if total == self.line:
            return LegVerdict(LegOutcome.VOID, f"{score}, тотал {total} — ровно на линии (п.19)")
        over = total > self.line
        return LegVerdict(_won(over if self.side == "O" else not over), f"{score}, тотал {total}")

    def _game(self) -> Game:
        game = installed().by_key(self.game)
        assert game is not None, f"the game {self.game!r} is not installed"  # a programming error
        return game


# A payout words and judges each leg of its slip (issue 34: a slip of 10-20 legs is where a
# payout's p95 falls): the line's markets are few and so are the scores, so each market's
# words in a sport and its verdict on a score are made once. A game's are its game's own.
@functools.lru_cache(maxsize=1024)
def _line_words(market: Market, sport: object) -> str:
    if market.kind is MarketKind.RESULT:
        regular = f" {_REGULAR_TIME}" if sport in _REGULAR_TIME_SPORTS else ""
        return f"{_RESULT_WORDS[market.side]}{regular} ({market.side})"
    if market.kind is MarketKind.TOTAL:
        side = "больше" if market.side == "O" else "меньше"
        return f"Тотал {side} {_comma(market.line)} ({market.typed})"
    sign = _MINUS if market.line < 0 else "+"
    return f"Фора {_TEAMS[market.side]} {sign}{_comma(abs(market.line))} ({market.typed})"


@functools.lru_cache(maxsize=4096)
def _line_verdict(market: Market, home: int, away: int) -> LegVerdict:
    return market._verdict(home, away)


class _Score(NamedTuple):
    # A bare final score as a game reads a result (pos.games.game.FinalScore).
    home: int
    away: int


def _game_market(typed: str) -> Market:
    # A game's own refusal (a subclass of InvalidMarket) says more than the line's: it is kept.
    refusal = InvalidMarket(typed)
    for game in installed():
        if not getattr(game, "read_anywhere", True):  # a stand-in that does not say: anywhere
            continue
        try:
            return Market(MarketKind.GAME, game.parse_market(typed), game=game.key)
        except InvalidMarket as refused:
            if type(refusal) is InvalidMarket and type(refused) is not InvalidMarket:
                refusal = refused
    raise refusal


# Settlement reads a leg's code once per leg and the line screens once per cell: the codes of
# a line are few, so each is parsed once. A refusal is not cached. A game's code is read by the
# games installed, so they are part of the key (a test installs its own; issue 36).
@functools.lru_cache(maxsize=4096)
def _from_code(code: str, _games: Games) -> Market:
    try:
        market = Market.parse(code)
    except InvalidMarket:
        market = _game_code(code, _games) or _not_a_code(code)
    if market.code != code:  # typed, not stored: "х", "O2.50", "H1-0"
        raise ValueError(f"not a market code: {code!r}")
    return market


def _game_code(code: str, games: Iterable[Game]) -> Market | None:
    # A code a game keeps in its legs ("17/20"), read by that game whatever the line reads.
    for game in games:
        with contextlib.suppress(InvalidMarket):
            if game.parse_market(code) == code:
                return Market(MarketKind.GAME, code, game=game.key)
    return None


@functools.lru_cache(maxsize=4096)
def _from_game_code(code: str, key: str, games: Games) -> Market:
    # A leg on a game's draw: its game's code first; a line's code there as the line reads it.
    return _game_code(code, [g for g in games if g.key == key]) or _from_code(code, games)


def _not_a_code(code: str) -> Market:
    raise ValueError(f"not a market code: {code!r}")


def _won(won: bool) -> LegOutcome:
    return LegOutcome.WON if won else LegOutcome.LOST


def _normal(value: Decimal) -> Decimal:
    # −0 is 0: "H1-0" is the market H1+0.
    value = value.normalize()
    return value.copy_abs() if value.is_zero() else value


def _number(value: Decimal) -> str:
    return f"{value.normalize():f}"


def _comma(value: Decimal) -> str:
    return _number(value).replace(".", ",")


def regular_time_only(sport: object) -> bool:
    """Whether a match result in `sport` is its regular time's (issue 16), as the published
    conditions say (issue 37, p.6)."""
    return sport in _REGULAR_TIME_SPORTS
