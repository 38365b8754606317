"""The page layouts are laid out on, and their rendering into ESC/POS bytes on escpos's Dummy."""

from __future__ import annotations

import textwrap
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from escpos.printer import Dummy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pos.core.devices import PreviewLine
from pos.core.errors import PrinterUnavailable
from pos.core.money import format_roubles as rub
from printing import layout as layout_module
from printing.layout import Barcode, Item, Page, QrCode, Text, local, wrapped
from printing.preview import code128_modules, qr_modules, to_preview
from printing.render import QR_MODULE, code128_data, render_items, render_job
from printing.text import for_code_page
from tests.unit.printing.escpos_reader import code128_modules as printed_modules
from tests.unit.printing.escpos_reader import read_job

ESC_T = b"\x1bt"
INIT = b"\x1b@"
FS_DOT = b"\x1c."
CUT = b"\x1dV\x00"
CP866_TM_T20II = ESC_T + b"\x11"
CP1251_TM_T20II = ESC_T + b"\x2e"

DOCUMENT: list[Item] = [
    Text("ООО «Ставка»", bold=True, center=True),
    Text("Купон № 1", tall=True),
    Barcode("0123456789012"),
    QrCode("0123456789012"),
]


def fitted(items: list[Item], code_page: str) -> list[Item]:
    page = Page(code_page, 48)
    for item in items:
        if isinstance(item, Text):
            page.wrap(item.text, bold=item.bold, center=item.center, tall=item.tall)
        else:
            page.add(item)
    return page.items


def texts(page: Page) -> list[str]:
    return [item.text for item in page.items if isinstance(item, Text)]


def test_page_wraps_long_text_within_the_width_and_keeps_amounts_whole() -> None:
    page = Page("CP866", 32)
    page.wrap("Вариантов: 6, ставка на вариант 1\u00a0250,00 руб. и ещё немного слов", indent="  ")
    lines = texts(page)
    assert max(len(line) for line in lines) <= 32
    assert any("1 250,00" in line for line in lines)
    assert all(line.startswith("  ") for line in lines)


def test_page_pair_puts_the_value_flush_right() -> None:
    page = Page("CP866", 48)
    page.pair("Ставка", "10,00 руб.")
    assert texts(page) == ["Ставка" + " " * 32 + "10,00 руб."]


def test_page_pair_too_long_for_one_line_goes_on_two() -> None:
    page = Page("CP866", 32)
    page.pair("Возврат ставки по купону № 00001234-567-89", "10,00 руб.", bold=True)
    lines = texts(page)
    assert len(lines) == 3
    assert lines[-1] == "10,00 руб.".rjust(32)
    assert all(len(line) <= 32 for line in lines)
    assert all(isinstance(item, Text) and item.bold for item in page.items)


def test_page_fits_every_text_to_its_code_page() -> None:
    page = Page("CP866", 48)
    page.wrap("ООО «Ставка» — 5 ₽")
    page.pair("«Лев»", "€ 1")
    assert texts(page)[0] == 'ООО "Ставка" - 5 руб.'
    assert texts(page)[1].startswith('"Лев"')
    assert texts(page)[1].endswith("EUR 1")


def test_page_rule_spans_the_width() -> None:
    page = Page("CP1251", 32)
    page.rule()
    assert texts(page) == ["-" * 32]


def test_rendering_resets_forces_the_code_page_and_cuts() -> None:
    printer = Dummy(profile="TM-T20II")
    render_items(printer, fitted(DOCUMENT, "CP866"), code_page="CP866")
    output: bytes = printer.output
    assert output.startswith(INIT + CP866_TM_T20II)
    assert output.count(ESC_T) == 1
    assert 'ООО "Ставка"'.encode("cp866") in output
    assert "Купон".encode() not in output
    assert output.endswith(CUT)


def test_fs_dot_only_when_the_printer_is_a_clone_that_needs_it() -> None:
    plain = Dummy(profile="TM-T20II")
    render_items(plain, fitted(DOCUMENT, "CP866"), code_page="CP866")
    assert FS_DOT not in plain.output
    clone = Dummy(profile="TM-T20II")
    render_items(clone, fitted(DOCUMENT, "CP866"), code_page="CP866", cancel_chinese=True)
    assert clone.output.startswith(INIT + FS_DOT + CP866_TM_T20II)


def test_cp1251_gets_its_slot_and_its_own_bytes() -> None:
    output = render_job("TM-T20II", [fitted(DOCUMENT, "CP1251")], code_page="CP1251")
    assert output.startswith(INIT + CP1251_TM_T20II)
    assert "ООО «Ставка»".encode("cp1251") in output


def test_codes_are_hardware_code128_and_native_qr() -> None:
    output = render_job("TM-T20II", [DOCUMENT], code_page="CP866")
    # Code set C: one byte for each pair of digits, the odd last digit in code set B.
    data = b"{C" + bytes([1, 23, 45, 67, 89, 1]) + b"{B2"
    assert b"\x1dk\x49" + bytes([len(data)]) + data in output  # GS k, CODE128 function B
    assert b"\x1d(k" in output  # GS ( k: native QR
    assert b"\x1d(k\x03\x001Q0" in output  # ... and its print command


def test_a_job_of_two_documents_resets_and_cuts_each() -> None:
    second: list[Item] = [Text("ПРИХОД")]
    output = render_job("TM-T20II", [fitted(DOCUMENT, "CP866"), second], code_page="CP866")
    assert output.count(INIT) == 2
    assert output.count(CP866_TM_T20II) == 2  # the code page is sent again after the reset
    assert output.count(CUT) == 2
    assert output.endswith("ПРИХОД".encode("cp866") + b"\n" + b"\x1bd\x06" + CUT)
    assert output.index(CUT) < output.index("ПРИХОД".encode("cp866"))


# A document with codes goes through an escpos printer; one of text alone is framed by the
# bytes escpos sends for the model (printing.render._frame, issue 34): both refuse alike.
_TEXT_ALONE = [Text("ПРИХОД"), Text("Итого", bold=True)]


@pytest.mark.parametrize("document", [DOCUMENT, _TEXT_ALONE], ids=["with codes", "text alone"])
def test_unknown_printer_model_is_a_printer_unavailable(document: list[Item]) -> None:
    with pytest.raises(PrinterUnavailable) as caught:
        render_job("NO-SUCH-MODEL", [document], code_page="CP866")
    assert caught.value.where == "NO-SUCH-MODEL"
    assert caught.value.detail == "неизвестная модель принтера"


@pytest.mark.parametrize("document", [DOCUMENT, _TEXT_ALONE], ids=["with codes", "text alone"])
@pytest.mark.parametrize(("profile", "code_page"), [("ZJ-5870", "CP1251"), ("simple", "CP866")])
def test_a_model_without_the_code_page_is_a_printer_unavailable(
    profile: str, code_page: str, document: list[Item]
) -> None:
    with pytest.raises(PrinterUnavailable) as caught:
        render_job(profile, [document], code_page=code_page)
    assert caught.value.detail == f"модель не поддерживает кодовую страницу {code_page}"


def test_a_document_of_text_alone_sends_what_escpos_sends_for_it() -> None:
    # The framed bytes of a text document equal escpos's own rendering of it, document by
    # document in one job, on a model with a cutter, one without and with FS . sent first.
    for profile, cancel in (("TM-T20II", False), ("POS-5890", False), ("TM-T20II", True)):
        printer = Dummy(profile=profile)
        for document in (_TEXT_ALONE, _TEXT_ALONE[::-1]):
            render_items(printer, document, code_page="CP866", cancel_chinese=cancel)
        framed = render_job(
            profile, [_TEXT_ALONE, _TEXT_ALONE[::-1]], code_page="CP866", cancel_chinese=cancel
        )
        assert framed == printer.output, profile


def test_preview_maps_text_barcode_and_qr() -> None:
    assert to_preview(DOCUMENT) == [
        PreviewLine("ООО «Ставка»", bold=True, center=True),
        PreviewLine("Купон № 1", tall=True),
        PreviewLine("0123456789012", kind="barcode", modules=(code128_modules("0123456789012"),)),
        PreviewLine("0123456789012", kind="qr", modules=qr_modules("0123456789012")),
    ]


def test_the_preview_barcode_has_the_printed_symbols_code_sets_and_width() -> None:
    digits = "0000000178287"
    modules = code128_modules(digits)

    printed = code128_data(digits).encode("latin-1")  # code set C, then B for the odd digit
    assert len(modules) == printed_modules(printed)
    assert modules.startswith("11010011100")  # Start C
    assert modules.endswith("1100011101011")  # the stop and its final bar


def test_the_preview_qr_is_as_many_modules_wide_as_the_picture_a_printer_gets() -> None:
    content = "0000000178287"
    job = read_job(render_job("POS-5890", [[QrCode(content)]], code_page="CP866"), "POS-5890")

    [picture] = job.images  # this model draws no QR itself: escpos sends python-qrcode's
    span = max(picture.black) - min(picture.black) + 1
    modules = qr_modules(content)
    assert span == len(modules) * QR_MODULE
    assert all(len(row) == len(modules) for row in modules)
    assert modules[0].startswith("1111111")  # a finder pattern in the corner


def test_local_time_is_the_shops_wall_clock() -> None:
    moment = datetime(2026, 11, 30, 21, 30, tzinfo=UTC)
    assert local(moment, ZoneInfo("Europe/Minsk"), "%d.%m.%Y %H:%M") == "01.12.2026 00:30"


def test_a_kept_wall_clock_text_is_kept_per_moment_zone_and_pattern() -> None:
    # local() keeps what it wrote (issue 34): asked again in another zone, with another
    # pattern or for the same instant given in another zone, each answer is its own.
    moment = datetime(2026, 11, 30, 21, 30, tzinfo=UTC)
    minsk, london = ZoneInfo("Europe/Minsk"), ZoneInfo("Europe/London")
    assert local(moment, minsk, "%H:%M") == "00:30"
    assert local(moment, london, "%H:%M") == "21:30"
    assert local(moment, minsk, "%d.%m.%Y") == "01.12.2026"
    assert local(moment.astimezone(london), minsk, "%H:%M") == "00:30"
    assert local(moment.astimezone(minsk), london, "%H:%M") == "21:30"


def test_roubles_keep_the_no_break_space_between_thousands() -> None:
    assert rub(Decimal("1250.5")) == "1\u00a0250,50 руб."
    assert rub(Decimal("-10")) == "-10,00 руб."


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(max_size=60),
    code_page=st.sampled_from(["CP866", "CP1251"]),
    fitted=st.booleans(),
)
def test_text_goes_out_as_the_bytes_escpos_would_send(
    text: str, code_page: str, fitted: bool
) -> None:
    # Lines are encoded with Python's codec and sent raw (issue #15, a payout's time): the
    # bytes must be escpos's own with the code page forced, for what a page fitted to the
    # code page and for what it did not ("?" either way).
    line = for_code_page(text, code_page) if fitted else text
    ours = render_job("TM-T20II", [[Text(line)]], code_page=code_page)
    theirs = Dummy(profile="TM-T20II")
    theirs.hw("INIT")
    theirs.magic.encoding = None
    theirs.charcode(code_page)
    theirs.set(align="left", bold=False, normal_textsize=True, double_height=False)
    theirs.textln(line)
    theirs.cut()
    assert ours == theirs.output


@settings(max_examples=400, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from("ab Жё-\t\n\r\x0b\x0c\xa0"), max_size=60),
    width=st.integers(min_value=4, max_value=48),
    first=st.sampled_from(["", "   ", "1. "]),
    indent=st.sampled_from(["", "   "]),
)
def test_a_line_that_fits_is_wrapped_as_textwrap_would(
    text: str, width: int, first: str, indent: str
) -> None:
    expected = textwrap.wrap(
        text, width, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False
    )
    assert wrapped(text, width, indent, first) == expected


@settings(max_examples=1500, deadline=None)
@given(
    words=st.lists(
        st.text(alphabet=st.sampled_from("aЖ—\xa0,.1"), min_size=0, max_size=60), max_size=25
    ),
    gaps=st.lists(st.integers(min_value=1, max_value=3), min_size=25, max_size=25),
    width=st.integers(min_value=1, max_value=48),
    first=st.sampled_from(["", " ", "   ", "1. ", "Выплата: "]),
    indent=st.sampled_from(["", "   ", "          "]),
)
def test_words_between_spaces_are_wrapped_as_textwrap_would(
    words: list[str], gaps: list[int], width: int, first: str, indent: str
) -> None:
    """Issue 34: lines of words and spaces, the payout note's, are wrapped without textwrap
    but into its very lines: runs of spaces, a word longer than the paper, a word of no-break
    spaces alone, spaces first."""
    _wrapped_as_textwrap_would(words, gaps, width, first, indent)


def _wrapped_as_textwrap_would(
    words: list[str], gaps: list[int], width: int, first: str, indent: str
) -> None:
    assume(width > max(len(first), len(indent)))  # else textwrap itself may never end
    text = "".join(" " * gap + word for word, gap in zip(words, gaps, strict=False))
    expected = textwrap.wrap(
        text, width, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False
    )
    assert wrapped(text, width, indent, first) == expected


@settings(max_examples=1500, deadline=None)
@given(
    words=st.lists(st.text(alphabet=st.sampled_from("aЖ—,.1"), max_size=60), max_size=25),
    gaps=st.lists(st.integers(min_value=1, max_value=70), min_size=25, max_size=25),
    width=st.integers(min_value=1, max_value=48),
    first=st.sampled_from(["", " ", "   ", "1. ", "Выплата: "]),
    indent=st.sampled_from(["", "   ", "          "]),
)
def test_words_and_spaces_alone_are_cut_where_textwrap_cuts_them(
    words: list[str], gaps: list[int], width: int, first: str, indent: str
) -> None:
    """Issue 34: a text whose only whitespace is the space (a payout note's leg line) is cut
    by position, not word by word: runs of spaces wider than the paper, words longer than
    it, a line full when such a word comes."""
    _wrapped_as_textwrap_would(words, gaps, width, first, indent)


def test_a_text_printed_once_is_laid_out_as_a_kept_one_and_keeps_nothing() -> None:
    # A payout note's legs are laid out without being kept (issue 34): the same lines, and
    # the texts that come back on every paper stay kept.
    text = "1-е событие выигрыш: 10033 Хозяева 33 — Гости 33, Тотал меньше 3 (М3) (1,69)"
    once, kept = Page("CP866", 32), Page("CP866", 32)
    before = layout_module._lines.cache_info()
    once.wrap(text + " — однажды", first="", indent="   ", once=True)
    after = layout_module._lines.cache_info()
    kept.wrap(text + " — однажды", first="", indent="   ")
    assert once.items == kept.items and len(once.items) > 1
    assert after == before
