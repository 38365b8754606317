"""A betting office (пункт приёма ставок) of the organiser: its code, name, address and the
settings it keeps over the organiser's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pos.core import settings as shop_settings
from pos.core.input_errors import InvalidSetting
from pos.core.settings import OFFICE_SETTINGS, ShopSettings
from pos.games.registry import installed

# A database from before offices is this office (db/migrations/versions/0011_offices.py).
FIRST_OFFICE = shop_settings.FIRST_OFFICE


@dataclass(frozen=True)
class Office:
    """An office of the chain. `settings` are its own, as stored text, over the organiser's."""

    code: str
    name: str
    address: str
    settings: Mapping[str, str] = field(default_factory=dict)


def new_office(code: object, name: object, address: object) -> Office:
    """An office as a manager typed it, checked.

    Raises:
        InvalidSetting: the code, the name or the address does not fit.
    """
    return Office(
        shop_settings.check_office_code(code),
        shop_settings.check_text("office_name", name),
        shop_settings.check_text("address", address),
    )


def with_settings(office: Office, organiser: ShopSettings, changes: dict[str, object]) -> Office:
    """The office with `changes` to its own settings; an empty value ("") drops one, so that
    the organiser's is in force again. Checked as the settings in force would be.

    Raises:
        InvalidSetting: a value does not fit, or a setting that is the chain's (the licence,
            the time zone, the minimum age, payouts anywhere) and not an office's.
    """
    own = dict(office.settings)
    # A game's setting is an office's when the game says so (issue 36).
    offices = {*OFFICE_SETTINGS, *(spec.name for spec in installed().settings() if spec.office)}
    for name, value in changes.items():
        if name not in offices:
            known = name in shop_settings.to_text(organiser)
            raise InvalidSetting(name if known else "setting", "office_only")
        if value == "" or value is None:
            own.pop(name, None)
        else:
            checked = shop_settings.apply_changes(organiser, {name: value})
            own[name] = shop_settings.to_text(checked)[name]
    # The limits together must still hold (the minimum stake below the maximum, …).
    shop_settings.from_text({**shop_settings.to_text(organiser), **own})
    return Office(office.code, office.name, office.address, own)
