"""What waits for the cashier's answer after a print broke or was cut short (issues #4, #15):
a slip sent and never confirmed, a payout whose receipt was sent and never confirmed, and
receipts whose print broke midway."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar
from zoneinfo import ZoneInfo

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from pos.betting.slips import Slip
from pos.core.money import format_money
from pos.core.wording import display_slip_number
from pos.payouts.journal import JournalEntry
from pos.payouts.rules import PendingPayout
from pos.shop.desk import Desk
from pos.till.fiscal import FiscalReceipt
from ui.models.slip_model import kind_name
from ui.tasks import TaskRunner
from ui.widgets.print_question import PrintQuestion

T = TypeVar("T")


def _time(moment: datetime, zone: ZoneInfo) -> str:
    return moment.astimezone(zone).strftime("%H:%M:%S")


class PrintRecovery(QWidget):
    """The till page's questions, one block each; an answer goes to pos in the background.

    `answering(text)` says what is being done, then `answered(text)` says what the answer did
    and what to do now, or `refused(exc)` carries pos's refusal; the page shows them and loads
    its state again. Hidden while nothing waits.
    """

    answering = Signal(str)
    answered = Signal(str)
    refused = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._answerable = True
        self._focus_wanted = False
        self._receipts: list[PrintQuestion] = []
        self._build()
        self.hide()

    @property
    def questions(self) -> list[PrintQuestion]:
        """The questions asked now, top to bottom."""
        return [
            question
            for question in (self._slip, self._payout, *self._receipts)
            if not question.isHidden()
        ]

    def show_waiting(
        self,
        slip: Slip | None,
        payout: PendingPayout | None,
        receipts: list[FiscalReceipt],
        zone: ZoneInfo,
    ) -> None:
        """Ask about what waits now (nothing: the blocks are hidden)."""
        self._slip.setVisible(slip is not None)
        if slip is not None:
            self._ask_slip(slip, zone)
        self._payout.setVisible(payout is not None)
        if payout is not None:
            self._ask_payout(payout, zone)
        self._show_receipts(receipts, zone)
        self.setVisible(bool(self.questions))

    def focus_answer(self) -> None:
        """Put the cursor on the first answer of the first question, now or, while a call is
        running, as soon as the answers are enabled again."""
        self._focus_wanted = True
        self._give_focus()

    def set_answerable(self, answerable: bool) -> None:
        """Enable the answers (not while a call is running).

        A disabled button loses the cursor (Qt moves it on), so an answer that had it gets it
        back once enabled: at sign-in the page is refreshed again as it comes forward.
        """
        focused = self.window().focusWidget()
        if not answerable and focused is not None and self.isAncestorOf(focused):
            self._focus_wanted = True
        self._answerable = answerable
        for question in (self._slip, self._payout, *self._receipts):
            question.set_answerable(answerable)
        self._give_focus()

    def _give_focus(self) -> None:
        questions = self.questions
        if not questions:
            self._focus_wanted = False
        elif self._focus_wanted and self._answerable:
            self._focus_wanted = False
            questions[0].focus_answer()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(0, 0, 0, 0)
        self._column.setSpacing(14)
        self._slip = self._question(
            "pending_slip",
            (self.tr("Да, купон вышел — выдать"), self.tr("Нет — аннулировать")),
            self.tr(
                "Посмотрите в лоток принтера. Вышел — отдайте купон игроку и примите ставку. "
                "Не вышел — купон аннулируется: ставка не принята, деньги не берите."
            ),
            self._on_slip_answered,
        )
        self._payout = self._question(
            "pending_payout",
            (self.tr("Чек вышел — провести выплату"), self.tr("Чек не вышел — отменить выплату")),
            self.tr(
                "Посмотрите в лоток принтера. Вышел — выплата проводится с номером этого чека: "
                "выдайте деньги. Не вышел — выплата отменяется, номер чека аннулируется: "
                "деньги не выдавайте, купон можно выплатить снова."
            ),
            self._on_payout_answered,
        )

    def _receipt_question(self) -> PrintQuestion:
        return self._question(
            "receipt_in_doubt",
            (self.tr("Вышел"), self.tr("Не вышел (или частично)")),
            self.tr(
                "Посмотрите в лоток принтера. Вышел целиком — чек считается напечатанным. "
                "Не вышел или вышел частично — он аннулируется (часть, если вышла, отложите "
                "для отчёта), а операция получает новый номер: его напечатает «Допечатать чеки»."
            ),
            self._on_receipt_answered,
        )

    def _question(
        self,
        name: str,
        answers: tuple[str, str],
        advice: str,
        on_answered: Callable[[str, bool], None],
    ) -> PrintQuestion:
        question = PrintQuestion(name, answers, advice)
        question.set_answerable(self._answerable)
        question.answered.connect(on_answered)
        self._column.addWidget(question)
        return question

    # --- asking -------------------------------------------------------------------------

    def _ask_slip(self, slip: Slip, zone: ZoneInfo) -> None:
        blocks = any(len(member) > 1 for member in slip.members)
        self._slip.ask(
            slip.number,
            self.tr(
                "Купон № {number} отправлен на печать в {sent}, но не подтверждён. "
                "Вышел ли он из принтера?"
            ).format(number=display_slip_number(slip.number), sent=_time(slip.issued_at, zone)),
            self.tr("{kind}, ставка {stake} руб., кассир {cashier}.").format(
                kind=kind_name(slip.kind, blocks=blocks),
                stake=format_money(slip.stake),
                cashier=slip.cashier,
            ),
        )

    def _ask_payout(self, payout: PendingPayout, zone: ZoneInfo) -> None:
        self._payout.ask(
            payout.slip_number,
            self.tr(
                "Чек № {receipt} о выплате по купону № {number} отправлен на печать в {sent}, "
                "но выплата не проведена. Вышел ли чек о выплате из принтера?"
            ).format(
                receipt=payout.receipt_no,
                number=display_slip_number(payout.slip_number),
                sent=_time(payout.at, zone),
            ),
            self.tr("К выплате {amount} руб., игрок {player}, кассир {cashier}.").format(
                amount=format_money(payout.amount), player=payout.player, cashier=payout.cashier
            ),
        )

    def _show_receipts(self, receipts: list[FiscalReceipt], zone: ZoneInfo) -> None:
        while len(self._receipts) < len(receipts):
            self._receipts.append(self._receipt_question())
        while len(self._receipts) > len(receipts):
            gone = self._receipts.pop()
            gone.hide()
            gone.deleteLater()
        for question, receipt in zip(self._receipts, receipts, strict=True):
            question.setObjectName(f"receipt_in_doubt_{receipt.number}")
            question.ask(
                str(receipt.number),
                self.tr("Вышел ли чек № {number} целиком?").format(number=receipt.number),
                self._receipt_detail(receipt, zone),
            )
            question.show()

    def _receipt_detail(self, receipt: FiscalReceipt, zone: ZoneInfo) -> str:
        detail = self.tr("Печать прервалась: «{title}» на {amount} руб., {at}, кассир {cashier}")
        text = detail.format(
            title=receipt.title,
            amount=format_money(receipt.amount),
            at=_time(receipt.at, zone),
            cashier=receipt.cashier,
        )
        if receipt.slip_number:
            number = display_slip_number(receipt.slip_number)
            text += self.tr(", купон № {number}").format(number=number)
        return text + "."

    # --- answers ------------------------------------------------------------------------

    def _answer(self, what: str, call: Callable[[], T], done: Callable[[T], str]) -> None:
        self.answering.emit(what)
        self._runner.run(
            call,
            on_success=lambda result: self.answered.emit(done(result)),
            on_failure=self.refused.emit,
            owner=self,
        )

    def _slip_issued(self, slip: Slip) -> str:
        return self.tr("Купон № {number} выдан: примите ставку {stake} руб.").format(
            number=display_slip_number(slip.number), stake=format_money(slip.stake)
        )

    def _slip_voided(self, slip: Slip) -> str:
        return self.tr("Купон № {number} аннулирован: ставка не принята, деньги не берите.").format(
            number=display_slip_number(slip.number)
        )

    def _payout_made(self, entry: JournalEntry) -> str:
        return self.tr(
            "Выплата по купону № {number} проведена, запись журнала № {entry}, чек № {receipt}: "
            "выдайте игроку {amount} руб."
        ).format(
            number=display_slip_number(entry.slip_number),
            entry=entry.number,
            receipt=entry.fiscal_receipt_no,
            amount=format_money(entry.amount),
        )

    def _payout_released(self, number: str, spoiled: int | None) -> str:
        text = self.tr(
            "Выплата по купону № {number} отменена: деньги не выдавайте, купон можно выплатить "
            "снова."
        ).format(number=display_slip_number(number))
        if spoiled is not None:
            text += " " + self.tr("Чек № {receipt} аннулирован.").format(receipt=spoiled)
        return text

    def _receipt_answered(self, number: int, replacement: FiscalReceipt | None) -> str:
        if replacement is None:
            return self.tr("Чек № {number} вышел: он отмечен напечатанным.").format(number=number)
        return self.tr(
            "Чек № {number} аннулирован, вместо него — чек № {new}: нажмите «Допечатать чеки»."
        ).format(number=number, new=replacement.number)

    # --- slots --------------------------------------------------------------------------

    def _on_slip_answered(self, number: str, came_out: bool) -> None:
        desk = self._desk
        if came_out:
            issue = self.tr("Выдача купона…")
            self._answer(issue, lambda: desk.confirm_pending_slip(number), self._slip_issued)
        else:
            void = self.tr("Аннулирование купона…")
            self._answer(void, lambda: desk.void_pending_slip(number), self._slip_voided)

    def _on_payout_answered(self, number: str, came_out: bool) -> None:
        desk = self._desk
        if came_out:
            make = self.tr("Проведение выплаты…")
            self._answer(make, lambda: desk.confirm_pending_payout(number), self._payout_made)
        else:
            self._answer(
                self.tr("Отмена выплаты…"),
                lambda: desk.release_pending_payout(number),
                lambda spoiled: self._payout_released(number, spoiled),
            )

    def _on_receipt_answered(self, key: str, came_out: bool) -> None:
        number, desk = int(key), self._desk
        self._answer(
            self.tr("Запись ответа о чеке № {number}…").format(number=number),
            lambda: desk.answer_receipt(number, came_out=came_out),
            lambda replacement: self._receipt_answered(number, replacement),
        )
