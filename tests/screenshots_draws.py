"""Screenshots of the Bet-on-Poker board (a cashier's and a manager's), for docs/.

Run under a real X server (Xvfb):

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_draws [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget

try:  # python -m tests.screenshots_draws
    from tests.screenshots import WINDOW_SIZE, demo_shop, open_page, save, sign_in, wait_until
except ImportError:  # python tests/screenshots_draws.py: the script's folder is on sys.path
    from screenshots import (  # type: ignore[no-redef]
        WINDOW_SIZE,
        demo_shop,
        open_page,
        save,
        sign_in,
        wait_until,
    )

from pos.core.clock import FixedClock
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, draw_code
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.draws import DrawsPage
from ui.tasks import TaskRunner


def draws_shop() -> Shop:
    """Three draws played, the fourth after its turn, bets on it and on the next."""
    shop = demo_shop()
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    boss, anna = shop.login("boss", "9911"), shop.login("anna", "4821")
    deals = (
        ("Ah Kd  9c 9d  Qs Js  5h 6h  Tc 8c  2s 2d", "Kh 9h 4c", "Jd", "3s"),
        ("Kc Qc  7h 7s  Ad 5d  Js Tc  4h 3h  8d 8s", "Qh Td 2c", "6s", "Ks"),
        ("As Ac  Kh Ks  Qd Jd  9s 8s  6c 5c  3d 2h", "Th 7d 4s", "2s", "Jc"),
    )
    number = anna.draw_board().next.number
    for deal in deals:
        anna.accept_bet([(draw_code(number), "P2")], "20")
        for index, cards in enumerate(deal):
            clock.set(max(clock.now(), SCHEDULE.closes_at(number, Round(index + 1))))
            boss.deal_cards(number, cards)
        number += 1
        clock.set(SCHEDULE.starts_at(number) - timedelta(seconds=40))
        anna.draw_board()
    anna.accept_bet([(draw_code(number), "P1")], "10")
    clock.set(SCHEDULE.starts_at(number) + timedelta(seconds=1))
    boss.deal_cards(number, "As Ks  Qh Qd  7c 8c  2d 2h  Js Td  9h 9c")
    clock.set(SCHEDULE.closes_at(number, Round.AFTER_DEAL))
    boss.deal_cards(number, "Ac 7h 3s")
    clock.set(SCHEDULE.closes_at(number, Round.AFTER_FLOP))
    boss.deal_cards(number, "Kd")  # QhQd can no longer win
    clock.advance(timedelta(seconds=23))
    return shop


def main(out_dir: Path) -> None:
    """Save draws.png (the manager's board after the turn)."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as temp:
        shop = draws_shop()
        ui_state = QSettings(str(Path(temp) / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
        window.resize(*WINDOW_SIZE)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() >= 2)
        sign_in(window, "boss", "9911")
        open_page(window, "Покер")
        page = window.findChild(DrawsPage)
        wait_until(lambda: page.board is not None and not runner.busy)
        save(window, out_dir / "draws.png")
        window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
