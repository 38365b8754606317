"""A game's markets on the seam (issue 36, docs/games_plan.md §2 step 6): read, worded, judged
and kept in a slip's terms through the installed game, the line's markets knowing none."""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from main import games
from pos.betting.bets import BetKind, BetType
from pos.betting.pricing import normalise_picks
from pos.betting.slips import Leg, Slip, SlipStatus
from pos.games.game import FinalScore, Game
from pos.games.registry import Games, installing
from pos.line.errors import InvalidMarket
from pos.line.events import parse_market
from pos.line.markets import LegOutcome, LegVerdict, Market, MarketKind
from pos.line.wording import market_code as typed_code
from pos.line.wording import market_words
from pos.settlement.batch import VERDICT_STATUS, Verdict, settle_terms
from pos.settlement.results import Result, ResultStatus
from pos.settlement.rules import event_verdict, settle_slip
from pos.settlement.terms import encode_terms, market_code

START = datetime(2026, 12, 6, 18, 0, tzinfo=UTC)
WHEEL = 700_001  # an event code of the stand-in game's draws
HEADER = 36  # the bytes of a slip's terms before its legs (pos.settlement.terms)
REDS = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})


class NotOnWheel(InvalidMarket):
    """The stand-in game's own refusal: a number the wheel does not have."""

    def message(self) -> str:
        return f"Числа {self.code} на колесе нет: числа от 0 до 36."


@dataclasses.dataclass(frozen=True)
class Wheel:
    """A stand-in game of these tests: a number from 0 to 36 is spun at each draw's start;
    a bet is on a number ("12": its own reading of what the line reads as a result) or red."""

    key: str = "wheel"
    title: str = "Колесо"
    sport_words: str = "Колесо"
    codes: range = range(700_000, 800_000)
    batch_kind: int = 200
    room: tuple[str, ...] = ("tests/unit/pos/test_game_markets.py",)
    names: tuple[str, ...] = ("wheel",)
    settings: tuple[object, ...] = ()

    def parse_market(self, typed: str) -> str:
        text = typed.strip().upper()
        if text in ("RED", "К"):
            return "RED"
        if text.startswith("N"):  # a canonical code reads as itself
            text = text[1:]
        if not text.isdecimal():
            raise InvalidMarket(typed)
        if int(text) > 36:
            raise NotOnWheel(typed)
        return f"N{int(text)}"

    def batch_line(self, market: str) -> int:
        return 100 if market == "RED" else int(market[1:])

    def market_of_batch(self, line: int) -> str:
        return "RED" if line == 100 else f"N{line}"

    def market_words(self, market: str) -> str:
        return "Красное (К)" if market == "RED" else f"Число {market[1:]} ({market[1:]})"

    def judge(self, market: str, result: FinalScore) -> LegVerdict:
        spun = result.home
        assert spun is not None
        won = spun in REDS if market == "RED" else market == f"N{spun}"
        return LegVerdict(LegOutcome.WON if won else LegOutcome.LOST, f"выпало {spun}")


@pytest.fixture(autouse=True)
def wheel() -> Iterator[Games]:
    with installing(Games([*_poker_alone(), Wheel()])) as installed:
        yield installed


def test_a_game_s_market_is_read_worded_and_judged_by_its_game() -> None:
    market = Market.parse(" 17 ")
    assert market == Market(MarketKind.GAME, "N17", game="wheel")
    assert (market.code, market.typed, parse_market("к")) == ("N17", "N17", "RED")
    assert market.words() == "Число 17 (17)" == market_words("N17")
    assert typed_code("N17") == "N17"
    assert market.verdict(17, 0) == LegVerdict(LegOutcome.WON, "выпало 17")
    assert Market.from_code("RED").verdict(17, 0).outcome is LegOutcome.LOST
    assert event_verdict("RED", _spun(WHEEL, 19)) == LegVerdict(LegOutcome.WON, "выпало 19")


def test_a_game_s_own_refusal_is_its_sentence_and_anything_else_the_line_s() -> None:
    with pytest.raises(NotOnWheel, match="Числа 37 на колесе нет"):
        Market.parse("37")
    with pytest.raises(InvalidMarket, match="Неизвестный исход «Z9»") as refused:
        Market.parse("Z9")
    assert type(refused.value) is InvalidMarket


def test_a_leg_on_a_game_s_draw_is_read_by_its_game_first() -> None:
    # "12" on the line is «Не будет ничьей»; on the wheel's draw it is the number 12.
    assert normalise_picks([(WHEEL, "12"), (101, "12")]) == [[(WHEEL, "N12")], [(101, "12")]]
    # What the game does not read is read as the line reads it (its price refuses it then).
    assert normalise_picks([(WHEEL, "х")]) == [[(WHEEL, "X")]]


def test_a_game_s_market_round_trips_through_a_slip_s_terms_and_settles_by_its_game() -> None:
    slip = _slip([(WHEEL, "N17", "36.00"), (WHEEL + 1, "RED", "2.00"), (101, "O2.5", "1.90")])
    terms = encode_terms(slip)
    legs = [struct.unpack_from("<IBBhI", terms, HEADER + 12 * i) for i in range(3)]
    assert [(kind, line) for _, _, kind, line, _ in legs] == [(200, 17), (200, 100), (6, 10)]
    assert [market_code(kind, line) for _, _, kind, line, _ in legs] == ["N17", "RED", "O2.5"]
    assert Market.from_batch(200, 100) == Market.from_code("RED")

    results = {WHEEL: _spun(WHEEL, 17), WHEEL + 1: _spun(WHEEL + 1, 3), 101: _spun(101, 2, 1)}
    settled = settle_terms([1], [terms], results)
    expected = settle_slip(slip, results)
    assert expected is not None and expected.payout == Decimal("1368.00")
    assert VERDICT_STATUS[Verdict(int(settled.status[0]))] is expected.status is SlipStatus.WON
    assert int(settled.payout[0]) == 136_800


def test_bet_on_poker_s_hands_keep_their_kind_and_line_in_the_terms_bit_for_bit() -> None:
    slip = _slip([(1_096_013, "P3", "4.96")])
    leg = encode_terms(slip)[HEADER:]
    assert leg == struct.pack("<IBBhI", 1_096_013, 0, 10, 12, 496)
    assert (
        Market.from_batch(10, 24)
        == Market.parse("р6")
        == Market(MarketKind.GAME, "P6", game="poker")
    )


def _poker_alone() -> list[Game]:
    # Roulette reads the wheel's numbers ("17", "N5") too: the stand-in is installed beside
    # poker alone (issue 36).
    return [game for game in games() if game.key == "poker"]


def _spun(code: int, home: int, away: int = 0) -> Result:
    start = START + timedelta(hours=1)
    return Result(code, ResultStatus.FINISHED, home, away, start, start, "студия")


def _slip(legs: list[tuple[int, str, str]]) -> Slip:
    members = tuple(
        (Leg(code, market, Decimal(odds), 1, f"Х{code}", f"Г{code}", START),)
        for code, market, odds in legs
    )
    odds = Decimal(1)
    for (leg,) in members:
        odds *= leg.odds
    return Slip(
        number="0000000000001",
        kind=BetKind(BetType.EXPRESS if len(legs) > 1 else BetType.SINGLE),
        members=members,
        stake=Decimal("10.00"),
        total_odds=odds,
        possible_payout=Decimal("10.00") * odds,
        terminal="К1",
        cashier="anna",
        issued_at=START,
        agreed_in_play=False,
        payout_cap=None,
    )


def test_a_game_s_market_is_read_again_once_the_installed_games_change() -> None:
    assert Market.from_code("N5").game == "wheel"
    with installing(Games(_poker_alone())):  # the wheel gone: its codes are no market any more
        assert market_words("N5") == "N5"
        with pytest.raises(ValueError, match="not a market code"):
            Market.from_code("N5")
