"""What a warm start imports before its window shows (issue 34: `startup` was 2.07 against
≤ 2): nothing the first paint does not need."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Needed only after the window is shown (the demo's quotes; the shop's settings, read with
# the shop; the lock page, at the first idle lock; QtNetwork, which answers a second start
# once the window is painted; OpenSSL's hashes), or when no data folder is given (the user's
# folder).
LATER = (
    "ui.demo_quotes",
    "pos.core.settings",
    "ui.pages.lock",
    "PySide6.QtNetwork",
    "_hashlib",
    "platformdirs",
)


def test_the_window_s_start_imports_nothing_the_first_paint_does_not_need() -> None:
    probe = f"import sys, main, ui.start; print(' '.join(m for m in {LATER!r} if m in sys.modules))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == []
