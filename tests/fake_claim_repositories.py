"""The register of claims in memory (pos.claims.ports.ClaimRepository, issue 37)."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from pos.claims.claims import Claim, Decision

try:  # tests.fake_claim_repositories
    from tests.fake_repositories import FakeData
except ImportError:  # with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeClaims:
    """Claims by (office, number), numbered per office like the database's counters row."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def next_number(self, office: str) -> int:
        number = self._data.claim_counters.get(office, 0) + 1
        self._data.claim_counters[office] = number
        return number

    def add(self, claim: Claim) -> None:
        self._data.claims[(claim.office, claim.number)] = claim

    def get(self, office: str, number: int) -> Claim | None:
        return self._data.claims.get((office, number))

    def decide(self, office: str, number: int, decision: Decision) -> bool:
        found = self._data.claims.get((office, number))
        if found is None or found.decision is not None:
            return False
        self._data.claims[(office, number)] = dataclasses.replace(found, decision=decision)
        return True

    def between(self, since: datetime, until: datetime, office: str | None) -> list[Claim]:
        found = [
            claim
            for claim in self._data.claims.values()
            if since <= claim.received_at < until and office in (None, claim.office)
        ]
        return sorted(found, key=lambda claim: (claim.office, claim.number))
