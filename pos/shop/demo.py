"""The demo line: real-looking Belarusian football, hockey and basketball fixtures; two users;
and a played yesterday, so that a newcomer can try results, slip checks and payouts at once."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pos.core.clock import Clock, FixedClock
from pos.line.events import Sport
from pos.people.errors import UserExists
from pos.people.users import Role
from pos.shop.demo_manager import add_waiting_match
from pos.shop.demo_registration import number_registers

if TYPE_CHECKING:
    from pos.shop.services import Shop

# The README gives these PINs; they are for a demo database only.
DEMO_USERS: tuple[tuple[str, str, Role], ...] = (
    ("anna", "4821", Role.CASHIER),
    ("boss", "9911", Role.MANAGER),
)
# The names the demo's users sign the journal with, printed on their papers (issue 34); none
# is a surname of the tests' players, whose absence from the player's paper the tests check.
DEMO_NAMES = {
    "anna": "Соколова Анна Сергеевна",
    "boss": "Климович Дмитрий Петрович",
    "vera": "Тарасевич Вера Николаевна",
    "ivan": "Пашкевич Иван Андреевич",
}


@dataclass(frozen=True)
class DemoFixture:
    """One event of the demo line with its opening odds."""

    code: int
    sport: Sport
    home: str
    away: str
    starts_at: datetime
    odds: dict[str, Decimal]
    max_stake: Decimal | None = None  # the event's own maximum stake (p.18)


# (code, sport, home, away, days from today, local kick-off, odds by market)
_FIXTURES: tuple[tuple[int, Sport, str, str, int, str, str], ...] = (
    (
        101,
        Sport.FOOTBALL,
        "Динамо Минск",
        "БАТЭ Борисов",
        1,
        "19:00",
        "1=2.10 X=3.30 2=3.40 1X=1.30 X2=1.68 12=1.32 O2.5=2.05 U2.5=1.78 O1.5=1.36 U1.5=3.10 "
        "H1-1.5=4.20 H2+1.5=1.22 H1-1=3.40 H2+1=1.30",
    ),
    (
        102,
        Sport.FOOTBALL,
        "Шахтёр Солигорск",
        "Неман Гродно",
        1,
        "16:30",
        "1=1.85 X=3.45 2=4.30 1X=1.22 X2=1.92 12=1.30 O2.5=1.95 U2.5=1.85 H1-1.5=3.55 H2+1.5=1.30",
    ),
    (
        103,
        Sport.FOOTBALL,
        "Торпедо-БелАЗ Жодино",
        "Динамо Брест",
        2,
        "14:00",
        "1=2.45 X=3.10 2=2.90 1X=1.38 X2=1.50 12=1.33 O2.5=2.20 U2.5=1.66",
    ),
    (
        104,
        Sport.FOOTBALL,
        "Славия Мозырь",
        "Ислочь",
        2,
        "17:00",
        "1=2.25 X=3.20 2=3.25 O2.5=2.10 U2.5=1.72",
    ),
    (
        105,
        Sport.FOOTBALL,
        "Гомель",
        "Минск",
        3,
        "18:30",
        "1=2.60 X=3.05 2=2.70 O2.5=2.15 U2.5=1.70 H1+1.5=1.25 H2-1.5=3.80",
    ),
    (
        201,
        Sport.HOCKEY,
        "Юность-Минск",
        "Металлург Жлобин",
        1,
        "18:30",
        "1=2.05 X=4.10 2=2.90 O5.5=1.90 U5.5=1.90 H1-1.5=3.20 H2+1.5=1.35",
    ),
    (
        202,
        Sport.HOCKEY,
        "Неман Гродно",
        "Гомель",
        2,
        "19:00",
        "1=1.75 X=4.40 2=3.70 O5.5=1.85 U5.5=1.95 O6.5=2.55 U6.5=1.50",
    ),
    (
        203,
        Sport.HOCKEY,
        "Шахтёр Солигорск",
        "Динамо-Молодечно",
        3,
        "17:00",
        "1=1.60 X=4.60 2=4.50 O4.5=1.55 U4.5=2.40",
    ),
    (
        301,
        Sport.BASKETBALL,
        "Цмоки-Минск",
        "Борисфен Могилёв",
        2,
        "19:30",
        "1=1.22 2=4.20 O165.5=1.90 U165.5=1.90 H1-9.5=1.88 H2+9.5=1.92",
    ),
    (
        302,
        Sport.BASKETBALL,
        "Гродно-93",
        "Руна Минск",
        4,
        "18:00",
        "1=1.95 2=1.85 O158.5=1.87 U158.5=1.93 H1-1.5=1.98 H2+1.5=1.82",
    ),
)


_LIMITS = {105: Decimal("2000.00")}  # 5 000 on 105 goes to a manager (issue 38)


def demo_fixtures(today: date, zone: ZoneInfo) -> list[DemoFixture]:
    """The demo events, dated from `today` (shop-local) so that the line is always ahead."""
    fixtures = []
    for code, sport, home, away, days, kickoff, odds in _FIXTURES:
        local = datetime.combine(today + timedelta(days=days), time.fromisoformat(kickoff), zone)
        quotes = {market: Decimal(value) for market, value in (p.split("=") for p in odds.split())}
        fixtures.append(DemoFixture(code, sport, home, away, local, quotes, _LIMITS.get(code)))
    return fixtures


# Yesterday's matches (shop-local kick-off), the results recorded in the evening, and the bets
# taken on them in the morning: three of the five slips won and wait for their payout today.
_YESTERDAY: tuple[tuple[int, Sport, str, str, str, str, tuple[int, int]], ...] = (
    (
        111,
        Sport.FOOTBALL,
        "Энергетик-БГУ",
        "Витебск",
        "13:00",
        "1=2.10 X=3.20 2=3.50 O2.5=1.95 U2.5=1.85",
        (2, 1),
    ),
    (
        112,
        Sport.FOOTBALL,
        "Арсенал Дзержинск",
        "Слуцк",
        "15:00",
        "1=2.40 X=3.20 2=2.95 O2.5=2.05 U2.5=1.75",
        (1, 1),
    ),
    (
        211,
        Sport.HOCKEY,
        "Динамо-Молодечно",
        "Лида",
        "17:00",
        "1=1.95 X=4.20 2=3.10 O5.5=1.90 U5.5=1.90",
        (3, 2),
    ),
)
# (legs, stake, kind) as the cashier typed them at 10:30 yesterday.
_YESTERDAYS_BETS: tuple[tuple[tuple[tuple[int, str], ...], str, str], ...] = (
    (((111, "1"),), "20", "single"),  # won: 42,00
    (((111, "1"), (112, "X")), "10", "express"),  # won: 67,20
    (((211, "O5.5"),), "15", "single"),  # lost: five goals, under 5.5
    # won: 67,20 + 40,95 + 62,40 = 170,55
    (((111, "1"), (112, "X"), (211, "1")), "30", "system 2/3"),
    (((112, "1"),), "5", "single"),  # lost: a draw
)
_YESTERDAYS_FLOAT = Decimal("500.00")
_TOURNAMENTS = {Sport.FOOTBALL: "Высшая лига", Sport.HOCKEY: "Экстралига"}
_BETS_AT, _RESULTS_AT, _CLOSED_AT = time(10, 30), time(20, 0), time(21, 0)


def play_yesterday(shop: Shop) -> list[str]:
    """Play the demo's yesterday through the shop's own use cases: the cashier's shift with
    its bets (slips printed and their stakes' receipts), the manager's results, the
    settlement and the shift closed with its Z report; and a match of last night left waiting
    for its result (pos.shop.demo_manager). Returns the numbers of yesterday's slips, in the
    order they were taken.

    The shop's clock stands at yesterday's moments meanwhile and is given back after, so every
    record (the audit chain, receipts, the journal) is in time order before today's.
    """
    zone = shop.settings().zone
    yesterday = shop.clock.now().astimezone(zone).date() - timedelta(days=1)
    history = FixedClock(_moment(yesterday, time(9, 0), zone))
    with _clock(shop, history):
        shop.seed_demo_users()
        # The demo's licence and conditions announce cash-out (issue 38), so the window shows it.
        shop.update_settings(cashout_enabled=True)
        _add_yesterdays_line(shop, yesterday, zone)
        history.set(_moment(yesterday, _BETS_AT, zone))
        cashier = shop.login(*DEMO_USERS[0][:2])
        cashier.open_shift(cash=_YESTERDAYS_FLOAT)
        numbers = []
        for legs, stake, kind in _YESTERDAYS_BETS:
            history.advance(timedelta(minutes=7))
            numbers.append(cashier.accept_bet(list(legs), stake=Decimal(stake), kind=kind).number)
        history.set(_moment(yesterday, _RESULTS_AT, zone))
        manager = shop.login(*DEMO_USERS[1][:2])
        for code, *_rest, (home, away) in _YESTERDAY:
            manager.record_result(code, home=home, away=away, source="демо: протокол матча")
        shop.settle()
        history.set(_moment(yesterday, _CLOSED_AT, zone))
        status = cashier.shift()
        if status is not None:
            cashier.close_shift(counted=status.summary.expected)
    return numbers


def _add_yesterdays_line(shop: Shop, yesterday: date, zone: ZoneInfo) -> None:
    manager = shop.login(*DEMO_USERS[1][:2])
    for code, sport, home, away, kickoff, odds, _score in _YESTERDAY:
        starts_at = _moment(yesterday, time.fromisoformat(kickoff), zone)
        manager.add_event(
            code, sport, home, away, starts_at, tournament=_TOURNAMENTS.get(sport, "")
        )
        for pair in odds.split():
            market, value = pair.split("=")
            manager.set_odds(code, market, Decimal(value))
    add_waiting_match(manager, yesterday, zone)


@contextmanager
def _clock(shop: Shop, clock: Clock) -> Iterator[None]:
    real = shop.clock
    shop.clock = clock
    try:
        yield
    finally:
        shop.clock = real


def _moment(day: date, at: time, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, at, zone).astimezone(UTC)


# The demo chain (issue 18): two offices with two terminals each, and their staff; the demo
# manager is the chain's head there, who keeps the line and the results for both.
DEMO_OFFICES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("M1", "Пункт приёма ставок № 1", "г. Минск, пр. Независимости, 58", ("К1", "К2")),
    ("M2", "Пункт приёма ставок № 2", "г. Минск, ул. Кальварийская, 1", ("К3", "К4")),
)
DEMO_CHAIN_USERS: tuple[tuple[str, str, Role, str], ...] = (
    ("vera", "5555", Role.CASHIER, "M2"),
    ("ivan", "6600", Role.MANAGER, "M2"),
)


def seed_chain(shop: Shop) -> None:
    """Open the demo's offices, register their terminals with demo registers, add their staff
    (what is there already stays)."""
    known = {office.code for office in shop.offices()}
    terminals = shop.terminals()
    for code, name, address, members in DEMO_OFFICES:
        if code in known:
            shop.update_office(code, name=name, address=address)
        else:
            shop.add_office(code, name=name, address=address)
        for terminal in members:
            if terminals.get(terminal) is None:
                shop.register_terminal(terminal, office=code, register_serial=f"DEMO-{terminal}")
        number_registers(shop, members)
    for login, pin, role, office in DEMO_CHAIN_USERS:
        with contextlib.suppress(UserExists):  # added by an earlier demo
            shop.create_user(login, pin, role, office=office, name=DEMO_NAMES.get(login, ""))
