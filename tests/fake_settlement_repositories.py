"""The fake repositories of what follows a bet: results, settlement, the payout journal and
the payouts waiting for their print.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from decimal import Decimal

from pos.betting.slips import SlipStatus
from pos.payouts.journal import JournalEntry, JournalQuery
from pos.payouts.rules import PendingPayout
from pos.settlement.batch import VERDICT_STATUS, SettledBatch, Verdict
from pos.settlement.results import Result
from pos.settlement.terms import encode_terms

try:  # tests.fake_settlement_repositories
    from tests.fake_repositories import FakeData
except (
    ImportError
):  # fake_settlement_repositories, with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeResults:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def get(self, code: int, *, for_update: bool = False) -> Result | None:
        return self._data.results.get(code)

    def for_events(self, codes: Collection[int]) -> dict[int, Result]:
        return {code: self._data.results[code] for code in codes if code in self._data.results}

    def add(self, result: Result) -> None:
        assert result.event_code not in self._data.results
        self._data.results[result.event_code] = result

    def replace(self, result: Result) -> None:
        assert result.event_code in self._data.results
        self._data.results[result.event_code] = result

    def all(self) -> dict[int, Result]:
        return dict(self._data.results)


class FakeSettlement:
    """Slip ids are positions in the order the slips were added, from 1."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def lock(self) -> int:
        return self._data.corrections

    def hold(self) -> None:
        pass  # one fake transaction at a time

    def count_corrections(self) -> None:
        self._data.corrections += 1

    def unsettled(self, after: int, limit: int) -> tuple[list[int], list[bytes]]:
        ids, terms = [], []
        for slip_id, slip in enumerate(self._data.slips.values(), start=1):
            waiting = slip.status is SlipStatus.OPEN and slip.number not in self._data.settled
            if slip_id > after and waiting and len(ids) < limit:
                ids.append(slip_id)
                terms.append(encode_terms(slip))
        return ids, terms

    def count_unsettled(self) -> int:
        return len(self.unsettled(0, len(self._data.slips))[0])

    def record(self, batch: SettledBatch, at: datetime) -> int:
        numbers = list(self._data.slips)
        for slip_id, code, kopecks in zip(
            batch.slip_ids.tolist(), batch.status.tolist(), batch.payout.tolist(), strict=True
        ):
            number = numbers[slip_id - 1]
            status = VERDICT_STATUS[Verdict(code)]
            self._data.settled.setdefault(number, (status, Decimal(kopecks).scaleb(-2)))
        return len(batch)

    def credit_accounts(self, teller: object, at: datetime) -> int:
        # The unit tests take no cashless stakes (p.7): tests/integration/test_cashless_stakes.py.
        return 0

    def paid_on_event(self, code: int) -> int:
        return sum(
            1
            for slip in self._data.slips.values()
            if slip.status is SlipStatus.PAID and any(leg.event_code == code for leg in slip.legs)
        )

    def unsettle_event(self, code: int) -> int:
        undone = [
            number
            for number in self._data.settled
            if any(leg.event_code == code for leg in self._data.slips[number].legs)
        ]
        for number in undone:
            del self._data.settled[number]
        return len(undone)


class FakeJournal:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def next_number(self, office: str) -> int:
        taken = self._data.journal_counters.get(office, 0) + 1
        self._data.journal_counters[office] = taken
        return taken

    def numbers_taken(self, office: str) -> int:
        return self._data.journal_counters.get(office, 0)

    def add(self, entry: JournalEntry) -> None:
        assert (entry.office, entry.number) not in self._data.journal
        self._data.journal[(entry.office, entry.number)] = entry

    def get(self, office: str, number: int) -> JournalEntry | None:
        return self._data.journal.get((office, number))

    def entries(self, query: JournalQuery) -> list[JournalEntry]:
        def wanted(e: JournalEntry) -> bool:
            return (
                (query.since is None or e.paid_at >= query.since)
                and (query.until is None or e.paid_at < query.until)
                and (query.cashier is None or e.cashier == query.cashier)
                and (query.min_amount is None or e.amount >= query.min_amount)
                and (query.max_amount is None or e.amount <= query.max_amount)
                and (query.slip_number is None or e.slip_number == query.slip_number)
                and (query.office is None or e.office == query.office)
            )

        return [e for _, e in sorted(self._data.journal.items()) if wanted(e)]


class FakePendingPayouts:
    def __init__(self, data: FakeData) -> None:
        self._data = data

    def add(self, pending: PendingPayout) -> None:
        assert pending.slip_number not in self._data.pending_payouts
        self._data.pending_payouts[pending.slip_number] = pending

    def for_terminal(self, terminal: str) -> PendingPayout | None:
        found = (p for p in self._data.pending_payouts.values() if p.terminal == terminal)
        return next(found, None)

    def for_slip(self, slip_number: str, *, for_update: bool = False) -> PendingPayout | None:
        return self._data.pending_payouts.get(slip_number)

    def remove(self, slip_number: str) -> bool:
        return self._data.pending_payouts.pop(slip_number, None) is not None
