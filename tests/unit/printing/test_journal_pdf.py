"""The payout journal PDF, read back with pypdf: headings, numbers, totals, sheets, certificate."""

from __future__ import annotations

import io
import re
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from pypdf import PdfReader

from pos.core.audit import ChainHead
from pos.core.money import format_money
from pos.payouts.journal import (
    COLUMNS,
    TITLE,
    JournalEntry,
    JournalHeading,
    document_text,
    entries_hash,
)
from printing.journal import number_words, sheets_word, write_journal_pdf
from tests.documents import ID_CARD, PASSPORT

MINSK = ZoneInfo("Europe/Minsk")
PRINTED = datetime(2026, 12, 1, 6, 30, tzinfo=UTC)  # 09:30 in Minsk
START = datetime(2026, 11, 1, 21, 30, tzinfo=UTC)  # 00:30 on 2 November in Minsk
ROW_START = re.compile(r"^(\d+)\n(\d\d\.\d\d\.\d{4} \d\d:\d\d)$", re.MULTILINE)
PAGE_TOTAL = re.compile(r"Итого по листу: ([\d ]+,\d\d) руб\.")
PERIOD_TOTAL = re.compile(r"Итого за период: ([\d ]+,\d\d) руб\.")
# The sheets, each sheet's text, the entries in number order, and the file.
Journal = tuple[int, list[str], list[JournalEntry], bytes]


def entry(number: int, **changes: object) -> JournalEntry:
    fields: dict[str, object] = {
        "number": number,
        "paid_at": START + timedelta(hours=number),
        "player": f"Ярашэвіч Алесь Міхайлавіч {number}",
        "document": f"Паспорт MP{1_000_000 + number}, выдан 12.03.2015 Фрунзенским РУВД г. Минска",
        "amount": Decimal(number * 104_729 % 300_000 + 1).scaleb(-2),
        "fiscal_receipt_no": 500 + number,
        "register_serial": "ККМ-00012345",
        "cashier": "Смирнова А. В.",
    }
    fields.update(changes)
    return JournalEntry(**fields)  # type: ignore[arg-type]


def render(entries: list[JournalEntry]) -> tuple[int, PdfReader, bytes]:
    out = io.BytesIO()
    sheets = write_journal_pdf(
        out,
        entries,
        JournalHeading("ООО «Фортуна Бет»", "33000/0000123", "г. Минск, пр. Независимости, 58"),
        date_from=date(2026, 11, 1),
        date_to=date(2026, 11, 30),
        zone=MINSK,
        printed_at=PRINTED,
    )
    return sheets, PdfReader(io.BytesIO(out.getvalue())), out.getvalue()


def texts(reader: PdfReader) -> list[str]:
    return [page.extract_text().replace("\xa0", " ") for page in reader.pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def money(text: str) -> Decimal:
    return Decimal(text.replace(" ", "").replace(",", "."))


@pytest.fixture(scope="module")
def journal() -> Journal:
    entries = [entry(n) for n in range(41, 101)]
    entries[10] = entry(51, corrects=47, reason="неверно указан номер паспорта")
    entries.reverse()  # the order given does not matter: rows go in number order
    sheets, reader, data = render(entries)
    return sheets, texts(reader), sorted(entries, key=lambda e: e.number), data


def test_every_sheet_has_the_title_the_shop_the_period_and_its_number(journal: Journal) -> None:
    sheets, pages, _, _ = journal
    assert sheets == len(pages) >= 4
    for number, text in enumerate(pages, start=1):
        assert TITLE in text
        assert "ООО «Фортуна Бет», лицензия № 33000/0000123, г. Минск, пр. Независимости" in text
        assert "Период: с 01.11.2026 по 30.11.2026" in text
        assert f"Лист {number} из {sheets}" in text
        assert "Сформирован 01.12.2026 09:30" in text
        assert "■" not in text


def test_every_sheet_of_entries_has_the_eight_headings_in_order(journal: Journal) -> None:
    _, pages, _, _ = journal
    for page in pages[:-1]:
        text = flat(page)
        position = 0
        for heading in COLUMNS:
            found = text.find(heading, position)
            assert found >= 0, heading
            position = found + len(heading)


def test_rows_are_the_entries_in_number_order_with_local_times(journal: Journal) -> None:
    _, pages, entries, _ = journal
    rows = [match for text in pages[:-1] for match in ROW_START.finditer(text)]
    assert [int(m[1]) for m in rows] == list(range(41, 101))
    assert rows[0][2] == "03.11.2026 17:30"  # 14:30 UTC, three hours ahead
    everything = "\n".join(pages)
    for e in entries:
        assert format_money(e.amount).replace("\xa0", " ") in everything
        assert f"{e.fiscal_receipt_no}\nККМ-00012345" in everything
    assert "Ярашэвіч Алесь Міхайлавіч 41" in flat(everything)
    assert "Смирнова" not in everything  # the cashier signs; the column stays blank


def test_each_sheet_totals_its_own_rows_and_the_last_the_period(journal: Journal) -> None:
    _, pages, entries, _ = journal
    by_number = {e.number: e.amount for e in entries}
    for text in pages[:-1]:
        numbers = [int(m[1]) for m in ROW_START.finditer(text)]
        assert 0 < len(numbers) <= 20
        (total,) = PAGE_TOTAL.findall(text)
        assert money(total) == sum(by_number[n] for n in numbers)
    assert [PERIOD_TOTAL.findall(text) for text in pages[:-2]] == [[]] * (len(pages) - 2)
    (period,) = PERIOD_TOTAL.findall(pages[-2])
    assert money(period) == sum(by_number.values())


def test_a_correction_names_the_entry_and_the_reason(journal: Journal) -> None:
    _, pages, _, _ = journal
    everything = flat("\n".join(pages))
    assert "Исправление записи № 47: неверно указан номер паспорта" in everything


def test_the_last_sheet_certifies_sheets_entries_and_their_hash(journal: Journal) -> None:
    sheets, pages, entries, _ = journal
    last = flat(pages[-1])
    assert (
        f"В журнале пронумеровано, прошнуровано и скреплено печатью {sheets} "
        f"({number_words(sheets)}) {sheets_word(sheets)}."
    ) in last
    assert "Записей: 60, с № 41 по № 100, за период с 01.11.2026 по 30.11.2026." in last
    assert entries_hash(entries) in last
    assert "Руководитель" in last
    assert "М.П." in last
    assert "Итого" not in last


def test_sheets_are_a4_landscape_and_the_file_is_reproducible(journal: Journal) -> None:
    _, _, entries, data = journal
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (842, 595)
    assert render(entries)[2] == data


def test_an_empty_period_still_gives_a_journal() -> None:
    sheets, reader, _ = render([])
    pages = texts(reader)
    assert sheets == len(pages) == 2
    assert "Выплат за период не было" in pages[0]
    assert "Итого за период: 0,00 руб." in pages[0]
    assert "Лист 1 из 2" in pages[0]
    assert "скреплено печатью 2 (два) листа." in flat(pages[1])
    assert entries_hash([]) in pages[1]


def test_the_last_sheet_carries_the_audit_chain_head() -> None:
    out = io.BytesIO()
    head = ChainHead(987, "ab" * 32)
    write_journal_pdf(
        out,
        [entry(1)],
        JournalHeading("ООО «Фортуна Бет»", "33000/0000123", "г. Минск"),
        date_from=date(2026, 11, 1),
        date_to=date(2026, 11, 30),
        zone=MINSK,
        printed_at=PRINTED,
        chain_head=head,
    )
    last = texts(PdfReader(io.BytesIO(out.getvalue())))[-1]
    assert "Журнал аудита на момент печати: запись № 987" in last
    assert head.hash in last


def test_long_text_wraps_inside_its_cell() -> None:
    document = "Вид на жительство " + "очень длинное место выдачи " * 12 + "КонецДокумента"
    player = "Константинопольская-Верхнеднепровская " * 3
    sheets, reader, _ = render([entry(1, document=document, player=player.strip())])
    text = texts(reader)[0]
    assert flat(document) in flat(text)
    assert len(text.splitlines()) > 10  # wrapped, not one long line
    assert sheets == 2


def test_a_gap_in_the_numbers_is_refused() -> None:
    with pytest.raises(ValueError, match="№ 2 is followed by № 4"):
        render([entry(1), entry(2), entry(4)])


@pytest.mark.parametrize(
    ("count", "words", "noun"),
    [
        (1, "один", "лист"),
        (2, "два", "листа"),
        (5, "пять", "листов"),
        (11, "одиннадцать", "листов"),
        (21, "двадцать один", "лист"),
        (114, "сто четырнадцать", "листов"),
        (322, "триста двадцать два", "листа"),
        (2001, "две тысячи один", "лист"),
    ],
)
def test_the_number_of_sheets_in_words(count: int, words: str, noun: str) -> None:
    assert (number_words(count), sheets_word(count)) == (words, noun)


def test_a_long_shop_name_and_address_are_printed_whole() -> None:
    shop = "Общество с ограниченной ответственностью «Букмекерская контора Тотализатор» " * 2
    address = "г. Гродна, вул. Савецкая, дом 123, корпус 4, памяшканне 56 — Ўсход " * 2
    out = io.BytesIO()
    write_journal_pdf(
        out,
        [entry(1)],
        JournalHeading(shop.strip(), "33000/0000123", address.strip()),
        date_from=date(2026, 11, 1),
        date_to=date(2026, 11, 30),
        zone=MINSK,
        printed_at=PRINTED,
    )
    for text in texts(PdfReader(io.BytesIO(out.getvalue()))):
        assert flat(f"{shop.strip()}, лицензия № 33000/0000123, {address.strip()}") in flat(text)


def test_the_document_column_agrees_with_the_kind_of_document() -> None:
    entries = [
        entry(1, document=document_text(ID_CARD)),
        entry(2, document=document_text(PASSPORT)),
    ]
    _, reader, _ = render(entries)
    text = flat(" ".join(texts(reader)))
    assert "ID-карта KH 7654321, выдана 01.06.2022 Фрунзенский РУВД г. Минска" in text
    assert "паспорт MP 1234567, выдан 12.03.2015 Октябрьский РУВД г. Минска" in text
    assert "ID-карта KH 7654321, выдан " not in text
