"""The bookmaker's positions in «Спрэдбет» (issue 19): each asset's open bets, the stakes up
and down, the margin blocked, the players' result at the quote in force and the losses beyond
the players' accounts so far (p.36). A manager's report, read from pos (Desk.exposure)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from pos.spread.use_cases import Exposure
from ui.models.spread_models import ExposureModel
from ui.widgets.buttons import dialog_buttons
from ui.widgets.tables import read_only_rows


class ExposureDialog(QDialog):
    """The table, one row per asset; Esc or Enter closes it."""

    def __init__(self, rows: list[Exposure], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spread_exposure")
        self.setWindowTitle(self.tr("Позиции «Спрэдбет»"))
        self.setMinimumWidth(990)  # within 1024×700, with the window's frame
        heading = QLabel(self.tr("Открытые позиции по активам"))
        heading.setProperty("heading", "2")
        note = QLabel(
            self.tr(
                "Результат игроков — итог открытых ставок по текущей котировке: если он "
                "положительный, это убыток букмекера. Убыток сверх счетов — то, что игроки не "
                "покрыли при закрытии букмекером (п. 36 Правил)."
            )
        )
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._model = ExposureModel(self)
        self._model.set_rows(rows)
        self._table = QTableView()
        self._table.setObjectName("exposure_table")
        self._table.setModel(self._model)
        columns = read_only_rows(self._table)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._table.setMinimumHeight(self._table.fontMetrics().lineSpacing() * 12)
        buttons, back, close = dialog_buttons(
            ("exposure_back", ""), ("exposure_close", self.tr("Закрыть (Enter)"))
        )
        back.hide()  # one way out: Enter, or Esc as in every dialog
        close.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addWidget(self._table, 1)
        layout.addLayout(buttons)
        close.setFocus()

    @property
    def model(self) -> ExposureModel:
        """The rows shown (tests)."""
        return self._model
