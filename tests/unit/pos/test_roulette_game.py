"""Roulette on the games' seam (issue 36): each hook of pos.games.game.Game as the house calls
it, the settings it declares, and its codes apart from poker's and the line's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from main import games
from pos.betting.slips import Leg
from pos.core.input_errors import InvalidSetting
from pos.core.settings import ShopSettings, apply_changes, from_text, to_text
from pos.line.errors import InvalidMarket
from pos.line.events import Event, Sport
from pos.line.markets import LegOutcome, LegVerdict, Market, MarketKind
from pos.line.wording import market_words
from pos.poker.codes import LAST_DRAW_CODE
from pos.poker.game import POKER
from pos.roulette.bets import CATALOGUE, ZeroRule
from pos.roulette.draws import SPIN_CODE_BASE, spin_code
from pos.roulette.errors import BetsClosed, NotANumber, NotARouletteBet, StakeNotChips
from pos.roulette.game import ROULETTE
from pos.roulette.settings import INTERVAL, PAY_AT_ONCE, ZERO_RULE
from pos.settlement.results import Result, ResultStatus
from pos.settlement.rules import event_verdict

STARTS = datetime(2026, 12, 6, 15, 3, tzinfo=UTC)
MINSK = ZoneInfo("Europe/Minsk")
CODE = spin_code(512)
EVENT = Event(CODE, Sport.GAME, "Рулетка", "тираж № 512", STARTS, tournament="Рулетка")


def _spun(number: int) -> Result:
    return Result(CODE, ResultStatus.FINISHED, number, 0, STARTS, STARTS, "студия")


def test_roulette_is_installed_beside_poker_with_codes_and_a_kind_of_its_own() -> None:
    installed = games()
    assert installed.by_key("roulette") is ROULETTE
    assert (ROULETTE.title, ROULETTE.sport_words, ROULETTE.batch_kind) == ("Рулетка",) * 2 + (11,)
    # Poker's codes end far below roulette's: the codes between are left to other games.
    assert installed.by_code(LAST_DRAW_CODE) is POKER
    assert installed.by_code(LAST_DRAW_CODE + 1) is installed.by_code(SPIN_CODE_BASE) is None
    assert installed.by_code(SPIN_CODE_BASE + 1) is installed.by_code(CODE) is ROULETTE
    assert POKER.codes.stop == LAST_DRAW_CODE + 1 <= SPIN_CODE_BASE
    assert installed.by_kind(11) is ROULETTE and ROULETTE.singles_only and not POKER.singles_only


def test_its_settings_are_declared_with_their_defaults_and_refusals() -> None:
    assert [(s.name, s.default, s.kind) for s in ROULETTE.settings] == [
        ("roulette_interval", 3, "int"),
        ("roulette_zero_rule", "half", "choice"),
        ("roulette_pay_at_once", False, "flag"),
    ]
    changed = apply_changes(ShopSettings(), {"roulette_interval": "5", "roulette_zero_rule": "all"})
    assert from_text(to_text(changed)) == changed
    assert (changed.value(INTERVAL), changed.value(ZERO_RULE)) == (5, ZeroRule.ALL)
    with pytest.raises(InvalidSetting) as interval:
        apply_changes(ShopSettings(), {"roulette_interval": "61"})
    assert str(interval.value) == (
        "Настройка «Интервал тиражей рулетки (минут)» не сохранена: введите целое число минут "
        "от 1 до 60."
    )
    with pytest.raises(InvalidSetting, match="«half» — на зеро шансы теряют половину"):
        apply_changes(ShopSettings(), {"roulette_zero_rule": "никогда"})
    assert not ROULETTE.pays_at_once(ShopSettings())
    assert ROULETTE.pays_at_once(apply_changes(ShopSettings(), {"roulette_pay_at_once": "да"}))
    assert PAY_AT_ONCE.label == "Выплачивать выигрыши рулетки сразу после тиража"


def test_a_bet_is_read_as_typed_and_its_code_reads_as_itself() -> None:
    assert [ROULETTE.parse_market(t) for t in ("кр", "20/17", "вз", "н17", "д1")] == [
        "RED",
        "17/20",
        "VOISINS",
        "N17",
        "D1",
    ]
    assert ROULETTE.parse_market("RED!") == "RED!"  # the zero rule kept at the sale
    assert ROULETTE.parse_market("13/14/15/16/17/18") == "13-18"  # 16 characters in the db
    assert all(ROULETTE.parse_market(ROULETTE.market_of_batch(i)) for i in range(len(CATALOGUE)))


def test_its_refusals_are_the_line_s_unknown_market_or_a_kind_of_it() -> None:
    with pytest.raises(NotANumber):
        ROULETTE.parse_market("37")
    with pytest.raises(NotARouletteBet, match="«Д4» — не ставка рулетки"):
        ROULETTE.parse_market("Д4")
    with pytest.raises(InvalidMarket) as foreign:
        ROULETTE.parse_market("Z9")  # not the table's shape: the line's sentence
    assert type(foreign.value) is InvalidMarket
    assert issubclass(NotARouletteBet, InvalidMarket)
    # Where no event says whose a code is, a line's typo is no bet on the wheel.
    with pytest.raises(InvalidMarket, match="Неизвестный исход «H1»"):
        Market.parse("H1")
    assert Market.from_code("17/20") == Market(MarketKind.GAME, "17/20", game="roulette")


def test_a_leg_on_a_spin_reads_its_code_as_the_game_s_not_the_line_s() -> None:
    assert Market.from_code("2").kind is MarketKind.RESULT
    assert Market.from_code("2", CODE) == Market(MarketKind.GAME, "2", game="roulette")
    assert market_words("2", Sport.GAME, CODE) == "Номер 2"
    assert event_verdict("2", _spun(2)).outcome is LegOutcome.WON


def test_each_market_keeps_its_line_in_the_terms() -> None:
    lines = [ROULETTE.batch_line(ROULETTE.market_of_batch(i)) for i in range(len(CATALOGUE))]
    assert lines == list(range(len(CATALOGUE)))
    assert (ROULETTE.batch_line("17/20"), ROULETTE.batch_line("VOISINS")) == (68, 163)


def test_the_zero_rule_in_force_is_kept_in_an_even_chance_sold() -> None:
    half, whole = ShopSettings(), apply_changes(ShopSettings(), {"roulette_zero_rule": "all"})
    assert ROULETTE.sale_market("RED", whole) == "RED!"
    assert ROULETTE.sale_market("RED!", half) == "RED"
    assert ROULETTE.sale_market("D1", whole) == "D1"
    assert POKER.sale_market("P3", whole) == "P3"


def test_the_paytable_prices_a_bet_until_the_spin_starts() -> None:
    before = STARTS - timedelta(seconds=1)
    unspun: Any = SimpleNamespace(results=SimpleNamespace(get=lambda code: None))
    assert ROULETTE.price(unspun, EVENT, "17", before, MINSK) == (1, Decimal(36))
    assert ROULETTE.price(unspun, EVENT, "VOISINS", before, MINSK) == (1, Decimal("2.67"))
    cancelled: Any = SimpleNamespace(results=SimpleNamespace(get=lambda code: _spun(0)))
    with pytest.raises(BetsClosed):  # a draw cancelled before its start takes no more bets
        ROULETTE.price(cancelled, EVENT, "17", before, MINSK)
    with pytest.raises(BetsClosed) as closed:
        ROULETTE.price(unspun, EVENT, "17", STARTS, MINSK)
    assert str(closed.value) == (
        "Ставок больше нет: тираж рулетки № 512 начался в 18:03:00, ставки принимаются на "
        "следующий тираж."
    )
    assert (ROULETTE.best_return("VOISINS"), ROULETTE.best_return("17")) == (Fraction(8, 3), 36)
    assert POKER.best_return("P3") is None
    leg = Leg(CODE, "17", Decimal(36), 1, "Рулетка", "тираж № 512", STARTS)
    assert ROULETTE.claim_closes(leg) == STARTS


def test_an_announced_bet_s_stake_splits_over_its_chips_in_whole_kopecks() -> None:
    ROULETTE.check_stake("VOISINS", Decimal("9"))
    ROULETTE.check_stake("17", Decimal("0.01"))
    with pytest.raises(StakeNotChips) as refused:
        ROULETTE.check_stake("ZERO", Decimal("1.01"))
    assert str(refused.value) == (
        "Ставка «Зеро шпиль (ЗШ)» делится поровну на 4 фишки: примите 1,00 или 1,04."
    )


def test_a_spin_judges_a_bet_won_lost_or_part_returned_exactly() -> None:
    assert ROULETTE.judge("17", _spun(17)).outcome is LegOutcome.WON
    assert ROULETTE.judge("17", _spun(18)).outcome is LegOutcome.LOST
    assert ROULETTE.judge("RED", _spun(0)) == LegVerdict(
        LegOutcome.PART,
        "выпало 0 — зеро, половина ставки возвращается (п.9.1)",
        Fraction(1, 2),
    )
    assert ROULETTE.judge("RED!", _spun(0)).outcome is LegOutcome.LOST
    assert ROULETTE.judge("VOISINS", _spun(0)).value == Fraction(8, 3)
    assert ROULETTE.market_words("13-18") == "Шесть номеров 13–18 (13/14/15/16/17/18)"
