"""What the claims room needs from storage: the register of claims (pos.core.ports names it)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from pos.claims.claims import Claim, Decision


class ClaimRepository(Protocol):
    """The register of claims of each office: claims added, decided once, never removed."""

    def next_number(self, office: str) -> int:
        """The office's next claim number, from its counters row updated in this transaction
        (no gaps: a rolled-back claim gives its number back)."""
        ...

    def add(self, claim: Claim) -> None:
        """Store a new claim with its evidence."""
        ...

    def get(self, office: str, number: int) -> Claim | None:
        """The office's claim of this number, with its evidence and decision."""
        ...

    def decide(self, office: str, number: int, decision: Decision) -> bool:
        """Record the decision unless one is there; False when another came first."""
        ...

    def between(self, since: datetime, until: datetime, office: str | None) -> list[Claim]:
        """The claims received in [since, until), of one office or of all (None), by office
        and number."""
        ...
