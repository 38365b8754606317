"""The payout journal page (managers): entries by period, cashier and amount; corrections by a
new entry; the journal as PDF, saved or printed."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.money import format_money
from pos.core.settings import ShopSettings
from pos.errors import PosError
from pos.offices.offices import Office
from pos.payouts.journal import JournalEntry
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from ui.dialogs.correct_entry import CorrectEntryDialog
from ui.errors import MessageLabel
from ui.pdf_print import SaveFolder, ask_printer, choose_save_file, print_written_pdf
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.filters import date_edit, filter_row, period_of, set_period, show_button
from ui.widgets.flow_row import FlowRow, group
from ui.widgets.journal_table import JournalTable
from ui.widgets.office_choice import OfficeChoice

CHAIN = Permission.CHAIN

_AMOUNT_WIDTH = 110


class JournalPage(QWidget):
    """Filters (a period, by default this month; a cashier; an amount range), the entries,
    their count and total; «Исправить запись…», «Сохранить PDF…» and «Печать…»."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._zone = ShopSettings().zone
        self._printer: QPrinter | None = None
        self.correct_dialog: CorrectEntryDialog | None = None
        # Where «Сохранить PDF…» starts; the window gives it the UI state (issue 34).
        self.save_folder = SaveFolder(None)
        self._build()
        self.set_period(*_month_of(clock.now().astimezone(self._zone).date()))
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def table(self) -> JournalTable:
        """The entries (tests select rows in it)."""
        return self._table

    @property
    def office_choice(self) -> OfficeChoice:
        """«Пункт»: whose journal, in a chain (tests choose in it)."""
        return self._office

    def refresh(self) -> None:
        """Reload the entries the filters select (in the background)."""
        desk = self._desk
        date_from, date_to = self.period()
        cashier, low, high = self._cashier.text(), self._min.text(), self._max.text()
        office = self._office.office()
        self._runner.run(
            lambda: (
                desk.journal(
                    date_from,
                    date_to,
                    cashier=cashier,
                    min_amount=low,
                    max_amount=high,
                    office=office,
                ),
                desk.settings().zone,
                desk.offices() if office is None else None,
            ),
            on_success=self._show_entries,
            on_failure=self._message.show_error,
            owner=self,
        )

    def period(self) -> tuple[date, date]:
        """The shop-local days chosen, both included."""
        return period_of(self._from, self._to)

    def set_period(self, date_from: date, date_to: date) -> None:
        """Choose the period's first and last day."""
        set_period(self._from, self._to, date_from, date_to)

    def filter_field(self, name: str) -> QLineEdit:
        """ "cashier", "min_amount" or "max_amount" (tests)."""
        return {"cashier": self._cashier, "min_amount": self._min, "max_amount": self._max}[name]

    def totals_text(self) -> str:
        """The count and the total under the table (tests)."""
        return self._totals.text()

    def message_text(self) -> str:
        """The line under the filters (tests)."""
        return self._message.text()

    def correct_selected(self) -> None:
        """Open the correction of the selected entry (of the payout it corrects), filled in
        with the player and document as its latest correction states them (asked of pos:
        the filters may hide the payout or its corrections)."""
        selected = self._table.selected_entry()
        if selected is None or self.correct_dialog is not None or self._runner.busy:
            return
        desk, number = self._desk, selected.number
        self._runner.run(
            lambda: desk.journal_entry_now(number),
            on_success=self._open_correction,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _open_correction(self, entry: JournalEntry) -> None:
        if self.correct_dialog is not None:
            return
        dialog = CorrectEntryDialog(entry, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        number = dialog.entry.number
        dialog.correction_given.connect(
            lambda player, document, why: self._correct(number, player, document, why)
        )
        dialog.finished.connect(self._on_correct_dialog_finished)
        self.correct_dialog = dialog
        dialog.open()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._table = JournalTable()
        self._table.itemSelectionChanged.connect(self._update_buttons)
        self._table.doubleClicked.connect(self._on_table_double_clicked)
        self._totals = QLabel()
        self._totals.setObjectName("journal_totals")
        self._totals.setProperty("heading", "2")
        self._totals.setWordWrap(True)  # the sum stays whole: its thousands are no-break
        self._message = MessageLabel()
        self._message.setObjectName("journal_message")
        self._correct_button = action_button("correct_entry", self.tr("Исправить запись…"))
        self._correct_button.clicked.connect(self._on_correct_button_clicked)
        self._save_button = action_button("save_journal_pdf", self.tr("Сохранить PDF…"))
        self._save_button.clicked.connect(self._on_save_button_clicked)
        self._print_button = action_button("print_journal", self.tr("Печать…"))
        self._print_button.clicked.connect(self._on_print_button_clicked)
        under = QHBoxLayout()
        under.addWidget(self._totals, 1)
        under.addWidget(self._correct_button)
        under.addWidget(self._save_button)
        under.addWidget(self._print_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(10)
        layout.addWidget(self._build_filters())
        # Right under the filters, where the manager looks (issue 16): not at the bottom edge.
        layout.addWidget(self._message)
        layout.addWidget(self._table, 1)
        layout.addLayout(under)
        self._update_buttons()

    def _build_filters(self) -> FlowRow:
        self._from = date_edit("journal_from")
        self._to = date_edit("journal_to")
        self._cashier = self._line("journal_cashier", self.tr("все"))
        self._min = self._line("journal_min_amount", self.tr("от"))
        self._max = self._line("journal_max_amount", self.tr("до"))
        for amount in (self._min, self._max):
            amount.setMaximumWidth(_AMOUNT_WIDTH)
        self._show_button = show_button(self, "show_journal", self.refresh)
        self._office = OfficeChoice("journal_office")
        self._office.currentIndexChanged.connect(self._on_office_changed)
        # «от — до» stay together when a narrow window wraps the filters (issue 16).
        amounts = group(self._min, QLabel("—"), self._max)
        amounts.setFocusProxy(self._min)
        parts: list[tuple[str, QWidget]] = [
            (self.tr("Пункт"), self._office),
            (self.tr("Период с"), self._from),
            (self.tr("по"), self._to),
            (self.tr("Кассир"), self._cashier),
            (self.tr("Сумма, руб."), amounts),
        ]
        self._message.clear_when_edited(self._from, self._to, self._cashier, self._min, self._max)
        row = filter_row(parts, self._show_button)
        self._office_part = row.part(0)  # shown in a chain only
        self._office_part.setVisible(False)
        return row

    def _line(self, name: str, placeholder: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.setPlaceholderText(placeholder)
        edit.setMaximumWidth(160)
        edit.returnPressed.connect(self.refresh)
        return edit

    # --- showing ------------------------------------------------------------------------

    def _show_entries(
        self, loaded: tuple[list[JournalEntry], ZoneInfo, list[Office] | None]
    ) -> None:
        entries, self._zone, offices = loaded
        if offices is not None:  # the first load: the chain's offices, own first
            self._office.set_offices(offices, self._desk.office, others=self._desk.may(CHAIN))
            self._office_part.setVisible(self._office.in_chain)
        selected = self._table.selected_entry()
        self._table.set_entries(entries, self._zone)
        if selected is not None:
            self._table.select_number(selected.number)
        corrections = sum(1 for entry in entries if entry.is_correction)
        total = sum((entry.amount for entry in entries), Decimal("0.00"))
        self._totals.setText(
            self.tr(
                "Записей: {count} (выплат {payouts}, исправлений {corrections}), сумма {total} руб."
            ).format(
                count=len(entries),
                payouts=len(entries) - corrections,
                corrections=corrections,
                total=format_money(total),
            )
        )
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = not self._runner.busy
        self._correct_button.setEnabled(idle and self._table.selected_entry() is not None)
        self._save_button.setEnabled(idle)
        self._print_button.setEnabled(idle)
        self._show_button.setEnabled(idle)

    # --- calls --------------------------------------------------------------------------

    def _correct(self, number: int, player: str | None, document: str | None, why: str) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.correct_journal_entry(
                number, player=player, document=document, reason=why
            ),
            on_success=self._corrected,
            on_failure=self._correction_refused,
            owner=self,
        )

    def _corrected(self, entry: JournalEntry) -> None:
        if self.correct_dialog is not None:
            self.correct_dialog.accept()
        self._message.show_success(
            self.tr("Внесена запись № {number}: исправляет запись № {corrects}.").format(
                number=entry.number, corrects=entry.corrects
            )
        )
        self.refresh()

    def _correction_refused(self, exc: PosError) -> None:
        if self.correct_dialog is not None:
            self.correct_dialog.show_refusal(exc)
        else:
            self._message.show_error(exc)

    def _saved(self, path: str, sheets: int) -> None:
        self._message.show_success(
            self.tr("Журнал выплат сохранён в {path}: листов {sheets}.").format(
                path=path, sheets=sheets
            )
        )

    def _printed(self, sheets: int) -> None:
        self._printer = None
        self._message.show_success(
            self.tr("Журнал выплат отправлен на печать: листов {sheets}.").format(sheets=sheets)
        )

    def _print_failed(self, exc: PosError) -> None:
        self._printer = None
        self._message.show_error(exc)

    # --- slots --------------------------------------------------------------------------

    def _on_table_double_clicked(self) -> None:
        self.correct_selected()

    def _on_correct_button_clicked(self) -> None:
        self.correct_selected()

    def _on_correct_dialog_finished(self, _result: int) -> None:
        self.correct_dialog = None

    def _on_save_button_clicked(self) -> None:
        date_from, date_to = self.period()
        path = choose_save_file(
            self,
            self.tr("Сохранить журнал выплат"),
            f"journal_{date_from:%Y-%m-%d}_{date_to:%Y-%m-%d}.pdf",
            "pdf",
            self.save_folder,
        )
        if path is None or self._runner.busy:
            return
        desk, office = self._desk, self._office.office()
        self._message.show_progress(self.tr("Запись журнала в PDF…"))
        self._runner.run(
            lambda: desk.export_journal_pdf(path, date_from, date_to, office=office),
            on_success=lambda sheets: self._saved(path, sheets),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_print_button_clicked(self) -> None:
        printer = (
            None
            if self._runner.busy
            else ask_printer(self, self.tr("Журнал учёта выплат"), self.tr("Печать журнала выплат"))
        )
        if printer is None:
            return
        # Kept until the worker is done with it: the printer is painted on there.
        self._printer = printer
        desk, (date_from, date_to) = self._desk, self.period()
        office = self._office.office()
        self._message.show_progress(self.tr("Печать журнала выплат…"))
        self._runner.run(
            lambda: print_written_pdf(
                lambda path: desk.export_journal_pdf(path, date_from, date_to, office=office),
                printer,
            ),
            on_success=self._printed,
            on_failure=self._print_failed,
            owner=self,
        )

    def _on_runner_busy_changed(self, _busy: bool) -> None:
        self._update_buttons()

    def _on_office_changed(self, _index: int) -> None:
        # Another office's journal: its own numbers; corrections are made in one's own.
        self.refresh()


def _month_of(day: date) -> tuple[date, date]:
    """The first and the last day of `day`'s month."""
    first = day.replace(day=1)
    following = (
        first.replace(year=first.year + 1, month=1)
        if first.month == 12
        else (first.replace(month=first.month + 1))
    )
    return first, date.fromordinal(following.toordinal() - 1)
