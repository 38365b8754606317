"""Every printer model the settings offer prints as its python-escpos profile says (issue 16).

For each model, paper width and code page the settings accept, the self-test page, a slip
with its receipt and a payout note go through the print station into job files, and their
bytes are read back as the printer would take them: the table each ESC t selects is the one
the text is encoded in, a cut only where the model has a cutter, a QR code natively only
where the model draws one (an image elsewhere), and codes that fit the paper.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from escpos import capabilities

from pos.betting.bets import BetKind, BetType
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Slip
from pos.core.errors import InvalidPrinterSetting
from pos.core.printers import (
    PRINTER_MODELS,
    PrinterConfig,
    PrinterKind,
    PrinterModel,
    from_text,
    make_printer_config,
    to_text,
)
from pos.core.settings import ShopSettings
from pos.payouts.rules import PayoutNote
from pos.till.fiscal import FiscalReceipt, ReceiptKind
from printing.layout import Barcode, Item, QrCode, Text
from printing.payouts import payout_note_layout
from printing.profiles import profile_for
from printing.receipts import receipt_layout
from printing.receipts import test_page_layout as self_test_layout
from printing.render import model_capabilities, render_job
from printing.slips import slip_layout
from printing.station import build_station
from tests.unit.printing.escpos_reader import Job, code128_digits, code128_modules, read_job
from tests.unit.printing.test_slips import HOCKEY

AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
NUMBER = make_slip_number(4321, b"test secret")
SETTINGS = ShopSettings(
    shop_name="ООО «Фортуна Бет»", address="г. Минск, пр. Независимости, 58", licence_number="1"
)
LEG = HOCKEY  # the printing tests' hockey leg: its regular-time wording on every model
SLIP = Slip(
    NUMBER,
    BetKind(BetType.SINGLE),
    ((LEG,),),
    Decimal("10.00"),
    Decimal("4.20"),
    Decimal("42.00"),
    "К1",
    "anna",
    AT,
)
RECEIPT = FiscalReceipt(
    "ККМ-1", 7, 1, ReceiptKind.INCOME, Decimal("10.00"), AT, "К1", "anna", NUMBER
)
NOTE = PayoutNote(
    slip_number=NUMBER,
    amount=Decimal("1016.99"),
    paid_at=AT,
    refund=False,
    lines=("Ординар выиграл: выплата 10,00 руб. × 101,699 = 1\u00a0016,99 руб.",),
    fiscal_receipt_no=8,
    journal_no=3,
    terminal="К1",
    cashier="anna",
)
CASES = [
    pytest.param(
        model.profile, paper, code_page, id=f"{model.profile or 'auto'}-{paper}-{code_page}"
    )
    for model in PRINTER_MODELS
    for paper in model.papers
    for code_page in model.code_pages
]
# The dots a 203 dpi head prints across each paper width (72 and 48 mm).
PRINTABLE_DOTS_203DPI = {80: 576, 58: 384}
QUIET_MODULES = 10  # CODE128's quiet zone on each side (ISO/IEC 15417)


def _profile(name: str) -> dict[str, object]:
    profile: dict[str, object] = capabilities.CAPABILITIES["profiles"][name]
    return profile


def _can(name: str, feature: str) -> bool:
    features = _profile(name)["features"]
    assert isinstance(features, dict)
    return bool(features.get(feature))


def _printable_dots(name: str, paper: int) -> int:
    media = _profile(name)["media"]
    assert isinstance(media, dict)
    paper_dots = PRINTABLE_DOTS_203DPI[paper] * int(media["dpi"]) // 203
    return min(int(media["width"]["pixels"]), paper_dots)


def _texts(documents: list[list[Item]]) -> list[str]:
    return [item.text for items in documents for item in items if isinstance(item, Text)]


def _job(folder: Path, name: str, profile: str) -> Job:
    [path] = folder.glob(f"*-{name}.bin")
    return read_job(path.read_bytes(), profile)


def _check_text(job: Job, documents: list[list[Item]], config: PrinterConfig) -> None:
    """One reset and one ESC t per document; the text decodes, in the table ESC t selected,
    to the layout's own lines (nothing printed in a table other than the one selected)."""
    assert job.resets == len(documents)
    assert job.code_pages == [config.code_page] * len(documents)
    assert [line for line in job.lines if line] == [t for t in _texts(documents) if t]
    assert max(len(line) for line in job.lines) <= config.columns


def _check_cuts(job: Job, documents: list[list[Item]], profile: str) -> None:
    if _can(profile, "paperFullCut") or _can(profile, "paperPartCut"):
        assert job.cuts == len(documents)
        assert job.events[-1] == "cut"
    else:
        assert job.cuts == 0  # no cutter: the paper is fed past the tear bar instead
        assert len(job.feeds) == len(documents)


def _check_codes(job: Job, documents: list[list[Item]], profile: str, paper: int) -> None:
    codes = [item for items in documents for item in items if isinstance(item, Barcode | QrCode)]
    native_qr, hardware_barcode = _can(profile, "qrCode"), _can(profile, "barcodeB")
    qr_contents = [code.content for code in codes if isinstance(code, QrCode)]
    assert job.qr_codes == ([content.encode() for content in qr_contents] if native_qr else [])
    assert job.events.count("qr") == (len(qr_contents) if native_qr else 0)
    digits = [code.digits for code in codes if isinstance(code, Barcode)]
    dots = _printable_dots(profile, paper)
    if hardware_barcode:
        assert [code128_digits(data) for _, data in job.barcodes] == digits
        for module, data in job.barcodes:
            assert (code128_modules(data) + 2 * QUIET_MODULES) * module <= dots
    else:
        assert job.barcodes == []
    images = iter(job.images)
    for code in codes:
        if hardware_barcode if isinstance(code, Barcode) else native_qr:
            continue  # drawn by the printer, checked above
        image = next(images)
        first, last = image.ink
        assert last < dots
        if isinstance(code, Barcode):
            assert first >= 2 * QUIET_MODULES and dots - 1 - last >= 2 * QUIET_MODULES
    assert next(images, None) is None


def _check(job: Job, documents: list[list[Item]], config: PrinterConfig) -> None:
    profile = profile_for(config)
    _check_text(job, documents, config)
    _check_cuts(job, documents, profile)
    _check_codes(job, documents, profile, config.paper_mm)


@pytest.mark.parametrize(("model", "paper", "code_page"), CASES)
def test_every_offered_model_prints_its_documents_as_its_profile_says(
    tmp_path: Path, model: str, paper: int, code_page: str
) -> None:
    config = make_printer_config(kind="none", profile=model, paper_mm=paper, code_page=code_page)
    profile = profile_for(config)
    station = build_station(config, None, jobs_dir=str(tmp_path))
    station.print_test_page(SETTINGS)
    station.print_slip(SLIP, SETTINGS, receipt=RECEIPT)
    station.print_payout_note(NOTE, SETTINGS)
    where = station.fiscal_where
    width = config.columns
    model_can = model_capabilities(profile)
    self_test = [
        self_test_layout(
            SETTINGS, code_page=code_page, width=width, where=where, capabilities=model_can
        )
    ]
    slip_and_receipt = [
        slip_layout(SLIP, SETTINGS, code_page=code_page, width=width),
        receipt_layout(RECEIPT, SETTINGS, code_page=code_page, width=width),
    ]
    note = [payout_note_layout(NOTE, SETTINGS, code_page=code_page, width=width)]
    _check(_job(tmp_path, "test-page", profile), self_test, config)
    _check(_job(tmp_path, f"slip-{NUMBER}", profile), slip_and_receipt, config)
    _check(_job(tmp_path, "payout-3-note", profile), note, config)


@pytest.mark.parametrize(("model", "paper", "code_page"), CASES)
def test_the_self_test_page_says_what_the_model_can_do(
    tmp_path: Path, model: str, paper: int, code_page: str
) -> None:
    config = make_printer_config(kind="none", profile=model, paper_mm=paper, code_page=code_page)
    profile = profile_for(config)
    build_station(config, None, jobs_dir=str(tmp_path)).print_test_page(SETTINGS)
    job = _job(tmp_path, "test-page", profile)
    cuts = _can(profile, "paperFullCut") or _can(profile, "paperPartCut")
    expected = {
        "Модель": profile,
        "Таблица": f"ESC t {job.slots[0]}",
        "Нож": "есть" if cuts else "нет, отрывать",
        "Штрихкод": "принтер" if _can(profile, "barcodeB") else "картинкой",
        "QR-код": "принтер" if _can(profile, "qrCode") else "картинкой",
    }
    for label, words in expected.items():
        assert any(line.startswith(label) and line.endswith(words) for line in job.lines), label


@pytest.mark.parametrize("model", PRINTER_MODELS, ids=lambda model: model.profile or "auto")
def test_an_offered_model_is_one_escpos_knows_with_the_code_pages_it_offers(
    model: PrinterModel,
) -> None:
    for paper in model.papers:
        config = PrinterConfig(profile=model.profile, paper_mm=paper)
        profile = _profile(profile_for(config))
        tables = profile["codePages"]
        fonts = profile["fonts"]
        assert isinstance(tables, dict) and isinstance(fonts, dict)
        assert set(model.code_pages) <= set(tables.values())
        assert config.columns <= int(fonts["0"]["columns"])
        assert config.columns * 12 <= _printable_dots(profile_for(config), paper)  # 12-dot font A


@pytest.mark.parametrize(("code_page", "slot"), [("CP866", 17), ("CP1251", 73)])
def test_the_code_page_selected_is_the_first_slot_of_its_table(code_page: str, slot: int) -> None:
    # POS-5890 lists CP866 at 17 and at 59; many of its clones print another table at 59.
    job = read_job(render_job("POS-5890", [[Text("Купон")]], code_page=code_page), "POS-5890")
    assert job.slots == [slot]
    assert job.lines == ["Купон"]


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"profile": "AF-240"}, "profile"),
        ({"profile": "POS-5890", "paper_mm": 80}, "paper_mm"),
        ({"profile": "ZJ-5870", "paper_mm": 58, "code_page": "CP1251"}, "code_page"),
    ],
)
def test_the_settings_refuse_a_model_they_do_not_offer_or_cannot_print_on(
    fields: dict[str, object], name: str
) -> None:
    with pytest.raises(InvalidPrinterSetting) as refused:
        make_printer_config(kind="none", **fields)
    assert refused.value.name == name


def test_a_model_is_found_whatever_its_case() -> None:
    assert make_printer_config(profile="pos-5890", paper_mm=58).profile == "POS-5890"


def test_a_stored_model_no_longer_offered_keeps_the_printer_with_the_paper_default() -> None:
    stored = to_text(PrinterConfig(kind=PrinterKind.NETWORK, target="10.0.0.7", profile="AF-240"))
    config = from_text(stored)
    assert (config.kind, config.target, config.profile) == (PrinterKind.NETWORK, "10.0.0.7", "")
