"""Closing the shift: a blind count first, then what pos answers (issue #7).

The cashier types the cash counted in the drawer without seeing the expected sum; only once
pos has closed the shift does the dialog show what was expected, what was counted and the
difference, and whether the Z report was printed.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from pos.core.money import format_money
from pos.shop.desk import Desk
from pos.skks.wording import reconciliation_words
from pos.till.shift_use_cases import ShiftClosing
from ui.dialogs.shift_amount import ShiftAmountDialog
from ui.errors import ERROR_COLOUR, SUCCESS_COLOUR
from ui.tasks import TaskRunner

SURPLUS_COLOUR = "#b45309"


class ShiftCloseDialog(ShiftAmountDialog[ShiftClosing]):
    """The counted cash; Enter closes the shift, shows the result and emits
    `closed(ShiftClosing)`.

    A refusal (a slip waiting, receipts not printed) is shown under the field and the shift
    stays open. Closed but the Z report did not print: the warning is shown and
    `print_failed(PrintFailed)` emitted.
    """

    closed = Signal(object)
    print_failed = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(runner, name="shift_close", parent=parent)
        self.set_texts(
            title=self.tr("Закрытие смены"),
            heading=self.tr("Закрыть смену"),
            note=self.tr(
                "Пересчитайте наличные в кассе и введите сумму. Ожидаемая сумма будет показана "
                "после закрытия. Закрытие печатает Z-отчёт."
            ),
            action=self.tr("Закрыть смену (Enter)"),
        )
        self._desk = desk
        self._shift_closed = False
        self._result = QWidget()
        self._result.setObjectName("shift_result")
        rows = QFormLayout(self._result)
        rows.setContentsMargins(0, 4, 0, 4)
        rows.setHorizontalSpacing(24)
        self._expected = self._value("closing_expected")
        self._counted = self._value("closing_counted")
        self._difference = self._value("closing_difference")
        self._z = self._value("closing_z_report")
        self._z.setWordWrap(True)
        rows.addRow(self.tr("Ожидалось по расчёту"), self._expected)
        rows.addRow(self.tr("Посчитано"), self._counted)
        rows.addRow(self.tr("Разница"), self._difference)
        rows.addRow(self._z)
        # The shift's totals against the СККС controller's (issue 35), when the office reports.
        self._skks = self._value("closing_skks")
        self._skks.setWordWrap(True)
        rows.addRow(self._skks)
        self._result.hide()
        self._column.insertWidget(3, self._result)

    @property
    def shift_closed(self) -> bool:
        """True once pos has closed the shift (the dialog shows its answer)."""
        return self._shift_closed

    def submit(self) -> None:
        if self._shift_closed:
            self.accept()
        else:
            super().submit()

    def _request(self, amount: str, reason: str) -> Callable[[], ShiftClosing]:
        return partial(self._desk.close_shift, amount)

    def _answered(self, result: ShiftClosing) -> None:
        self._show_closed()
        self._expected.setText(self.tr("{sum} руб.").format(sum=format_money(result.expected)))
        self._counted.setText(self.tr("{sum} руб.").format(sum=format_money(result.counted)))
        self._show_difference(result.difference)
        if result.z_report is not None:
            self._z.setText(
                self.tr("Z-отчёт смены ККМ № {day} напечатан: чеков {count}.").format(
                    day=result.z_report.day_no, count=result.z_report.totals.count
                )
            )
        else:
            self._z.setText(
                self.tr("Чеков после последнего Z-отчёта не было: Z-отчёт не печатался.")
            )
        self._show_skks(result)
        self._result.show()
        if result.print_failure is None:
            self._message.hide()
        else:  # closed and counted; only the Z report is left to print from the till page
            self._z.setText(self.tr("Z-отчёт не напечатан."))
            self._message.show_warning(result.print_failure)
        self.adjustSize()
        self.closed.emit(result)
        if result.print_failure is not None:
            self.print_failed.emit(result.print_failure)

    def _show_skks(self, result: ShiftClosing) -> None:
        if result.skks is None:
            self._skks.hide()
            return
        verdict, lines = reconciliation_words(result.skks)
        self._skks.setText("\n".join([verdict, *lines]))
        self._skks.show()

    def _show_closed(self) -> None:
        self._shift_closed = True
        self._heading.setText(self.tr("Смена закрыта"))
        self._note.setText(self.tr("Разница записана в аудит."))
        self._form.setRowVisible(0, False)
        self._back.hide()
        self._primary.setText(self.tr("Готово (Enter)"))
        self._primary.setFocus()

    def _show_difference(self, difference: Decimal) -> None:
        amount = format_money(abs(difference))
        if difference < 0:
            text, colour = self.tr("недостача {sum} руб.").format(sum=amount), ERROR_COLOUR
        elif difference > 0:
            text, colour = self.tr("излишек {sum} руб.").format(sum=amount), SURPLUS_COLOUR
        else:
            text, colour = self.tr("нет — касса сошлась"), SUCCESS_COLOUR
        self._difference.setText(text)
        self._difference.setStyleSheet(f"color: {colour}; font-weight: bold;")

    @staticmethod
    def _value(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label
