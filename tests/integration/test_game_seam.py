"""The proof that the games' seam holds (issue 36): a coin toss, a game defined wholly in this
module, registered in a test's shop beside the shop's own games, then sold, tossed, settled,
paid into the journal and printed through the real use cases, on SQLite and PostgreSQL. No
file outside this module was changed for it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from escpos.printer import Dummy

from main import games, open_shop
from pos.betting.slips import Leg, SlipStatus
from pos.core.clock import FixedClock
from pos.core.context import Context
from pos.core.errors import DomainError
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.games.game import FinalScore, LegWords, UseCase
from pos.games.registry import Games, installing
from pos.games.settings import SettingSpec, flag
from pos.line.errors import InvalidMarket
from pos.line.events import Event, Sport
from pos.line.markets import LegOutcome, LegVerdict
from pos.people.actor import SYSTEM, Actor
from pos.people.permissions import Permission
from pos.settlement.results import Result, ResultStatus
from pos.settlement.use_cases import settle_all
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal
PROFILE = "TM-T20II"
CUT = b"\x1dV\x00"
BASE = 1_000_000_000  # toss n is the event BASE + n: codes no game of the shop holds
STARTS = NOW + timedelta(minutes=2)
SIDES = {"H": ("Орёл", "О"), "T": ("Решка", "Р")}
TYPED = {"О": "H", "O": "H", "H": "H", "ОРЁЛ": "H", "Р": "T", "P": "T", "T": "T", "РЕШКА": "T"}
PAY_AT_ONCE = flag("coin_pay_at_once", "Выплачивать выигрыши «Монетки» сразу", default=True)


class TossNotStarted(DomainError):
    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Бросок № {self.number} ещё не начался: монету бросают после начала."


class TossClosed(DomainError):
    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Ставки на бросок № {self.number} закрыты: монета уже брошена."


@dataclass(frozen=True)
class TossView:
    code: int
    number: int
    starts_at: datetime
    fell: str | None


def open_toss(ctx: Context, actor: Actor, number: int, starts_at: datetime) -> TossView:
    """The toss `number`, put on sale until `starts_at` (managers)."""
    actor.require(Permission.DRAWS)
    code = BASE + number
    event = Event(code, Sport.GAME, "Орёл", "Решка", starts_at, "Монетка", game="coin")
    with ctx.unit_of_work() as uow:
        uow.line.add_event(event)
        uow.commit()
    return TossView(code, number, starts_at, None)


def toss(ctx: Context, actor: Actor, code: int, side: str) -> TossView:
    """The coin fell on `side` ("H" or "T"): its result recorded, its slips settled."""
    actor.require(Permission.DRAWS)
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        event = uow.line.get_event(code)
        assert event is not None
        if now < event.starts_at:
            raise TossNotStarted(code - BASE)
        fell = "HT".index(side)
        uow.results.add(
            Result(
                code,
                ResultStatus.FINISHED,
                fell,
                0,
                event.starts_at,
                now,
                "крупье",
                recorded_at=now,
                recorded_by=actor.login,
            )
        )
        uow.commit()
    settle_all(ctx, SYSTEM)
    return TossView(code, code - BASE, event.starts_at, side)


def toss_board(ctx: Context, actor: Actor) -> list[TossView]:
    """The tosses on sale or tossed, by code."""
    with ctx.unit_of_work() as uow:
        found = uow.line.events_by_code(list(range(BASE + 1, BASE + 10)))
        tossed = {code: uow.results.get(code) for code in found}
    return [
        TossView(
            code,
            code - BASE,
            event.starts_at,
            None if (r := tossed[code]) is None else "HT"[r.home or 0],
        )
        for code, event in sorted(found.items())
    ]


def cancel_toss(ctx: Context, actor: Actor, draw: int, reason: str) -> TossView:
    """The toss cancelled: every bet back at 1,00."""
    actor.require(Permission.DRAWS)
    code = draw if draw > BASE else BASE + draw
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        event = uow.line.get_event(code)
        assert event is not None
        uow.results.add(
            Result(code, ResultStatus.CANCELLED, None, None, now, now, reason, recorded_at=now)
        )
        uow.commit()
    settle_all(ctx, SYSTEM)
    return TossView(code, code - BASE, event.starts_at, None)


class CoinToss:
    """Heads or tails at 1,95, one toss every couple of minutes."""

    key = "coin"
    title = "Монетка"
    sport_words = "Монетка"
    codes = range(BASE + 1, BASE + 1_000)
    room: tuple[str, ...] = ("tests/integration/test_game_seam.py",)
    names: tuple[str, ...] = ("монетк",)
    settings: tuple[SettingSpec[Any], ...] = (PAY_AT_ONCE,)
    batch_kind = 250
    singles_only = False
    read_anywhere = False

    def claim_closes(self, leg: Leg) -> datetime:
        return leg.starts_at

    def price(
        self, uow: UnitOfWork, event: Event, market: str, now: datetime, zone: ZoneInfo
    ) -> tuple[int, Decimal]:
        if now >= event.starts_at or uow.results.get(event.code) is not None:
            raise TossClosed(event.code - BASE)
        return 1, D("1.95")

    def pays_at_once(self, settings: ShopSettings) -> bool:
        return settings.value(PAY_AT_ONCE)

    def sale_market(self, market: str, settings: ShopSettings) -> str:
        return market

    def best_return(self, market: str) -> Fraction | None:
        return None

    def check_stake(self, market: str, stake: Decimal) -> None:
        return None

    def parse_market(self, typed: str) -> str:
        side = TYPED.get(typed.strip().upper())
        if side is None:
            raise InvalidMarket(typed)
        return side

    def batch_line(self, market: str) -> int:
        return "HT".index(market)

    def market_of_batch(self, line: int) -> str:
        return "HT"[line]

    def market_words(self, market: str) -> str:
        name, typed = SIDES[market]
        return f"{name} ({typed})"

    def judge(self, market: str, result: FinalScore) -> LegVerdict:
        fell = "HT"[result.home or 0]
        outcome = LegOutcome.WON if fell == market else LegOutcome.LOST
        return LegVerdict(outcome, f"выпал{'' if fell == 'H' else 'а'} {SIDES[fell][0].lower()}")

    @property
    def use_cases(self) -> Mapping[str, UseCase]:
        return {
            "draw_board": toss_board,
            "cancel_draw": cancel_toss,
            "open_toss": open_toss,
            "toss": toss,
        }

    def leg_words(self, leg: Leg) -> LegWords:
        return LegWords(
            f"Монетка. Бросок № {leg.event_code - BASE}",
            "Бросок",
            "",
            self.market_words(leg.market),
        )


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile=PROFILE)


@pytest.fixture
def coin_shop(db_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    # The shop's own games and the coin: registered for this shop as main.py lists its own.
    with installing(Games((*games(), CoinToss()))):
        shop.seed_demo()
        yield shop
    shop.close()


def test_a_coin_toss_is_sold_tossed_settled_paid_into_the_journal_and_printed(
    coin_shop: Shop, clock: FixedClock, printer: Dummy
) -> None:
    boss: Desk = coin_shop.login("boss", "9911")
    anna: Desk = coin_shop.login("anna", "4821")
    tossed = boss.open_toss(7, STARTS)  # the desk reaches the game's own use case
    assert boss.draw_board(game="coin") == [tossed]

    heads = anna.accept_bet([(tossed.code, "о")], stake="10")  # typed on a Russian layout
    tails = anna.accept_bet([(tossed.code, "решка")], stake="4")
    assert (heads.legs[0].market, heads.legs[0].odds, heads.possible_payout) == (
        "H",
        D("1.95"),
        D("19.50"),
    )
    slip_paper = " ".join(read_job(printer.output.split(CUT)[0] + CUT, PROFILE).text().split())
    assert "Монетка. Бросок № 7 Бросок 30.11 12:02" in slip_paper
    assert "Орёл (О) 1,95" in slip_paper
    with pytest.raises(TossNotStarted):
        boss.toss(tossed.code, "H")

    clock.set(STARTS + timedelta(seconds=5))
    with pytest.raises(TossClosed, match="монета уже брошена"):
        anna.accept_bet([(tossed.code, "Р")], stake="10")
    boss.toss(tossed.code, "H")

    won, lost = anna.slip(heads.number), anna.slip(tails.number)
    assert (won.status, won.payout) == (SlipStatus.WON, D("19.50"))
    assert (lost.status, lost.payout) == (SlipStatus.LOST, D("0.00"))
    explained = anna.settlement(heads.number)
    assert explained is not None and "Орёл (О)" in explained.lines[0]
    assert "выпал орёл" in explained.lines[0]

    printer.clear()
    paid = anna.pay_out(heads.number, PASSPORT)  # the game pays at once (its own setting)
    assert paid.amount == D("19.50")
    entries = boss.journal()
    assert [(e.slip_number, e.amount) for e in entries][-1] == (heads.number, D("19.50"))
    receipt = " ".join(read_job(printer.output.split(CUT)[0] + CUT, PROFILE).text().split())
    assert "19,50" in receipt


def test_a_cancelled_toss_refunds_its_bets_and_its_setting_is_the_shop_s(
    coin_shop: Shop, clock: FixedClock
) -> None:
    boss: Desk = coin_shop.login("boss", "9911")
    anna: Desk = coin_shop.login("anna", "4821")
    tossed = boss.open_toss(8, STARTS)
    bet = anna.accept_bet([(tossed.code, "Р")], stake="10")
    clock.set(STARTS + timedelta(seconds=5))
    boss.cancel_draw(tossed.code, "монета упала со стола", game="coin")
    refunded = anna.slip(bet.number)
    assert (refunded.status, refunded.payout) == (SlipStatus.REFUND, D("10.00"))

    boss.update_settings(coin_pay_at_once=False)  # the game's setting, stored as the shop's
    assert boss.settings().value(PAY_AT_ONCE) is False
