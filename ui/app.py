"""The QApplication: name, Russian Qt dialogs, the vendored fonts, the look, and the crash hook."""

from __future__ import annotations

import gc
import logging
import logging.handlers
import sys
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, Qt, QTimer, QTranslator
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication, QMessageBox

from pos.core.clock import ZonedLogFormatter

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
QDialog { background: #f3f4f6; border: 1px solid #9ca3af; }
QLineEdit[invalid="true"] { border: 2px solid #b3261e; }
QFrame#card, QFrame[card="true"] {
    background: #ffffff; border: 1px solid #e5e7eb; border-radius: 12px;
}
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
/* Keys a finger finds, and the sign-in page within 700 pixels (issue 16). */
QPushButton[keypad="true"] { font-size: 20pt; min-height: 54px; min-width: 88px; }
QPushButton[keypad_text="true"] { font-size: 13pt; min-height: 54px; min-width: 88px; }
QLineEdit {
    min-height: 36px; padding: 2px 10px; border: 1px solid #cbd2dc; border-radius: 8px;
    background: #ffffff;
}
QLineEdit:focus { border: 2px solid #1d4ed8; }
QComboBox { min-height: 36px; padding: 0 10px; }
QLineEdit#pin { font-size: 22pt; min-height: 52px; }
QListWidget, QTableView, QTableWidget {
    background: #ffffff; border: 1px solid #e5e7eb; border-radius: 8px;
    selection-background-color: #dbeafe; selection-color: #111827;
    alternate-background-color: #f8fafc; gridline-color: #eef0f3;
}
QListWidget#users { font-size: 16pt; }
QListWidget#users::item { padding: 12px 14px; border-bottom: 1px solid #f1f2f4; }
QListWidget#users::item:selected { background: #dbeafe; color: #111827; }
QWidget#top_bar, QWidget#side_bar { background: #1f2937; }
/* The manager's pages, listed down the side by trade (ui.widgets.side_tabs, issue 34). */
QTabBar#navigation { font-size: 14pt; }
QTabBar#navigation::tab {
    color: #d1d5db; background: transparent; padding: 12px 26px; margin-right: 4px;
    border-top-left-radius: 8px; border-top-right-radius: 8px;
}
/* More pages than fit beside "Выйти" in 1366 pixels (ui.navigation.ROOMY_TABS): smaller,
   narrower tabs; where they still do not fit, the arrows scroll them (issue 16). */
QTabBar#navigation[compact="true"] { font-size: 11pt; }
QTabBar#navigation[compact="true"]::tab { padding: 12px 4px; margin-right: 2px; }
QTabBar#navigation::scroller { width: 64px; }
QTabBar#navigation QToolButton {
    background: #374151; color: #f9fafb; border: 1px solid #4b5563; border-radius: 4px;
}
QTabBar#navigation QToolButton:disabled { color: #6b7280; }
/* A report has up to fourteen columns, as on its A4 page. */
QTableWidget#report_table { font-size: 10pt; }
QTableWidget#report_table QHeaderView::section { font-size: 9pt; padding: 4px 2px; }
QTabBar#navigation::tab:hover { color: #ffffff; background: #374151; }
QTabBar#navigation::tab:selected { color: #111827; background: #f3f4f6; }
QPushButton#sign_out {
    min-height: 36px; background: #374151; color: #f9fafb; border: 1px solid #4b5563;
}
QPushButton#sign_out:hover { background: #4b5563; }
QTableView::item { padding: 4px 8px; }
QHeaderView::section {
    background: #f3f4f6; color: #374151; padding: 8px 8px; border: none;
    border-bottom: 1px solid #d1d5db; font-weight: bold;
}
QStatusBar { background: #e5e7eb; color: #374151; }
QStatusBar QLabel { padding: 0 10px; }
QScrollArea#settings_scroll, QWidget#settings_content { background: transparent; }
QScrollArea#till_scroll, QWidget#till_content { background: transparent; }
"""


def create_application(argv: Sequence[str]) -> QApplication:
    """The application object, set up for a Russian-speaking counter (or the existing one)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    _install_qt_translations(app)
    _load_fonts(app)
    app.setStyleSheet(STYLE_SHEET)
    return app


# Qt's own strings that its Russian catalogue (qtbase_ru, PySide6 6.11) leaves English: the file
# dialog's labels gained their shortcut '&' after the catalogue was made, and the print
# dialog's page set has no entry at all.
QT_GAPS = {
    "&Look in:": "&Папка:",
    "Files of &type:": "&Тип файлов:",
    "Page &Set:": "&Набор страниц:",
}


class QtGaps(QTranslator):
    """Russian for the few Qt strings qtbase_ru lacks (`QT_GAPS`); asked before qtbase_ru."""

    def translate(  # QTranslator's
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        # None is Qt's null string, "not translated here": an empty one would blank the text.
        return QT_GAPS.get(source)

    def isEmpty(self) -> bool:  # noqa: N802 - QTranslator's
        return False


def _install_qt_translations(app: QApplication) -> None:
    """Russian for Qt's own strings: standard buttons, context menus, the file and print
    dialogs (notes/libraries.md §7)."""
    QLocale.setDefault(QLocale(QLocale.Language.Russian, QLocale.Country.Belarus))
    translator = QTranslator(app)  # parented: lives as long as the application
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(QLocale(QLocale.Language.Russian), "qtbase", "_", folder):
        app.installTranslator(translator)
    else:
        log.info("qtbase_ru not found in %s; Qt's own buttons stay English", folder)
    app.installTranslator(QtGaps(app))  # installed last, so asked first


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


# --- garbage collection on the GUI thread -------------------------------------------------


class GarbageCollector(QObject):
    """Runs Python's cycle collector on the GUI thread only (qutebrowser's GarbageCollector).

    Left automatic, the collector runs in whichever thread allocates, often the TaskRunner's
    worker: a Qt object in a reference cycle (a page of a signed-out workspace, say) is then
    destroyed in the wrong thread and the process crashes (seen here as a segfault in the
    GUI tests). So automatic collection is off, and a timer collects with the usual
    thresholds on the GUI thread.
    """

    def __init__(self, parent: QObject | None = None, interval_ms: int = 500) -> None:
        super().__init__(parent)
        self._threshold = gc.get_threshold()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_timer_timeout)

    def start(self) -> None:
        """Turn automatic collection off and collect from the timer instead."""
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """Collect now and give collection back to Python (at exit, after the worker stopped)."""
        self._timer.stop()
        gc.enable()
        gc.collect()

    def _on_timer_timeout(self) -> None:
        gen0, gen1, gen2 = gc.get_count()
        limit0, limit1, limit2 = self._threshold
        if gen0 > limit0:
            gc.collect(2 if gen2 > limit2 else 1 if gen1 > limit1 else 0)


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

    def __init__(self, log_file: Path, show_dialog: CrashDialog | None = None) -> None:
        self.log_file = log_file
        self._show_dialog = show_dialog
        self._file_handler: logging.Handler | None = None
        self._owns_handler = False
        self._previous_hook = sys.excepthook
        self._previous_level = logging.getLogger().level
        self._in_dialog = False

    def install(self) -> None:
        """Make sure the root logger writes to the log file, and become `sys.excepthook`.

        main.py may already log to the same file; then its handler is used, so that one file
        is never rotated by two handlers nor written twice.
        """
        root = logging.getLogger()
        self._previous_level = root.level
        self._file_handler = _handler_for(root, self.log_file)
        if self._file_handler is None:
            self._file_handler = _rotating_handler(self.log_file)
            self._owns_handler = True
            root.addHandler(self._file_handler)
        if root.level == logging.NOTSET or root.level > logging.INFO:
            root.setLevel(logging.INFO)
        self._previous_hook = sys.excepthook
        sys.excepthook = self

    def uninstall(self) -> None:
        """Put back the previous hook and log level, and close our log file (tests, shutdown)."""
        if sys.excepthook is self:
            sys.excepthook = self._previous_hook
        root = logging.getLogger()
        root.setLevel(self._previous_level)
        if self._owns_handler and self._file_handler is not None:
            root.removeHandler(self._file_handler)
            self._file_handler.close()
        self._file_handler, self._owns_handler = None, False

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
        if self._file_handler is not None:
            self._file_handler.flush()
        if self._in_dialog or QApplication.instance() is None:
            return  # logged; one dialog at a time, and none without a GUI
        self._in_dialog = True
        try:
            # Looked up at call time, so tests can also patch ui.app.show_crash_dialog.
            (self._show_dialog or show_crash_dialog)(self.log_file)
        finally:
            self._in_dialog = False


def _handler_for(logger: logging.Logger, log_file: Path) -> logging.Handler | None:
    target = log_file.resolve()
    for handler in logger.handlers:
        if isinstance(handler, logging.FileHandler) and Path(handler.baseFilename) == target:
            return handler
    return None


def _rotating_handler(log_file: Path) -> logging.Handler:
    handler = logging.handlers.RotatingFileHandler(
        log_file, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
    )
    handler.setFormatter(
        ZonedLogFormatter("%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s")
    )
    handler.setLevel(logging.INFO)
    return handler


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
    crash_handler = CrashHandler(log_dir / LOG_FILE_NAME, show_dialog)
    crash_handler.install()
    log.info("%s started; log at %s", APP_NAME, crash_handler.log_file)
    return crash_handler
