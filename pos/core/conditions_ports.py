"""The port to the published conditions' versions (issue 37, p.6): each version kept, by office."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the room's types the port carries; core imports no room (README)
    from pos.conditions.versions import ConditionsVersion


class ConditionsRepository(Protocol):
    """The versions of each office's conditions of accepting bets, never changed once kept."""

    def current(self, office: str) -> ConditionsVersion | None:
        """The office's latest version (None: none published yet)."""
        ...

    def history(self, office: str) -> list[ConditionsVersion]:
        """Every version of the office, the first first."""
        ...

    def add(self, version: ConditionsVersion) -> None:
        """Keep a new version (its number the office's next)."""
        ...
