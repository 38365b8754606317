"""The results page (managers): official results in two steps, corrections, files, settling."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.errors import PosError
from pos.core.settings import ShopSettings
from pos.settlement.errors import ResultsFileRejected
from pos.settlement.result_files import results_file_problem
from pos.settlement.results import Result, ResultEntry
from pos.settlement.use_cases import ResultRow, SettleReport
from pos.shop.desk import Desk
from ui.dialogs.confirm_result import ConfirmResultDialog
from ui.dialogs.correct_result import CorrectResultDialog
from ui.errors import MessageGroup, MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.result_card import ResultCard
from ui.widgets.results_table import ResultsTable

_CARD_WIDTH = 360  # its button and fields; a 1024-pixel window leaves the list room (issue 16)


def choose_results_file(parent: QWidget) -> str | None:
    """Ask for a results file (.csv or .json); None when the manager cancels."""
    tr = QCoreApplication.translate
    path, _chosen_filter = QFileDialog.getOpenFileName(
        parent,
        tr("results", "Загрузить результаты из файла"),
        "",
        tr("results", "Результаты (*.csv *.json);;Все файлы (*)"),
    )
    return path or None


def import_results_file(desk: Desk, path: str) -> list[Result]:
    """Read a results file and record it (on the worker: the file may sit on a network share).

    Raises:
        ResultsFileRejected: the file cannot be read, or has problems (all of them named).
    """
    name = Path(path).name
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        problem = results_file_problem("unreadable", exc.strerror or exc)
        raise ResultsFileRejected(name, [(0, problem)]) from exc
    return desk.import_results(name, data)


class ResultsPage(QWidget):
    """The line's events with their results (started first) and the selected event's result.

    An event without a result gets the form; "Записать результат…" asks pos for the result in
    words and shows them for checking; only "Подтвердить" records it. A recorded result is
    shown read-only with "Исправить…". "Рассчитать ставки" settles on the worker thread while
    the progress bar follows the chunks.
    """

    # Emitted on the worker thread by desk.settle's progress; delivered on the GUI thread.
    _settle_progressed = Signal(int, int)

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._zone = ShopSettings().zone
        self.confirm_dialog: ConfirmResultDialog | None = None
        self.correct_dialog: CorrectResultDialog | None = None
        self._build()
        self._settle_progressed.connect(
            self._on_settle_progressed, Qt.ConnectionType.QueuedConnection
        )
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def card(self) -> ResultCard:
        """The selected event's card (its result fields are `card.form`)."""
        return self._card

    def refresh(self) -> None:
        """Reload the events and their results in the background."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.results(), desk.settings().zone),
            on_success=self._show_rows,
            on_failure=self._message.show_error,
            owner=self,
        )

    def select_event(self, code: int) -> bool:
        """Select event `code` in the list."""
        return self._table.select_code(code)

    def rows(self) -> list[list[str]]:
        """The texts of every row (tests)."""
        return self._table.texts()

    def message_text(self) -> str:
        """The tools' line: the list, the file and the settling (tests)."""
        return self._message.text()

    def card_message_text(self) -> str:
        """The card's line: its record or correction (tests)."""
        return self._card.message.text()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._count = QLabel()
        self._count.setProperty("heading", "2")
        self._import_button = action_button("import_results", self.tr("Загрузить файл…"))
        self._import_button.clicked.connect(self._on_import_button_clicked)
        self._settle_button = action_button("settle", self.tr("Рассчитать ставки"))
        self._settle_button.setProperty("primary", "true")
        self._settle_button.clicked.connect(self._on_settle_button_clicked)
        self._progress = QProgressBar()
        self._progress.setObjectName("settle_progress")
        self._progress.setMinimumWidth(260)
        self._progress.hide()
        tools = QHBoxLayout()
        tools.addWidget(self._count)
        tools.addStretch(1)
        tools.addWidget(self._progress)
        tools.addWidget(self._import_button)
        tools.addWidget(self._settle_button)
        columns = QHBoxLayout()
        columns.setSpacing(14)
        self._table = ResultsTable()
        self._table.itemSelectionChanged.connect(self._on_table_item_selection_changed)
        columns.addWidget(self._table, 1)
        self._card = ResultCard()
        # The list takes what is left: its columns need the room more than the fields do.
        self._card.setFixedWidth(max(_CARD_WIDTH, self._card.needed_width()))
        self._card.record_requested.connect(self._on_card_record_requested)
        self._card.correct_requested.connect(self._on_card_correct_requested)
        columns.addWidget(self._card)
        # Under the tools it answers (the file, the settling, the list); the card has its own.
        self._message = MessageLabel()
        self._message.setObjectName("results_message")
        self._messages = MessageGroup(self, self._message, self._card.message)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(10)
        layout.addLayout(tools)
        layout.addWidget(self._message)
        layout.addLayout(columns, 1)

    # --- showing ------------------------------------------------------------------------

    def _show_rows(self, loaded: tuple[list[ResultRow], ZoneInfo]) -> None:
        rows, self._zone = loaded
        recorded = sum(1 for row in rows if row.result is not None)
        self._count.setText(
            self.tr("Событий: {events}, с результатом: {recorded}").format(
                events=len(rows), recorded=recorded
            )
        )
        self._table.set_rows(rows, self._zone, self._clock.now())
        self._show_selected()

    def _show_selected(self) -> None:
        self._card.show_row(self._table.selected_row(), self._zone, self._clock.now())

    def _update_buttons(self) -> None:
        idle = not self._runner.busy
        self._card.set_idle(idle)
        self._import_button.setEnabled(idle)
        self._settle_button.setEnabled(idle)

    # --- recording and correcting -------------------------------------------------------

    def _ask_to_confirm(self, entry: ResultEntry, words: str) -> None:
        self._card.message.clear_message()
        dialog = ConfirmResultDialog(words, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.confirmed.connect(lambda: self._record(entry))
        dialog.finished.connect(self._on_confirm_dialog_finished)
        self.confirm_dialog = dialog
        dialog.open()

    def _record(self, entry: ResultEntry) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.record_results([entry])[0],
            on_success=self._recorded,
            on_failure=self._refused_in_dialog,
            owner=self,
        )

    def _recorded(self, result: Result) -> None:
        if self.confirm_dialog is not None:
            self.confirm_dialog.accept()
        self._card.message.show_success(
            self.tr("Результат события {code} записан.").format(code=result.event_code)
        )
        self.refresh()

    def _refused_in_dialog(self, exc: PosError) -> None:
        # The confirmation and the correction are window-modal: at most one is open.
        dialog = self.confirm_dialog or self.correct_dialog
        if dialog is not None:
            dialog.show_refusal(exc)
        else:
            self._card.message.show_error(exc)

    def _correct(self, code: int, entry: ResultEntry, reason: str) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.correct_result(code, entry, reason),
            on_success=self._corrected,
            on_failure=self._refused_in_dialog,
            owner=self,
        )

    def _corrected(self, result: Result) -> None:
        if self.correct_dialog is not None:
            self.correct_dialog.accept()
        self._card.message.show_success(
            self.tr(
                "Результат события {code} исправлен. Купоны, рассчитанные по прежнему "
                "результату, будут рассчитаны заново: нажмите «Рассчитать ставки»."
            ).format(code=result.event_code)
        )
        self.refresh()

    # --- files and settling -------------------------------------------------------------

    def _imported(self, recorded: list[Result]) -> None:
        self._message.show_success(
            self.tr("Из файла записано результатов: {count}.").format(count=len(recorded))
        )
        self.refresh()

    def _settled(self, report: SettleReport) -> None:
        self._message.show_success(report.words())
        self.refresh()

    # --- slots --------------------------------------------------------------------------

    def _on_table_item_selection_changed(self) -> None:
        self._show_selected()

    def _on_card_record_requested(self, entry: ResultEntry) -> None:
        desk = self._desk
        self._runner.run(
            lambda: desk.check_result(entry),
            on_success=lambda words: self._ask_to_confirm(entry, words),
            on_failure=self._card.message.show_error,
            owner=self,
        )

    def _on_confirm_dialog_finished(self, _result: int) -> None:
        self.confirm_dialog = None

    def _on_card_correct_requested(self, row: ResultRow) -> None:
        if row.result is None:
            return
        dialog = CorrectResultDialog(row.event, row.result, self._zone, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        code = row.event.code
        dialog.correction_given.connect(lambda entry, why: self._correct(code, entry, why))
        dialog.finished.connect(self._on_correct_dialog_finished)
        self.correct_dialog = dialog
        dialog.open()

    def _on_correct_dialog_finished(self, _result: int) -> None:
        self.correct_dialog = None

    def _on_import_button_clicked(self) -> None:
        path = None if self._runner.busy else choose_results_file(self)
        if path is None:
            return
        desk = self._desk
        self._message.show_progress(
            self.tr("Загрузка результатов из файла {name}…").format(name=Path(path).name)
        )
        self._runner.run(
            lambda: import_results_file(desk, path),
            on_success=self._imported,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_settle_button_clicked(self) -> None:
        if self._runner.busy:
            return
        # The single worker runs a sign-out only after this call: the page outlives the run.
        desk, progressed = self._desk, self._settle_progressed
        self._progress.setRange(0, 0)  # busy until the number of slips is known
        self._progress.show()
        self._message.show_progress(self.tr("Расчёт ставок…"))
        self._runner.run(
            lambda: desk.settle(progressed.emit),
            on_success=self._settled,
            on_failure=self._settle_failed,
            owner=self,
        )

    def _settle_failed(self, error: PosError) -> None:
        self._progress.hide()  # chunks settled before the failure stay settled
        self._message.show_error(error)

    def _on_settle_progressed(self, done: int, total: int) -> None:
        self._progress.setRange(0, max(total, 1))
        self._progress.setValue(done if total else 1)
        self._progress.setFormat(
            self.tr("проверено купонов: {done} из {total}").format(done=done, total=total)
        )

    def _on_runner_busy_changed(self, _busy: bool) -> None:
        self._update_buttons()
