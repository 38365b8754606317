"""A screenshot of the line editor for docs/, on the in-memory fakes with a fixed clock.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \
        .venv/bin/python tests/screenshots_line_editor.py [out_dir]

Until the main window lists the editor, the page is shown alone at the size the main window
gives its pages (measured from a signed-in window), on the pages' background.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget, QPushButton, QTableView

from pos.line.events import Sport
from pos.shop.desk import Desk
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages import line_editor
from ui.pages.line_editor import LineEditorPage
from ui.tasks import TaskRunner

try:  # python -m tests.screenshots_line_editor
    from tests.screenshots import WINDOW_SIZE, demo_shop, open_page, save, sign_in, wait_until
except ImportError:  # python tests/screenshots_line_editor.py: the script's folder is on sys.path
    from screenshots import (  # type: ignore[no-redef]
        WINDOW_SIZE,
        demo_shop,
        open_page,
        save,
        sign_in,
        wait_until,
    )

EDITOR_TITLE = "Редактор линии"
SELECTED_EVENT = 101
SUSPENDED_EVENT = 202
EXAMPLE_CSV = Path(__file__).parent.parent / "docs" / "examples" / "line.csv"


def dress_the_line(boss: Desk) -> None:
    """Tournaments, an event's own limit, a hockey header limit and a suspended event."""
    for row in boss.line():
        event = row.event
        tournament = "Экстралига" if event.sport is Sport.HOCKEY else "Высшая лига"
        max_stake = "500" if event.code == SELECTED_EVENT else None
        boss.update_event(
            event.code,
            event.sport.value,
            event.home,
            event.away,
            event.starts_at,
            tournament=tournament,
            max_stake=max_stake,
        )
    boss.set_sport_limit("hockey", "300")
    boss.suspend_event(SUSPENDED_EVENT)


def main(out_dir: Path) -> None:
    """Save line_editor.png: the example file loaded, event 101 selected, a new version of "1"."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as state_dir:
        ui_state = QSettings(str(Path(state_dir) / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(demo_shop()), runner, ui_state=ui_state)
        window.resize(*WINDOW_SIZE)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() == 3)
        sign_in(window, "boss", "9911")
        assert window.desk is not None
        dress_the_line(window.desk)
        open_page(window, "Редактор линии")
        page = window.findChild(LineEditorPage)
        page.refresh()
        wait_until(lambda: page.model.rowCount() == 10)
        # The example line file, loaded through the button with the file chooser answered.
        line_editor.choose_line_file = lambda _parent: str(EXAMPLE_CSV)
        page.findChild(QPushButton, "import_line").click()
        wait_until(lambda: page.model.rowCount() == 16)
        page.select_event(SELECTED_EVENT)
        grid = page.findChild(QTableView, "odds_grid")
        model = grid.model()
        wait_until(lambda: model.rowCount() > 1)
        model.setData(model.index(0, 3), "2,25")  # a new version of "1", as typed into the grid
        wait_until(lambda: model.index(0, 2).data() == "2")
        grid.setFocus()
        save(window, out_dir / "line_editor.png")
        window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
