"""The «Отчёты» card of the till page: the register's X and Z reports, a copy of the last Z
report, and the X report's preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QWidget

from pos.core.devices import PreviewLine
from pos.core.money import format_money
from pos.errors import PosError
from pos.shop.desk import Desk
from pos.till.day_reports import DayReport
from pos.till.fiscal import Register
from ui.dialogs.close_day import CloseDayDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.till_card import card_form, message_line, show_refusal

T = TypeVar("T")


class FiscalReportsCard(QFrame):
    """The register's reports; each answer in the card's own line.

    The Z report closes the register's day after the cashier confirms it (`z_confirmation`);
    `preview_dialog` shows the X report without printing it (tests read both). `answered(bool)`
    follows pos's answer to a report, for the page to load the till again; True when
    receipts wait for the cashier's answer.
    """

    answered = Signal(bool)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._register: Register | None = None
        self.z_confirmation: CloseDayDialog | None = None
        self.preview_dialog: PrintPreviewDialog | None = None
        form = card_form(self, "reports_card", self.tr("Отчёты"))
        self._x_button = action_button("x_report", self.tr("X-отчёт"))
        self._x_button.clicked.connect(self._on_x_button_clicked)
        self._z_button = action_button("z_report", self.tr("Z-отчёт (закрыть смену ККМ)"))
        self._z_button.clicked.connect(self._on_z_button_clicked)
        self._last_z_button = action_button("repeat_z_report", self.tr("Повторить Z-отчёт"))
        self._last_z_button.clicked.connect(self._on_last_z_button_clicked)
        self._preview_button = action_button("preview_x_report", self.tr("Просмотр X-отчёта"))
        self._preview_button.clicked.connect(self._on_preview_button_clicked)
        grid = QGridLayout()
        grid.setSpacing(10)
        grid.addWidget(self._x_button, 0, 0)
        grid.addWidget(self._preview_button, 0, 1)
        grid.addWidget(self._z_button, 1, 0)
        grid.addWidget(self._last_z_button, 1, 1)
        form.addRow(grid)
        self._message = message_line("reports_message")
        form.addRow(self._message)

    @property
    def message(self) -> MessageLabel:
        """The card's line."""
        return self._message

    def show_register(self, register: Register | None) -> None:
        """The register as last loaded: whether its day is open, which day a Z would close."""
        self._register = register

    def set_idle(self, idle: bool) -> None:
        """Buttons wait while a call is running; Z only while the register's day is open."""
        for button in (self._x_button, self._last_z_button, self._preview_button):
            button.setEnabled(idle)
        register = self._register
        self._z_button.setEnabled(idle and register is not None and register.day_open)

    # --- calls and results --------------------------------------------------------------

    def _call(self, what: str, fn: Callable[[], T], show: Callable[[T], None]) -> None:
        self._message.show_progress(what)
        self._runner.run(
            fn,
            on_success=lambda result: self._done(show, result),
            on_failure=self._refused,
            owner=self,
        )

    def _done(self, show: Callable[[T], None], result: T) -> None:
        show(result)
        self.answered.emit(False)

    def _refused(self, exc: PosError) -> None:
        self.answered.emit(show_refusal(self._message, exc))

    def _show_x_report(self, report: DayReport) -> None:
        self._message.show_success(
            self.tr("X-отчёт напечатан: чеков {count}, наличные за смену {cash} руб.").format(
                count=report.totals.count, cash=format_money(report.totals.cash)
            )
        )

    def _show_z_report(self, report: DayReport) -> None:
        self._message.show_success(
            self.tr(
                "Z-отчёт напечатан, смена ККМ № {day} закрыта: чеков {count}, "
                "наличные за смену {cash} руб."
            ).format(
                day=report.day_no,
                count=report.totals.count,
                cash=format_money(report.totals.cash),
            )
        )

    def _show_last_z_report(self, report: DayReport | None) -> None:
        if report is None:
            self._message.show_info(self.tr("Z-отчётов на этом кассовом аппарате ещё не было."))
        else:
            self._message.show_success(
                self.tr("Копия Z-отчёта смены ККМ № {day} напечатана.").format(day=report.day_no)
            )

    def _show_preview(self, lines: list[PreviewLine]) -> None:
        self._message.clear_message()
        dialog = PrintPreviewDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show_lines(
            self.tr("X-отчёт"), lines, self.tr("Просмотр: ничего не напечатано и не записано.")
        )
        dialog.finished.connect(self._on_preview_dialog_finished)
        self.preview_dialog = dialog
        dialog.open()

    def _ask_to_close_day(self) -> None:
        day = self._register.day_no if self._register is not None else 0
        dialog = CloseDayDialog(day, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.close_confirmed.connect(self._on_close_day_close_confirmed)
        dialog.finished.connect(self._on_close_day_finished)
        self.z_confirmation = dialog
        dialog.open()

    # --- slots --------------------------------------------------------------------------

    def _on_x_button_clicked(self) -> None:
        self._call(self.tr("Печать X-отчёта…"), self._desk.x_report, self._show_x_report)

    def _on_z_button_clicked(self) -> None:
        if self.z_confirmation is None:
            self._ask_to_close_day()

    def _on_close_day_close_confirmed(self) -> None:
        self._call(self.tr("Печать Z-отчёта…"), self._desk.z_report, self._show_z_report)

    def _on_close_day_finished(self, _result: int) -> None:
        self.z_confirmation = None

    def _on_last_z_button_clicked(self) -> None:
        self._call(
            self.tr("Печать копии Z-отчёта…"),
            self._desk.print_last_z_report,
            self._show_last_z_report,
        )

    def _on_preview_button_clicked(self) -> None:
        self._runner.run(
            self._desk.preview_x_report,
            on_success=self._show_preview,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_preview_dialog_finished(self, _result: int) -> None:
        self.preview_dialog = None
