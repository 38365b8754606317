"""A report as PDF: every page numbered and headed, the totals on the last, bytes repeatable."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from pypdf import PdfReader

from pos.reports.builders import CancelledSlip, cancellations_report
from pos.reports.tables import Period, to_csv
from printing.reports import write_report_pdf

ZONE = ZoneInfo("Europe/Minsk")
START = datetime(2026, 11, 2, 7, 0, tzinfo=UTC)
PERIOD = Period.of(date(2026, 11, 1), date(2026, 11, 30), ZONE)
MADE = datetime(2026, 11, 30, 12, 0, tzinfo=ZONE)


def _cancelled(count: int) -> list[CancelledSlip]:
    return [
        CancelledSlip(
            number=f"{n:013d}",
            issued_at=START + timedelta(hours=n),
            cancelled_at=START + timedelta(hours=n, minutes=3),
            terminal="К1",
            cashier="anna",
            cancelled_by="anna",
            stake=Decimal(n) + Decimal("0.50"),
            reason="игрок передумал" if n % 2 else "не тот исход, " * 6,
        )
        for n in range(1, count + 1)
    ]


def _pdf(count: int) -> tuple[int, PdfReader, bytes]:
    buffer = io.BytesIO()
    report = cancellations_report(_cancelled(count), PERIOD, MADE)
    pages = write_report_pdf(buffer, report, shop_name="Клуб", licence="77", address="Минск")
    return pages, PdfReader(io.BytesIO(buffer.getvalue())), buffer.getvalue()


def test_a_long_report_runs_over_pages_each_headed_and_numbered() -> None:
    pages, reader, _ = _pdf(90)

    assert pages == len(reader.pages) >= 3
    texts = [page.extract_text() for page in reader.pages]
    for number, text in enumerate(texts, start=1):
        assert "Отмены купонов в течение 5 минут" in text
        assert "Период: с 01.11.2026 по 30.11.2026" in text
        assert "Клуб, лицензия № 77, Минск" in text
        assert f"Лист {number} из {pages}" in text
        assert "Причина" in text
    assert sum(Decimal(n) + Decimal("0.50") for n in range(1, 91)) == Decimal("4140.00")
    assert "Итого: 90\n4 140,00" in texts[-1]
    assert "Итого" not in texts[0]
    every_slip = "".join(texts)
    assert all(f"{n:013d}" in every_slip for n in range(1, 91))


def test_the_same_report_gives_the_same_bytes() -> None:
    assert _pdf(5)[2] == _pdf(5)[2]


def test_csv_has_plain_figures_with_the_decimal_comma() -> None:
    report = cancellations_report(_cancelled(1200)[-1:], PERIOD, MADE)

    text = to_csv(report)

    lines = text.split("\r\n")
    assert lines[0] == "Отмены купонов в течение 5 минут"
    assert lines[3].startswith("Купон;Принят;Отменён;Касса;Кассир;Отменил;Ставка, руб.;Причина")
    assert ";1200,50;" in lines[4]  # no thousands space in a spreadsheet's number
    assert lines[5].startswith("Итого: 1;")
    assert lines[-2] == "Сформирован 30.11.2026 12:00"
