"""The reports page (managers): pick a report and a period, look at it, save it as PDF or CSV,
print it. The figures come from pos (Desk.report); this page only lays them out."""

from __future__ import annotations

import re
from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.settings import ShopSettings
from pos.errors import PosError
from pos.offices.offices import Office
from pos.people.permissions import Permission
from pos.reports.tables import NO_OPERATIONS, SNAPSHOTS, TITLES, Cell, Report, ReportKind, cell_text
from pos.reports.use_cases import ReportFormat
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.pdf_print import SaveFolder, ask_printer, choose_save_file, print_written_pdf
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.filters import date_edit, filter_row, period_of, set_period, show_button
from ui.widgets.flow_row import FlowRow
from ui.widgets.office_choice import OfficeChoice
from ui.widgets.tables import share_out

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_ROOM = 24  # an item's padding and the style's text margins, both sides
_BREAKS = re.compile(r"[ \t\n]+")


class ReportsPage(QWidget):
    """«Отчёт» and «Период с … по …», the report as a table with its totals and notes, and
    «Сохранить PDF…», «Сохранить CSV…», «Печать…»."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._printer: QPrinter | None = None
        self._report: Report | None = None
        # Where «Сохранить» starts: the folder last saved in (the main window gives its state).
        self.save_folder = SaveFolder(None)
        self._build()
        today = clock.now().astimezone(ShopSettings().zone).date()
        self.set_period(today.replace(day=1), today)
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def table(self) -> QTableWidget:
        return self._table

    @property
    def report(self) -> Report | None:
        """The report on screen (tests)."""
        return self._report

    def kind(self) -> ReportKind:
        return ReportKind(self._kind.currentData())  # Qt hands the enum back as its str value

    def choose(self, kind: ReportKind) -> None:
        """Pick a report (its figures are loaded at once)."""
        self._kind.setCurrentIndex(self._kind.findData(kind))

    @property
    def office_choice(self) -> OfficeChoice:
        """«Пункт»: one office or the whole chain, in a chain (tests choose in it)."""
        return self._office

    def period(self) -> tuple[date, date]:
        """The shop-local days chosen, both included."""
        return period_of(self._from, self._to)

    def set_period(self, date_from: date, date_to: date) -> None:
        set_period(self._from, self._to, date_from, date_to)

    def message_text(self) -> str:
        return self._message.text()

    def heading_text(self) -> str:
        return f"{self._title.text()}\n{self._period.text()}"

    def notes_text(self) -> str:
        return self._notes.text()

    def refresh(self) -> None:
        """Build the chosen report (in the background) and show it."""
        desk, kind, (date_from, date_to) = self._desk, self.kind(), self.period()
        office = self._office.office()
        self._runner.run(
            lambda: (
                desk.report(kind, date_from, date_to, office=office),
                desk.offices() if office is None else None,
            ),
            on_success=self._show,
            on_failure=self._message.show_error,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        choice = self._build_choice()
        self._title = QLabel()
        self._title.setObjectName("report_title")
        self._title.setProperty("heading", "1")
        self._period = QLabel()
        self._period.setObjectName("report_period")
        self._table = QTableWidget()
        self._table.setObjectName("report_table")
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.verticalHeader().setVisible(False)
        self._table.setWordWrap(True)
        self._notes = QLabel()
        self._notes.setObjectName("report_notes")
        self._notes.setWordWrap(True)
        self._notes.setProperty("muted", "true")

        self._pdf_button = action_button("save_report_pdf", self.tr("Сохранить PDF…"))
        self._pdf_button.clicked.connect(self._on_pdf_button_clicked)
        self._csv_button = action_button("save_report_csv", self.tr("Сохранить CSV…"))
        self._csv_button.clicked.connect(self._on_csv_button_clicked)
        self._print_button = action_button("print_report", self.tr("Печать…"))
        self._print_button.clicked.connect(self._on_print_button_clicked)
        self._message = MessageLabel()
        self._message.setObjectName("report_message")
        self._message.clear_when_edited(self._from, self._to)
        under = QHBoxLayout()
        under.addWidget(self._notes, 1)
        under.addWidget(self._pdf_button)
        under.addWidget(self._csv_button)
        under.addWidget(self._print_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(8)
        layout.addWidget(choice)
        # Right under the choice, where the manager looks (issue 16): not at the bottom edge.
        layout.addWidget(self._message)
        layout.addWidget(self._title)
        layout.addWidget(self._period)
        layout.addWidget(self._table, 1)
        layout.addLayout(under)
        self._update_controls()

    def _build_choice(self) -> FlowRow:
        self._kind = QComboBox()
        self._kind.setObjectName("report_kind")
        chain = self._desk.in_chain and self._desk.may(Permission.CHAIN)
        for kind in ReportKind:
            if kind is not ReportKind.OFFICES or chain:  # the chain's, for its head
                self._kind.addItem(TITLES[kind], kind)
        self._kind.setMinimumHeight(36)
        self._kind.currentIndexChanged.connect(self._on_kind_current_index_changed)
        self._from = date_edit("report_from")
        self._to = date_edit("report_to")
        self._show_button = show_button(self, "show_report", self.refresh)
        self._office = OfficeChoice("report_office", whole_chain=True)
        self._office.currentIndexChanged.connect(self._on_office_changed)
        parts: list[tuple[str, QWidget]] = [
            (self.tr("Отчёт"), self._kind),
            (self.tr("Пункт"), self._office),
            (self.tr("Период с"), self._from),
            (self.tr("по"), self._to),
        ]
        row = filter_row(parts, self._show_button)
        self._office_part = row.part(1)  # shown in a chain only
        self._office_part.setVisible(False)
        return row

    # --- showing ------------------------------------------------------------------------

    def _show(self, loaded: tuple[Report, list[Office] | None]) -> None:
        report, offices = loaded
        if offices is not None:  # the first load: the chain's offices, own first
            others = self._desk.may(Permission.CHAIN)
            self._office.set_offices(offices, self._desk.office, others=others)
            self._office_part.setVisible(self._office.in_chain)
        self._report = report
        self._title.setText(report.title)
        self._period.setText(f"{report.period} · {report.scope}" if report.scope else report.period)
        self._notes.setText("\n".join(report.notes))
        table = self._table
        table.clearSpans()
        table.clear()
        table.setColumnCount(len(report.columns))
        table.setHorizontalHeaderLabels([column.title for column in report.columns])
        rows = list(report.rows)
        table.setRowCount(max(1, len(rows) + (report.totals is not None)))
        if report.empty:
            item = QTableWidgetItem(NO_OPERATIONS)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            table.setItem(0, 0, item)
            table.setSpan(0, 0, 1, len(report.columns))
        for index, cells in enumerate(rows):
            self._fill(index, cells, bold=False)
        if report.totals is not None:
            self._fill(len(rows), report.totals, bold=True)
        self._fit_columns()
        self._message.clear_message()
        self._update_controls()

    def _fit_columns(self) -> None:
        """Share the table's width among the columns as the report's PDF does."""
        if self._report is None:
            return
        columns = self._report.columns
        room = self._table.viewport().width()
        header = self._table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        # A figure, a date or a heading's word is never cut short (issue 16): the columns
        # with room to spare give it, and where none has, the table scrolls sideways.
        floors = [
            max(
                self._table.sizeHintForColumn(index) if column.figures else 0,
                header.sectionSizeHint(index),
                self._longest_word(index),
            )
            for index, column in enumerate(columns)
        ]
        widths = share_out(room, [column.width for column in columns], floors)
        for index, width in enumerate(widths):
            self._table.setColumnWidth(index, width)
        self._table.resizeRowsToContents()

    def _longest_word(self, column: int) -> int:
        """The room the longest word of the column's cells takes."""
        table = self._table
        words: list[tuple[QFontMetrics, str]] = []
        for row in range(table.rowCount()):
            item = table.item(row, column)
            if item is not None and table.columnSpan(row, column) == 1:
                font = QFont(item.font()).resolve(table.font())
                words.append((QFontMetrics(font), item.text()))
        return _ROOM + max(
            (
                metrics.horizontalAdvance(word)
                for metrics, text in words
                for word in _BREAKS.split(text)  # a no-break space holds an amount together
            ),
            default=0,
        )

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_columns()

    def _fill(self, row: int, cells: tuple[Cell, ...], *, bold: bool) -> None:
        assert self._report is not None
        for column, (cell, spec) in enumerate(zip(cells, self._report.columns, strict=True)):
            item = QTableWidgetItem(cell_text(cell))
            if spec.figures:
                item.setTextAlignment(_RIGHT)
            if bold:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            self._table.setItem(row, column, item)

    def _update_controls(self) -> None:
        idle = not self._runner.busy
        dated = self.kind() not in SNAPSHOTS
        self._from.setEnabled(dated)
        self._to.setEnabled(dated)
        # The chain's report is of every office; the choice is for the others.
        self._office.setEnabled(self._office.count() > 1 and self.kind() is not ReportKind.OFFICES)
        for button in (self._show_button, self._pdf_button, self._csv_button, self._print_button):
            button.setEnabled(idle)

    # --- calls --------------------------------------------------------------------------

    def _save(self, file_format: ReportFormat) -> None:
        if self._runner.busy:
            return
        kind, (date_from, date_to) = self.kind(), self.period()
        suffix = file_format.value
        path = choose_save_file(
            self,
            self.tr("Сохранить отчёт"),
            f"{kind.value}_{date_from:%Y-%m-%d}_{date_to:%Y-%m-%d}.{suffix}",
            suffix,
            self.save_folder,
        )
        if path is None:
            return
        desk, office = self._desk, self._office.office()
        self._message.show_progress(self.tr("Запись отчёта…"))
        self._runner.run(
            lambda: desk.export_report(kind, path, date_from, date_to, file_format, office=office),
            on_success=lambda pages: self._saved(path, file_format, pages),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _saved(self, path: str, file_format: ReportFormat, pages: int) -> None:
        if file_format is ReportFormat.PDF:
            text = self.tr("Отчёт сохранён в {path}: листов {pages}.")
        else:
            text = self.tr("Отчёт сохранён в {path}.")
        self._message.show_success(text.format(path=path, pages=pages))

    def _printed(self, pages: int) -> None:
        self._printer = None
        self._message.show_success(
            self.tr("Отчёт отправлен на печать: листов {pages}.").format(pages=pages)
        )

    def _print_failed(self, exc: PosError) -> None:
        self._printer = None
        self._message.show_error(exc)

    # --- slots --------------------------------------------------------------------------

    def _on_kind_current_index_changed(self, _index: int) -> None:
        self._update_controls()
        self.refresh()

    def _on_pdf_button_clicked(self) -> None:
        self._save(ReportFormat.PDF)

    def _on_csv_button_clicked(self) -> None:
        self._save(ReportFormat.CSV)

    def _on_print_button_clicked(self) -> None:
        if self._runner.busy:
            return
        printer = ask_printer(self, TITLES[self.kind()], self.tr("Печать отчёта"))
        if printer is None:
            return
        self._printer = printer  # kept until the worker is done painting on it
        desk, kind, (date_from, date_to) = self._desk, self.kind(), self.period()
        office = self._office.office()
        self._message.show_progress(self.tr("Печать отчёта…"))
        self._runner.run(
            lambda: print_written_pdf(
                lambda path: desk.export_report(kind, path, date_from, date_to, office=office),
                printer,
            ),
            on_success=self._printed,
            on_failure=self._print_failed,
            owner=self,
        )

    def _on_runner_busy_changed(self, _busy: bool) -> None:
        self._update_controls()

    def _on_office_changed(self, _index: int) -> None:
        self.refresh()
