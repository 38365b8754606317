"""The fast ways printing fits and encodes text (issue 34) give what the slow ones gave: the
code page's own codec, `for_code_page` part by part, and a page laid out afresh."""

from __future__ import annotations

import itertools
import textwrap

import pytest
from escpos.printer import Dummy

from pos.core.money import NBSP
from printing import render
from printing.layout import Page, Text
from printing.text import encoder, fitting, for_code_page

BOTH = ["CP866", "CP1251"]
# Every character but the surrogates, which no str.encode takes.
EVERY = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)


@pytest.mark.parametrize("code_page", [*BOTH, "cp1252", "utf-8", "cp932"])
def test_the_encoder_gives_the_codecs_bytes_for_every_character(code_page: str) -> None:
    encode = encoder(code_page)
    assert encode(EVERY) == EVERY.encode(code_page, errors="replace")
    for code in range(0x3000):  # one by one too: "?" for each character the page lacks
        if not 0xD800 <= code < 0xE000:
            assert encode(chr(code)) == chr(code).encode(code_page, errors="replace")


@pytest.mark.parametrize("code_page", BOTH)
def test_fitting_is_for_code_page_between_the_no_break_spaces(code_page: str) -> None:
    fit = fitting(code_page)
    for code in range(0x10000):
        if 0xD800 <= code < 0xE000:
            continue
        text = f"Ставка{NBSP}{chr(code)} 10,00{NBSP}руб."
        expected = NBSP.join(for_code_page(part, code_page) for part in text.split(NBSP))
        assert fit(text) == expected, hex(code)


def test_a_text_already_fitted_comes_back_as_it_is() -> None:
    text = f"Купон № 0001234-567-89, Динамо Минск 1{NBSP}016,99"
    assert fitting("CP866")(text) is text


def _lines(page: Page) -> list[str]:
    return [item.text for item in page.items if isinstance(item, Text)]


def test_a_line_laid_out_before_is_laid_out_for_each_page_its_own_way() -> None:
    shop = "ООО «Фортуна Бет» — букмекерская контора с очень длинным названием"
    pages = {(code_page, width): Page(code_page, width) for code_page in BOTH for width in (48, 32)}
    for _ in range(2):  # the second time from what the first laid out
        for page in pages.values():
            page.wrap(shop, bold=True, center=True)
            page.pair("Ставка", "25,50 руб.")
    for (code_page, width), page in pages.items():
        shop_lines = textwrap.wrap(for_code_page(shop, code_page), width, break_on_hyphens=False)
        stake = "Ставка" + "25,50 руб.".rjust(width - len("Ставка"))
        assert _lines(page) == [*shop_lines, stake] * 2
    assert _lines(pages[("CP866", 48)])[0].startswith('ООО "Фортуна Бет" - ')
    assert _lines(pages[("CP1251", 32)])[0].startswith("ООО «Фортуна Бет» — ")
    items = [item for item in pages[("CP866", 48)].items if isinstance(item, Text)]
    assert [item.bold for item in items] == [True, True, False] * 2
    assert all(item.center for item in items if item.bold)


@pytest.mark.parametrize("profile", ["TM-T20II", "RP-F10-58mm", "POS-5890"])
def test_a_style_sends_what_escpos_set_sends_on_every_model(profile: str) -> None:
    for bold, center, tall in itertools.product((False, True), repeat=3):
        printer = Dummy(profile=profile)
        printer.set(
            align="center" if center else "left",
            bold=bold,
            normal_textsize=not tall,
            double_height=tall,
        )
        assert render._style_bytes((bold, center, tall)) == printer.output
