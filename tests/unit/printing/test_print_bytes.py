"""Printing made cheaper sends the very same bytes (issue 34): every representative job, on
80 mm, 58 mm, a 58 mm clone and CP1251, equals the bytes captured before the change."""

from __future__ import annotations

import pytest

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
    # Caches (code-page tables, profiles) must not leak one job's state into the next.
    for printer, document in (("80mm", "slip_express3"), ("80mm_cp1251", "slip_copy")):
        assert job(printer, document) == job(printer, document) == KEPT[f"{printer}/{document}"]
