"""Referrals of big stakes in memory (pos.core.risk_ports.ReferralRepository, issue 38)."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from pos.risk.referrals import Decision, Referral, ReferralState

try:  # tests.fake_referral_repositories
    from tests.fake_repositories import FakeData
except ImportError:  # with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeReferrals:
    """Referrals by (office, number), numbered per office as the database's counters row."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def next_number(self, office: str) -> int:
        return 1 + sum(1 for at, _number in self._data.referrals if at == office)

    def add(self, referral: Referral) -> None:
        self._data.referrals[(referral.office, referral.number)] = referral

    def get(self, office: str, number: int) -> Referral | None:
        return self._data.referrals.get((office, number))

    def waiting(self, office: str | None) -> list[Referral]:
        return [one for one in self._all() if one.state is ReferralState.REFERRED
                and office in (None, one.office)]  # fmt: skip

    def end(self, office: str, number: int, decision: Decision) -> bool:
        found = self._data.referrals.get((office, number))
        if found is None or found.state is not ReferralState.REFERRED:
            return False
        self._data.referrals[(office, number)] = dataclasses.replace(found, decision=decision)
        return True

    def link_slip(self, office: str, number: int, slip_number: str) -> bool:
        found = self._data.referrals.get((office, number))
        if found is None or found.slip_number is not None:
            return False
        linked = dataclasses.replace(found, slip_number=slip_number, document=None)
        self._data.referrals[(office, number)] = linked
        return True

    def of_terminal(self, terminal: str, since: datetime) -> list[Referral]:
        found = [one for one in self._all() if one.terminal == terminal and one.sent_at >= since]
        return found[::-1]

    def of_document(self, key: str, since: datetime) -> list[Referral]:
        return [one for one in self._all() if one.document_key == key and one.sent_at >= since]

    def between(self, since: datetime, until: datetime, office: str | None) -> list[Referral]:
        return [one for one in self._all()
                if since <= one.sent_at < until and office in (None, one.office)]  # fmt: skip

    def _all(self) -> list[Referral]:
        return sorted(self._data.referrals.values(), key=lambda one: (one.sent_at, one.number))
