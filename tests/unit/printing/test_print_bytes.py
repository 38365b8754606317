"""Printing made cheaper sends the very same bytes (issue 34): every representative job, on
80 mm, 58 mm, a 58 mm clone and CP1251, equals the bytes captured before the change."""

from __future__ import annotations

import gc

import pytest

from printing.layout import WIDTH_80MM, Barcode, Page, QrCode
from printing.render import render_job
from tests.unit.printing.print_samples import job, kept, names

KEPT = kept()


def _first_difference(output: bytes, expected: bytes) -> str:
    at = next(
        (i for i, (a, b) in enumerate(zip(output, expected, strict=False)) if a != b),
        min(len(output), len(expected)),
    )
    return f"differs at byte {at}: {output[at - 20 : at + 20]!r} != {expected[at - 20 : at + 20]!r}"


def test_every_sample_has_its_kept_bytes() -> None:
    assert sorted(KEPT) == sorted(f"{printer}/{document}" for printer, document in names())


@pytest.mark.parametrize(("printer", "document"), names())
def test_a_job_sends_the_bytes_it_sent_before(printer: str, document: str) -> None:
    expected = KEPT[f"{printer}/{document}"]
    output = job(printer, document)
    assert output == expected, _first_difference(output, expected)


def test_a_job_printed_twice_sends_the_same_bytes_twice() -> None:
    # Caches (code-page tables, profiles, a model's escpos encoder) must not leak one job's
    # state into the next, whatever model and code page printed in between.
    for printer, document in (("80mm", "slip_express3"), ("80mm_cp1251", "slip_copy")):
        assert job(printer, document) == job(printer, document) == KEPT[f"{printer}/{document}"]
    for printer, document in [*names(), *reversed(names())]:
        assert job(printer, document) == KEPT[f"{printer}/{document}"], (printer, document)


def test_a_print_job_leaves_nothing_for_the_cycle_collector() -> None:
    # Issue 34: each job's escpos printer and encoder held each other; Python's collection of
    # such cycles, one every 25 bets or payouts, stalled the one it fell in by 0.3-0.6 ms.
    page = Page("CP866", WIDTH_80MM)
    page.wrap("Купон № 0100-0006-9083-0", bold=True)
    page.add(Barcode("0100000690830"))
    page.add(QrCode("https://example.by/0100000690830"))
    expected = render_job("TM-T20II", [page.items], code_page="CP866")
    gc.collect()
    gc.disable()
    try:
        gc.set_debug(gc.DEBUG_SAVEALL)
        output = render_job("TM-T20II", [page.items], code_page="CP866")
        found = gc.collect()
        left = [type(thing).__name__ for thing in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert output == expected
    assert (found, left) == (0, [])
