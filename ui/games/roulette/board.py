"""Roulette's board (issue 36): the draw on sale, the last numbers, the table and track a
cashier picks from, and a manager's spin entry, studio file and cancellation, all through pos."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.errors import PosError
from pos.people.permissions import Permission
from pos.roulette.board import RouletteBoard, SpinView
from pos.roulette.codes import parse_bet
from pos.roulette.desk import RouletteDesk
from pos.roulette.use_cases import SpinImport
from pos.roulette.wording import countdown_words, import_words, recorded_words
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.games import BoardPage
from ui.games.roulette.layout import COLOURS_STYLE, RouletteTable, RouletteTrack, colour_of
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button

T = TypeVar("T")
REFRESH_MS = 5000  # the board is read again this often (another terminal may record a number)
LAST = 10  # numbers shown as chips
CHIPS_STYLE = (
    "QLabel[chip] { min-width: 30px; min-height: 26px; qproperty-alignment: AlignCenter; }"
)


class RoulettePage(BoardPage):
    """«Рулетка»: what a cashier sells from and a manager runs the draws with. A pick ("1500000002
    КР") goes out by BoardPage's `pick_wanted`: the window adds it to the slip."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._roulette = RouletteDesk(desk)
        self._manager = desk.may(Permission.DRAWS)
        self._runner = runner
        self._clock = clock
        self._board: RouletteBoard | None = None
        self._read_at = clock.now()
        self._readback: QMessageBox | None = None
        self.setStyleSheet(COLOURS_STYLE + CHIPS_STYLE)
        self._build()
        self._keep_fresh(REFRESH_MS)

    @property
    def board(self) -> RouletteBoard | None:
        """The board on screen (tests)."""
        return self._board

    @property
    def table(self) -> RouletteTable:
        return self._table

    @property
    def track(self) -> RouletteTrack:
        return self._track

    @property
    def readback(self) -> QMessageBox | None:
        """The read-back waiting for the manager's Enter (tests)."""
        return self._readback

    def message_text(self) -> str:
        return self._message.text()

    def refresh(self) -> None:
        """Read the board again (in the background, once at a time); the timers keep it
        current while the page is shown."""
        read_at = self._clock.now()

        def read(board: RouletteBoard) -> None:
            self._read_at = read_at
            self._show(board)

        self._read(self._roulette.draw_board, read)

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._title = self._label("roulette_title", "1")
        self._countdown = self._label("roulette_countdown", "2")
        self._next = self._label("roulette_next", "")
        self._chips = [self._label(f"chip_{at}", "") for at in range(LAST)]
        self._last = self._label("roulette_last", "")
        self._table = RouletteTable()
        self._table.picked.connect(self._on_table_picked)
        self._track = RouletteTrack()
        self._track.picked.connect(self._on_table_picked)
        self._message = MessageLabel()
        self._message.setObjectName("roulette_message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 6)
        layout.setSpacing(6)
        top = QHBoxLayout()
        top.addWidget(self._title)
        top.addWidget(self._countdown, 1)
        top.addWidget(self._next)
        layout.addLayout(top)
        layout.addLayout(self._chips_row())
        layout.addWidget(self._table, 1)
        layout.addWidget(self._track)
        layout.addLayout(self._bet_row())
        if self._manager:
            layout.addLayout(self._spin_row())
        layout.addWidget(self._message)

    def _label(self, name: str, heading: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        if heading:
            label.setProperty("heading", heading)
        return label

    def _chips_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(4)
        row.addWidget(QLabel(self.tr("Последние числа:")))
        for chip in self._chips:
            chip.setProperty("chip", "true")
            chip.hide()
            row.addWidget(chip)
        row.addSpacing(12)
        row.addWidget(self._last, 1)
        return row

    def _bet_row(self) -> QVBoxLayout:
        self._bet = QLineEdit()
        self._bet.setObjectName("roulette_bet")
        self._bet.setPlaceholderText(self.tr("17, 17/20, Д1, К1, КР, ЧЁ, ВЗ, Н17"))
        self._bet.returnPressed.connect(self._on_bet_return_pressed)
        self._message.clear_when_edited(self._bet)
        label = QLabel(self.tr("&Ставка на поле"))
        label.setBuddy(self._bet)
        add = action_button("add_bet", self.tr("В купон"))
        add.clicked.connect(self._on_bet_return_pressed)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self._bet, 1)
        row.addWidget(add)
        hint = QLabel(
            self.tr(
                "Сплит, стрит, каре и шесть номеров наберите числами через косую: 17/20, "
                "1/2/3, 1/2/4/5, 1/2/3/4/5/6 — здесь или на странице «Ставки»."
            )
        )
        hint.setObjectName("roulette_hint")
        hint.setWordWrap(True)
        column = QVBoxLayout()
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(hint)
        return column

    def _spin_row(self) -> QHBoxLayout:
        self._spin = QLineEdit()
        self._spin.setObjectName("roulette_spin")
        self._spin.setMaximumWidth(80)
        self._spin.setPlaceholderText("0–36")
        self._spin.returnPressed.connect(self._on_record_clicked)
        self._message.clear_when_edited(self._spin)
        label = QLabel(self.tr("&Выпало число"))
        label.setBuddy(self._spin)
        record = action_button("record_spin", self.tr("Записать"))
        record.setProperty("primary", "true")
        record.clicked.connect(self._on_record_clicked)
        load = action_button("import_spins", self.tr("Из файла…"))
        load.setToolTip(
            self.tr("Результаты студии из файла: тираж;число или тираж;отменён;причина")
        )
        load.clicked.connect(self._on_import_clicked)
        cancel = action_button("cancel_spin", self.tr("Отменить тираж…"))
        cancel.clicked.connect(self._on_cancel_clicked)
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self._spin)
        row.addWidget(record)
        row.addStretch(1)
        row.addWidget(load)
        row.addWidget(cancel)
        return row

    # --- showing ------------------------------------------------------------------------

    def _show(self, board: RouletteBoard) -> None:
        self._board = board
        current = board.current
        self._title.setText(
            self.tr("Тираж № {number}, начало в {time}").format(
                number=current.number, time=f"{current.starts_at:%H:%M}"
            )
        )
        coming = board.next
        self._next.setText(
            ""
            if coming is None
            else self.tr("Следующий: № {number} в {time}").format(
                number=coming.number, time=f"{coming.starts_at:%H:%M}"
            )
        )
        self._show_history(board.history)
        self._show_countdown()

    def _show_history(self, history: tuple[SpinView, ...]) -> None:
        for chip, view in zip(self._chips, (*history[:LAST], *[None] * LAST), strict=False):
            chip.setVisible(view is not None)
            if view is None:
                continue
            chip.setText("—" if view.came_up is None else str(view.came_up))
            chip.setToolTip(self._draw_words(view))
            chip.setProperty("colour", "none" if view.came_up is None else colour_of(view.came_up))
            chip.style().unpolish(chip)
            chip.style().polish(chip)
        latest = history[0] if history else None
        self._last.setText("" if latest is None else self._draw_words(latest))

    def _draw_words(self, view: SpinView) -> str:
        return self.tr("№ {number}: {words}").format(number=view.number, words=view.words)

    def _show_countdown(self) -> None:
        board = self._board
        if board is None:
            return
        current = board.current
        if current.came_up is not None or current.cancelled is not None:
            self._countdown.setText(current.words)
            return
        now = self._clock.now()
        self._countdown.setText(countdown_words(current.starts_at, now))
        if self._read_at < current.starts_at <= now:
            self.refresh()  # the draw has started: the next one is on sale now

    # --- calls --------------------------------------------------------------------------

    def _read_back(self, code: int, number: str, sentence: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Число тиража"),
            sentence,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("spin_readback")
        box.button(QMessageBox.StandardButton.Yes).setText(self.tr("Записать"))
        box.button(QMessageBox.StandardButton.No).setText(self.tr("Исправить"))
        box.setDefaultButton(QMessageBox.StandardButton.Yes)  # Enter confirms
        box.finished.connect(lambda _result: self._on_readback_finished(box, code, number))
        self._readback = box
        box.open()

    def _recorded(self, view: SpinView) -> None:
        if self._manager:
            self._spin.clear()
        self._message.show_success(recorded_words(view.number, view.words))
        self.refresh()

    def _imported(self, done: SpinImport) -> None:
        self._message.show_success(import_words(done.recorded, done.skipped))
        self.refresh()

    def _pick(self, typed: str) -> None:
        board = self._board
        view = None if board is None else board.on_sale(self._clock.now())
        if view is not None:
            self.pick_wanted.emit(f"{view.code} {typed}")

    # --- slots --------------------------------------------------------------------------

    def _on_table_picked(self, typed: str) -> None:
        self._pick(typed)

    def _on_bet_return_pressed(self) -> None:
        typed = self._bet.text().strip()
        try:
            parse_bet(typed)  # pos reads it again on the slip; here only its refusal is shown
        except PosError as refused:
            self._message.show_error(refused)
            return
        self._bet.clear()
        self._pick(typed)

    def _on_record_clicked(self) -> None:
        board = self._board
        if board is None or self._managing:
            return
        desk, code, number = self._roulette, board.current.code, self._spin.text()
        self._manage(
            lambda: desk.check_spin(code, number),
            lambda sentence: self._read_back(code, number, sentence),
        )

    def _on_readback_finished(self, box: QMessageBox, code: int, number: str) -> None:
        confirmed = box.clickedButton() is box.button(QMessageBox.StandardButton.Yes)
        self._readback = None
        box.deleteLater()
        if confirmed:
            desk = self._roulette
            self._manage(lambda: desk.record_spin(code, number), self._recorded)
        else:
            self._spin.setFocus()

    def _on_cancel_clicked(self) -> None:
        board = self._board
        if board is None or self._managing:
            return
        view = board.current
        reason, given = QInputDialog.getText(
            self,
            self.tr("Отмена тиража"),
            self.tr("Причина отмены тиража № {number} (ставки вернутся по 1,00):").format(
                number=view.number
            ),
        )
        if not given:
            return
        desk, code = self._roulette, view.code
        self._manage(lambda: desk.cancel_draw(code, reason), self._recorded)

    def _on_import_clicked(self) -> None:
        if self._managing:
            return
        path, _chosen = QFileDialog.getOpenFileName(
            self, self.tr("Результаты студии"), "", self.tr("Файлы результатов (*.csv *.txt)")
        )
        if not path:
            return
        desk, name = self._roulette, Path(path).name
        self._manage(lambda: desk.import_spins(name, Path(path).read_bytes()), self._imported)

    def _on_ticker_timeout(self) -> None:
        self._show_countdown()
