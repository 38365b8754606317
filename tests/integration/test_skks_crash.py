"""A till killed (SIGKILL) in the middle of an online bet (issue 35): between the controller's
registration and the print, and between the print and the commit. The next sign-in finds the
slip waiting; the cashier's answer leaves it registered and issued, or voided with the
registration annulled — never a slip the controller never heard of, nor a registration of a
bet that was never issued."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql
from tests.skks_simulator import SimulatedController

pytestmark = pytest.mark.integration

# The till: a bet in online mode whose process is killed at `where`: in the print (after the
# registration), or in the issuing transaction (after the print).
_TILL = textwrap.dedent(
    """
    import os, signal, sys
    from escpos.printer import Dummy
    from main import open_shop
    from pos.betting import counter
    from pos.core.clock import FixedClock
    from tests.fakes import PlainPinHasher
    import datetime

    url, where, now = sys.argv[1], sys.argv[2], sys.argv[3]
    clock = FixedClock(datetime.datetime.fromisoformat(now))

    class Killing(Dummy):
        def _raw(self, data):
            if where == "print":
                os.kill(os.getpid(), signal.SIGKILL)
            super()._raw(data)

    def killed(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    if where == "commit":
        counter.issue_planned = killed
        counter.confirm_pending = killed
    shop = open_shop(url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(),
                     printer=Killing())
    shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    """
)


@pytest.fixture
def controller() -> Iterator[SimulatedController]:
    with SimulatedController() as simulated:
        yield simulated


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock, controller: SimulatedController) -> Iterator[Shop]:
    shop = open_shop(db_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher())
    shop.update_settings(register_serial="KSA-К1", register_number="RN-К1")
    shop.seed_demo()
    shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=2)
    yield shop
    shop.close()


def _killed_bet(db_url: str, clock: FixedClock, where: str) -> None:
    root = Path(__file__).resolve().parents[2]
    till = subprocess.run(
        [sys.executable, "-c", _TILL, db_url, where, clock.now().isoformat()],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert till.returncode == -signal.SIGKILL, till.stderr


@pytest.mark.parametrize("where", ["print", "commit"])
def test_a_slip_killed_after_its_registration_is_voided_and_annulled(
    db_shop: Shop, db_url: str, clock: FixedClock, controller: SimulatedController, where: str
) -> None:
    _killed_bet(db_url, clock, where)
    (registered,) = controller.log()  # the controller heard of the bet before the kill
    anna = db_shop.login("anna", "4821")
    waiting = anna.pending_slip()
    assert waiting is not None and registered["kind"] == "bet_accepted"

    anna.void_pending_slip(waiting.number)  # it did not come out, as the cashier says

    db_shop.skks_send()
    assert [entry["kind"] for entry in controller.log()] == ["bet_accepted", "annul"]
    assert controller.annulled(registered["id"])
    assert sql(db_shop, "SELECT status FROM slips") == [(SlipStatus.VOID.value,)]
    assert db_shop.skks_status().unsent == 0


@pytest.mark.parametrize("where", ["print", "commit"])
def test_a_slip_killed_after_its_registration_is_confirmed_and_stays_registered(
    db_shop: Shop, db_url: str, clock: FixedClock, controller: SimulatedController, where: str
) -> None:
    _killed_bet(db_url, clock, where)
    anna = db_shop.login("anna", "4821")
    waiting = anna.pending_slip()
    assert waiting is not None

    slip = anna.confirm_pending_slip(waiting.number)  # it came out, as the cashier says

    db_shop.skks_send()
    (entry,) = controller.log()
    assert entry["kind"] == "bet_accepted" and not controller.annulled(entry["id"])
    assert slip.status is SlipStatus.OPEN
    assert sql(db_shop, "SELECT registration FROM skks_outbox") == [(entry["number"],)]
