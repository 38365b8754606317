"""Screenshots of «Купоны» (issue 37, p.17) at 1366×768 and 1024×700, for docs/: two coupons
registered (one by bank transfer, one by postal order), the form filled for a third and the
payment form for the list. The page is shown at the size the window gives a page, since the
navigation has no room for a twentieth row yet (issue 37: its side list already scrolls).

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_coupons [out_dir]
"""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLineEdit

from pos.accounts.transfer_rules import iban_with_checks
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT
from tests.screenshots import at_each_size, save, wait_until
from tests.screenshots_fit import SIZES, fit_shop
from ui.pages.coupons import CouponsPage
from ui.tasks import TaskRunner

PLAYER_BANK = iban_with_checks("ALFA30120000012345678901")
# The room the window gives a manager's page at each size: beside the side list at 1366×768,
# under the tabs across the top at 1024×700 (as docs/claims-1366.png and -1024.png show it).
AREAS = {(1366, 768): (1209, 740), (1024, 700): (1024, 620)}


def _coupons(shop: Shop) -> None:
    boss = shop.login("boss", "9911")
    boss.register_coupon(
        coupon="К-0042", legs=[(101, "1")], stake=Decimal("10"), player=PASSPORT,
        paid_by="transfer", order="125", bank_account=PLAYER_BANK,
    )  # fmt: skip
    boss.register_coupon(
        coupon="К-0043", legs=[(102, "X"), (201, "1")], stake=Decimal("25"), player=ID_CARD,
        paid_by="postal", order="П-17", kind="express",
    )  # fmt: skip


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """coupons-<w>.png: the list, a coupon being typed and the payment by the list."""
    shop = fit_shop(folder)
    _coupons(shop)
    area = QSize(*AREAS[size])
    runner = TaskRunner()
    page = CouponsPage(shop.login("boss", "9911"), runner, shop.clock)
    page.resize(area)
    page.show()
    page.refresh()
    wait_until(lambda: page.table.rowCount() == 2)
    for name, text in (
        ("coupon_number", "К-0044"),
        ("coupon_legs", "103 1; 202 2"),
        ("coupon_stake", "15"),
        ("coupon_order", "131"),
        ("coupon_bank", PLAYER_BANK),
        ("pay_order", "78"),
    ):
        page.findChild(QLineEdit, name).setText(text)
    for name, text in (("surname", "Иванов"), ("name", "Пётр"), ("number", "MP1234567")):
        page.document_form.field(name).setText(text)
    page.table.selectRow(1)
    save(page, out_dir / f"coupons-{size[0]}.png")
    page.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save coupons-1366.png and coupons-1024.png into `out_dir`."""
    at_each_size(out_dir, shoot_size, SIZES)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
