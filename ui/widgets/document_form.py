"""The identity document's fields and the zone field a reader types into (p.4, p.13)."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFontDatabase, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.core.errors import PosError
from pos.people.errors import InvalidMrz
from pos.people.identity import ID_CARD, PASSPORT, IdDocument, document_from_mrz

TEXT_FIELDS = ("surname", "name", "patronymic", "number", "personal_number", "issued_by")
DATE_FIELDS = ("birth_date", "issued_on", "expires_on")
_DATE_FORMAT = "dd.MM.yyyy"
_STYLE = "QComboBox#kind { min-height: 40px; }"


class DocumentForm(QWidget):
    """A zone field for a reader (it types like a keyboard) and the document's fields by hand.

    Enter after the zone's last line (or "Прочитать зону") fills the fields with
    `document_from_mrz` and emits `zone_read(document)`; a zone pos does not accept emits
    `zone_refused(exc)`. The zone sits beside the fields under `caption` (by default
    "Машиночитаемая зона"), or above them when `stacked`, with "Прочитать зону" beside the
    caption.
    """

    zone_read = Signal(object)
    zone_refused = Signal(object)

    def __init__(
        self,
        today: date,
        *,
        stacked: bool = False,
        caption: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("document_form")
        self.setStyleSheet(_STYLE)
        self._today = today
        self._stacked = stacked
        self._fields: dict[str, QLineEdit] = {}
        layout = QVBoxLayout(self) if stacked else QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10 if stacked else 24)
        zone_caption = caption if caption is not None else self.tr("Машиночитаемая зона")
        layout.addLayout(self._build_zone(zone_caption), 0 if stacked else 1)
        layout.addLayout(self._build_fields(), 1)

    # --- public -------------------------------------------------------------------------

    def field(self, name: str) -> QLineEdit:
        """The line edit of a document field (`TEXT_FIELDS`, `DATE_FIELDS`)."""
        return self._fields[name]

    def fields(self) -> tuple[QLineEdit, ...]:
        """Every line edit of the document (a page clears its refusal as one is edited)."""
        return tuple(self._fields.values())

    def set_kind(self, text: str) -> None:
        """The kind of document, as typed or chosen."""
        self._kind.setEditText(text)

    def set_today(self, today: date) -> None:
        """The shop-local date the zone's two-digit years are read against."""
        self._today = today

    def focus_zone(self) -> None:
        """The cursor into the zone field, ready for the reader."""
        self._mrz.setFocus()

    def read_mrz(self) -> bool:
        """Fill the fields from the zone; False (and `zone_refused`) when it is not accepted."""
        try:
            document = document_from_mrz(self._mrz.toPlainText(), self._today)
        except PosError as exc:
            self.zone_refused.emit(exc)
            return False
        self._show_read(document)
        return True

    def document(self) -> IdDocument | None:
        """The document as typed; None (the bad date marked) when a date is not a real one."""
        dates: dict[str, date | None] = {}
        for name in DATE_FIELDS:
            text = self._fields[name].text()
            parsed = QDate.fromString(text, _DATE_FORMAT)
            blank = not any(char.isdigit() for char in text)
            if not blank and not parsed.isValid():
                self.mark(name, invalid=True)
                self._fields[name].setFocus()
                return None
            dates[name] = None if blank else date(parsed.year(), parsed.month(), parsed.day())
        texts = {name: self._fields[name].text() for name in TEXT_FIELDS}
        # A missing birth date goes to pos as None: check_document names it in its sentence.
        # IdDocument (pos) types birth_date as a date, hence the ignore for that None.
        return IdDocument(
            **texts,
            kind=self._kind.currentText(),
            birth_date=dates["birth_date"],  # type: ignore[arg-type]  # None: see above
            issued_on=dates["issued_on"],
            expires_on=dates["expires_on"],
        )

    def clear(self) -> None:
        """Empty the zone and every field: the next player's document starts from nothing."""
        self._mrz.clear()
        for name, edit in self._fields.items():
            edit.clear()
            edit.setPlaceholderText("")
            self.mark(name, invalid=False)
        self._kind.setCurrentIndex(0)

    def mark(self, name: str, *, invalid: bool) -> None:
        """Outline a field in red (or no longer)."""
        edit = self._fields[name]
        edit.setProperty("invalid", "true" if invalid else "false")
        edit.style().unpolish(edit)
        edit.style().polish(edit)

    # --- building -----------------------------------------------------------------------

    def _build_zone(self, caption_text: str) -> QVBoxLayout:
        self._mrz = QPlainTextEdit()
        self._mrz.setObjectName("mrz")
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSize(self.font().pointSize())
        self._mrz.setFont(mono)
        self._mrz.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._mrz.setTabChangesFocus(True)
        self._mrz.setPlaceholderText(self.tr("Поднесите документ к считывателю"))
        # 44 characters a line, two or three lines. Above the fields (the payout page) a
        # narrow window shows 30 of them and scrolls the rest (issue 16).
        shown = 30 if self._stacked else 46
        self._mrz.setMinimumWidth(self._mrz.fontMetrics().horizontalAdvance("W" * shown) + 12)
        self._mrz.setFixedHeight(self._mrz.fontMetrics().lineSpacing() * 3 + 18)
        self._mrz.installEventFilter(self)
        read = QPushButton(self.tr("Прочитать зону"))
        read.setObjectName("read_mrz")
        read.setAutoDefault(False)
        read.clicked.connect(self._on_read_clicked)
        where = self.tr("ниже") if self._stacked else self.tr("справа")
        hint = self.tr(
            "Считыватель вводит зону как клавиатура; после последней строки — Enter. "
            "Без считывателя заполните поля {where}."
        ).format(where=where)
        caption = QLabel(caption_text)
        caption.setProperty("heading", "2")
        column = QVBoxLayout()
        if self._stacked:
            # The fields below need the height: the button goes beside the caption and the
            # hint becomes the zone's tooltip.
            self._mrz.setToolTip(hint)
            header = QHBoxLayout()
            header.addWidget(caption, 1)
            header.addWidget(read)
            column.addLayout(header)
            column.addWidget(self._mrz)
            return column
        hint_label = QLabel(hint)
        hint_label.setProperty("muted", "true")
        hint_label.setWordWrap(True)
        column.addWidget(caption)
        column.addWidget(self._mrz)
        column.addWidget(read, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(hint_label)
        column.addStretch(1)
        return column

    def _build_fields(self) -> QGridLayout:
        self._kind = QComboBox()
        self._kind.setObjectName("kind")
        self._kind.setEditable(True)
        self._kind.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self._kind.addItems([PASSPORT, ID_CARD, self.tr("вид на жительство")])
        rows: list[tuple[str, QWidget]] = [
            (self.tr("Фамилия"), self._line("surname")),
            (self.tr("Имя"), self._line("name")),
            (self.tr("Отчество"), self._line("patronymic")),
            (self.tr("Дата рождения"), self._line("birth_date")),
            (self.tr("Вид документа"), self._kind),
            (self.tr("Номер"), self._line("number")),
            # Issue 35: the register of restricted persons matches by it; a zone fills it.
            (self.tr("Личный номер"), self._line("personal_number")),
            (self.tr("Кем выдан"), self._line("issued_by")),
            (self.tr("Дата выдачи"), self._line("issued_on")),
            (self.tr("Действителен до"), self._line("expires_on")),
        ]
        if self._stacked:
            rows = self._number_row(rows)
        # A grid, not a QFormLayout: its labels sit level with the taller fields.
        grid = QGridLayout()
        grid.setVerticalSpacing(4 if self._stacked else 6)
        grid.setHorizontalSpacing(16)
        for row, (text, field) in enumerate(rows):
            label = QLabel(text)
            label.setBuddy(field)
            grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(field, row, 1)
        return grid

    def _number_row(self, rows: list[tuple[str, QWidget]]) -> list[tuple[str, QWidget]]:
        """Above the page's other fields (the payout page) the number and the personal number
        share a row: the whole document stays in sight beside a refusal (issue 16)."""
        labels = [text for text, _field in rows]
        index = labels.index(self.tr("Номер"))
        pair = QWidget()
        line = QHBoxLayout(pair)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self._fields["number"], 2)
        personal = QLabel(self.tr("Личный"))
        personal.setBuddy(self._fields["personal_number"])
        line.addWidget(personal)
        line.addWidget(self._fields["personal_number"], 3)
        return [*rows[:index], (rows[index][0], pair), *rows[index + 2 :]]

    def _line(self, name: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        if name in DATE_FIELDS:
            edit.setInputMask("00.00.0000;_")
            edit.setToolTip(self.tr("ДД.ММ.ГГГГ"))
        if name == "personal_number":
            edit.setMaxLength(20)  # 14 characters, with room for the spaces a cashier types
            edit.setToolTip(self.tr("14 знаков, например 3010185A001PB1"))
        edit.textEdited.connect(self._on_field_text_edited)
        self._fields[name] = edit
        return edit

    # --- the fields ---------------------------------------------------------------------

    def _show_read(self, document: IdDocument) -> None:
        texts = {name: getattr(document, name) for name in TEXT_FIELDS}
        texts.update({name: _date_text(getattr(document, name)) for name in DATE_FIELDS})
        for name, text in texts.items():
            edit = self._fields[name]
            if text:
                edit.setText(text)
            else:
                edit.clear()  # a masked date's cursor at its start, ready to type
            self.mark(name, invalid=False)
        self._kind.setEditText(document.kind)
        self.zone_read.emit(document)

    # --- keyboard and slots -------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if (
            watched is self._mrz
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            return self._mrz_enter_pressed()
        return super().eventFilter(watched, event)

    def _mrz_enter_pressed(self) -> bool:
        # Enter ends a line of the zone; once the zone has all its lines, it reads the zone.
        try:
            document = document_from_mrz(self._mrz.toPlainText(), self._today)
        except InvalidMrz as exc:
            if exc.reason == "shape":
                return False  # not all lines yet: the editor starts the next line
            self.zone_refused.emit(exc)
            return True
        except PosError as exc:
            self.zone_refused.emit(exc)
            return True
        self._show_read(document)
        return True

    def _on_field_text_edited(self, _text: str) -> None:
        sender = self.sender()
        for name, edit in self._fields.items():
            if edit is sender:
                self.mark(name, invalid=False)

    def _on_read_clicked(self) -> None:
        self.read_mrz()


def _date_text(value: date | None) -> str:
    return value.strftime("%d.%m.%Y") if value is not None else ""
