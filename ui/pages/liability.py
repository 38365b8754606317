"""The «Обязательства» page: the liability of each outcome, worst first (issue 38).

Per event and outcome: the open slips, their stakes, what the chain pays if it happens and
its net (less the event's stakes), the office's payout and net beside them, the cap. F5 reads
it again, and it reads itself every few seconds while shown; Ctrl+S suspends the chosen
outcome or resumes it; the event's cap is set from the field above; PDF or CSV saves it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.money import format_money
from pos.errors import PosError
from pos.reports.use_cases import ReportFormat
from pos.risk.liability import LiabilityBoard, OutcomeLiability
from pos.risk.liability_wording import (
    board_said,
    cap_said,
    coded_outcome,
    event_lines,
    event_name,
    office_said,
    saved_said,
    suspension_said,
)
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.pdf_print import SaveFolder, choose_save_file
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.filters import filter_row
from ui.widgets.form_card import named_line
from ui.widgets.tables import StretchFloor, read_only_rows

REFRESH_MS = 5000
EVENT, OUTCOME, SLIPS, STAKES, PAYOUT, NET, OFFICE_NET, CAP = range(8)
_LOSS = QColor("#b3261e")  # a net loss: the shop pays more than the event took


class LiabilityPage(QWidget):
    """The liability board (managers, Permission.RISK)."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self.save_folder = SaveFolder(None)
        self.board: LiabilityBoard | None = None  # the board shown (tests)
        self._reading = False
        self._said: str | None = None  # an action's answer, kept over the next reading
        self._build()
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        for keys, slot in (
            (QKeySequence(Qt.Key.Key_F5), self._on_show_triggered),
            (QKeySequence("Ctrl+S"), self._on_suspend_triggered),
        ):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    @property
    def table(self) -> QTableWidget:
        return self._table

    def field(self, name: str) -> QWidget:
        """A field by its object name (tests type into it as a manager would)."""
        found = self.findChild(QWidget, name)
        assert found is not None, name
        return found

    def message_text(self) -> str:
        return self._message.text()

    def refresh(self, *, quiet: bool = False) -> None:
        """Read the board again in the background, once at a time (`quiet`: the timer's,
        ui.tasks.TaskRunner)."""
        if self._reading or self._runner.closed:
            return
        self._reading = True
        desk, event = self._desk, self._event.text().strip()
        self._runner.run(
            lambda: desk.liability(event=event or None),
            on_success=self._show,
            on_failure=self._failed,
            owner=self,
            quiet=quiet,
        )

    def save(self, path: str, file_format: ReportFormat) -> None:
        """Save the board as shown to `path` (the buttons ask where first)."""
        desk, event = self._desk, self._event.text().strip() or None
        self._runner.run(
            lambda: desk.export_liability(path, file_format, event=event),
            on_success=lambda pages: self._tell(saved_said(path, pages)),
            on_failure=self._message.show_error,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._message = MessageLabel()
        self._message.setObjectName("liability_message")
        self._message.setWordWrap(True)
        self._table = QTableWidget(0, 8)
        self._table.setObjectName("liability_table")
        self._table.setHorizontalHeaderLabels(
            [self.tr("Событие"), self.tr("Исход"), self.tr("Куп."), self.tr("Ставки"),
             self.tr("Выплата,\nесли\nсыграет"), self.tr("Итог\nсети"), self.tr("Итог\nпункта"),
             self.tr("Предел")]
        )  # fmt: skip
        slips = self._table.horizontalHeaderItem(SLIPS)
        if slips is not None:  # the short heading in words (the column is narrow at 1024)
            slips.setToolTip(self.tr("Купонов с этим исходом"))
        header = read_only_rows(self._table)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(EVENT, QHeaderView.ResizeMode.Stretch)
        # A chain's board has thousands of rows: the widths are measured on the first ones
        # (the worst, the widest figures), and every row is two lines, the teams one each.
        header.setResizeContentsPrecision(60)
        StretchFloor(self._table, EVENT, 200)
        rows = self._table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(2 * self.fontMetrics().lineSpacing() + 12)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(8)
        layout.addWidget(self._build_filters())
        layout.addWidget(self._message)
        layout.addWidget(self._table, 1)

    def _build_filters(self) -> QWidget:
        self._event = named_line("liability_event", self.tr("все события"))
        self._event.returnPressed.connect(self._on_show_triggered)
        self._cap = named_line("liability_cap", self.tr("из настроек"))
        self._cap.returnPressed.connect(self._on_cap_clicked)
        self._show_button = action_button("show_liability", self.tr("Показать (F5)"))
        self._show_button.clicked.connect(self._on_show_triggered)
        self._cap_button = action_button("set_liability_cap", self.tr("Задать предел"))
        self._cap_button.clicked.connect(self._on_cap_clicked)
        self._suspend = action_button("suspend_outcome", self.tr("Стоп / пуск (Ctrl+S)"))
        self._suspend.clicked.connect(self._on_suspend_triggered)
        self._pdf = action_button("save_liability_pdf", self.tr("PDF…"))
        self._pdf.clicked.connect(lambda: self._on_save_clicked(ReportFormat.PDF))
        self._csv = action_button("save_liability_csv", self.tr("CSV…"))
        self._csv.clicked.connect(lambda: self._on_save_clicked(ReportFormat.CSV))
        row = filter_row(
            [(self.tr("Событие"), self._event), (self.tr("Предел, руб."), self._cap)],
            self._show_button,
        )
        buttons = QWidget()
        line = QHBoxLayout(buttons)
        line.setContentsMargins(0, 0, 0, 0)
        for button in (self._cap_button, self._suspend, self._pdf, self._csv):
            line.addWidget(button)
        line.addStretch(1)
        box = QWidget()
        both = QVBoxLayout(box)
        both.setContentsMargins(0, 0, 0, 0)
        both.addWidget(row)
        both.addWidget(buttons)
        return box

    # --- slots --------------------------------------------------------------------------

    def _on_show_triggered(self) -> None:
        self._said = None  # the board's own line again
        self.refresh()

    def _on_timer_timeout(self) -> None:
        if not self._runner.busy:
            self.refresh(quiet=True)

    def _on_suspend_triggered(self) -> None:
        row = self._chosen()
        if row is None or self._runner.busy:
            return
        desk, code, market, stop = self._desk, row.event.code, row.market, not row.suspended
        call = desk.suspend_outcome if stop else desk.resume_outcome
        self._runner.run(
            lambda: call(code, market),
            on_success=lambda _none: self._done(suspension_said(code, market, stop)),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_cap_clicked(self) -> None:
        row = self._chosen()
        event = self._event.text().strip() or (str(row.event.code) if row else "")
        if self._runner.busy or not event:
            return
        desk, amount = self._desk, self._cap.text().strip() or None
        self._runner.run(
            lambda: (event, desk.set_liability_cap(event, amount)),
            on_success=lambda done: self._done(cap_said(int(done[0]), done[1])),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_save_clicked(self, file_format: ReportFormat) -> None:
        if self._runner.busy:
            return
        suffix = file_format.value
        made = self._clock.now()
        suggested = f"liability_{made:%Y-%m-%d_%H%M}.{suffix}"
        title = self.tr("Сохранить обязательства")
        path = choose_save_file(self, title, suggested, suffix, self.save_folder)
        if path is not None:
            self.save(path, file_format)

    # --- Qt overrides -------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.refresh()
        self._timer.start()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt's name
        super().hideEvent(event)
        self._timer.stop()

    # --- results ------------------------------------------------------------------------

    def _chosen(self) -> OutcomeLiability | None:
        index = self._table.currentRow()
        board = self.board
        if board is None or not 0 <= index < len(board.rows):
            return None
        return board.rows[index]

    def _show(self, board: LiabilityBoard) -> None:
        self._reading = False
        kept = self._chosen()
        self.board = board
        self._table.setUpdatesEnabled(False)  # one repaint for the whole board
        self._table.setRowCount(len(board.rows))
        for index, row in enumerate(board.rows):
            self._fill(index, row)
        self._table.setUpdatesEnabled(True)
        keys = [(row.event.code, row.market) for row in board.rows]
        wanted = (kept.event.code, kept.market) if kept else None
        self._table.setCurrentCell(keys.index(wanted) if wanted in keys else 0, 0)
        if self._said is None:
            self._message.show_info(board_said(board))

    def _fill(self, index: int, row: OutcomeLiability) -> None:
        cells = (
            event_lines(row),
            coded_outcome(row),
            str(row.chain.slips),
            format_money(row.chain.stakes),
            format_money(row.chain.payout),
            format_money(row.net),
            format_money(row.office_net),
            format_money(row.cap),
        )
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column >= SLIPS:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if column in (NET, OFFICE_NET) and (row.net if column == NET else row.office_net) > 0:
                item.setForeground(QBrush(_LOSS))
            if index == 0:  # the worst outcome
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            self._table.setItem(index, column, item)
        teams = self._table.item(index, EVENT)
        if teams is not None:  # the names whole, where the column cuts them
            teams.setToolTip(event_name(row))
        office = self._table.item(index, OFFICE_NET)
        if office is not None:  # the office's own figures whole, where the column has one
            office.setToolTip(office_said(row))

    def _failed(self, exc: PosError) -> None:
        self._reading = False
        self._message.show_error(exc)

    def _done(self, said: str) -> None:
        self._tell(said)
        self.refresh()

    def _tell(self, said: str) -> None:
        self._said = said  # the answer stays over the board read after it
        self._message.show_success(said)
