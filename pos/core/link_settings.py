"""The СККС settings as typed (issue 35): the controller's address, the mode, the waits."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from pos.core.input_errors import InvalidNumber, InvalidSetting
from pos.core.inputs import parse_code, shown

if TYPE_CHECKING:
    from pos.core.settings import ShopSettings

ONLINE = "online"
DEFERRED = "deferred"
_MODES = {ONLINE: ONLINE, DEFERRED: DEFERRED, "онлайн": ONLINE, "отложенный": DEFERRED}


def connected(settings: ShopSettings) -> bool:
    """Whether the office reports to a controller."""
    return bool(settings.skks_url)


def url(value: object) -> str:
    """The controller's base address, http(s) with a host; empty: no controller."""
    text = shown(value, 300).strip()
    if not text:
        return ""
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port out of range raises here, not at the first bet
    except ValueError:
        raise InvalidSetting("skks_url", "skks_url") from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or len(text) > 200
        or any(char.isspace() or not char.isprintable() for char in text)
    ):
        raise InvalidSetting("skks_url", "skks_url")
    return text.rstrip("/") + "/"


def mode(value: object) -> str:
    text = shown(value, 40).strip().lower()
    if text not in _MODES:
        raise InvalidSetting("skks_mode", "skks_mode")
    return _MODES[text]


def timeout(value: object) -> int:
    return _whole("skks_timeout", value, 1, 60)


def backlog(value: object) -> int:
    return _whole("skks_max_backlog", value, 1, 24 * 60)


def _whole(name: str, value: object, low: int, high: int) -> int:
    try:
        number = parse_code(value, "setting", low=0)
    except InvalidNumber:
        raise InvalidSetting(name, name) from None
    if not low <= number <= high:
        raise InvalidSetting(name, name)
    return number
