"""A screenshot of the till page asking about a payout's receipt after a crash, for docs/.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_payout_recovery [out_dir] [WIDTHxHEIGHT]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
from escpos.printer import Dummy

try:  # python -m tests.screenshots_payout_recovery
    from tests.screenshots import save
    from tests.screenshots_till import till_at_sign_in, till_shop
except ImportError:  # python tests/screenshots_payout_recovery.py: the folder is on sys.path
    from screenshots import save  # type: ignore[no-redef]
    from screenshots_till import till_at_sign_in, till_shop  # type: ignore[no-redef]

from pos.core.clock import FixedClock
from pos.payouts import use_cases as payout_desk
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.shifts import reopen_shift
from ui.app import create_application

SIZE = (1366, 768)


def won_slip(shop: Shop, anna: Desk, clock: FixedClock) -> str:
    """A single on 101 that won 2:1; the clock on its first payout day, a new shift open."""
    slip = anna.accept_bet([(101, "1")], Decimal("40"))
    clock.advance(timedelta(days=3))
    boss = shop.login("boss", "9911")
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    return slip.number


def crash_after_the_receipt(anna: Desk, number: str) -> None:
    """The power goes off after the payout's receipt came out, before the payout was made."""

    def power_cut(*_args: object, **_kwargs: object) -> None:
        raise SystemExit("power cut")

    make = payout_desk._make
    payout_desk._make = power_cut
    try:
        anna.pay_out(number, PASSPORT)
    except SystemExit:
        pass
    finally:
        payout_desk._make = make


def payout_recovery_screenshot(out: Path, size: tuple[int, int], temp: str) -> None:
    """The sign-in after the crash goes to «Касса», where the payout's receipt is asked."""
    shop = till_shop(Dummy(profile="TM-T20II"), Path(temp) / "prints")
    shop.update_settings(unp="190123456", register_number="810004217")
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    anna = shop.login("anna", "4821")
    crash_after_the_receipt(anna, won_slip(shop, anna, clock))
    clock.advance(timedelta(minutes=3, seconds=12))
    window, runner = till_at_sign_in(shop, temp, size)
    save(window, out)
    window.close()
    runner.shutdown()


def main(out_dir: Path, size: tuple[int, int] = SIZE) -> None:
    """Save payout_recovery.png (at another size: payout_recovery_WxH.png) into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    name = "payout_recovery.png" if size == SIZE else f"payout_recovery_{size[0]}x{size[1]}.png"
    with tempfile.TemporaryDirectory() as temp:
        payout_recovery_screenshot(out_dir / name, size, temp)
    app.processEvents()


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs"
    width, _, height = sys.argv[2].partition("x") if len(sys.argv) > 2 else ("1366", "", "768")
    main(folder, (int(width), int(height)))
