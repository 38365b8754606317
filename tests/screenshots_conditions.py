"""Screenshots of the «Условия» page (issue 37, p.6) at 1366×768 and 1024×700, for docs/.

The manager on the fit shop (tests/screenshots_fit.py), so the versions kept are listed beside
the text. Run under a real X server at least as large as the larger size:

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_conditions [out_dir]
"""

from __future__ import annotations

import sys
from pathlib import Path

try:  # python -m tests.screenshots_conditions
    from tests.screenshots import at_each_size, save, signed_in_window, wait_until
    from tests.screenshots_fit import SIZES, fit_shop, open_page
except ImportError:  # python tests/screenshots_conditions.py
    from screenshots import (  # type: ignore[no-redef]
        at_each_size,
        save,
        signed_in_window,
        wait_until,
    )
    from screenshots_fit import SIZES, fit_shop, open_page  # type: ignore[no-redef]

from ui.pages.conditions import ConditionsPage


def shoot(out_dir: Path, folder: Path, size: tuple[int, int]) -> Path:
    """conditions-<width>.png: the manager's «Условия», the current version and the list."""
    shop = fit_shop(folder)
    window, runner = signed_in_window(shop, folder, size)
    open_page(window, runner, "Условия")
    page = window.findChild(ConditionsPage)
    wait_until(lambda: page.history.count() > 0)
    path = out_dir / f"conditions-{size[0]}.png"
    save(window, path)
    window.close()
    runner.shutdown()
    shop.close()
    return path


def main(out_dir: Path) -> None:
    """Save conditions-1366.png and conditions-1024.png into `out_dir`."""
    at_each_size(out_dir, shoot, SIZES)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
