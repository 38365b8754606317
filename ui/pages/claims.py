"""«Претензии» (managers, issue 37, p.14–p.16): the register of a period, a player's claim
recorded with what they presented, the decision with its reason, and the printed answer."""

from __future__ import annotations

from datetime import date, timedelta, tzinfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.claims import wording
from pos.claims.claims import Claim, ClaimState
from pos.claims.register import STATE_WORDS
from pos.core.clock import Clock
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.till.papers import FiledPaper
from ui.dialogs.print_preview import filed_paper_dialog
from ui.errors import MessageLabel
from ui.pdf_print import SaveFolder, choose_save_file
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button, primary_button
from ui.widgets.filters import date_edit, filter_row, period_of, set_period, show_button
from ui.widgets.form_card import form_card, named_line
from ui.widgets.tables import read_only_rows

NUMBER, RECEIVED, SLIP, TEXT, STATE, REASON = range(6)


class ClaimsPage(QWidget):
    """The claims of a period above two forms: «Новая претензия» and «Решение»; a row
    chosen in the list fills the decision's number. Enter in a form's last line sends it."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self.save_folder = SaveFolder(None)
        self.claims: list[Claim] = []  # the list shown (tests)
        self._counting = True  # the message says the list's count, not an action's answer
        self._build()
        self._zone = ShopSettings().zone  # until the shop's own is read with the list
        today = clock.now().astimezone(self._zone).date()
        set_period(self._from, self._to, today - timedelta(days=30), today)
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def table(self) -> QTableWidget:
        return self._table

    def field(self, name: str) -> QWidget:
        """A form's field by its object name (tests type into it as a manager would)."""
        found = self.findChild(QWidget, name)
        assert found is not None, name
        return found

    def message_text(self) -> str:
        return self._message.text()

    def refresh(self) -> None:
        """Read the claims of the period in the background."""
        desk, (since, until) = self._desk, period_of(self._from, self._to)
        state = self._state.currentData()
        chosen = None if state is None else ClaimState(state)
        self._runner.run(
            lambda: (desk.claims(since, until, state=chosen), desk.settings().zone),
            on_success=self._show,
            on_failure=self._message.show_error,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._message = MessageLabel()
        self._message.setObjectName("claims_message")
        self._table = QTableWidget(0, 6)
        self._table.setObjectName("claims_table")
        self._table.setHorizontalHeaderLabels(
            [self.tr("№"), self.tr("Получена"), self.tr("Купон"), self.tr("Суть претензии"),
             self.tr("Решение"), self.tr("Основание")]
        )  # fmt: skip
        header = read_only_rows(self._table)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(TEXT, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(REASON, QHeaderView.ResizeMode.Stretch)
        self._table.itemSelectionChanged.connect(self._on_table_item_selection_changed)
        forms = QHBoxLayout()
        forms.setSpacing(12)
        forms.addWidget(self._build_claim_form(), 1, Qt.AlignmentFlag.AlignTop)
        forms.addWidget(self._build_decision_form(), 1, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(8)
        layout.addWidget(self._build_filters())
        said = QHBoxLayout()  # the register's papers beside the message: one line at both sizes
        said.addWidget(self._message, 1)
        said.addWidget(self._print_list)
        said.addWidget(self._pdf_button)
        layout.addLayout(said)
        layout.addWidget(self._table, 1)
        layout.addLayout(forms)

    def _build_filters(self) -> QWidget:
        self._from, self._to = date_edit("claims_from"), date_edit("claims_to")
        self._state = QComboBox()
        self._state.setObjectName("claims_state")
        self._state.addItem(self.tr("все"), None)
        for state in ClaimState:
            self._state.addItem(STATE_WORDS[state], state.value)
        self._show_button = show_button(self, "show_claims", self._on_show_clicked)
        self._print_list = action_button("print_claims", self.tr("Печать реестра"))
        self._print_list.clicked.connect(self._on_print_list_clicked)
        self._pdf_button = action_button("save_claims_pdf", self.tr("Сохранить PDF…"))
        self._pdf_button.clicked.connect(self._on_pdf_button_clicked)
        parts = [(self.tr("С"), self._from), (self.tr("по"), self._to)]
        return filter_row([*parts, (self.tr("Решение"), self._state)], self._show_button)

    def _build_claim_form(self) -> QFrame:
        card, form = form_card(self.tr("Новая претензия (п. 14)"))
        self._slip = named_line("claim_slip", self.tr("номер купона или сканер"))
        self._text = named_line("claim_text", self.tr("что заявляет игрок"))
        self._evidence = QPlainTextEdit()
        self._evidence.setObjectName("claim_evidence")
        self._evidence.setPlaceholderText(self.tr("документы игрока, по одному в строке"))
        self._evidence.setTabChangesFocus(True)
        self._evidence.setFixedHeight(58)
        self._record = primary_button("record_claim", self.tr("Записать претензию"))
        self._record.clicked.connect(self._on_record_clicked)
        form.addRow(self.tr("Купон"), self._slip)
        form.addRow(self.tr("Суть"), self._text)
        form.addRow(self.tr("Документы"), self._evidence)
        form.addRow(self._record)
        return card

    def _build_decision_form(self) -> QFrame:
        card, form = form_card(self.tr("Решение (п. 15, 16)"))
        self._number = named_line("decide_number", self.tr("№ претензии"))
        self._verdict = QComboBox()
        self._verdict.setObjectName("decide_verdict")
        self._verdict.addItem(self.tr("отказать"), False)
        self._verdict.addItem(self.tr("удовлетворить"), True)
        self._reason = named_line("decide_reason", self.tr("основание решения"))
        self._remedy = named_line("decide_remedy", self.tr("необязательно"))
        self._remedy.returnPressed.connect(self._on_decide_clicked)
        self._decide = primary_button("decide_claim", self.tr("Принять решение"))
        self._decide.clicked.connect(self._on_decide_clicked)
        self._answer = action_button("print_answer", self.tr("Печать ответа"))
        self._answer.clicked.connect(self._on_answer_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(self._decide)
        buttons.addWidget(self._answer)
        number_row = QHBoxLayout()
        number_row.addWidget(self._number, 1)
        number_row.addWidget(self._verdict, 1)
        form.addRow(self.tr("Претензия"), number_row)
        form.addRow(self.tr("Основание"), self._reason)
        form.addRow(self.tr("Далее"), self._remedy)
        form.addRow(buttons)
        return card

    # --- slots --------------------------------------------------------------------------

    def _on_show_clicked(self) -> None:
        self._counting = True
        self.refresh()

    def _on_record_clicked(self) -> None:
        if self._runner.busy:
            return
        desk, slip, text = self._desk, self._slip.text(), self._text.text()
        evidence = self._evidence.toPlainText()
        self._runner.run(
            lambda: desk.record_claim(slip, text=text, evidence=evidence),
            on_success=self._recorded,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_decide_clicked(self) -> None:
        if self._runner.busy:
            return
        desk, number, upheld = self._desk, self._number.text(), self._verdict.currentData()
        reason, remedy = self._reason.text(), self._remedy.text()
        self._runner.run(
            lambda: desk.decide_claim(number, upheld=upheld, reason=reason, remedy=remedy),
            on_success=self._decided,
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_answer_clicked(self) -> None:
        if self._runner.busy:
            return
        desk, number = self._desk, self._number.text()
        self._runner.run(
            lambda: desk.print_claim_answer(number),
            on_success=lambda claim: self._printed(wording.answer_printed(claim)),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_print_list_clicked(self) -> None:
        if self._runner.busy:
            return
        desk, (since, until) = self._desk, period_of(self._from, self._to)
        self._runner.run(
            lambda: desk.print_claims(since, until),
            on_success=lambda listed: self._printed(wording.register_printed(len(listed))),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_pdf_button_clicked(self) -> None:
        if self._runner.busy:
            return
        since, until = period_of(self._from, self._to)
        suggested = f"claims_{since:%Y-%m-%d}_{until:%Y-%m-%d}.pdf"
        path = choose_save_file(
            self, self.tr("Сохранить реестр претензий"), suggested, "pdf", self.save_folder
        )
        if path is not None:
            self.save_pdf(path, since, until)

    def save_pdf(self, path: str, since: date, until: date) -> None:
        """Save the register of the period to `path` (the button asks where first)."""
        desk = self._desk
        self._runner.run(
            lambda: desk.export_claims_pdf(path, since, until),
            on_success=lambda pages: self._tell(wording.saved(path, pages)),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_table_item_selection_changed(self) -> None:
        rows = self._table.selectionModel().selectedRows()
        if rows:
            self._number.setText(str(self.claims[rows[0].row()].number))

    def _on_runner_busy_changed(self, busy: bool) -> None:
        for button in (self._record, self._decide, self._answer, self._print_list):
            button.setEnabled(not busy)

    # --- results ------------------------------------------------------------------------

    def _show(self, read: tuple[list[Claim], tzinfo]) -> None:
        claims, zone = read
        self.claims = claims
        self._table.setRowCount(len(claims))
        for index, claim in enumerate(claims):
            decision = claim.decision
            cells = (
                str(claim.number),
                f"{claim.received_at.astimezone(zone):%d.%m.%Y %H:%M}",
                display_slip_number(claim.slip_number),
                claim.text,
                STATE_WORDS[claim.state],
                decision.reason if decision else "",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # the claim and the reason whole, where the cell cuts them
                self._table.setItem(index, column, item)
        if self._counting:
            self._message.show_info(wording.listed(len(claims)))

    def _recorded(self, claim: Claim) -> None:
        for field in (self._slip, self._text):
            field.clear()
        self._evidence.clear()
        self._number.setText(str(claim.number))
        self._tell(wording.recorded(claim))
        self._slip.setFocus()
        self.refresh()

    def _decided(self, claim: Claim) -> None:
        self._reason.clear()
        self._remedy.clear()
        self._tell(wording.decided(claim))
        self._answer.setFocus()
        self.refresh()

    def _tell(self, said: str) -> None:
        self._counting = False  # the answer stays over the list read after it
        self._message.show_success(said)

    def _printed(self, said: str) -> None:
        self._tell(said)
        self._runner.run(
            self._desk.filed_papers, on_success=self._papers_filed, owner=self,
        )  # fmt: skip

    def _papers_filed(self, papers: list[FiledPaper]) -> None:
        # No printer set up: the paper went to a file; show it as it would print (issue 34).
        if papers:
            dialog = filed_paper_dialog(papers[-1], self)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.open()
