"""Fixtures of the unit tests of pos: a shop whose printer can be made to fail."""

from __future__ import annotations

import pytest

from main import assemble_shop
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.conftest import REGISTER
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage, PlainPinHasher


@pytest.fixture
def flaky() -> FlakyDummy:
    return FlakyDummy()


@pytest.fixture
def flaky_shop(storage: FakeStorage, clock: FixedClock, flaky: FlakyDummy) -> Shop:
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=flaky
    )
    shop.seed_demo()
    return shop
