"""A version of the published conditions and the answer that shows one with all kept (p.6, p.10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ConditionsVersion:
    """One version of an office's conditions, as it was published: never changed after.

    Attributes:
        office: the office whose settings it was made from (an office may set its own limits).
        number: 1 for the first, one more for each change.
        in_force_from: when it was made (aware): the settings change, or the first start.
        text: the document, line by line (pos.conditions.document.render).
        made_by: who changed what it reads (the system at the first start).
    """

    office: str
    number: int
    in_force_from: datetime
    text: str
    made_by: str

    def __post_init__(self) -> None:
        # A naive moment would be read as the PC's clock, not the shop's (p.10: which bets).
        if self.in_force_from.utcoffset() is None:
            raise ValueError("a version's moment must be aware")

    @property
    def lines(self) -> list[str]:
        """The document's lines as published."""
        return self.text.split("\n")


@dataclass(frozen=True)
class Conditions:
    """The version asked for (the current one, or the one in force at a moment) and every
    version of the office kept, so that the player and the manager read both in one answer.
    """

    version: ConditionsVersion
    versions: tuple[ConditionsVersion, ...]

    @property
    def number(self) -> int:
        return self.version.number

    @property
    def in_force_from(self) -> datetime:
        return self.version.in_force_from

    @property
    def text(self) -> str:
        return self.version.text

    @property
    def current(self) -> bool:
        """True when this is the latest version (not one in force at an earlier moment)."""
        return self.version == self.versions[-1]

    def history(self) -> tuple[ConditionsVersion, ...]:
        """Every version kept, the first first (p.10: a bet is judged by the one it was made
        under)."""
        return self.versions


def next_version(
    current: ConditionsVersion | None, text: str, office: str, at: datetime, by: str
) -> ConditionsVersion | None:
    """The version to publish when the document now reads `text` (None: it reads as the
    current one does, nothing to publish).

    Args:
        current: the office's latest version, if any.
        text: the document as the settings in force make it now.
        office: the office.
        at: the moment of the change (aware); never earlier than the current version's.
        by: who made the change.
    """
    if current is None:
        return ConditionsVersion(office, 1, at, text, by)
    if current.text == text:
        return None
    # Never before the version it follows (a PC clock set back, the demo playing yesterday):
    # the versions' moments keep their numbers' order, so one moment finds one version.
    since = max(at, current.in_force_from)
    return ConditionsVersion(office, current.number + 1, since, text, by)


def in_force_at(
    versions: Sequence[ConditionsVersion], moment: datetime
) -> ConditionsVersion | None:
    """The version in force at `moment` (p.10): the latest made at or before it.

    Args:
        versions: an office's versions, the first first.
        moment: aware, e.g. when a slip was issued.

    Returns:
        The version, or None when `moment` is before the first.
    """
    found = None
    for version in versions:
        if version.in_force_from > moment:
            break
        found = version
    return found
