"""A printer's paper drawn on screen: the lines of a job, its barcode and QR code, as printed."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from pos.core.devices import PreviewLine

# DejaVu Sans Mono comes with DejaVu on Linux; the others are on every Windows.
MONO_FAMILIES = ["DejaVu Sans Mono", "Consolas", "Courier New"]
PAPER_POINT_SIZE = 11
MIN_COLUMNS = 32  # 58 mm paper; 80 mm paper gives 48 and the widest line sets the width
_MARGIN_COLUMNS = 3
_BARCODE_HEIGHT = 56
_QR_SIDE = 132
_GAP = 6
_INK = QColor("#111111")
_PAPER = QColor("#ffffff")
_EDGE = QColor("#c7cbd1")


def paper_font() -> QFont:
    """A fixed-pitch font like a thermal printer's."""
    font = QFont()
    font.setFamilies(MONO_FAMILIES)
    font.setStyleHint(QFont.StyleHint.TypeWriter)
    font.setFixedPitch(True)
    font.setPointSize(PAPER_POINT_SIZE)
    return font


def _module_image(rows: tuple[str, ...]) -> QImage:
    side = len(rows)
    image = QImage(max(1, side), max(1, side), QImage.Format.Format_RGB32)
    image.fill(_PAPER)
    ink = _INK.rgb()
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark == "1":
                image.setPixel(x, y, ink)
    return image


def bar_widths(modules: str) -> list[int]:
    """Alternating bar and space widths, bar first, of a barcode's modules ("1" dark)."""
    widths: list[int] = []
    for index, module in enumerate(modules):
        if index and module == modules[index - 1]:
            widths[-1] += 1
        else:
            widths.append(1)
    return widths


class PaperStrip(QWidget):
    """White paper as wide as the job's widest line; `set_lines` shows another job."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("paper")
        self._lines: list[PreviewLine] = []
        self._zoom = 1.0
        self._font = paper_font()
        self._bold = QFont(self._font)
        self._bold.setBold(True)
        self._small = QFont(self._font)
        self._small.setPointSize(PAPER_POINT_SIZE - 2)
        metrics = QFontMetricsF(self._font)
        self._char = metrics.horizontalAdvance("0")
        self._line = metrics.lineSpacing()
        self._ascent = metrics.ascent()
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_lines(self, lines: list[PreviewLine]) -> None:
        """Show these lines from the top of the paper."""
        self._lines = list(lines)
        self.setFixedSize(self.sizeHint())
        self.update()

    def set_zoom(self, zoom: float) -> None:
        """Draw the paper at this share of its size (a narrow side panel shows it smaller)."""
        if zoom != self._zoom:
            self._zoom = zoom
            self.setFixedSize(self.sizeHint())
            self.update()

    def zoom(self) -> float:
        """The share of its size the paper is drawn at."""
        return self._zoom

    def natural_width(self) -> int:
        """The paper's width at full size."""
        return int(self._text_width() + 2 * self._left() + 0.5)

    def lines(self) -> list[PreviewLine]:
        """The lines shown (tests)."""
        return list(self._lines)

    def texts(self) -> list[str]:
        """Every line's text, codes included (tests)."""
        return [line.text for line in self._lines]

    # --- geometry -----------------------------------------------------------------------

    def _columns(self) -> int:
        widest = max((len(line.text) for line in self._lines if line.kind == "text"), default=0)
        return max(MIN_COLUMNS, widest)

    def _text_width(self) -> float:
        return self._columns() * self._char

    def _left(self) -> float:
        return _MARGIN_COLUMNS * self._char

    def _height_of(self, line: PreviewLine) -> float:
        if line.kind == "barcode":
            return _BARCODE_HEIGHT + self._line + 2 * _GAP
        if line.kind == "qr":
            return _QR_SIDE + self._line + 2 * _GAP
        return self._line * (2 if line.tall else 1)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        width = self._text_width() + 2 * self._left()
        height = sum(self._height_of(line) for line in self._lines) + 4 * self._line
        return QSize(int(width * self._zoom + 0.5), int(height * self._zoom + 0.5))

    # --- painting -----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), _PAPER)
        painter.setPen(QPen(_EDGE))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.scale(self._zoom, self._zoom)
        top = 2 * self._line
        for line in self._lines:
            box = QRectF(self._left(), top, self._text_width(), self._height_of(line))
            if line.kind == "barcode":
                self._draw_barcode(painter, box, line)
            elif line.kind == "qr":
                self._draw_qr(painter, box, line)
            else:
                self._draw_text(painter, box, line)
            top += box.height()
        painter.end()

    def _draw_text(self, painter: QPainter, box: QRectF, line: PreviewLine) -> None:
        font = self._bold if line.bold else self._font
        painter.setFont(font)
        painter.setPen(_INK)
        width = QFontMetricsF(font).horizontalAdvance(line.text)
        x = box.left() + (box.width() - width) / 2 if line.center else box.left()
        painter.save()
        painter.translate(x, box.top())
        if line.tall:  # double height, normal width, as ESC/POS prints it
            painter.scale(1, 2)
        painter.drawText(QPointF(0, self._ascent), line.text)
        painter.restore()

    def _draw_barcode(self, painter: QPainter, box: QRectF, line: PreviewLine) -> None:
        widths = bar_widths(line.modules[0]) if line.modules else []
        modules = sum(widths)
        module = max(1.0, min(2.0, box.width() / modules)) if modules else 1.0
        x = box.left() + (box.width() - module * modules) / 2
        top = box.top() + _GAP
        for index, width in enumerate(widths):
            if index % 2 == 0:
                painter.fillRect(QRectF(x, top, width * module, _BARCODE_HEIGHT), _INK)
            x += width * module
        self._draw_caption(painter, box, top + _BARCODE_HEIGHT, line.text)

    def _draw_qr(self, painter: QPainter, box: QRectF, line: PreviewLine) -> None:
        """The code's own modules, as the printer draws them, in a square of _QR_SIDE."""
        square = QRectF(box.left() + (box.width() - _QR_SIDE) / 2, box.top() + _GAP, 0, 0)
        square.setSize(QSizeF(_QR_SIDE, _QR_SIDE))
        # A pixel a module, scaled without smoothing: sharp squares and no seams between them.
        painter.drawImage(square, _module_image(line.modules))
        self._draw_caption(painter, box, square.bottom(), line.text)

    def _draw_caption(self, painter: QPainter, box: QRectF, top: float, text: str) -> None:
        painter.setFont(self._small)
        painter.setPen(_INK)
        caption = QRectF(box.left(), top + 2, box.width(), self._line)
        painter.drawText(caption, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)
