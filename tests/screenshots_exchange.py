"""Screenshots of the «Спрэдбетэкс» page for docs/ (issue 20): the board with offers on several
events and a player's account with its offers (open, accepted in part, withdrawn, lapsed) and
paris (concluded, settled) at 1366×768 and 1024×700, the dialog of a new offer, and the
player's statement as printed after the settlement (an event's paris as two lines).

The window on a SQLite shop (tests/gui/exchange_helpers.py: the day of offers, then tomorrow
18:20, after event 102's start, its result recorded and settled), the cashier signed in. Run
under a real X server (Xvfb) at least 1366×768:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_exchange [out_dir]
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QListWidget, QTabBar

from pos.accounts import papers
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from printing.documents import document_layout
from tests.gui.exchange_helpers import exchange_day
from tests.gui.spread_helpers import sqlite_shop
from tests.screenshots import NOW, save, sign_in, wait_until
from tests.screenshots_slip import draw
from tests.screenshots_spread import child, dialog_shot, shoot_sizes
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.exchange import ExchangePage
from ui.tasks import TaskRunner


def open_exchange_page(window: MainWindow, runner: TaskRunner) -> ExchangePage:
    titles = window.page_titles()
    child(window, QTabBar, "navigation").setCurrentIndex(titles.index("Спрэдбетэкс"))
    page = child(window, ExchangePage)
    wait_until(lambda: not runner.busy and page.board.model.rowCount() > 0)
    return page


def load(page: ExchangePage, runner: TaskRunner, number: str) -> None:
    field = page.account_card.number_field
    field.setText(number)
    field.returnPressed.emit()
    wait_until(lambda: not runner.busy and page.holding is not None)


def opened(page: ExchangePage) -> QDialog:
    """The dialog the page opened, once it is shown."""
    wait_until(lambda: page.dialog is not None)
    assert page.dialog is not None
    return page.dialog


def shoot(out_dir: Path, folder: Path, size: tuple[int, int], first: bool) -> None:
    """exchange-<w>.png; with `first` also exchange-offer.png."""
    clock = FixedClock(NOW - timedelta(hours=2))  # 10:00 in Minsk
    shop = sqlite_shop(folder, clock)
    player = exchange_day(shop, clock)
    anna = shop.login("anna", "4821")  # today's shift, not yesterday's over its 24 hours
    status = anna.shift()
    assert status is not None
    anna.close_shift(status.summary.expected)
    anna.open_shift("1000")
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    users = child(window, QListWidget, "users")
    wait_until(lambda: users.count() == 2)
    sign_in(window, "anna", "4821")
    page = open_exchange_page(window, runner)
    load(page, runner, player)
    page.board.view.selectRow(0)
    page.offers.view.selectRow(0)
    save(window, out_dir / f"exchange-{size[0]}.png")
    if first:
        statement_paper(shop, player).save(out_dir / "exchange-statement.png")
        page.trigger("offer")
        dialog = opened(page)
        for name, text in (("offer_coefficient", "1,35"), ("offer_stake", "250")):
            child(dialog, QLineEdit, name).setText(text)
        child(dialog, QComboBox, "offer_side").setEditText("лэй")
        dialog_shot(window, out_dir / "exchange-offer.png")
        dialog.reject()
        wait_until(lambda: page.dialog is None)
    window.close()
    runner.shutdown()
    shop.close()


def statement_paper(shop: Shop, number: str) -> Image.Image:
    """The account's statement as its paper prints it (printing.documents), drawn."""
    with shop.unit_of_work() as uow:
        account = uow.accounts.get(number)
        settings = shop_settings.from_text(uow.settings.load("M1"))
    assert account is not None
    lines = shop.account(number).statement()
    teller = Teller("К1", "anna", "M1")
    paper = papers.statement(account, lines, shop.clock.now(), teller, settings.zone)
    return draw(document_layout(paper, settings))


def main(out_dir: Path) -> None:
    """Save the screenshots of the «Спрэдбетэкс» page into `out_dir`."""
    shoot_sizes(shoot, out_dir)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
