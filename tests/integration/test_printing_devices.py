"""Slip printers reached through a file and over TCP; their failures become PrinterUnavailable."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pos.errors import DeviceOrStorageError, PrinterUnavailable
from printing.devices import PrinterKind, PrinterSettings, dummy_printer, send

pytestmark = pytest.mark.integration

JOB = b"\x1b@\x1bt\x11" + "Купон".encode("cp866") + b"\n\x1dV\x00"


class _FakeNetworkPrinter:
    """A TCP listener on 127.0.0.1 that keeps every byte it receives."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.server.getsockname()[1]
        self.received = b""
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        connection, _ = self.server.accept()
        with connection:
            while chunk := connection.recv(4096):
                self.received += chunk

    def join(self) -> None:
        self._thread.join(timeout=5)
        self.server.close()


@pytest.fixture
def network_printer() -> Iterator[_FakeNetworkPrinter]:
    printer = _FakeNetworkPrinter()
    yield printer
    printer.server.close()


def test_job_is_written_to_a_file_printer(tmp_path: Path) -> None:
    target = tmp_path / "lp0"
    send(PrinterSettings(PrinterKind.FILE, path=str(target)), JOB)
    assert target.read_bytes() == JOB


def test_job_is_sent_to_a_network_printer(network_printer: _FakeNetworkPrinter) -> None:
    settings = PrinterSettings(PrinterKind.NETWORK, host="127.0.0.1", port=network_printer.port)
    send(settings, JOB)
    network_printer.join()
    assert network_printer.received == JOB


def test_missing_device_file_says_the_slip_was_not_issued(tmp_path: Path) -> None:
    where = str(tmp_path / "no-such-folder" / "lp0")
    with pytest.raises(PrinterUnavailable) as caught:
        send(PrinterSettings(PrinterKind.FILE, path=where), JOB)
    assert isinstance(caught.value, DeviceOrStorageError)
    message = str(caught.value)
    assert where in message
    assert "Купон НЕ выдан, ставка НЕ принята" in message
    assert "нажмите ещё раз" in message
    assert caught.value.__cause__ is not None


def test_refused_connection_is_named() -> None:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    # Nothing listens on `port` any more.
    settings = PrinterSettings(PrinterKind.NETWORK, host="127.0.0.1", port=port, timeout=2)
    with pytest.raises(PrinterUnavailable) as caught:
        send(settings, JOB)
    assert f"127.0.0.1:{port}" in str(caught.value)
    assert "соединение отклонено" in str(caught.value)


def test_unknown_printer_model_is_refused() -> None:
    with pytest.raises(PrinterUnavailable, match="неизвестная модель"):
        dummy_printer("no-such-model")
    with pytest.raises(PrinterUnavailable, match="неизвестная модель"):
        send(PrinterSettings(PrinterKind.FILE, path="/dev/null", profile="no-such-model"), JOB)


def test_dummy_printer_has_a_real_paper_width_and_collects_bytes() -> None:
    printer = dummy_printer()
    # The "default" profile has no media width, and escpos then print()s warnings.
    assert printer.profile.profile_data["media"]["width"]["pixels"] == 576
    printer.textln("x")
    assert printer.output.endswith(b"x\n")


def test_importing_printing_leaves_no_temporary_folders(tmp_path: Path) -> None:
    # python-escpos 3.1 calls mkdtemp() on every import, even with its cache folder set.
    temp, cache = tmp_path / "temp", tmp_path / "cache"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "TEMP": str(temp), "TMP": str(temp)}
    env["ESCPOS_CAPABILITIES_PICKLE_DIR"] = str(cache)
    for _ in range(2):  # the first run writes the cache, the second reads it
        subprocess.run([sys.executable, "-c", "import printing.slips"], env=env, check=True)
    assert list(temp.iterdir()) == []
    assert [path.name.endswith(".capabilities.pickle") for path in cache.iterdir()] == [True]
