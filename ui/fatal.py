"""A refusal to start (bad database, read-only folder), shown before or instead of the window."""

from __future__ import annotations

import os

from PySide6.QtWidgets import QApplication, QMessageBox

HEADLESS_VARIABLE = "BETSHOP_NO_DIALOGS"


def show_fatal_error(message: str) -> None:
    """Show `message` in a modal dialog; skipped when $BETSHOP_NO_DIALOGS is set (tests, CI)."""
    if os.environ.get(HEADLESS_VARIABLE):
        return
    app = QApplication.instance() or QApplication([])
    QMessageBox.critical(
        None, QApplication.translate("fatal", "Касса не может начать работу"), message
    )
    del app
