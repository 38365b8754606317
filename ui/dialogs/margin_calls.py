"""The bookmaker's closes of a player's bets below the maintenance level (p.36), shown to the
cashier once, when the account is first loaded after them (issue 19)."""

from __future__ import annotations

from datetime import tzinfo

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from pos.accounts.numbers import display_account_number
from pos.core.money import format_money, format_roubles
from pos.core.wording import plural
from pos.spread.bets import Closing, SpreadBet
from pos.spread.numbers import display_spread_number
from pos.spread.papers import DIRECTION_WORDS
from ui.errors import ERROR_COLOUR
from ui.models.spread_models import price_in, signed_money
from ui.widgets.buttons import dialog_buttons

Call = tuple[SpreadBet, Closing]


def call_words(bet: SpreadBet, closing: Closing, zone: tzinfo) -> str:
    """One close as the cashier tells the player: the bet, when, at what price, the result."""
    at = closing.at.astimezone(zone)
    return QCoreApplication.translate(
        "spread",
        "Ставка {number} · {asset} · {direction}: закрыта букмекером {at} по цене {price}; "
        "закрыто {stake} руб. за пункт, результат {result} руб., маржа освобождена {margin}",
    ).format(
        number=display_spread_number(bet.number),
        asset=bet.asset,
        direction=DIRECTION_WORDS[bet.direction],
        at=f"{at:%d.%m.%Y %H:%M}",
        price=price_in(closing.close_price, bet.point),
        stake=format_money(closing.stake),
        result=signed_money(closing.result),
        margin=format_roubles(closing.margin_released),
    )


class MarginCallsDialog(QDialog):
    """Each close in a line under a red heading; Enter or Esc closes it ("Понятно")."""

    def __init__(self, calls: list[Call], zone: tzinfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("margin_calls")
        self.setWindowTitle(self.tr("Ставки закрыты букмекером"))
        self.setMinimumWidth(640)
        accounts = sorted({display_account_number(bet.account) for bet, _closing in calls})
        heading = QLabel(
            self.tr("Счёт {number}: букмекер закрыл {bets}").format(
                number=", ".join(accounts),
                bets=plural(len(calls), "ставку", "ставки", "ставок"),
            )
        )
        heading.setObjectName("margin_calls_heading")
        heading.setProperty("heading", "2")
        heading.setStyleSheet(f"color: {ERROR_COLOUR};")
        heading.setWordWrap(True)
        note = QLabel(
            self.tr(
                "Маржа вместе с результатом ставки опустилась ниже уровня поддержания, и "
                "букмекер закрыл ставку по котировке (п. 36 Правил). Сообщите игроку: это "
                "сообщение показывается один раз."
            )
        )
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._lines = QLabel("\n\n".join(call_words(bet, closing, zone) for bet, closing in calls))
        self._lines.setObjectName("margin_calls_lines")
        self._lines.setTextFormat(Qt.TextFormat.PlainText)
        self._lines.setWordWrap(True)
        self._lines.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # One way out: Enter, or Esc as in every dialog.
        buttons, back, done = dialog_buttons(
            ("margin_calls_back", ""), ("margin_calls_done", self.tr("Понятно (Enter)"))
        )
        back.hide()
        done.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(12)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addWidget(self._lines)
        layout.addStretch(1)
        layout.addLayout(buttons)
        done.setFocus()

    def text(self) -> str:
        """The closes as shown (tests)."""
        return self._lines.text()
