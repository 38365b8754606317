"""The Bet-on-Poker board (issue #8): the draw being played and the next, each hand with its
cards and its odds (or ВЫИГРЫШ / ПРОИГРЫШ), the board, the countdown to the round's cut-off
and the latest results. A hand's button puts the bet on the slip of the betting page; a
manager enters the cards as dealt and can cancel a draw. The odds and every check come from
pos (Desk.draw_board, Desk.deal_cards, Desk.cancel_draw). In poker's ui room since issue 36
(ui.pages.draws is this module under its old name)."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.money import format_money
from pos.poker.board import DrawBoard, DrawView
from pos.poker.desk import PokerDesk
from pos.poker.draws import HandStatus
from pos.poker.outcome import winners_words
from pos.poker.use_cases import DrawImport
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.games import BoardPage
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button

T = TypeVar("T")
REFRESH_MS = 5000  # the board is read again this often (the cards come from the manager)
_SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_RED = {"d", "h"}
_STATUS_WORDS = {
    HandStatus.WON: "ВЫИГРЫШ",
    HandStatus.LOST: "ПРОИГРЫШ",
    HandStatus.NO_BETS: "нет ставок",
}


def card_text(cards: str, *, rich: bool = True) -> str:
    """Cards as a player reads them: "AsKh" → "A♠ K♥" (hearts and diamonds in red)."""
    shown = []
    for at in range(0, len(cards), 2):
        rank, suit = cards[at], cards[at + 1]
        face = f"{'10' if rank == 'T' else rank}{_SUITS[suit]}"
        shown.append(
            f'<span style="color:#b91c1c">{face}</span>' if rich and suit in _RED else face
        )
    return " ".join(shown)


# The hands on the board: won green, lost grey.
HANDS_STYLE = """
QPushButton[hand="true"] { font-size: 13pt; }
QPushButton[hand="true"][state="won"] {
    background: #dcfce7; border-color: #16a34a; color: #14532d;
}
QPushButton[hand="true"][state="lost"] { color: #6b7280; }
"""


class DrawsPage(BoardPage):
    """«Bet-on-Poker»: the draw being played (its hands, board and odds), the next draw's
    round 1, the latest results; a manager's card entry under them. A hand's pick ("1096013
    P3") goes out by BoardPage's `pick_wanted`: the window adds it to the slip."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._poker = PokerDesk(desk)  # the game's use cases, typed (issue 36)
        self._runner = runner
        self._clock = clock
        self._board: DrawBoard | None = None
        self.setStyleSheet(HANDS_STYLE)  # the board's own look, kept in its room (issue 36)
        self._build()
        self._keep_fresh(REFRESH_MS)

    @property
    def board(self) -> DrawBoard | None:
        """The board on screen (tests)."""
        return self._board

    def hand_button(self, which: str, seat: int) -> QPushButton:
        """ "playing" or "next", seat 1–6 (tests)."""
        return (self._playing_hands if which == "playing" else self._next_hands)[seat - 1]

    def message_text(self) -> str:
        return self._message.text()

    def refresh(self) -> None:
        """Read the board again (in the background; once at a time, queued behind any other
        call); the timers keep it current while the page is shown."""
        self._read(self._poker.draw_board, self._show)

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._playing_title = QLabel()
        self._playing_title.setObjectName("playing_title")
        self._playing_title.setProperty("heading", "1")
        self._countdown = QLabel()
        self._countdown.setObjectName("draw_countdown")
        self._countdown.setProperty("heading", "2")
        self._table = QLabel()
        self._table.setObjectName("draw_table")
        self._table.setTextFormat(Qt.TextFormat.RichText)
        self._table.setProperty("heading", "2")
        self._playing_hands = [self._hand_button(f"playing_hand_{s}") for s in range(1, 7)]
        self._next_title = QLabel()
        self._next_title.setObjectName("next_title")
        self._next_title.setProperty("heading", "2")
        self._next_hands = [self._hand_button(f"next_hand_{s}") for s in range(1, 7)]
        self._history = QTableWidget(0, 4)
        self._history.setObjectName("draw_history")
        self._history.setHorizontalHeaderLabels(
            [self.tr("Тираж"), self.tr("Руки 1–6"), self.tr("Стол"), self.tr("Итог")]
        )
        self._history.verticalHeader().setVisible(False)
        self._history.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._history.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self._history.horizontalHeader().setStretchLastSection(True)
        self._message = MessageLabel()
        self._message.setObjectName("draw_message")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(8)
        top = QHBoxLayout()
        top.addWidget(self._playing_title, 1)
        top.addWidget(self._countdown)
        layout.addLayout(top)
        layout.addLayout(self._row(self._playing_hands))
        layout.addWidget(self._table)
        layout.addWidget(self._next_title)
        layout.addLayout(self._row(self._next_hands))
        if self._desk.is_manager:
            layout.addLayout(self._build_dealer())
        layout.addWidget(self._history, 1)
        layout.addWidget(self._message)

    def _build_dealer(self) -> QHBoxLayout:
        self._cards = QLineEdit()
        self._cards.setObjectName("draw_cards")
        self._cards.setPlaceholderText(
            self.tr("карты как сданы: раздача (12, с первой руки), флоп (3), тёрн, ривер")
        )
        self._cards.returnPressed.connect(self._on_deal_clicked)
        deal = action_button("deal_cards", self.tr("Ввести карты"))
        deal.setProperty("primary", "true")
        deal.clicked.connect(self._on_deal_clicked)
        cancel = action_button("cancel_draw", self.tr("Отменить тираж…"))
        cancel.clicked.connect(self._on_cancel_clicked)
        load = action_button("import_draws", self.tr("Из файла…"))
        load.setToolTip(self.tr("Результаты тиражей из файла: тираж;руки;стол"))
        load.clicked.connect(self._on_import_clicked)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Карты")))
        row.addWidget(self._cards, 1)
        row.addWidget(deal)
        row.addWidget(cancel)
        row.addWidget(load)
        return row

    def _hand_button(self, name: str) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        button.setMinimumHeight(84)
        button.setProperty("hand", "true")
        button.clicked.connect(lambda: self._on_hand_clicked(name))
        return button

    @staticmethod
    def _row(buttons: list[QPushButton]) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        for column, button in enumerate(buttons):
            grid.addWidget(button, 0, column)
        return grid

    # --- showing ------------------------------------------------------------------------

    def _show(self, board: DrawBoard) -> None:
        self._board = board
        playing, coming = board.playing, board.next
        self._playing_title.setText(self.tr("Тираж № {number}").format(number=playing.number))
        self._table.setText(self.tr("Стол: {cards}").format(cards=card_text(playing.board) or "—"))
        self._fill(self._playing_hands, playing)
        self._next_title.setText(
            self.tr("Следующий тираж № {number}: ставки до раздачи").format(number=coming.number)
        )
        self._fill(self._next_hands, coming)
        self._fill_history(board.history)
        self._show_countdown()

    def _fill(self, buttons: list[QPushButton], view: DrawView) -> None:
        winners = view.winners
        for price, button in zip(view.prices, buttons, strict=True):
            cards = card_text(view.hands[price.seat - 1], rich=False) if view.hands else "? ?"
            state = price.status
            if winners is not None:
                state = HandStatus.WON if price.seat in winners else HandStatus.LOST
            text = format_money(price.odds) if state is HandStatus.OPEN and price.odds else ""
            button.setText(f"Рука {price.seat}\n{cards}\n{text or _STATUS_WORDS[state]}")
            button.setEnabled(view.round is not None and price.odds is not None)
            # Green for a hand that has won, grey for one that has lost (app.py's style).
            button.setProperty("state", state.value)
            button.style().unpolish(button)
            button.style().polish(button)

    def _fill_history(self, views: tuple[DrawView, ...]) -> None:
        self._history.setRowCount(len(views))
        for row, view in enumerate(views):
            result = view.result
            if result is None:  # pos's history holds only draws with a result
                outcome = ""
            elif result.home is None:
                outcome = f"отменён: {result.source}"
            else:
                outcome = winners_words(result.home)
            cells = (
                str(view.number),
                "  ".join(card_text(hand, rich=False) for hand in view.hands or ()),
                card_text(view.board, rich=False),
                outcome,
            )
            for column, text in enumerate(cells):
                self._history.setItem(row, column, QTableWidgetItem(text))

    def _show_countdown(self) -> None:
        board = self._board
        if board is None:
            return
        view = board.playing if board.playing.round is not None else board.next
        closes = view.closes_at
        if closes is None:
            self._countdown.setText(self.tr("ждём карты"))
            return
        left = max(0, int((closes - self._clock.now()).total_seconds()))
        self._countdown.setText(
            self.tr("{round}: приём до {time} (ещё {minutes}:{seconds:02d})").format(
                round=view.round.words if view.round else "",
                time=f"{closes:%H:%M:%S}",
                minutes=left // 60,
                seconds=left % 60,
            )
        )

    # --- calls --------------------------------------------------------------------------

    def _deal(self, number: int, cards: str) -> None:
        self._manage(lambda: self._poker.deal_cards(number, cards), self._dealt)

    def _dealt(self, view: DrawView) -> None:
        self._cards.clear()
        self._message.show_success(
            self.tr("Тираж № {number}: карты введены.").format(number=view.number)
        )
        self.refresh()

    # --- slots --------------------------------------------------------------------------

    def _on_hand_clicked(self, name: str) -> None:
        board = self._board
        if board is None:
            return
        which, seat = name.rsplit("_", 2)[0], int(name[-1])
        view = board.playing if which == "playing" else board.next
        self.pick_wanted.emit(f"{view.code} P{seat}")

    def _on_deal_clicked(self) -> None:
        board = self._board
        if board is None or self._managing:
            return
        # The cards go to the draw being played, or once it is over to the next one.
        view = board.playing if board.playing.result is None else board.next
        self._deal(view.number, self._cards.text())

    def _on_cancel_clicked(self) -> None:
        board = self._board
        if board is None or self._managing:
            return
        view = board.playing if board.playing.result is None else board.next
        reason, given = QInputDialog.getText(
            self,
            self.tr("Отмена тиража"),
            self.tr("Причина отмены тиража № {number} (ставки вернутся по 1,00):").format(
                number=view.number
            ),
        )
        if not given:
            return
        desk, number = self._poker, view.number
        self._manage(lambda: desk.cancel_draw(number, reason), lambda _view: self.refresh())

    def _on_import_clicked(self) -> None:
        if self._managing:
            return
        path, _chosen = QFileDialog.getOpenFileName(
            self, self.tr("Результаты тиражей"), "", self.tr("Файлы результатов (*.csv *.txt)")
        )
        if not path:
            return
        desk, name = self._poker, Path(path).name
        self._manage(
            lambda: desk.import_draw_results(name, Path(path).read_bytes()), self._imported
        )

    def _imported(self, done: DrawImport) -> None:
        recorded = ", ".join(map(str, done.recorded)) or self.tr("нет")
        skipped = "; ".join(f"№ {number} — {why}" for number, why in done.skipped)
        text = self.tr("Записаны результаты тиражей: {recorded}.").format(recorded=recorded)
        self._message.show_success(
            f"{text} {self.tr('Пропущены')}: {skipped}." if skipped else text
        )
        self.refresh()

    def _on_ticker_timeout(self) -> None:
        self._show_countdown()
