"""The payout journal page: a manager filters the entries, corrects one, saves and prints it."""

from __future__ import annotations

import dataclasses
from datetime import date, timedelta
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader
from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QDateEdit, QDialog, QPushButton, QWidget
from pytestqt.qtbot import QtBot

import ui.pdf_print
from pos.core.clock import FixedClock
from pos.core.input_errors import InvalidAmount
from pos.payouts.errors import InvalidPeriod, JournalCorrectionEmpty
from pos.payouts.journal import COLUMNS, JournalEntry
from pos.shop.desk import Desk
from tests.documents import ID_CARD as ID_CARD_AS_ISSUED
from tests.documents import PASSPORT
from tests.gui.widgets import PdfPrintDialog, child, click, stands_between, top_row
from tests.shifts import reopen_shift
from ui.dialogs.correct_entry import CorrectEntryDialog
from ui.pages.journal import JournalPage
from ui.pdf_print import print_pdf
from ui.tasks import TaskRunner

# Typed with a mistake in the surname (corrected in the tests below).
ID_CARD = dataclasses.replace(ID_CARD_AS_ISSUED, surname="Кавалёва")


@pytest.fixture
def paid(anna: Desk, boss: Desk, clock: FixedClock) -> list[JournalEntry]:
    """Three payouts on Friday 4 December 2026: 21,00 and 42,00 by anna, 10,50 by boss."""
    slips = [anna.accept_bet([(101, "1")], stake=stake) for stake in ("10", "20", "5")]
    clock.advance(timedelta(days=3))
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    return [
        anna.pay_out(slips[0].number, PASSPORT),
        anna.pay_out(slips[1].number, ID_CARD),
        boss.pay_out(slips[2].number, PASSPORT),
    ]


@pytest.fixture
def page(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock, paid: list[JournalEntry]
) -> JournalPage:
    journal = JournalPage(boss, runner, clock)
    qtbot.addWidget(journal)
    journal.resize(1280, 720)
    journal.show()
    reload(qtbot, journal)
    return journal


def reload(qtbot: QtBot, page: JournalPage) -> None:
    page.refresh()
    qtbot.waitUntil(lambda: page.totals_text() != "" and idle(page))


def idle(page: JournalPage) -> bool:
    """No call is running: «Показать» waits while one does."""
    return child(page, QPushButton, "show_journal").isEnabled()


def show(qtbot: QtBot, page: JournalPage) -> None:
    """Press «Показать» and wait for the answer."""
    click(qtbot, page, "show_journal")
    qtbot.waitUntil(lambda: idle(page))


def numbers(page: JournalPage) -> list[str]:
    return [row[0] for row in page.table.texts()]


# --- the list and its filters --------------------------------------------------------------


def test_this_month_s_entries_are_listed_with_their_count_and_total(
    page: JournalPage, paid: list[JournalEntry]
) -> None:
    assert page.period() == (date(2026, 12, 1), date(2026, 12, 31))
    rows = page.table.texts()
    assert rows[0] == [
        "1",
        "04.12.2026\n12:00",
        "Иванов Пётр Сергеевич",
        "паспорт MP1234567, выдан 12.03.2015 Октябрьский РУВД г. Минска",
        "21,00",
        str(paid[0].fiscal_receipt_no),
        "KSA-0042",
        "anna",
        f"{paid[0].slip_number[:8]}-{paid[0].slip_number[8:11]}-{paid[0].slip_number[11:]}",
        "",
    ]
    assert numbers(page) == ["1", "2", "3"]
    assert page.totals_text() == "Записей: 3 (выплат 3, исправлений 0), сумма 73,50 руб."
    header = page.table.horizontalHeaderItem(6)
    assert header.toolTip() == COLUMNS[6]  # the law's wording of the register's column


def test_the_filters_select_by_cashier_amount_and_period(qtbot: QtBot, page: JournalPage) -> None:
    page.filter_field("cashier").setText("anna")
    show(qtbot, page)
    assert numbers(page) == ["1", "2"]

    page.filter_field("min_amount").setText("21,5")
    show(qtbot, page)
    assert numbers(page) == ["2"]
    assert page.totals_text() == "Записей: 1 (выплат 1, исправлений 0), сумма 42,00 руб."

    page.filter_field("cashier").clear()
    page.filter_field("min_amount").clear()
    page.filter_field("max_amount").setText("21")
    qtbot.keyClick(page.filter_field("max_amount"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: numbers(page) == ["1", "3"])

    page.filter_field("max_amount").clear()
    child(page, QDateEdit, "journal_from").setDate(QDate(2026, 12, 5))
    show(qtbot, page)
    assert numbers(page) == []
    assert page.totals_text() == "Записей: 0 (выплат 0, исправлений 0), сумма 0,00 руб."


def test_a_bad_filter_is_refused_with_pos_s_sentence(qtbot: QtBot, page: JournalPage) -> None:
    page.filter_field("min_amount").setText("abc")
    show(qtbot, page)
    assert page.message_text() == str(InvalidAmount("abc", "not_a_number"))

    page.filter_field("min_amount").clear()
    page.set_period(date(2026, 12, 31), date(2026, 12, 1))
    show(qtbot, page)
    assert page.message_text() == str(InvalidPeriod(date(2026, 12, 31), date(2026, 12, 1)))
    assert numbers(page) == ["1", "2", "3"]  # what was shown stays


def test_editing_a_filter_clears_the_refusal_it_answered(qtbot: QtBot, page: JournalPage) -> None:
    page.filter_field("min_amount").setText("abc")
    show(qtbot, page)
    assert page.message_text() != ""

    qtbot.keyClick(page.filter_field("min_amount"), Qt.Key.Key_Backspace)

    assert page.message_text() == ""
    page.set_period(date(2026, 12, 31), date(2026, 12, 1))
    page.filter_field("min_amount").clear()
    show(qtbot, page)
    assert page.message_text() != ""
    page.set_period(date(2026, 12, 31), date(2026, 12, 1))  # the program filling it: stays
    assert page.message_text() != ""
    first = child(page, QDateEdit, "journal_from")
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Down)  # the manager steps the day back

    assert page.message_text() == ""


# --- corrections ---------------------------------------------------------------------------


def open_correction(qtbot: QtBot, page: JournalPage, number: int) -> CorrectEntryDialog:
    assert page.table.select_number(number)
    click(qtbot, page, "correct_entry")
    qtbot.waitUntil(lambda: page.correct_dialog is not None)  # filled in by pos
    assert page.correct_dialog is not None
    return page.correct_dialog


def test_a_correction_is_a_new_entry_referencing_the_old_one(
    qtbot: QtBot, page: JournalPage, boss: Desk
) -> None:
    dialog = open_correction(qtbot, page, 1)
    assert dialog.field("player").text() == "Иванов Пётр Сергеевич"
    assert dialog.field("document").text() == (
        "паспорт MP1234567, выдан 12.03.2015 Октябрьский РУВД г. Минска"
    )
    dialog.field("document").setText(
        "паспорт MP1234568, выдан 12.03.2015 Октябрьский РУВД г. Минска"
    )
    dialog.field("reason").setText("опечатка в номере паспорта")

    click(qtbot, dialog, "correct_entry_submit")

    qtbot.waitUntil(lambda: page.correct_dialog is None)
    qtbot.waitUntil(lambda: numbers(page) == ["1", "2", "3", "4"])
    assert page.message_text() == "Внесена запись № 4: исправляет запись № 1."
    row = page.table.texts()[3]
    assert row[2:5] == [
        "Иванов Пётр Сергеевич",
        "паспорт MP1234568, выдан 12.03.2015 Октябрьский РУВД г. Минска",
        "0,00",
    ]
    assert row[7] == "boss"
    assert row[9] == "исправляет №\u00a01: опечатка в номере паспорта"
    assert page.totals_text() == "Записей: 4 (выплат 3, исправлений 1), сумма 73,50 руб."
    corrected = boss.journal()[-1]
    assert (corrected.corrects, corrected.player) == (1, "Иванов Пётр Сергеевич")


def test_correcting_a_correction_corrects_its_payout_with_the_latest_data(
    qtbot: QtBot, page: JournalPage, boss: Desk
) -> None:
    boss.correct_journal_entry(2, player="Ковалёва Анна Петровна", reason="опечатка в фамилии")
    reload(qtbot, page)

    dialog = open_correction(qtbot, page, 4)

    assert dialog.entry.number == 2
    assert dialog.field("player").text() == "Ковалёва Анна Петровна"
    dialog.field("document").setText("ID-карта KH7654321, выдана 01.06.2022 Фрунзенский РУВД")
    dialog.field("reason").setText("неверно указан орган выдачи")
    click(qtbot, dialog, "correct_entry_submit")
    qtbot.waitUntil(lambda: page.correct_dialog is None)

    latest = boss.journal()[-1]
    assert (latest.number, latest.corrects) == (5, 2)
    assert latest.player == "Ковалёва Анна Петровна"  # the earlier correction is kept


def test_a_correction_without_a_reason_is_refused_in_the_dialog(
    qtbot: QtBot, page: JournalPage, boss: Desk
) -> None:
    dialog = open_correction(qtbot, page, 1)
    dialog.field("player").setText("Иванов Павел Сергеевич")

    click(qtbot, dialog, "correct_entry_submit")

    qtbot.waitUntil(lambda: dialog.message_text() == str(JournalCorrectionEmpty("reason")))
    assert page.correct_dialog is dialog
    assert len(boss.journal()) == 3
    click(qtbot, dialog, "correct_entry_back")
    qtbot.waitUntil(lambda: page.correct_dialog is None)


# --- PDF and printing ----------------------------------------------------------------------


def test_save_pdf_writes_the_period_s_journal_where_the_manager_chose(
    qtbot: QtBot, page: JournalPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "журнал"
    asked: list[str] = []

    def choose(_parent: QWidget, _title: str, suggested: str, _filter: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(target), "PDF (*.pdf)"

    monkeypatch.setattr(ui.pdf_print.QFileDialog, "getSaveFileName", staticmethod(choose))

    click(qtbot, page, "save_journal_pdf")

    written = tmp_path / "журнал.pdf"
    qtbot.waitUntil(lambda: page.message_text().startswith("Журнал выплат сохранён"))
    assert Path(asked[0]).name == "journal_2026-12-01_2026-12-31.pdf"
    reader = PdfReader(written)
    sheets = len(reader.pages)
    assert page.message_text() == f"Журнал выплат сохранён в {written}: листов {sheets}."
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Иванов Пётр Сергеевич" in text and "KSA-0042" in text


def test_save_pdf_cancelled_writes_nothing(
    qtbot: QtBot, page: JournalPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        ui.pdf_print.QFileDialog, "getSaveFileName", staticmethod(lambda *_args: ("", ""))
    )

    click(qtbot, page, "save_journal_pdf")

    assert page.message_text() == ""


@pytest.mark.warns_in_log  # a file not saved is the environment failing (FileNotSaved)
def test_a_file_that_cannot_be_written_is_said_so(
    qtbot: QtBot, page: JournalPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "нет такой папки" / "journal.pdf"
    monkeypatch.setattr(
        ui.pdf_print.QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *_args: (str(missing), "")),
    )

    click(qtbot, page, "save_journal_pdf")

    qtbot.waitUntil(lambda: page.message_text().startswith(f"Файл «{missing}» не сохранён"))


def test_print_sends_every_sheet_to_the_printer_chosen(
    qtbot: QtBot, page: JournalPage, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    PdfPrintDialog.output = tmp_path / "printed.pdf"
    monkeypatch.setattr(ui.pdf_print, "QPrintDialog", PdfPrintDialog)

    click(qtbot, page, "print_journal")

    qtbot.waitUntil(lambda: page.message_text().startswith("Журнал выплат отправлен на печать"))
    printed = PdfReader(PdfPrintDialog.output)
    assert page.message_text() == (
        f"Журнал выплат отправлен на печать: листов {len(printed.pages)}."
    )
    assert len(printed.pages) >= 2  # the entries and the certification sheet


def test_print_cancelled_prints_nothing(
    qtbot: QtBot, page: JournalPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Cancelled(PdfPrintDialog):
        def exec(self) -> int:
            return QDialog.DialogCode.Rejected

    monkeypatch.setattr(ui.pdf_print, "QPrintDialog", Cancelled)

    click(qtbot, page, "print_journal")

    assert page.message_text() == ""


def test_print_pdf_draws_each_page_on_the_printer(
    qapp: object, boss: Desk, paid: list[JournalEntry], tmp_path: Path
) -> None:
    source = tmp_path / "journal.pdf"
    sheets = boss.export_journal_pdf(source, date(2026, 12, 1), date(2026, 12, 31))
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))

    printed = print_pdf(source, printer)

    assert printed == sheets
    assert printer.pageLayout().orientation() is QPageLayout.Orientation.Landscape
    out = pypdfium2.PdfDocument(str(tmp_path / "printed.pdf"))
    assert len(out) == sheets
    width, height = out[0].get_size()
    assert width > height  # A4 landscape, as the journal
    # The page carries the journal's ink, not a blank sheet.
    picture = out[0].render(scale=0.5, grayscale=True).to_pil()
    assert picture.getextrema()[0] < 100
    out.close()


def test_a_correction_is_filled_in_as_last_corrected_even_when_filtered_out(
    qtbot: QtBot, page: JournalPage, boss: Desk
) -> None:
    boss.correct_journal_entry(2, player="Ковалёва Анна Петровна", reason="опечатка в фамилии")
    page.filter_field("min_amount").setText("1")  # corrections (0,00) are not listed
    show(qtbot, page)
    assert numbers(page) == ["1", "2", "3"]

    dialog = open_correction(qtbot, page, 2)

    assert dialog.field("player").text() == "Ковалёва Анна Петровна"


def test_the_message_stands_right_under_the_filters(page: JournalPage) -> None:
    message = page.findChild(QWidget, "journal_message")
    table = page.findChild(QWidget, "journal")

    assert stands_between(message, top_row(page), table)
