"""Screenshots of «Претензии» (issue 37, p.14–p.16) at 1366×768 and 1024×700, for docs/: the
register of the month with a claim decided and one waiting, the decision's form filled.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_claims [out_dir]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

from pos.shop.services import Shop
from tests.screenshots import at_each_size, save, signed_in_window, wait_until
from tests.screenshots_fit import SIZES, fit_shop, open_page, won_slips
from ui.pages.claims import ClaimsPage


def _claims(shop: Shop) -> str:
    """Two claims on yesterday's winners: one rejected with its reason, one waiting."""
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    first, second, *_ = won_slips(shop)
    claim = anna.record_claim(
        first,
        text="Игрок считает, что матч начался раньше и ставка должна быть возвращена",
        evidence=["чек 17", "видеозапись трансляции"],
    )
    boss.decide_claim(
        claim.number,
        upheld=False,
        reason="По протоколу матча начало в 19:00, ставка принята в 18:40",
    )
    anna.record_claim(second, text="Выплата меньше ожидаемой", evidence=["купон"])
    return second


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """claims-<w>.png: the register of the month and the forms."""
    shop = fit_shop(folder)
    slip = _claims(shop)
    window, runner = signed_in_window(shop, folder, size)
    open_page(window, runner, "Претензии")
    page = window.findChild(ClaimsPage)
    wait_until(lambda: page.table.rowCount() == 2)
    page.findChild(QLineEdit, "claim_slip").setText(slip)
    page.findChild(QLineEdit, "claim_text").setText("Коэффициент на купоне не тот, что в линии")
    page.findChild(QPlainTextEdit, "claim_evidence").setPlainText("купон\nзапись камеры зала")
    page.findChild(QLineEdit, "decide_number").setText("2")
    page.findChild(QLineEdit, "decide_reason").setText("Выплата по правилам п. 24")
    save(window, out_dir / f"claims-{size[0]}.png")
    window.close()
    runner.shutdown()
    shop.close()


def main(out_dir: Path) -> None:
    """Save claims-1366.png and claims-1024.png into `out_dir`."""
    at_each_size(out_dir, shoot_size, SIZES)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
