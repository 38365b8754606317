"""The settings a game declares (issue 36): the shop's settings keep them, the settings page
shows them, as they do the shop's own; an Odoo addon's manifest declares its fields so."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Generic, Literal, TypeVar

from pos.core.setting_kinds import parse_flag

T = TypeVar("T")

# The form's widget for a setting: a switch, a field typed in (a decimal comma, a whole
# number, one of `choices`, a text).
Kind = Literal["flag", "decimal", "int", "choice", "text"]


@dataclass(frozen=True)
class SettingSpec(Generic[T]):
    """A game's setting: stored in the settings table under `name` (never renamed), shown
    and refused under `label`, `default` until a manager sets it.

    `parse` reads a value as typed or stored and raises InvalidSetting (pos.core.input_errors)
    for one it refuses, with its own sentence (`cause`) where the house has none. `office`:
    an office may set it over the organiser's (pos.offices), as the shop's OFFICE_SETTINGS.
    """

    name: str
    label: str
    default: T
    parse: Callable[[object], T]
    kind: Kind
    choices: tuple[str, ...] = ()
    office: bool = False
    # A choice's words on the settings page, one for each of `choices` (the codes stored).
    choice_words: tuple[str, ...] = ()


def flag(
    name: str, label: str, *, default: bool = False, office: bool = False
) -> SettingSpec[bool]:
    """A yes/no setting of a game, read as the shop's own are ("да", "нет", True…).

    Args:
        name: Its key in the settings table.
        label: What the settings page and a refusal call it.
        default: Its value until a manager sets it.
        office: Whether an office may set it over the organiser's.

    Returns:
        The spec, shown as a switch.
    """
    return SettingSpec(name, label, default, partial(parse_flag, name), "flag", office=office)
