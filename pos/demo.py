"""The demo line: real-looking Belarusian football, hockey and basketball fixtures; two users."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.line import Sport
from pos.users import Role

# The README gives these PINs; they are for a demo database only.
DEMO_USERS: tuple[tuple[str, str, Role], ...] = (
    ("anna", "4821", Role.CASHIER),
    ("boss", "9911", Role.MANAGER),
)


@dataclass(frozen=True)
class DemoFixture:
    """One event of the demo line with its opening odds."""

    code: int
    sport: Sport
    home: str
    away: str
    starts_at: datetime
    odds: dict[str, Decimal]


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


def demo_fixtures(today: date, zone: ZoneInfo) -> list[DemoFixture]:
    """The demo events, dated from `today` (shop-local) so that the line is always ahead."""
    fixtures = []
    for code, sport, home, away, days, kickoff, odds in _FIXTURES:
        local = datetime.combine(today + timedelta(days=days), time.fromisoformat(kickoff), zone)
        quotes = {market: Decimal(value) for market, value in (p.split("=") for p in odds.split())}
        fixtures.append(DemoFixture(code, sport, home, away, local, quotes))
    return fixtures
