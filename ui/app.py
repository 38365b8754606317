"""The QApplication: name, Russian Qt dialogs, the vendored fonts, the look, and the crash hook."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QMessageBox

log = logging.getLogger(__name__)

APP_NAME = "Betshop POS"
ORGANIZATION = "Betshop"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FONT_FAMILY = "DejaVu Sans"
# Read from a metre away at a counter, on 1280×800 and larger screens.
FONT_POINT_SIZE = 13
LOG_FILE_NAME = "pos.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 5

STYLE_SHEET = """
QMainWindow, QStackedWidget#pages, QWidget#login { background: #f3f4f6; }
QFrame#card { background: #ffffff; border: 1px solid #e5e7eb; border-radius: 12px; }
QLabel[heading="1"] { font-size: 19pt; font-weight: bold; color: #111827; }
QLabel[heading="2"] { font-size: 15pt; font-weight: bold; color: #1f2937; }
QLabel[muted="true"] { color: #6b7280; }
QPushButton {
    min-height: 40px; padding: 4px 18px; border: 1px solid #cbd2dc; border-radius: 8px;
    background: #ffffff; color: #111827;
}
QPushButton:hover { background: #f1f5fb; }
QPushButton:pressed { background: #e2e8f2; }
QPushButton:disabled { color: #9ca3af; background: #f3f4f6; border-color: #e5e7eb; }
QPushButton[primary="true"] {
    background: #1d4ed8; color: #ffffff; border: none; font-weight: bold;
}
QPushButton[primary="true"]:hover { background: #1e40af; }
QPushButton[primary="true"]:disabled { background: #a5b4fc; color: #eef2ff; }
QPushButton[keypad="true"] { font-size: 20pt; min-height: 62px; min-width: 88px; }
QPushButton[keypad_text="true"] { font-size: 13pt; min-height: 62px; min-width: 88px; }
QLineEdit, QComboBox {
    min-height: 36px; padding: 2px 10px; border: 1px solid #cbd2dc; border-radius: 8px;
    background: #ffffff;
}
QLineEdit:focus, QComboBox:focus { border: 2px solid #1d4ed8; }
QLineEdit#pin { font-size: 22pt; min-height: 52px; }
QListWidget, QTableView, QTableWidget {
    background: #ffffff; border: 1px solid #e5e7eb; border-radius: 8px;
    selection-background-color: #dbeafe; selection-color: #111827;
    alternate-background-color: #f8fafc; gridline-color: #eef0f3;
}
QListWidget#users { font-size: 16pt; }
QListWidget#users::item { padding: 12px 14px; border-bottom: 1px solid #f1f2f4; }
QListWidget#users::item:selected { background: #dbeafe; color: #111827; }
QListWidget#navigation {
    background: #1f2937; color: #e5e7eb; border: none; border-radius: 0; font-size: 14pt;
}
QListWidget#navigation::item { padding: 14px 18px; }
QListWidget#navigation::item:selected { background: #374151; color: #ffffff; }
QWidget#sidebar { background: #1f2937; }
QLabel#sidebar_user { color: #e5e7eb; }
QPushButton#sign_out { background: #374151; color: #f9fafb; border: none; }
QPushButton#sign_out:hover { background: #4b5563; }
QHeaderView::section {
    background: #f3f4f6; color: #374151; padding: 8px 6px; border: none;
    border-bottom: 1px solid #d1d5db; font-weight: bold;
}
QStatusBar { background: #e5e7eb; color: #374151; }
QStatusBar QLabel { padding: 0 10px; }
"""


def create_application(argv: Sequence[str]) -> QApplication:
    """The application object, set up for a Russian-speaking counter (or the existing one)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    _install_qt_translations(app)
    _load_fonts(app)
    app.setStyleSheet(STYLE_SHEET)
    return app


def _install_qt_translations(app: QApplication) -> None:
    """Russian for Qt's own strings: standard buttons, context menus (notes/libraries.md §7)."""
    QLocale.setDefault(QLocale(QLocale.Language.Russian, QLocale.Country.Belarus))
    translator = QTranslator(app)  # parented: lives as long as the application
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(QLocale(QLocale.Language.Russian), "qtbase", "_", folder):
        app.installTranslator(translator)
    else:
        log.info("qtbase_ru not found in %s; Qt's own buttons stay English", folder)


def _load_fonts(app: QApplication) -> None:
    """Register the vendored DejaVu Sans (Qt ships no fonts) and make it the application font."""
    fonts = files("resources") / "fonts"
    for name in FONT_FILES:
        data = (fonts / name).read_bytes()
        if QFontDatabase.addApplicationFontFromData(data) < 0:
            log.info("font %s could not be loaded; the system font is used", name)
    font = QFont(FONT_FAMILY, FONT_POINT_SIZE)
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    app.setFont(font)


# --- the crash hook ---------------------------------------------------------------------------

CrashDialog = Callable[[Path], None]


def show_crash_dialog(log_file: Path) -> None:
    """Tell the user that a bug happened, nothing half-done was kept, and the app goes on."""
    tr = QCoreApplication.translate
    box = QMessageBox(
        QMessageBox.Icon.Critical,
        tr("crash", "Непредвиденная ошибка"),
        tr("crash", "Произошла непредвиденная ошибка программы."),
        QMessageBox.StandardButton.Ok,
    )
    box.setInformativeText(
        tr(
            "crash",
            "Последняя операция отменена: ничего не сохранено наполовину.\n"
            "Подробности записаны в журнал: {log}\n"
            "Программа продолжает работу. Если ошибка повторяется, "
            "сообщите в поддержку и приложите этот файл.",
        ).format(log=log_file)
    )
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.exec()


class CrashHandler:
    """The `sys.excepthook` of the window: log the traceback, then show the crash dialog.

    Exceptions raised in Qt slots reach `sys.excepthook` and the event loop goes on, so the
    application continues after the dialog (qutebrowser `misc/crashsignal.py`).
    """

    def __init__(self, log_file: Path, file_handler: logging.Handler,
                 show_dialog: CrashDialog | None = None) -> None:
        self.log_file = log_file
        self._file_handler = file_handler
        self._show_dialog = show_dialog
        self._previous_hook = sys.excepthook
        self._in_dialog = False

    def __call__(
        self,
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            QCoreApplication.exit(130)
            return
        log.critical("unexpected error", exc_info=(exc_type, exc, tb))
        self._file_handler.flush()
        if self._in_dialog or QApplication.instance() is None:
            return  # logged; one dialog at a time, and none without a GUI
        self._in_dialog = True
        try:
            # Looked up at call time, so tests can patch ui.app.show_crash_dialog.
            (self._show_dialog or show_crash_dialog)(self.log_file)
        finally:
            self._in_dialog = False

    def uninstall(self) -> None:
        """Put back the previous hook and close the log file (tests, shutdown)."""
        if sys.excepthook is self:
            sys.excepthook = self._previous_hook
        logging.getLogger().removeHandler(self._file_handler)
        self._file_handler.close()


def install_crash_handler(log_dir: Path, show_dialog: CrashDialog | None = None) -> CrashHandler:
    """Log to `log_dir/pos.log` (1 MB × 5, rotating) and catch every uncaught exception.

    Args:
        log_dir: the data folder; created if missing.
        show_dialog: called with the log file path after a crash is logged; by default
            `show_crash_dialog`.

    Returns:
        The installed hook; `uninstall()` undoes it.
    """
    log_dir.mkdir(parents=True, exist_ok=True)
    log_file = log_dir / LOG_FILE_NAME
    handler = logging.handlers.RotatingFileHandler(
        log_file, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
    )
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s")
    )
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    crash_handler = CrashHandler(log_file, handler, show_dialog)
    sys.excepthook = crash_handler
    log.info("%s started; log at %s", APP_NAME, log_file)
    return crash_handler
