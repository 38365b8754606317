"""The СККС simulator in a process of its own (issue 35): the soak kills tills beside it, the
benches time a till that shares no interpreter with it."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from tests.skks_simulator import control


@contextlib.contextmanager
def simulator_process(log: Path | None = None) -> Iterator[str]:
    """The simulator in a process of its own on a free port of loopback (its URL), so that
    the till's process shares no interpreter with it (the soak kills tills; a bench times
    them); its stdout to `log`, or nowhere."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with open(log or os.devnull, "w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.skks_simulator", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=Path(__file__).resolve().parents[1],
        )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                control(url)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait()
