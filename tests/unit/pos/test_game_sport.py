"""A game's draws as a sport (issue 36, docs/games_plan.md §2 step 8): the line, its words, the
reports and the exchange name a game's events through the registry, never by the game's name."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from pos.exchange.errors import NotOnLine
from pos.exchange.offering import OfferTerms, new_offer
from pos.exchange.terms import ExchangeLimits
from pos.games.registry import Games, installed, installing
from pos.line.errors import InvalidEvent
from pos.line.events import Event, Sport, line_sport, new_event
from pos.line.wording import sport_words
from pos.reports.builders import (
    EventLiability,
    SalesHour,
    Tally,
    liabilities_report,
    turnover_report,
)
from pos.reports.tables import Period

D = Decimal
MINSK = ZoneInfo("Europe/Minsk")
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@dataclasses.dataclass(frozen=True)
class Coin:
    """A stand-in game of a test: a coin tossed at each draw's start (its hooks unused here)."""

    key: str = "coin"
    title: str = "Монетка"
    sport_words: str = "Монетка"
    codes: range = range(500_000, 600_000)
    batch_kind: int = 250
    settings: tuple[object, ...] = ()
    room: tuple[str, ...] = ("tests/unit/pos/test_game_sport.py",)
    names: tuple[str, ...] = ("coin", "монетк")


@pytest.fixture
def with_coin() -> object:
    with installing(Games([*installed(), Coin()])) as games:  # type: ignore[list-item]
        yield games


@pytest.mark.usefixtures("with_coin")
def test_a_games_key_is_no_sport_of_the_line_its_draws_come_by_its_schedule() -> None:
    with pytest.raises(InvalidEvent) as coin:
        line_sport("coin")
    with pytest.raises(InvalidEvent) as poker:
        new_event(7, "poker", "Bet-on-Poker", "тираж", T0 + timedelta(hours=1))

    assert (
        str(coin.value)
        == "Событие не сохранено: тиражи Монетка открываются по расписанию, не в линии."
    )
    assert str(poker.value) == (
        "Событие не сохранено: тиражи Bet-on-Poker открываются по расписанию, не в линии."
    )


def test_the_games_sport_is_no_sport_a_manager_types() -> None:
    with pytest.raises(InvalidEvent) as typed:
        line_sport("game")

    assert str(typed.value) == "Событие не сохранено: неизвестный вид спорта «game»."
    assert line_sport("hockey") is Sport.HOCKEY


@pytest.mark.usefixtures("with_coin")
def test_a_games_event_is_named_by_its_games_sport_words() -> None:
    assert sport_words(Sport.GAME, "coin") == "Монетка"
    assert sport_words(Sport.GAME, "poker") == "Покер"
    assert sport_words(Sport.FOOTBALL) == "Футбол"


@pytest.mark.usefixtures("with_coin")
def test_the_reports_name_a_games_row_by_its_sport_words_in_lower_case() -> None:
    period = Period.of(date(2026, 11, 30), date(2026, 11, 30), MINSK)
    made_at = T0.astimezone(MINSK)
    sales = [
        SalesHour(T0, Sport.GAME, False, Tally(2, D("10.00")), game="coin"),
        SalesHour(T0, Sport.GAME, False, Tally(1, D("5.00")), game="poker"),
        SalesHour(T0, Sport.FOOTBALL, False, Tally(1, D("3.00"))),
    ]
    owed = EventLiability(
        500_001, Sport.GAME, "Монетка", "тираж № 1", T0, 1, D("5"), D("9.75"), D("9.75"), "coin"
    )

    turnover = turnover_report(sales, period, made_at)
    liabilities = liabilities_report([owed], Tally(1, D("5")), D("9.75"), MINSK, made_at)

    assert [row[1] for row in turnover.rows] == ["монетка", "покер", "футбол"]
    assert [row[2] for row in liabilities.rows] == ["монетка"]


@pytest.mark.usefixtures("with_coin")
def test_an_offer_on_a_games_draw_is_refused_with_the_games_title() -> None:
    draw = Event(500_001, Sport.GAME, "Монетка", "тираж № 1", T0 + timedelta(hours=1), game="coin")
    limits = ExchangeLimits(
        min_stake=D("1"), max_stake=D("1000"), min_coefficient=D("0.10"), max_coefficient=D("50")
    )

    with pytest.raises(NotOnLine) as refused:
        new_offer(
            number="7",
            account="00000100017",
            event=draw,
            terms=OfferTerms(market="1", side="back", coefficient="1.50", stake="100"),
            line_markets=("1",),
            limits=limits,
            at=T0,
            terminal="К1",
            cashier="anna",
            office="M1",
        )

    assert "событие 500001 — тираж Монетка, его нет в линии" in str(refused.value)
