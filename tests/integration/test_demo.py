"""The demo on both databases: the played yesterday ready to pay, a match waiting for its
result, «Спрэдбет» assets quoted and kept fresh, and the users as the README lists them."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.terminal import RememberedSignIn
from pos.people.users import Role
from pos.shop.demo_sign_in import demo_sign_in
from pos.shop.services import Shop
from pos.spread.asset_errors import StaleQuote
from pos.spread.bets import SpreadStatus
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher

README = Path(__file__).resolve().parents[2] / "README.md"
# The roles as the «Пользователи» page shows them (ui.pages.users.UsersPage.role_name).
ROLE_WORDS = {"Кассир": Role.CASHIER, "Менеджер": Role.MANAGER, "Руководитель сети": Role.HEAD}
# A terminal of each demo office (pos.shop.demo.DEMO_OFFICES).
TERMINAL_OF = {"M1": "К1", "M2": "К3"}


def _shop(db_url: str, clock: FixedClock, terminal: str = "К1") -> Shop:
    return open_shop(
        db_url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher(), printer=Dummy()
    )


@pytest.fixture
def demo(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    """The demo as the window's first start seeds it (main.py)."""
    shop = _shop(db_url, clock)
    try:
        shop.seed_demo(played_yesterday=True, chain=True, spread=True)
        yield shop
    finally:
        shop.close()


def test_a_new_database_gets_a_played_yesterday_ready_to_pay(
    db_url: str, clock: FixedClock
) -> None:
    shop = _shop(db_url, clock)
    try:
        shop.seed_demo(played_yesterday=True)
        anna = shop.login("anna", "4821")
        slips = anna.recent_slips(minutes=2 * 24 * 60)
        winners = [slip for slip in slips if slip.status is SlipStatus.WON]
        assert len(slips) == 5 and len(winners) == 3

        entry = anna.pay_out(winners[0].number, document=PASSPORT)

        assert entry.amount == winners[0].payout
        assert shop.slip(winners[0].number).status is SlipStatus.PAID
        assert shop.verify().ok
    finally:
        shop.close()


def test_pos_log_names_the_winning_and_the_losing_slips_of_yesterday(
    db_url: str, clock: FixedClock, caplog: pytest.LogCaptureFixture
) -> None:
    shop = _shop(db_url, clock)
    try:
        with caplog.at_level(logging.INFO, logger="pos.shop.services"):
            shop.seed_demo(played_yesterday=True)
        slips = shop.login("anna", "4821").recent_slips(minutes=2 * 24 * 60)
    finally:
        shop.close()
    won = sorted(s.number for s in slips if s.status is SlipStatus.WON)
    lost = sorted(s.number for s in slips if s.status is SlipStatus.LOST)
    said = [m.removeprefix("демо: ") for m in caplog.messages if m.startswith("демо: ")]
    lines = dict(line.split(": ", 1) for line in said)
    assert sorted(lines["вчерашние выигрышные купоны к выплате"].split(", ")) == won
    assert sorted(lines["вчерашние проигравшие купоны"].split(", ")) == lost


def test_a_match_played_last_night_waits_for_its_result(demo: Shop, clock: FixedClock) -> None:
    boss = demo.login("boss", "9911")

    waiting = [
        row.event
        for row in boss.results()
        if row.result is None and row.event.starts_at < clock.now() - timedelta(hours=3)
    ]

    assert [event.code for event in waiting] == [113]
    entered = boss.record_result(113, home=1, away=0, source="протокол матча")
    assert entered.event_code == 113
    assert demo.verify().ok


def test_two_assets_are_quoted_fresh_and_a_bet_opens_and_closes_at_once(
    demo: Shop, clock: FixedClock
) -> None:
    quoted = demo.login("boss", "9911").assets()
    assert len(quoted) == 2
    assert all(row.quote is not None and row.quote.at == clock.now() for row in quoted)

    anna = demo.login("anna", "4821")
    account = anna.open_account(document=PASSPORT).number
    anna.deposit(account, "500")
    bet = anna.open_spread(account, quoted[0].asset.code, "up", stake=Decimal("1.00"))
    anna.close_spread(bet.number, stake=Decimal("1.00"))

    assert demo.spread(bet.number).status is SpreadStatus.CLOSED


def test_the_demo_quotes_are_refreshed_as_the_demo_runs(demo: Shop, clock: FixedClock) -> None:
    anna = demo.login("anna", "4821")
    account = anna.open_account(document=PASSPORT).number
    anna.deposit(account, "500")
    code = demo.login("boss", "9911").assets()[0].asset.code
    clock.advance(timedelta(minutes=20))
    with pytest.raises(StaleQuote):
        anna.open_spread(account, code, "up", stake=Decimal("1.00"))

    assert demo.refresh_demo_quotes() == 2

    quoted = demo.login("boss", "9911").assets()
    assert all(row.quote is not None and row.quote.version == 2 for row in quoted)
    assert all(row.quote is not None and row.quote.at == clock.now() for row in quoted)
    assert anna.open_spread(account, code, "up", stake=Decimal("1.00")).number


def test_a_real_shops_quotes_are_never_refreshed(db_url: str, clock: FixedClock) -> None:
    shop = _shop(db_url, clock)
    try:
        shop.create_user("boss", "9911", Role.MANAGER)  # a real shop's first manager
        boss = shop.login("boss", "9911")
        boss.add_asset(
            "BRENT",
            name="Нефть Brent, фьючерс",
            point=Decimal("0.01"),
            margin_points=100,
            maintenance=Decimal("0.5"),
            min_stake=Decimal("0.10"),
            max_stake=Decimal("50"),
        )
        boss.set_quote("BRENT", bid=Decimal("74.10"), ask=Decimal("74.14"))
        clock.advance(timedelta(minutes=20))

        assert shop.refresh_demo_quotes() == 0

        quote = boss.assets()[0].quote
        assert quote is not None and quote.version == 1 and quote.bid == Decimal("74.10")
    finally:
        shop.close()


def _readme_users() -> list[tuple[str, str, str, str]]:
    """The README's table of the demo users: (login, PIN, role, office) as written."""
    text = README.read_text(encoding="utf-8")
    table = text.split("| user | PIN | role on the screen | office |", 1)[1].split("\n\n", 1)[0]
    rows = [line for line in table.strip().splitlines()[1:] if line.startswith("|")]
    cells = [[cell.strip().strip("`") for cell in row.strip("|").split("|")] for row in rows]
    return [(login, pin, role, office) for login, pin, role, office in cells]


def test_the_readme_lists_every_demo_user_as_the_screen_shows_them(
    demo: Shop, db_url: str, clock: FixedClock
) -> None:
    listed = _readme_users()
    with demo.unit_of_work() as uow:
        everyone = {user.login for user in uow.users.list()}
    assert sorted(login for login, *_rest in listed) == sorted(everyone)

    shops = {code: _shop(db_url, clock, terminal) for code, terminal in TERMINAL_OF.items()}
    try:
        for login, pin, role, office in listed:
            offices = list(TERMINAL_OF) if office.startswith("все") else [office]
            for code in offices:
                desk = shops[code].login(login, pin)
                assert desk.role is ROLE_WORDS[role], login
                assert re.fullmatch(r"\d{4}", pin)
    finally:
        for shop in shops.values():
            shop.close()


@pytest.mark.parametrize("terminal", ["К1", "К2"])
def test_a_first_start_lists_at_once_the_users_the_new_demo_will_list(
    db_url: str, clock: FixedClock, terminal: str
) -> None:
    listed = demo_sign_in(terminal)  # before the database exists (main.first_start)
    shop = _shop(db_url, clock, terminal)
    try:
        shop.seed_demo(played_yesterday=True, chain=True, spread=True)  # as main.py does

        assert listed == RememberedSignIn(shop.settings().shop_name, tuple(shop.user_logins()))
    finally:
        shop.close()


def test_a_terminal_the_demo_puts_in_another_office_waits_for_the_database() -> None:
    assert demo_sign_in("К3") is None
    assert demo_sign_in("Касса 7") is None
