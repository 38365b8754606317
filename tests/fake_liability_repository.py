"""The liability board's repository in memory (issue 38): the same sums, from the slips."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from pos.betting.slips import Slip, SlipStatus
from pos.risk.liability import DecidedLeg, Exposure, OutcomeSums

try:  # tests.fakes
    from tests.fake_repositories import FakeData
except ImportError:  # fakes, with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeLiability:
    """Sums the open slips of FakeData as db.liability sums their rows."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def outcome_payouts(self, picks: list[tuple[int, str]]) -> dict[tuple[int, str], Decimal]:
        found: dict[tuple[int, str], Decimal] = {}
        for slip in self._open():
            for leg in slip.legs:
                if (leg.event_code, leg.market) in picks:
                    key = (leg.event_code, leg.market)
                    found[key] = found.get(key, Decimal(0)) + slip.possible_payout
        return found

    def outcome_sums(self, office: str, event: int | None) -> list[OutcomeSums]:
        return self._sums(self._open(), office, event)

    def decided_legs(self, codes: list[int], event: int | None = None) -> list[DecidedLeg]:
        return [
            DecidedLeg(slip_id, leg.event_code, leg.market, slip.issued_at, slip.agreed_in_play)
            for slip_id, slip in enumerate(self._data.slips.values())
            if self._is_open(slip)
            and (event is None or any(other.event_code == event for other in slip.legs))
            for leg in slip.legs
            if leg.event_code in self._data.results
            and (event is not None or leg.event_code in codes)
        ]

    def slips_sums(self, slips: list[int], office: str, event: int | None) -> list[OutcomeSums]:
        chosen = [s for n, s in enumerate(self._data.slips.values()) if n in set(slips)]
        return self._sums([s for s in chosen if self._is_open(s)], office, event)

    def set_cap(self, code: int, cap: Decimal | None) -> bool:
        found = self._data.events.get(code)
        if found is None:
            return False
        self._data.events[code] = dataclasses.replace(found, max_liability=cap)
        return True

    def set_suspended(self, code: int, market: str, suspended: bool) -> bool:
        quotes = self._data.quotes
        at = max(
            (n for n, q in enumerate(quotes) if (q.event_code, q.market) == (code, market)),
            default=None,
            key=lambda n: quotes[n].version,
        )
        if at is None:
            return False
        quotes[at] = dataclasses.replace(quotes[at], suspended=suspended)
        return True

    def _is_open(self, slip: Slip) -> bool:
        return slip.status is SlipStatus.OPEN and slip.number not in self._data.settled

    def _open(self) -> list[Slip]:
        return [slip for slip in self._data.slips.values() if self._is_open(slip)]

    def _sums(self, slips: list[Slip], office: str, event: int | None) -> list[OutcomeSums]:
        found: dict[tuple[int, str], OutcomeSums] = {}
        for slip in slips:
            one = Exposure(1, slip.stake, slip.possible_payout)
            mine = one if slip.office == office else Exposure()
            for leg in slip.legs:
                if event not in (None, leg.event_code):
                    continue
                key = (leg.event_code, leg.market)
                decided = leg.event_code in self._data.results
                was = found.get(key, OutcomeSums(*key, Exposure(), Exposure(), decided))
                found[key] = OutcomeSums(*key, was.chain + one, was.office + mine, decided)
        return list(found.values())
