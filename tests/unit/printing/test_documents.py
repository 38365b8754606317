"""Documents of the slip printer (account card, «Спрэдбет» confirmation, statement) as laid out,
as their ESC/POS bytes read back, and as pictures for docs/:

    .venv/bin/python -m tests.unit.printing.test_documents [docs]

writes docs/print-account-card.png and docs/print-spread-confirmation.png.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy
from PIL import Image

from pos.accounts.numbers import display_account_number, make_account_number
from pos.core.check_codes import NumberScheme
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.errors import PrinterUnavailable
from pos.core.money import format_roubles as rub
from pos.core.printers import PrinterKind, make_printer_config
from pos.core.settings import ShopSettings
from printing.documents import document_layout
from printing.layout import WIDTH_58MM, WIDTH_80MM, Item, Text
from printing.render import render_job
from printing.station import EscposStation, build_station
from tests.fakeprinter import FlakyDummy
from tests.unit.printing.escpos_reader import Job, code128_digits, read_job

# The pictures of docs/ are drawn as the slip's are. Imported by name: mypy following that
# script would check the fake shop it builds its slip with, and its import for running as a
# script (`from fakes import ...`), neither of which these tests use.
draw: Callable[[list[Item]], Image.Image] = importlib.import_module("tests.screenshots_slip").draw
PROFILE = "TM-T20II"
CUT = b"\x1dV\x00"
AT = datetime(2026, 12, 4, 9, 0, tzinfo=UTC)  # 12:00 in Minsk
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»",
    address="г. Минск, пр. Независимости, 58",
    licence_number="33000/0000123",
    unp="190000000",
)
ACCOUNT = make_account_number(123, b"test secret")
# A spread bet's number as pos.spread.numbers makes it: 7 digits of serial, 3 keyed, 2 check.
SPREAD = NumberScheme(7, key_digits=3, purpose="spread:").make(4567, b"test secret")
SPREAD_SHOWN = f"{SPREAD[:7]}-{SPREAD[7:10]}-{SPREAD[10:]}"

CARD = PrintedDocument(
    title="КАРТА СЧЁТА ИГРОКА",
    number=ACCOUNT,
    number_shown=display_account_number(ACCOUNT),
    lines=(
        DocumentLine("Счёт открыт", "04.12.2026"),
        DocumentLine("Остаток на счёте", rub(Decimal("100.00")), bold=True),
    ),
    notes=(
        "Предъявляйте карту при каждой операции по счёту. Утерянную карту кассир "
        "блокирует по документу, удостоверяющему личность владельца счёта.",
    ),
    at=AT,
    terminal="К1",
    cashier="anna",
    job_name=f"account-{ACCOUNT}-card",
)
SPREAD_OPENED = PrintedDocument(
    title="СТАВКА «СПРЭДБЕТ»",
    number=SPREAD,
    number_shown=SPREAD_SHOWN,
    lines=(
        DocumentLine("ОТКРЫТИЕ СТАВКИ", bold=True),
        DocumentLine("Счёт игрока", display_account_number(ACCOUNT)),
        DocumentLine("Актив", "Нефть Brent, фьючерс (BRENT)"),
        DocumentLine("Направление", "вверх (покупка)", bold=True),
        DocumentLine("Котировка продажа / покупка", "82,14 / 82,20"),
        DocumentLine("Цена открытия", "82,20"),
        DocumentLine("Пункт", "0,01"),
        DocumentLine("Ставка за пункт", rub(Decimal("1.50")), bold=True),
        DocumentLine("Начальная маржа (100 пунктов)", rub(Decimal("150.00"))),
    ),
    notes=(
        "Претензии по ставке принимаются в течение 5\u00a0минут после выдачи подтверждения, "
        "до 12:05:00 (п.\u00a08 Правил).",
    ),
    at=AT,
    terminal="К1",
    cashier="anna",
    job_name=f"spread-{SPREAD}-open",
)
SPREAD_CLOSED = dataclasses.replace(
    SPREAD_OPENED,
    lines=(
        DocumentLine("ЗАКРЫТИЕ СТАВКИ", bold=True),
        DocumentLine("Счёт игрока", display_account_number(ACCOUNT)),
        DocumentLine("Актив", "Нефть Brent, фьючерс (BRENT)"),
        DocumentLine("Направление", "вверх (покупка)"),
        DocumentLine("Цена открытия", "82,20"),
        DocumentLine("Цена закрытия", "82,50"),
        DocumentLine("Закрыто за пункт", rub(Decimal("1.50"))),
        DocumentLine("Результат (+30 пунктов)", "+" + rub(Decimal("45.00")), bold=True),
        DocumentLine("Освобождена маржа", rub(Decimal("150.00"))),
    ),
    notes=(),
    job_name=f"spread-{SPREAD}-close",
)
STATEMENT = PrintedDocument(
    title="ВЫПИСКА ПО СЧЁТУ",
    number=None,
    number_shown=display_account_number(ACCOUNT),
    lines=(
        DocumentLine("с 01.12.2026 по 04.12.2026"),
        DocumentLine(""),
        DocumentLine("01.12 10:15 Пополнение", "+" + rub(Decimal("200.00"))),
        DocumentLine("02.12 18:40 Спрэдбет 0004567 открыт, маржа", "-" + rub(Decimal("150.00"))),
        DocumentLine("04.12 11:02 Выплата наличными", "-" + rub(Decimal("1050.00"))),
        DocumentLine("Остаток", rub(Decimal("100.00")), bold=True),
    ),
    at=AT,
    terminal="К1",
    cashier="anna",
    job_name=f"account-{ACCOUNT}-statement",
)
DOCUMENTS = {
    "card": CARD,
    "opened": SPREAD_OPENED,
    "closed": SPREAD_CLOSED,
    "statement": STATEMENT,
    "long login": dataclasses.replace(CARD, cashier="night.shift.supervisor.minsk.001"),
}


def _station(tmp_path: Path, printer: Dummy, paper_mm: int = 80) -> EscposStation:
    config = make_printer_config(kind=PrinterKind.NONE, paper_mm=paper_mm)
    return build_station(config, None, printer=printer, jobs_dir=str(tmp_path))


def _printed(tmp_path: Path, document: PrintedDocument, paper_mm: int = 80) -> tuple[bytes, Job]:
    printer = Dummy(profile=PROFILE)
    _station(tmp_path, printer, paper_mm).print_document(document, SETTINGS)
    output: bytes = printer.output
    return output, read_job(output, PROFILE)


def _words(job: Job) -> str:
    return " ".join(job.text().split())


def test_the_bytes_carry_the_title_and_the_lines_in_cp866_and_one_cut(tmp_path: Path) -> None:
    output, job = _printed(tmp_path, SPREAD_OPENED)
    assert job.code_pages == ["CP866"]
    assert "СТАВКА".encode("cp866") in output and "Ставка за пункт".encode("cp866") in output
    words = _words(job)
    assert 'СТАВКА "СПРЭДБЕТ"' in words  # « » are not in CP866
    assert f"№ {SPREAD_SHOWN}" in words
    for line in SPREAD_OPENED.lines:
        assert " ".join(line.left.split()) in words
        assert " ".join(line.right.replace("\u00a0", " ").split()) in words
    assert "в течение 5 минут" in words and "(п. 8 Правил)" in words
    assert "04.12.2026" in words and "12:00:00" in words
    assert "Терминал К1" in words and "Кассир anna" in words
    assert job.cuts == 1 and output.endswith(CUT)


@pytest.mark.parametrize("document", [CARD, SPREAD_OPENED], ids=["card", "spread"])
def test_the_barcode_and_the_qr_code_carry_the_number(
    tmp_path: Path, document: PrintedDocument
) -> None:
    _output, job = _printed(tmp_path, document)
    assert document.number is not None
    assert [code128_digits(data) for _module, data in job.barcodes] == [document.number]
    assert job.qr_codes == [document.number.encode("ascii")]
    # The codes come after the notes, the time and the cashier after them.
    events = job.events
    assert events.index("barcode") < events.index("qr")
    assert job.lines[-1].strip().endswith("Кассир anna")


def test_a_document_without_a_number_prints_no_code(tmp_path: Path) -> None:
    _output, job = _printed(tmp_path, STATEMENT)
    assert job.barcodes == [] and job.qr_codes == [] and job.images == []
    assert "barcode" not in job.events and "qr" not in job.events
    assert f"№ {display_account_number(ACCOUNT)}" in _words(job)  # shown, not scanned
    nameless = dataclasses.replace(STATEMENT, number_shown="")
    _output, job = _printed(tmp_path, nameless)
    assert not any(line.strip().startswith("№") for line in job.lines)


@pytest.mark.parametrize("width", [WIDTH_80MM, WIDTH_58MM])
@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_every_line_fits_the_paper(name: str, width: int) -> None:
    laid = document_layout(DOCUMENTS[name], SETTINGS, width=width)
    assert all(len(item.text) <= width for item in laid if isinstance(item, Text))
    printed = render_job(PROFILE, [laid], code_page="CP866")
    assert all(len(line) <= width for line in read_job(printed, PROFILE).lines)


def test_a_58mm_printer_gets_its_32_columns_and_keeps_every_word(tmp_path: Path) -> None:
    _output, job = _printed(tmp_path, SPREAD_OPENED, paper_mm=58)
    assert max(len(line) for line in job.lines) <= WIDTH_58MM
    words = _words(job)
    assert "Нефть Brent, фьючерс (BRENT)" in words
    assert "1,50 руб." in words and "150,00 руб." in words
    assert not any(line.strip().startswith("руб.") for line in job.lines)


def test_cyrillic_cp866_lacks_is_replaced_not_refused(tmp_path: Path) -> None:
    belarusian = dataclasses.replace(
        CARD,
        title="КАРТКА РАХУНКУ ГУЛЬЦА — Рэспубліка Беларусь",
        lines=(DocumentLine("Ўладальнік", "Іван ₽ ☃"),),
        cashier="Алесь",
    )
    _output, job = _printed(tmp_path, belarusian)
    words = _words(job)
    assert "КАРТКА РАХУНКУ ГУЛЬЦА - Рэспублiка Беларусь" in words  # і, — replaced
    assert "Ўладальнiк" in words  # Ў is in CP866
    assert "Iван руб. ?" in words  # ₽ spelled out, the snowman the last resort
    assert "Кассир Алесь" in words
    assert job.barcodes and job.qr_codes  # the codes still come out


def test_the_preview_shows_the_lines_and_the_number_s_codes(tmp_path: Path) -> None:
    preview = _station(tmp_path, Dummy(profile=PROFILE)).preview_document(CARD, SETTINGS)
    kinds = [line.kind for line in preview]
    assert kinds.count("barcode") == 1 and kinds.count("qr") == 1
    codes = [line for line in preview if line.kind != "text"]
    assert all(line.text == ACCOUNT and line.modules for line in codes)
    text = " ".join(line.text for line in preview if line.kind == "text")
    assert "КАРТА СЧЁТА ИГРОКА" in text and display_account_number(ACCOUNT) in text
    assert any(line.bold and line.center and "КАРТА" in line.text for line in preview)


def test_a_terminal_without_a_printer_keeps_the_job_under_its_name(tmp_path: Path) -> None:
    config = make_printer_config(kind=PrinterKind.NONE)
    station = build_station(config, None, jobs_dir=str(tmp_path))
    station.print_document(CARD, SETTINGS)
    (job,) = tmp_path.iterdir()
    assert job.name.endswith(f"-account-{ACCOUNT}-card.bin")
    assert "КАРТА СЧЁТА ИГРОКА".encode("cp866") in job.read_bytes()


@pytest.mark.parametrize(("mode", "sent"), [("unplugged", False), ("cut", True)])
def test_a_failed_document_says_whether_its_bytes_may_be_on_paper(
    tmp_path: Path, mode: str, sent: bool
) -> None:
    printer = FlakyDummy()
    printer.broken, printer.mode = True, mode
    with pytest.raises(PrinterUnavailable) as failed:
        _station(tmp_path, printer).print_document(SPREAD_CLOSED, SETTINGS)
    assert failed.value.sent is sent


def test_a_document_s_time_is_aware_and_its_number_never_empty() -> None:
    with pytest.raises(ValueError, match="aware"):
        dataclasses.replace(CARD, at=datetime(2026, 12, 4, 12, 0))  # noqa: DTZ001
    with pytest.raises(ValueError, match="number"):
        dataclasses.replace(CARD, number="")
    assert dataclasses.replace(CARD, number_shown="").shown_number == ACCOUNT


PICTURES = {"print-account-card.png": CARD, "print-spread-confirmation.png": SPREAD_OPENED}


def draw_pictures(folder: Path) -> list[Path]:
    """The account card and the spread bet's confirmation on 80 mm paper, as PNG files."""
    paths = []
    for name, document in PICTURES.items():
        path = folder / name
        draw(document_layout(document, SETTINGS)).save(path)
        paths.append(path)
    return paths


def test_the_pictures_are_drawn_on_80mm_paper(tmp_path: Path) -> None:
    for path in draw_pictures(tmp_path):
        with Image.open(path) as picture:
            assert picture.width == 576 + 2 * 24  # the printable dots and the margins
            assert picture.height > 600


if __name__ == "__main__":
    draw_pictures(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs"))
