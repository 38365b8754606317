"""Screenshots of cash-out on «Выплаты» (issue 38) at 1366×768 and 1024×700, for docs/: an
open express scanned, the shop's offer with its countdown and «Выкупить (F7)», the player's
document typed.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_cashout [out_dir]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QLineEdit

from pos.shop.services import Shop
from tests.screenshots import at_each_size, save, signed_in_window, wait_until
from tests.screenshots_fit import SIZES, fit_shop, open_page
from ui.pages.payouts import PayoutsPage


def _open_express(shop: Shop) -> str:
    """An express of two of tomorrow's matches at 50,00, the first's odds fallen since."""
    shop.update_settings(cashout_enabled=True)  # the demo's own setting; said again here
    slip = shop.login("anna", "4821").accept_bet([(101, "1"), (102, "O2.5")], "50", "express")
    shop.login("boss", "9911").set_odds(101, "1", "1.85")
    return slip.number


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """cashout-<w>.png: the offer beside the player's document."""
    shop = fit_shop(folder)
    number = _open_express(shop)
    window, runner = signed_in_window(shop, folder, size)
    open_page(window, runner, "Выплаты")
    page = window.findChild(PayoutsPage)
    page.findChild(QLineEdit, "payout_number").setText(number)
    page.look_up(number)
    wait_until(lambda: page.cashout.bar.offer is not None and not runner.busy)
    form = page.document_form
    for name, text in (
        ("surname", "Иванов"),
        ("name", "Пётр"),
        ("patronymic", "Сергеевич"),
        ("number", "MP1234567"),
        ("issued_by", "Октябрьский РУВД г. Минска"),
    ):
        form.field(name).setText(text)
    save(window, out_dir / f"cashout-{size[0]}.png")
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save cashout-1366.png and cashout-1024.png into `out_dir`."""
    at_each_size(out_dir, shoot_size, SIZES)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
