"""Screenshots of the reports page and a report's PDF page, for docs/.

The reports are SQL, so the shop is on a SQLite file. Run under a real X server (Xvfb):

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_reports [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import printing  # noqa: F401 - python-escpos's capability cache set up before escpos loads

# isort: split
import pypdfium2
from escpos.printer import Dummy
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget

try:  # python -m tests.screenshots_reports
    from tests.documents import PASSPORT
    from tests.fakes import PlainPinHasher
    from tests.screenshots import NOW, WINDOW_SIZE, open_page, save, sign_in, wait_until
    from tests.screenshots_till import morning
except ImportError:  # python tests/screenshots_reports.py: the script's folder is on sys.path
    from documents import PASSPORT  # type: ignore[no-redef]
    from fakes import PlainPinHasher  # type: ignore[no-redef]
    from screenshots import (  # type: ignore[no-redef]
        NOW,
        WINDOW_SIZE,
        open_page,
        save,
        sign_in,
        wait_until,
    )
    from screenshots_till import morning  # type: ignore[no-redef]

from main import open_shop
from pos.core.clock import FixedClock
from pos.people.permissions import Permission
from pos.reports.tables import ReportKind
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.reports import ReportsPage
from ui.tasks import TaskRunner

SCALE = 2  # 144 dpi


def reports_shop(folder: Path) -> Shop:
    """A day at К1 on SQLite: the demo shift closed, anna's opened with 500, a morning of
    slips, a player's account paid into and out of, cash in and out, the shift closed 4,50
    short and a new one opened."""
    clock = FixedClock(NOW - timedelta(hours=3))
    shop = open_shop(
        f"sqlite:///{folder / 'shop.db'}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(profile="TM-T20II"),
        jobs_dir=folder / "prints",
    )
    shop.seed_demo()
    shop.update_settings(
        shop_name="ООО «Фортуна Бет»",
        address="г. Минск, пр. Независимости, 58",
        licence_number="33000/0000123",
        register_serial="KSA-0042",
    )
    anna = shop.login("anna", "4821")
    anna.close_shift(counted="0")  # the demo's own shift
    clock.advance(timedelta(minutes=4))
    anna.open_shift(cash="500")
    morning(anna, clock)  # 09:12 to 11:59
    # The players' accounts' cash has columns of its own (issue 34).
    account = anna.open_account(document=PASSPORT).number
    anna.deposit(account, "800")
    anna.withdraw(account, "120,50", document=PASSPORT)
    anna.cash_in("200", "Размен из сейфа")
    clock.advance(timedelta(minutes=1))
    granted = anna.authorised_by("boss", "9911", Permission.CASH_OUT)
    granted.cash_out("100", "Сдача в сейф")
    clock.set(NOW)
    anna.close_shift(counted="1315,00")
    clock.advance(timedelta(minutes=5))
    anna.open_shift(cash="1315,00")
    anna.accept_bet([(102, "1"), (201, "1"), (301, "1")], "12,50", "express")
    clock.advance(timedelta(minutes=15))
    return shop


def main(out_dir: Path) -> None:
    """Save reports.png (the page with the shift report) and report_page.png (its PDF)."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as temp:
        shop = reports_shop(Path(temp))
        today = shop.clock.now().astimezone(shop.settings().zone).date()
        ui_state = QSettings(str(Path(temp) / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
        window.resize(*WINDOW_SIZE)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() == 2)
        sign_in(window, "boss", "9911")
        open_page(window, "Отчёты")
        page = window.findChild(ReportsPage)
        wait_until(lambda: page.report is not None and not runner.busy)  # this month's
        page.set_period(today, today)
        page.refresh()
        wait_until(
            lambda: (
                page.report is not None
                and page.report.period.endswith("по 30.11.2026")
                and "с 30" in page.report.period
                and not runner.busy
            )
        )
        save(window, out_dir / "reports.png")

        boss = shop.login("boss", "9911")
        for kind, name in ((ReportKind.SHIFTS, "report_page.png"),):
            pdf_path = Path(temp) / f"{kind.value}.pdf"
            boss.export_report(kind, pdf_path, today, today)
            pypdfium2.PdfDocument(pdf_path)[0].render(scale=SCALE).to_pil().save(out_dir / name)
            sys.stdout.write(f"{out_dir / name}\n")
        window.close()
        shop.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
