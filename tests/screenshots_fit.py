"""Screenshots of every page at 1366×768 and at 1024×700, for docs/ (issue 16, "Screens").

The window on the demo shop as `make run` makes it (SQLite, a played yesterday, no printer,
so each slip issued is shown beside the page), the manager signed in, each page in turn.
Run under a real X server (Xvfb) at least as large as the larger size:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_fit [out_dir]
"""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QTabBar

try:  # python -m tests.screenshots_fit
    from tests.documents import PASSPORT
    from tests.fakes import PlainPinHasher
    from tests.screenshots import NOW, save, settle, sign_in, wait_until
except ImportError:  # python tests/screenshots_fit.py: the script's folder is on sys.path
    from documents import PASSPORT  # type: ignore[no-redef]
    from fakes import PlainPinHasher  # type: ignore[no-redef]
    from screenshots import NOW, save, settle, sign_in, wait_until  # type: ignore[no-redef]

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.payouts import PayoutsPage
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner

SIZES = ((1366, 768), (1024, 700))
# Each navigation entry's name in the file names.
PAGES = {
    "Ставки": "betting",
    "Линия": "line",
    "Покер": "draws",
    "Отмены": "cancellations",
    "Выплаты": "payouts",
    "Касса": "till",
    "Спрэдбет": "spread",
    "Спрэдбетэкс": "exchange",
    "Результаты": "results",
    "Журнал": "journal",
    "Отчёты": "reports",
    "Претензии": "claims",  # issue 37
    "Купоны": "coupons",  # issue 37, p.17
    "Крупные ставки": "referrals",  # issue 38
    "Обязательства": "liability",
    "Редактор линии": "line_editor",
    "Пользователи": "users",
    "Настройки": "settings",
    "Пункты": "offices",
    "СККС": "skks",  # issue 35
    "Условия": "conditions",  # issue 37, p.6
    "Рулетка": "roulette",  # issue 36
}


# The folder fit_shop builds its shop in once per process; each call copies it (issue 34:
# some thirty GUI tests built the same shop, a few seconds each).
_BUILT: list[Path] = []


def fit_shop(folder: Path) -> Shop:
    """The demo shop on a SQLite file with no printer: one of yesterday's winners paid (a
    journal entry), and a few slips of this hour with long amounts (a system and a
    four-figure single) in the recent slips; its clock at NOW. Built once per process and
    copied into `folder` (the database and what it printed to files)."""
    if not _BUILT:
        built = Path(tempfile.mkdtemp(prefix="fit-shop-"))
        atexit.register(shutil.rmtree, built, ignore_errors=True)
        _build_fit_shop(built).close()
        _BUILT.append(built)
    shutil.copytree(_BUILT[0], folder, dirs_exist_ok=True)
    return open_shop(
        f"sqlite:///{folder / 'shop.db'}",
        clock=FixedClock(NOW),  # where building it left its clock
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        jobs_dir=folder / "prints",
    )


def _build_fit_shop(folder: Path) -> Shop:
    clock = FixedClock(NOW - timedelta(minutes=4))
    shop = open_shop(
        f"sqlite:///{folder / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        jobs_dir=folder / "prints",
    )
    shop.seed_demo(played_yesterday=True)
    shop.update_settings(
        shop_name="ООО «Фортуна Бет»",
        address="г. Минск, пр. Независимости, 58",
        licence_number="33000/0000123",
    )
    anna = shop.login("anna", "4821")
    anna.pay_out(won_slips(shop)[-1], PASSPORT)
    anna.accept_bet([(101, "1"), (102, "X"), (201, "1")], Decimal("4500"), "system 2/3")
    clock.advance(timedelta(minutes=2))
    anna.accept_bet([(103, "1")], Decimal("4999.99"))
    clock.advance(timedelta(minutes=2))
    anna.sign_out()
    return shop


def won_slips(shop: Shop) -> list[str]:
    """The numbers of yesterday's slips that won and wait to be paid."""
    slips = shop.login("boss", "9911").recent_slips(minutes=2 * 24 * 60)
    return [slip.number for slip in slips if slip.status is SlipStatus.WON]


def open_page(window: MainWindow, runner: TaskRunner, title: str) -> None:
    """Choose the page and wait until what it loads is shown."""
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index(title))
    wait_until(lambda: not runner.busy)
    settle()


def build_slip(window: MainWindow) -> None:
    """An express of three legs at 4 999,99 typed on the betting page, priced: a five-figure
    possible payout, the widest the slip's card gets."""
    page = window.findChild(BettingPage)
    pick = page.findChild(QLineEdit, "pick")
    for typed in ("101 1", "102 2", "201 1"):
        legs = page.draft.rowCount()
        pick.setText(typed)
        pick.returnPressed.emit()
        wait_until(lambda legs=legs: page.draft.rowCount() == legs + 1)
    page.findChild(QLineEdit, "stake").setText("4999,99")
    wait_until(lambda: page.findChild(QLabel, "possible_payout").text() != "—")
    pick.setFocus()


def issue_slip(window: MainWindow, runner: TaskRunner) -> None:
    """The slip built confirmed and issued: no printer, so its preview is shown beside."""
    page = window.findChild(BettingPage)
    page.confirm()
    wait_until(lambda: page.confirm_dialog is not None)
    page.confirm_dialog.confirm()
    wait_until(page.preview_panel.isVisible)
    wait_until(lambda: not runner.busy)


def shoot_refusals(window: MainWindow, runner: TaskRunner, out_dir: Path, prefix: str) -> None:
    """The payout refused for a document left empty, beside the document's fields (issue 34)."""
    open_page(window, runner, "Выплаты")
    window.findChild(PayoutsPage).pay()
    wait_until(lambda: not runner.busy)
    save(window, out_dir / f"{prefix}-payouts-refusal.png")


def shoot_cancel_refusal(window: MainWindow, runner: TaskRunner, path: Path) -> None:
    """The slip just issued cancelled without a reason: the dialog says why not (issue 34)."""
    page = window.findChild(BettingPage)
    page.preview_panel.close_panel()
    page.recent.cancel_selected()
    wait_until(lambda: page.recent.cancel_dialog is not None)
    dialog = page.recent.cancel_dialog
    dialog.submit()
    wait_until(lambda: not runner.busy and dialog.message_text() != "Отмена купона…")
    save(dialog, path)
    dialog.reject()
    wait_until(lambda: page.recent.cancel_dialog is None)


def shoot_lock(window: MainWindow, runner: TaskRunner, path: Path) -> None:
    """The lock page after a wrong PIN: its message under the PIN, whole (issue 34)."""
    window.screen_lock.lock()
    wait_until(lambda: not runner.busy)
    pin = window.findChild(QLineEdit, "lock_pin")
    pin.setText("0000")
    pin.returnPressed.emit()
    wait_until(lambda: not runner.busy)
    save(window, path)


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """fit-<w>x<h>-<page>.png of the sign-in page, every page, the slip's preview, the
    payout's and the cancellation's refusals, and the lock page."""
    prefix = f"fit-{size[0]}x{size[1]}"
    shop = fit_shop(folder)
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users.count() == 2)
    save(window, out_dir / f"{prefix}-login.png")
    sign_in(window, "boss", "9911")
    for title in window.page_titles():
        open_page(window, runner, title)
        if PAGES[title] == "betting":
            build_slip(window)
        if PAGES[title] == "payouts":  # one of yesterday's winners, as the cashier sees it
            window.findChild(PayoutsPage).look_up(won_slips(shop)[0])
            wait_until(lambda: not runner.busy)
        if PAGES[title] == "results":  # an event waiting for its result: the form (issue 34)
            window.findChild(ResultsPage).select_event(102)
        save(window, out_dir / f"{prefix}-{PAGES[title]}.png")
    shoot_refusals(window, runner, out_dir, prefix)
    open_page(window, runner, "Ставки")
    issue_slip(window, runner)
    save(window, out_dir / f"{prefix}-betting-preview.png")
    shoot_cancel_refusal(window, runner, out_dir / f"{prefix}-cancel-refusal.png")
    shoot_lock(window, runner, out_dir / f"{prefix}-lock.png")
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save fit-1366x768-*.png and fit-1024x700-*.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        with tempfile.TemporaryDirectory() as temp:
            shoot_size(out_dir, Path(temp), size)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
