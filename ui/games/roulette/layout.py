"""Roulette's table and track as the cashier clicks them (issue 36): each cell says the bet as
it is typed («17», «К1», «КР», «ВЗ», «Н17»); pos reads it when it goes on the slip."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pos.roulette.codes import parse_bet
from pos.roulette.layout import RED, WHEEL
from pos.roulette.wording import bet_words

# The numbers' colours, the chips' too (the board's page sets the style sheet).
COLOURS_STYLE = """
QPushButton[cell] { padding: 2px 4px; min-height: 22px; }
QPushButton[colour], QLabel[colour] { color: white; font-weight: bold; border-radius: 4px; }
QPushButton[colour="red"], QLabel[colour="red"] { background: #b91c1c; }
QPushButton[colour="black"], QLabel[colour="black"] { background: #1f2937; }
QPushButton[colour="green"], QLabel[colour="green"] { background: #15803d; }
QLabel[colour="none"] { background: #e5e7eb; color: #374151; }
QPushButton[colour]:hover { border: 2px solid #facc15; }
QPushButton[colour]:pressed { background: #facc15; color: black; }
"""
# The outside bets under the numbers, as a real table shows them: what the cell says, what a
# cashier types for it, how many of the twelve columns it spans.
_DOZENS = (("1–12", "Д1"), ("13–24", "Д2"), ("25–36", "Д3"))
_CHANCES = (("1–18", "М"), ("ЧТ", "ЧТ"), ("КР", "КР"), ("ЧЁ", "ЧЁ"), ("НЧ", "НЧ"), ("19–36", "Б"))
_COLUMNS = ("К3", "К2", "К1")  # beside the top row (3 … 36) down to the bottom one (1 … 34)
ANNOUNCED = ("ВЗ", "ТЬ", "ОР", "ЗШ")


def colour_of(number: int) -> str:
    """A number's colour on the table: "green" (zero), "red" or "black"."""
    if number == 0:
        return "green"
    return "red" if number in RED else "black"


def _cell(typed: str, text: str, colour: str = "") -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(f"table_{typed}")
    button.setMinimumSize(34, 30)
    # Every pick is typed in the page's bet field: the cells stay out of the Tab chain, or
    # Tab would walk through seventy of them to reach the next field.
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setAutoDefault(False)
    button.setProperty("cell", "true")  # low, so the page fits 1024×700 (COLOURS_STYLE)
    button.setToolTip(bet_words(parse_bet(typed)))
    if colour:
        button.setProperty("colour", colour)
    return button


class RouletteTable(QWidget):
    """The single-zero table: 0, the numbers in three rows of twelve, the columns, the dozens
    and the even chances. A click emits what the cashier would type for that bet."""

    picked = Signal(str)  # «17», «К1», «Д2», «КР»

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cells: dict[str, QPushButton] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(3)
        grid.addWidget(self._add("0", "0", "green"), 0, 0, 3, 1)
        for number in range(1, 37):
            row, column = 2 - (number - 1) % 3, (number - 1) // 3 + 1
            grid.addWidget(self._add(str(number), str(number), colour_of(number)), row, column)
        for row, typed in enumerate(_COLUMNS):
            grid.addWidget(self._add(typed, typed), row, 13)
        for at, (text, typed) in enumerate(_DOZENS):
            grid.addWidget(self._add(typed, text), 3, 1 + 4 * at, 1, 4)
        for at, (text, typed) in enumerate(_CHANCES):
            colour = {"КР": "red", "ЧЁ": "black"}.get(typed, "")
            grid.addWidget(self._add(typed, text, colour), 4, 1 + 2 * at, 1, 2)

    def cell(self, typed: str) -> QPushButton:
        """The cell of the bet typed so: «17», «К1», «КР» (tests)."""
        return self._cells[typed]

    def _add(self, typed: str, text: str, colour: str = "") -> QPushButton:
        button = _cell(typed, text, colour)
        # The table takes the page's spare height, as a felt table would.
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        button.clicked.connect(lambda: self.picked.emit(typed))
        self._cells[typed] = button
        return button


class RouletteTrack(QWidget):
    """The track of announced bets: Voisins, Tiers, Orphelins, Zero spiel, and the wheel's
    numbers in its order, a click on one picking it with its neighbours («Н17»)."""

    picked = Signal(str)  # «ВЗ», «Н17»

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cells: dict[str, QPushButton] = {}
        announced = QHBoxLayout()
        announced.setSpacing(6)
        for typed in ANNOUNCED:
            button = self._add(typed, bet_words(parse_bet(typed)))
            button.setMinimumHeight(30)
            announced.addWidget(button, 1)
        # The wheel's numbers round the track as on a real one: along the top from zero, back
        # along the bottom (two rows, so each number is whole at 1024 pixels).
        wheel = QGridLayout()
        wheel.setSpacing(2)
        label = QLabel(self.tr("Соседи:"))
        label.setToolTip(self.tr("Номер и по два соседа с каждой стороны на колесе"))
        wheel.addWidget(label, 0, 0, 2, 1)
        half = (len(WHEEL) + 1) // 2
        for at, number in enumerate(WHEEL):
            button = self._add(f"Н{number}", str(number), colour_of(number))
            button.setMinimumSize(26, 24)
            row, column = (0, at) if at < half else (1, len(WHEEL) - at - 1)
            wheel.addWidget(button, row, 1 + column)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(announced)
        layout.addLayout(wheel)

    def cell(self, typed: str) -> QPushButton:
        """The button of the announced bet typed so: «ВЗ», «Н17» (tests)."""
        return self._cells[typed]

    def _add(self, typed: str, text: str, colour: str = "") -> QPushButton:
        button = _cell(typed, text, colour)
        button.setObjectName(f"track_{typed}")
        button.clicked.connect(lambda: self.picked.emit(typed))
        self._cells[typed] = button
        return button
