"""Screenshots of «Обязательства» (issue 38) at 1366×768 and 1024×700, for docs/: the board
of the demo's day, its worst outcome first, one outcome suspended.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_liability [out_dir]
"""

from __future__ import annotations

import sys
from pathlib import Path

from pos.shop.services import Shop
from tests.screenshots import at_each_size, save, signed_in_window, wait_until
from tests.screenshots_fit import SIZES, fit_shop, open_page
from ui.pages.liability import LiabilityPage

BETS = (
    ([(101, "1")], "1500", "single"),
    ([(101, "X")], "200", "single"),
    ([(101, "2")], "350", "single"),
    ([(102, "1")], "400", "single"),
    ([(102, "2")], "800", "single"),
    ([(101, "1"), (102, "1")], "120", "express"),
    ([(103, "1")], "75", "single"),
)


def _bets(shop: Shop) -> None:
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    for legs, stake, kind in BETS:
        anna.accept_bet(list(legs), stake=stake, kind=kind)
    boss.suspend_outcome(102, "2")


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """liability-<w>.png: the board, the worst outcome first."""
    shop = fit_shop(folder)
    _bets(shop)
    window, runner = signed_in_window(shop, folder, size)
    open_page(window, runner, "Обязательства")
    page = window.findChild(LiabilityPage)
    wait_until(lambda: page.table.rowCount() >= len(BETS) - 1)
    save(window, out_dir / f"liability-{size[0]}.png")
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save liability-1366.png and liability-1024.png into `out_dir`."""
    at_each_size(out_dir, shoot_size, SIZES)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
