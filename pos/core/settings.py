"""Shop settings: who the shop is and the limits of the house, validated and stored as text."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import time
from decimal import Decimal
from functools import lru_cache, partial
from typing import TYPE_CHECKING, TypeVar, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pos.core import game_settings, link_settings, register_settings
from pos.core.input_errors import InvalidAmount, InvalidSetting, InvalidText
from pos.core.inputs import clean_text, shown
from pos.core.money import format_money, to_money
from pos.core.setting_kinds import parse_flag, typed_decimal, whole

if TYPE_CHECKING:
    from pos.core.game_settings import GameSetting

T = TypeVar("T")

# A database from before offices is this office (db/migrations/versions/0011_offices.py).
FIRST_OFFICE = "M1"
_MONEY_FIELDS = (
    "min_stake",
    "max_stake_per_event",
    "max_payout",
    "exchange_min_stake",
    "exchange_max_stake",
    "max_deposit",
    "max_liability",
)
_TEXT_FIELDS = ("shop_name", "address", "licence_number")
_FLAG_FIELDS = ("always_check_id", "payout_anywhere", "identify_every_bet", "cashout_enabled")
# Who the settings are read for: the office's code and name come with its settings (the
# storage's `load(office)`), never set by `update_settings`.
_OFFICE_FIELDS = ("office_code", "office_name")
# What an office may set over the organiser's settings (pos.offices); the rest is chain-wide.
OFFICE_SETTINGS = (
    "min_stake",
    "max_stake_per_event",
    "max_express_odds",
    "max_payout",
    "always_check_id",
    "idle_lock_minutes",
    "working_hours",
    "skks_url",  # each office is an establishment with its own controller (КИЗ)
    "skks_mode",
)
_MAX_TEXT = 200
_MAX_ZONE = 64  # the longest IANA name is 32 characters
_MAX_ODDS_LIMIT = Decimal(1_000_000_000)
_OFFICE_CODE = re.compile(r"[0-9A-ZА-ЯЁ_-]{1,16}")


@dataclass(frozen=True)
class ShopSettings:
    """The settings in force in one office: the organiser's, with the office's own over them
    (pos.offices; a database with one office has the organiser's only)."""

    shop_name: str = "ООО «Букмекерская контора»"  # the organiser
    address: str = "г. Минск"  # the office's
    office_code: str = ""
    office_name: str = ""
    licence_number: str = "не указан"
    unp: str = ""  # the organiser's taxpayer number (УНП), printed on every fiscal document
    time_zone: str = "Europe/Minsk"
    # Belarus raised the gambling age to 21 (Decree No. 305 of 2018); seed 000 p.4 still says 18.
    min_age: int = 21
    min_stake: Decimal = Decimal("1.00")
    max_stake_per_event: Decimal = Decimal("5000.00")
    max_express_odds: Decimal = Decimal("1000.00")
    max_payout: Decimal = Decimal("100000.00")
    # p.4: the cashier may ask for a document when in doubt; some shops check every player.
    always_check_id: bool = False
    # The window locks after this many minutes without input and asks for the PIN again
    # (PCI DSS re-authentication after 15 minutes idle, notes/reliability.md finding 9).
    idle_lock_minutes: int = 15
    # A chain (issue 18): a slip is paid in any office of the chain, or only in the office
    # that issued it. Either way the entry goes into the paying office's journal.
    payout_anywhere: bool = False
    # The office's working hours, "09:00–23:00" (through midnight: "10:00–02:00"); "" is
    # round the clock. Spread bets are opened only within them (p.32).
    working_hours: str = ""
    # «Спрэдбет»: a quote older than this refuses opening and closing bets (the manager
    # enters a new one); the bookmaker's own quotes, not the market's (p.25).
    quote_max_age_minutes: int = 15
    # The most cash one deposit onto a player's account takes (pos.accounts).
    max_deposit: Decimal = Decimal("100000.00")
    # «Спрэдбетэкс» (p.38, p.53): the stakes and coefficients of offers, and the bookmaker's
    # commission, per cent of the winner's gain.
    exchange_min_stake: Decimal = Decimal("1.00")
    exchange_max_stake: Decimal = Decimal("5000.00")
    exchange_min_coefficient: Decimal = Decimal("0.10")
    exchange_max_coefficient: Decimal = Decimal("100.00")
    exchange_commission: Decimal = Decimal("5")
    # СККС (issue 35): the controller's address ("" for a demo or training shop, which reports
    # nothing); "online" makes an operation wait for its registration, "deferred" sends after.
    skks_url: str = ""
    skks_mode: str = "online"
    skks_timeout: int = 3
    skks_max_backlog: int = 60  # minutes a deferred terminal may stay cut off
    # Issue 35: every bet asks for the document first (Decree 226 of 2025 asks that participants
    # be identified; its text for land-based offices is not in hand, so off by default), and a
    # register of restricted persons older than this many days is warned about at sign-in.
    identify_every_bet: bool = False
    restricted_max_age: int = 1
    # The risk desk (issue 38): the most the chain pays if one outcome happens (an event may
    # have its own cap), and how many seconds a stake referred to a manager waits for them.
    max_liability: Decimal = Decimal("1000000.00")
    referral_timeout: int = 60
    # Cash-out, the shop buying an open slip back (issue 38): off unless the licence and the
    # published conditions (p.6) announce it; the shop's margin as a fraction, and how many
    # seconds an offer holds at its amount.
    cashout_enabled: bool = False
    cashout_margin: Decimal = Decimal("0.05")
    cashout_offer_seconds: int = 30
    # The installed games' settings by name (issue 36; pos.games.SettingSpec), their defaults
    # until set; a game reads its own with `value(spec)`.
    extra: tuple[tuple[str, object], ...] = field(default_factory=game_settings.defaults)

    @property
    def zone(self) -> ZoneInfo:
        """The shop's time zone, in which "the next day" and "one month" are reckoned."""
        return ZoneInfo(self.time_zone)

    def value(self, spec: GameSetting[T]) -> T:
        """A game's setting in force (its default where none is stored)."""
        found = next((value for name, value in self.extra if name == spec.name), spec.default)
        return cast(T, found)

    if not TYPE_CHECKING:  # pos reads `value(spec)`, typed; tests and tools read by name

        def __getattr__(self, name: str) -> object:
            spec = game_settings.declared().get(name)
            if spec is None:
                raise AttributeError(name)
            return self.value(spec)


# The settings of the shop itself, in order, and those `update_settings` may change.
SHOP_SETTINGS = tuple(f.name for f in dataclasses.fields(ShopSettings) if f.name != "extra")
_NAMES = tuple(name for name in SHOP_SETTINGS if name not in _OFFICE_FIELDS)


def apply_changes(current: ShopSettings, changes: dict[str, object]) -> ShopSettings:
    """Validate `changes` (values as typed or as Python values) and return the new settings.

    Raises:
        InvalidSetting: a value is out of range or not of the right kind; nothing is changed.
        TypeError: a name that is not a shop setting nor a game's (a programming error).
    """
    games = game_settings.declared()
    unknown = set(changes).difference(_NAMES, games)
    if unknown:
        raise TypeError(f"not shop settings: {sorted(unknown)}")
    parsed = {name: _parse(name, value) for name, value in changes.items() if name in _NAMES}
    extra = dict(current.extra)
    extra.update(
        (name, games[name].parse(value)) for name, value in changes.items() if name in games
    )
    parsed["extra"] = tuple(sorted(extra.items()))
    updated = dataclasses.replace(current, **parsed)  # type: ignore[arg-type]
    _check_consistency(updated)
    return updated


def to_text(settings: ShopSettings) -> dict[str, str]:
    """Each setting as the text stored in the database (not who they were read for)."""
    values = {name: getattr(settings, name) for name in _NAMES}
    return {name: str(value) for name, value in (*values.items(), *settings.extra)}


def from_text(stored: dict[str, str]) -> ShopSettings:
    """Settings from stored text; missing names keep their defaults, unknown names are ignored.

    Raises:
        InvalidSetting: a stored value is not valid (as `apply_changes`).
    """
    return _from_items(tuple(sorted(stored.items())), game_settings.generation())


@lru_cache(maxsize=32)
def _from_items(items: tuple[tuple[str, str], ...], games: int) -> ShopSettings:
    """`from_text` of the same rows, parsed once: a bet reads them and they seldom change;
    the settings are frozen, so the same rows (and the same games' settings) give the same."""
    stored = dict(items)
    names = {*_NAMES, *game_settings.declared()}
    settings = apply_changes(ShopSettings(), {k: v for k, v in stored.items() if k in names})
    return dataclasses.replace(
        settings,
        office_code=stored.get("office_code", ""),
        office_name=stored.get("office_name", ""),
    )


def check_office_code(value: object) -> str:
    """An office code as stored: up to 16 letters, digits, "-" or "_", in capitals ("m2": M2).

    Raises:
        InvalidSetting: empty, too long, or with a space or another sign.
    """
    code = shown(value, 40).strip().upper()
    if not _OFFICE_CODE.fullmatch(code):
        raise InvalidSetting("office_code", "office_code")
    return code


def check_text(name: str, value: object) -> str:
    """A text setting (a name, an address) as it will be printed.

    Raises:
        InvalidSetting: empty, too long or not printable text.
    """
    return _text(name, value, max_length=_MAX_TEXT)


def check_register_serial(value: object) -> str:
    """A cash register factory serial as it will be printed in the journal.

    Raises:
        InvalidSetting: empty or too long.
    """
    return _text("register_serial", value, max_length=40)


def check_register_number(value: object) -> str:
    """A cash register's registration number with the tax authority (may stay empty).

    Raises:
        InvalidSetting: too long or not printable text.
    """
    if isinstance(value, str) and not value.strip():
        return ""
    return _text("register_number", value, max_length=40)


def _unp(value: object) -> str:
    """УНП: nine digits, or empty while it is not set."""
    text = shown(value, 20).strip()
    if text and not (len(text) == 9 and text.isdecimal() and text.isascii()):
        raise InvalidSetting("unp", "unp")
    return text


def _parse(name: str, value: object) -> object:
    if name in _MONEY_FIELDS:
        return _money(name, value)
    if name in _TEXT_FIELDS:
        return _text(name, value, max_length=_MAX_TEXT)
    if name in _FLAG_FIELDS:
        return parse_flag(name, value)
    parsers: dict[str, Callable[[object], object]] = {
        "min_age": partial(whole, "min_age", 18, 99, "age_range", typed="age_not_whole"),
        "max_express_odds": _odds_limit,
        "idle_lock_minutes": partial(whole, "idle_lock_minutes", 1, 120, "minutes_range"),
        "unp": _unp,
        "working_hours": _hours,
        "quote_max_age_minutes": partial(
            whole, "quote_max_age_minutes", 1, 24 * 60, "quote_age_range"
        ),
        "exchange_min_coefficient": _coefficient_limit,
        "exchange_max_coefficient": _coefficient_limit,
        "exchange_commission": _commission,
        "skks_url": link_settings.url,
        "skks_mode": link_settings.mode,
        "skks_timeout": link_settings.timeout,
        "skks_max_backlog": link_settings.backlog,
        "restricted_max_age": register_settings.max_age,
        "referral_timeout": partial(whole, "referral_timeout", 10, 600, "referral_timeout"),
        "cashout_margin": _margin,
        "cashout_offer_seconds": partial(
            whole, "cashout_offer_seconds", 5, 300, "cashout_offer_seconds"
        ),
    }
    return parsers.get(name, _zone)(value)


def _money(name: str, value: object) -> Decimal:
    try:
        amount = to_money(value)
    except InvalidAmount as exc:
        cause = str(exc).rstrip(".")
        raise InvalidSetting(name, "amount", cause=cause[0].lower() + cause[1:]) from exc
    if amount <= 0:
        raise InvalidSetting(name, "not_positive")
    return amount


def _text(name: str, value: object, max_length: int) -> str:
    try:
        text = clean_text(value, "setting", max_length) if isinstance(value, str) else ""
    except InvalidText as refused:
        if refused.reason == "too_long":
            raise InvalidSetting(name, "too_long", str(max_length)) from None
        raise InvalidSetting(name, "text", cause=refused.problem()) from None
    if not text:
        raise InvalidSetting(name, "empty")
    return text


def _hours(value: object) -> str:
    """Working hours as "09:00–23:00" (a hyphen does too) or (time(9, 0), time(23, 0));
    empty: round the clock."""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(t, time) for t in value):
        value = f"{value[0]:%H:%M}–{value[1]:%H:%M}"
    text = shown(value, 40).strip().replace("-", "–").replace(" ", "")
    if not text:
        return ""
    parts = text.split("–")
    try:
        opens, closes = (time.fromisoformat(part) for part in parts)
    except ValueError:
        raise InvalidSetting("working_hours", "hours") from None
    if len(parts[0]) != 5 or len(parts[1]) != 5 or opens == closes:
        raise InvalidSetting("working_hours", "hours")
    return f"{opens:%H:%M}–{closes:%H:%M}"


def working_hours(settings: ShopSettings) -> tuple[time, time] | None:
    """When the office opens and closes; None: round the clock."""
    if not settings.working_hours:
        return None
    opens, closes = settings.working_hours.split("–")
    return time.fromisoformat(opens), time.fromisoformat(closes)


def _odds_limit(value: object) -> Decimal:
    odds = _decimal("max_express_odds", value, "odds_format")
    if odds > _MAX_ODDS_LIMIT:  # before quantize(), which 27 digits overflow (issue 15)
        raise InvalidSetting("max_express_odds", "odds_too_high")
    if odds <= 1 or odds != odds.quantize(Decimal("0.01")):
        raise InvalidSetting("max_express_odds", "odds_format")
    return odds.quantize(Decimal("0.01"))


def _coefficient_limit(value: object) -> Decimal:
    number = _decimal("exchange_coefficient", value, "coefficient_range")
    if not Decimal("0.01") <= number <= 10_000 or number != number.quantize(Decimal("0.01")):
        raise InvalidSetting("exchange_coefficient", "coefficient_range")
    return number


def _commission(value: object) -> Decimal:
    number = _decimal("exchange_commission", value, "commission_range")
    if not 0 <= number < 100 or number != number.quantize(Decimal("0.01")):
        raise InvalidSetting("exchange_commission", "commission_range")
    return number


def _margin(value: object) -> Decimal:
    number = _decimal("cashout_margin", value, "cashout_margin")
    if not 0 <= number < Decimal("0.5") or number != number.quantize(Decimal("0.0001")):
        raise InvalidSetting("cashout_margin", "cashout_margin")
    return number


def _decimal(name: str, value: object, reason: str) -> Decimal:
    number = typed_decimal(value)
    if number is None:
        raise InvalidSetting(name, reason)
    return number


def _zone(value: object) -> str:
    # Checked as text first: ZoneInfo opens a file by the name (256 characters: OSError).
    name = _text("time_zone", value if isinstance(value, str) else shown(value), _MAX_ZONE)
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise InvalidSetting("time_zone", "zone_unknown", name) from exc
    return name


def _check_consistency(settings: ShopSettings) -> None:
    if settings.min_stake > settings.max_stake_per_event:
        raise InvalidSetting(
            "min_stake", "min_above_max", format_money(settings.max_stake_per_event)
        )
    if settings.max_stake_per_event > settings.max_payout:
        raise InvalidSetting(
            "max_stake_per_event", "stake_above_payout", format_money(settings.max_payout)
        )
