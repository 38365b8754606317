"""Printing a PDF on a QPrinter: each page rendered by pypdfium2 and drawn with a QPainter.

PySide6-Essentials has no QtPdf, so the pages are rasterised by pypdfium2 at the printer's
resolution (capped, see MAX_DPI) and drawn into the printable area, keeping their proportions.
It runs on the worker thread: Qt allows painting on a QPrinter outside the GUI thread, and a
long journal takes a while.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pypdfium2
from PySide6.QtCore import QRectF, QSettings, QStandardPaths
from PySide6.QtGui import QImage, QPageLayout, QPainter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from pos.core.errors import PrinterUnavailable

# 600 dpi is more than text on an office printer needs; an A4 page at 1200 dpi in grey would
# be a 140 MB bitmap.
MAX_DPI = 600
_POINTS_PER_INCH = 72


class SaveFolder:
    """The folder a save dialog starts in, kept in the UI state (QSettings): the one last
    saved in, else the user's documents, else home; never the program's own folder, where
    Qt's dialog starts when given a folder that does not exist (issue 34)."""

    KEY = "save_dialog/last_folder"

    def __init__(self, state: QSettings | None) -> None:
        """`state` None: nothing remembered, the documents or home each time."""
        self._state = state

    def start(self) -> Path:
        """Where the next dialog starts."""
        last = self._state.value(self.KEY) if self._state is not None else None
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        for folder in (last, documents):
            if isinstance(folder, str) and folder and Path(folder).is_dir():
                return Path(folder)
        return Path.home()

    def remember(self, path: str) -> None:
        """Keep the folder of the file just chosen for the next dialog."""
        if self._state is not None:
            self._state.setValue(self.KEY, str(Path(path).parent))
            self._state.sync()


def choose_save_file(
    parent: QWidget, title: str, suggested: str, suffix: str, folder: SaveFolder | None = None
) -> str | None:
    """Ask where to save a file, starting in `folder` (SaveFolder; without it, the user's
    documents); the path, ending in `.suffix`, or None when the user cancels."""
    folder = folder if folder is not None else SaveFolder(None)
    path, _chosen_filter = QFileDialog.getSaveFileName(
        parent, title, str(folder.start() / suggested), f"{suffix.upper()} (*.{suffix})"
    )
    if not path:
        return None
    folder.remember(path)
    return path if path.lower().endswith(f".{suffix}") else f"{path}.{suffix}"


def ask_printer(parent: QWidget, document: str, title: str) -> QPrinter | None:
    """The system print dialog for an A4 landscape document; the printer chosen, or None
    when the user cancels."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    printer.setDocName(document)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(title)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return printer


def print_written_pdf(write: Callable[[str], object], printer: QPrinter) -> int:
    """Write a PDF with `write(path)` into a temporary folder and print it (on the worker).

    Returns:
        The number of pages printed.
    """
    with tempfile.TemporaryDirectory(prefix="print-") as folder:
        path = str(Path(folder) / "document.pdf")
        write(path)
        return print_pdf(path, printer)


def print_pdf(path: str | os.PathLike[str], printer: QPrinter) -> int:
    """Print every page of the PDF at `path` on `printer`.

    The orientation follows the first page (the journal is A4 landscape) and is set before
    printing starts.

    Returns:
        The number of pages printed.

    Raises:
        PrinterUnavailable: the printer would not start the job.
    """
    pdf = pypdfium2.PdfDocument(os.fspath(path))
    try:
        count = len(pdf)
        if count == 0:
            return 0
        width, height = pdf[0].get_size()
        landscape = QPageLayout.Orientation.Landscape
        printer.setPageOrientation(
            landscape if width > height else QPageLayout.Orientation.Portrait
        )
        painter = QPainter()
        if not painter.begin(printer):
            where = printer.printerName() or printer.outputFileName()
            raise PrinterUnavailable(where, "задание печати не началось")
        try:
            for index in range(count):
                if index and not printer.newPage():
                    where = printer.printerName() or printer.outputFileName()
                    raise PrinterUnavailable(where, f"лист {index + 1} не начат")
                _draw_page(pdf[index], painter, printer.resolution())
        finally:
            painter.end()
        return count
    finally:
        pdf.close()


def _draw_page(page: pypdfium2.PdfPage, painter: QPainter, dpi: int) -> None:
    """Draw one page centred in the printable area, as large as it fits."""
    area = painter.viewport()  # the printable area, in the printer's pixels
    width, height = page.get_size()  # in points
    fit = min(area.width() / width, area.height() / height)  # printer pixels a point
    scale = min(fit, MAX_DPI / _POINTS_PER_INCH, dpi / _POINTS_PER_INCH)
    bitmap = page.render(scale=scale, grayscale=True)
    image = QImage(
        bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_Grayscale8
    )
    target = QRectF(0, 0, width * fit, height * fit)
    target.moveCenter(QRectF(area).center())
    painter.drawImage(target, image)
    page.close()
