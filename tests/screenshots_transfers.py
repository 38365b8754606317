"""Screenshots of bank transfers on the page of accounts (issue 37, p.7), at 1366×768 and
1024×700: the manager's «Спрэдбет» page with a player's account that took cash, a transfer
from the bank and sent part of it back, its movements (Ctrl+M) open over it, cash and
transfers apart, and the keys of a transfer in and out.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_transfers [out_dir] [--forms]

Writes transfers-1366.png and transfers-1024.png (the window with the dialog drawn where it
opens); with --forms also transfers-in-<w>.png and transfers-out-<w>.png, the two forms.
"""

from __future__ import annotations

import sys
import tempfile
from datetime import date
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QListWidget, QWidget

try:  # python -m tests.screenshots_transfers
    from tests.documents import PASSPORT
    from tests.screenshots import settle, sign_in, wait_until
    from tests.screenshots_fit import fit_shop, open_page
except ImportError:  # python tests/screenshots_transfers.py
    from documents import PASSPORT  # type: ignore[no-redef]
    from screenshots import settle, sign_in, wait_until  # type: ignore[no-redef]
    from screenshots_fit import fit_shop, open_page  # type: ignore[no-redef]

from pos.accounts.transfer_rules import iban_with_checks
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

SIZES = ((1366, 768), (1024, 700))
BANK = iban_with_checks("ALFA30120000012345678901")


def account_with_transfers(shop: Shop) -> str:
    """Иванов's account: cash at the till, a transfer from his bank, part of it sent back."""
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    found = [n for n in _numbers(shop) if shop.account(n).holder == "Иванов Пётр Сергеевич"]
    number = found[0] if found else anna.open_account(document=PASSPORT).number
    anna.deposit(number, Decimal("50"))
    boss.record_transfer(
        number,
        Decimal("200"),
        payer="Иванов Пётр Сергеевич",
        order="124",
        on=date(2026, 11, 27),
        bank_account=BANK,
    )
    boss.transfer_out(number, Decimal("120.50"), order="77")
    return number


def _numbers(shop: Shop) -> list[str]:
    with shop.unit_of_work() as uow:
        return uow.accounts.all_numbers()


def save_over(window: QWidget, dialog: QWidget, path: Path) -> None:
    """Save the window with the dialog drawn where it is open over it."""
    settle()
    picture = window.grab()
    painter = QPainter(picture)
    painter.drawPixmap(dialog.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0)),
                       dialog.grab())  # fmt: skip
    painter.end()
    if not picture.save(str(path)):
        raise OSError(f"could not write {path}")


def shoot(out_dir: Path, folder: Path, size: tuple[int, int], forms: bool) -> None:
    shop = fit_shop(folder)
    number = account_with_transfers(shop)
    runner = TaskRunner()
    ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users is not None and users.count() == 2)
    sign_in(window, "boss", "9911")
    open_page(window, runner, "Спрэдбет")
    page = window.findChild(SpreadPage)
    assert page is not None
    page.load_account(number)
    wait_until(lambda: not runner.busy and page.spreads is not None)
    for name in ("movements", *(("transfer_in", "transfer_out") if forms else ())):
        page.trigger(name)
        wait_until(lambda: page.dialog is not None and page.dialog.isVisible())
        dialog = page.dialog
        assert dialog is not None
        shown = "" if name == "movements" else f"-{name.removeprefix('transfer_')}"
        save_over(window, dialog, out_dir / f"transfers{shown}-{size[0]}.png")
        dialog.reject()
        wait_until(lambda: page.dialog is None and not runner.busy)
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path, forms: bool = False) -> None:
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        with tempfile.TemporaryDirectory() as temp:
            shoot(out_dir, Path(temp), size, forms)
    app.processEvents()


if __name__ == "__main__":
    folders = [arg for arg in sys.argv[1:] if arg != "--forms"]
    main(
        Path(folders[0]) if folders else Path(__file__).parent.parent / "docs",
        forms="--forms" in sys.argv,
    )
