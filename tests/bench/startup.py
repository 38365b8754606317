"""Start-up time: process start to the login window shown, against a bare PySide6 window.

Both are started the same way in the same run (a new Python process, Qt offscreen unless a
DISPLAY is chosen), and timed from `Popen` to the line the process prints once its window's
first show event has run. The goal of issue #2 is ratio ≤ 2.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BARE_WINDOW = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel

class Probe(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Show:
            sys.stdout.write("shown\\n"); sys.stdout.flush()
            QTimer.singleShot(0, app.quit)
        return False

app = QApplication(sys.argv)
window = QLabel("Вход")
probe = Probe()
window.installEventFilter(probe)
window.show()
app.exec()
"""


def _time_to_shown(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    with subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("shown"):
                elapsed = time.perf_counter() - started
                break
        else:
            raise RuntimeError(f"{command} never showed a window: {process.stderr.read()}")
        process.wait(timeout=30)
    return elapsed


def _median(command: list[str], env: dict[str, str], runs: int) -> float:
    return statistics.median(_time_to_shown(command, env) for _ in range(runs))


def _line(name: str, value: float, ref: float, ref_name: str) -> str:
    return (
        f"bench: {name} value={value:.3f} unit=s ref={ref:.3f} ref_name={ref_name} "
        f"ratio={value / ref:.2f}"
    )


def run(runs: int) -> list[str]:
    """Measure warm and first start-up; returns the bench lines."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["BETSHOP_STARTUP_PROBE"] = "1"
    env["BETSHOP_NO_DIALOGS"] = "1"
    bare = [sys.executable, "-c", BARE_WINDOW]
    reference = _median(bare, env, runs)
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        app = [sys.executable, str(ROOT / "main.py"), "--data-dir", folder]
        first = _time_to_shown(app, env)  # empty folder: creates, migrates and seeds the demo
        warm = _median(app, env, runs)
    lines.append(_line("startup", warm, reference, "bare_pyside6_window"))
    lines.append(_line("first_startup_empty_folder", first, reference, "bare_pyside6_window"))
    return lines
