"""Finding and clicking the widgets of a page, as a cashier would, and a print dialog that
prints to a PDF file (the GUI tests share these)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QDialog, QPushButton, QWidget
from pytestqt.qtbot import QtBot


def child(parent: QWidget, kind: type, name: str) -> QWidget:
    """The child widget of this kind and object name (the test fails if there is none)."""
    found = parent.findChild(kind, name)
    assert found is not None, name
    return found


def click(qtbot: QtBot, parent: QWidget, name: str) -> None:
    """Click a button once it is enabled (buttons wait while a call is running)."""
    target = child(parent, QPushButton, name)
    qtbot.waitUntil(target.isEnabled)
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


class PdfPrintDialog:
    """Stands for the system print dialog: the manager "chooses" a PDF file at `output`."""

    output: Path

    def __init__(self, printer: QPrinter, _parent: QWidget) -> None:
        self.printer = printer

    def setWindowTitle(self, _title: str) -> None:
        pass

    def exec(self) -> int:
        self.printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        self.printer.setOutputFileName(str(self.output))
        self.printer.setResolution(96)
        return QDialog.DialogCode.Accepted
