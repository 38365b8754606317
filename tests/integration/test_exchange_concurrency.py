"""Eight terminals accepting parts of the same offers at once on PostgreSQL (issue 20), a short
run of tests/soak/exchange.py (its 1,000 rounds are outside `make test`): no offer accepted
beyond its stake, every block released or used, the money identity after settling."""

from __future__ import annotations

import pytest

from tests.soak import exchange

pytestmark = pytest.mark.integration


def test_eight_terminals_accepting_parts_of_the_same_offers(pg_url: str) -> None:
    _, tally, problems = exchange.run(pg_url, rounds=25, terminals=8, offers=20)
    assert problems == []
    assert tally.raw == []
    assert tally.counts["accepted"] > 100  # most rounds concluded a pari
