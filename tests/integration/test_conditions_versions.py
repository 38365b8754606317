"""Any run of settings changes on a real database, both backends (issue 37, p.6, p.10): each
change that alters the conditions makes one version, numbered next, at its moment; any other
makes none; and the version in force at each moment is the one made last before it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.conditions.use_cases import document_now
from pos.conditions.versions import in_force_at
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.integration.fuzz_helpers import FUZZ

pytestmark = pytest.mark.integration

# What a manager may change: settings the conditions read, and one they do not.
CHANGES = st.sampled_from(
    [
        ("max_payout", "100000"),
        ("max_payout", "75000"),
        ("min_stake", "1"),
        ("min_stake", "2"),
        ("working_hours", ""),
        ("working_hours", "09:00–23:00"),
        ("idle_lock_minutes", "15"),
        ("idle_lock_minutes", "20"),
        ("hockey", ""),
        ("hockey", "3000"),
    ]
)


def _apply(manager: Desk, name: str, value: str) -> None:
    if name == "hockey":
        manager.set_sport_limit(name, value)
    else:
        manager.update_settings(**{name: value})


@FUZZ
@given(changes=st.lists(CHANGES, min_size=1, max_size=6))
def test_p6_each_change_of_what_the_conditions_read_makes_one_version(
    fuzz_shop: Shop, fuzz_clock: FixedClock, manager: Desk, changes: list[tuple[str, str]]
) -> None:
    for name, value in changes:
        before = fuzz_shop.conditions()
        moment = fuzz_clock.advance(timedelta(minutes=1))

        _apply(manager, name, value)

        after = fuzz_shop.conditions()
        with fuzz_shop.unit_of_work() as uow:
            now = document_now(uow, fuzz_shop.office)
        assert after.text == now
        if now == before.text:
            assert after.history() == before.history()
        else:
            assert after.history()[:-1] == before.history()
            assert (after.number, after.in_force_from) == (before.number + 1, moment)

    versions = fuzz_shop.conditions().history()
    assert [version.number for version in versions] == list(range(1, len(versions) + 1))
    for version in versions:
        # Made at one moment (the first start and the demo's licence), the later one stands.
        last = [kept for kept in versions if kept.in_force_from <= version.in_force_from][-1]
        assert in_force_at(versions, version.in_force_from) == last
        assert manager.conditions(at=version.in_force_from).version == last
