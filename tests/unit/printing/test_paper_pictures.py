"""The papers of issue 34 drawn again from their ESC/POS bytes: a pari's confirmation, a
Bet-on-Poker slip, a void notice and a reprinted copy, on 80 mm and 58 mm paper:

    .venv/bin/python -m tests.unit.printing.test_paper_pictures [docs]

writes print-pari.png, print-poker-slip.png, print-void-notice.png and print-copy.png (80 mm)
and the same names ending in -58mm.png.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from pos.accounts.numbers import make_account_number
from pos.betting.teller import Teller
from pos.core.settings import ShopSettings
from pos.exchange.numbers import make_exchange_number
from pos.exchange.papers import concluded
from pos.exchange.paris import Pari, Side
from pos.line.events import Event, Sport
from pos.people.names import signed_name
from pos.shop.demo import DEMO_NAMES
from pos.till.fiscal import ReceiptKind
from pos.till.void_notices import VoidNotice, notice_paper
from printing.documents import document_layout
from printing.layout import WIDTH_58MM, WIDTH_80MM, Item, Text
from printing.render import render_job
from printing.slips import slip_layout
from tests.unit.printing.escpos_reader import items_of, read_job
from tests.unit.printing.test_poker_slip import POKER
from tests.unit.printing.test_slips import SLIP

# Imported by name, as tests/unit/printing/test_documents.py does (mypy need not follow it).
_slip_pictures: ModuleType = importlib.import_module("tests.screenshots_slip")
PROFILE = "TM-T20II"
AT = datetime(2026, 11, 30, 9, 3, 12, tzinfo=UTC)  # 12:03:12 in Minsk
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»",
    address="г. Минск, пр. Независимости, 58",
    licence_number="33000/0000123",
    unp="190000000",
)
TELLER = Teller("К1", "anna", "M1")
EVENT = Event(
    101,
    Sport.FOOTBALL,
    "Динамо Минск",
    "БАТЭ Борисов",
    datetime(2026, 12, 1, 16, 0, tzinfo=UTC),
    tournament="Высшая лига",
)
PARI = Pari(
    number=make_exchange_number(77, b"test secret"),
    offer_number=make_exchange_number(76, b"test secret"),
    event=101,
    market="1",
    coefficient=Decimal("1.50"),
    stake=Decimal("40.00"),
    back_account=make_account_number(123, b"test secret"),
    lay_account=make_account_number(124, b"test secret"),
    concluded_at=AT,
)
NOTICE = VoidNotice(
    register_serial="ККМ-00012345",
    receipt_no=17,
    kind=ReceiptKind.INCOME,
    amount=Decimal("10.00"),
    at=AT - timedelta(minutes=3),
    cashier="anna",
    reason=f"купон {SLIP.number} не выдан: не напечатан: принтер - соединение прервано",
    slip_number=SLIP.number,
    slip_voided=True,
)


def _layouts(width: int) -> dict[str, list[Item]]:
    """Each paper laid out for `width` columns."""
    lay = concluded(PARI, TELLER, Side.LAY, SETTINGS.zone, EVENT)
    notice = notice_paper(NOTICE, AT, SETTINGS.zone, "К1", "anna")
    # Named as the station prints them (pos.people.signatures, issue 34): the demo's anna
    # took the bet, its boss reprinted it.
    anna, boss = (signed_name(DEMO_NAMES[login], login) for login in ("anna", "boss"))
    copy = dataclasses.replace(SLIP, reprints=1, cashier=anna)
    return {
        "print-pari": document_layout(lay, SETTINGS, width=width),
        "print-poker-slip": slip_layout(POKER, SETTINGS, width=width),
        "print-void-notice": document_layout(notice, SETTINGS, width=width),
        "print-copy": slip_layout(
            copy, SETTINGS, width=width, copy=1, copied_by=boss, copied_at=AT
        ),
    }


def _from_bytes(items: list[Item]) -> list[Item]:
    """The items the printer takes from the layout's bytes."""
    return items_of(read_job(render_job(PROFILE, [items], code_page="CP866"), PROFILE))


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
def test_the_papers_read_back_from_their_bytes_line_for_line(width: int) -> None:
    for name, items in _layouts(width).items():
        again = _from_bytes(items)
        assert again == items, name  # every word and style, the codes with their digits
        assert all(len(item.text) <= width for item in again if isinstance(item, Text)), name


@contextlib.contextmanager
def _paper(dots: int) -> Iterator[Callable[[list[Item]], Image.Image]]:
    """tests/screenshots_slip's `draw` on paper `dots` wide (576: 80 mm, 384: 58 mm)."""
    kept = _slip_pictures.DOTS
    _slip_pictures.DOTS = dots
    try:
        yield _slip_pictures.draw
    finally:
        _slip_pictures.DOTS = kept


def draw_pictures(
    folder: Path, layouts: Callable[[int], dict[str, list[Item]]] = _layouts
) -> list[Path]:
    """Each paper of `layouts` on 80 mm and on 58 mm paper, drawn from its bytes, as PNG
    files."""
    paths = []
    for width, dots, suffix in ((WIDTH_80MM, 576, ""), (WIDTH_58MM, 384, "-58mm")):
        with _paper(dots) as draw:
            for name, items in layouts(width).items():
                path = folder / f"{name}{suffix}.png"
                draw(_from_bytes(items)).save(path)
                paths.append(path)
    return paths


def test_the_pictures_are_drawn_on_80mm_and_58mm_paper(tmp_path: Path) -> None:
    for path in draw_pictures(tmp_path):
        with Image.open(path) as picture:
            dots = 384 if path.stem.endswith("-58mm") else 576
            assert picture.width == dots + 2 * 24  # the printable dots and the margins
            assert picture.height > 400


if __name__ == "__main__":
    draw_pictures(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs"))
