"""Printers as devices: jobs arrive whole, and every way a printer fails is PrinterUnavailable."""

from __future__ import annotations

import gc
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from escpos.printer import Dummy, Network

from pos.core.errors import DeviceOrStorageError, PrinterUnavailable
from pos.core.printers import PrinterConfig, make_printer_config
from printing import devices
from printing.devices import open_device
from printing.escpos_object import device_for
from printing.profiles import DEFAULT_PROFILE, dummy_printer, profile_for
from tests.fakeprinter import FakeNetworkPrinter

pytestmark = pytest.mark.integration

JOB = b"\x1b@\x1bt\x11" + "Купон".encode("cp866") + b"\n\x1dV\x00"
# More than the kernel buffers of both ends hold (tcp_wmem allows 4 MB), so a printer
# that stops reading makes the send wait.
BIG_JOB = b"\x1b@" + b"x" * (16 * 1024 * 1024)
SHORT = 0.5  # devices.TIMEOUT in these tests, seconds


@pytest.fixture(autouse=True)
def _short_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(devices, "TIMEOUT", SHORT)


@pytest.fixture
def jobs_dir(tmp_path: Path) -> Path:
    return tmp_path / "data" / "jobs"


def network(printer: FakeNetworkPrinter, **fields: object) -> PrinterConfig:
    return make_printer_config(kind="network", target=f"{printer.host}:{printer.port}", **fields)


def failure(call: object, *args: object) -> PrinterUnavailable:
    """The PrinterUnavailable that `call(*args)` raises."""
    assert callable(call)
    with pytest.raises(PrinterUnavailable) as caught:
        call(*args)
    return caught.value


# --- network ---------------------------------------------------------------------------


def test_a_network_job_arrives_whole_on_one_connection(jobs_dir: Path) -> None:
    with FakeNetworkPrinter() as printer:
        device = open_device(network(printer), jobs_dir)
        device.send(JOB, "slip-0000000123456")
        printer.wait_closed(1)
        assert printer.jobs == [JOB]
        assert printer.connections == 1
        assert not device.virtual
        assert device.profile == DEFAULT_PROFILE


def test_a_ready_printer_passes_the_status_check_and_then_prints(jobs_dir: Path) -> None:
    with FakeNetworkPrinter(status="ready") as printer:
        device = open_device(network(printer), jobs_dir)
        device.check_ready()
        device.send(JOB, "slip-1")
        printer.wait_closed(2)
        status, job = printer.jobs
        assert status.startswith(b"\x10\x04\x01")
        # The job, then one status question whose answer confirms the printer took it all.
        assert job == JOB + b"\x10\x04\x01"


def test_a_small_job_cut_off_by_the_printer_is_not_taken_for_printed(jobs_dir: Path) -> None:
    """python-escpos #253: a job that fits in the socket buffers "sends" fine even when the
    printer resets the connection; the status question after it finds the loss."""
    with FakeNetworkPrinter("drop") as printer:
        device = open_device(network(printer), jobs_dir)
        device.check_ready()  # it answers status questions, so its silence will mean something
        with pytest.raises(PrinterUnavailable, match="не подтвердил приём"):
            device.send(JOB, "slip-1")


def test_a_big_job_arrives_whole(jobs_dir: Path) -> None:
    job = bytes(range(256)) * 4096  # 1 MB, a picture's worth
    with FakeNetworkPrinter() as printer:
        open_device(network(printer), jobs_dir).send(job, "picture")
        printer.wait_closed(1)
        assert printer.received == job


def test_a_refused_connection_is_named_at_once(jobs_dir: Path) -> None:
    with FakeNetworkPrinter("refuse") as printer:
        device = open_device(network(printer), jobs_dir)  # opening touches nothing
        started = time.monotonic()
        for call in (device.check_ready, lambda: device.send(JOB, "slip-1")):
            error = failure(call)
            assert error.detail == "соединение отклонено"
            assert f"127.0.0.1:{printer.port}" in str(error)
            assert isinstance(error, DeviceOrStorageError)
        assert time.monotonic() - started < SHORT


def test_a_printer_that_stops_reading_fails_the_send_in_time(jobs_dir: Path) -> None:
    with FakeNetworkPrinter("hang") as printer:
        device = open_device(network(printer), jobs_dir)
        started = time.monotonic()
        error = failure(device.send, BIG_JOB, "slip-1")
        elapsed = time.monotonic() - started
    assert error.detail == "не ответил вовремя"
    assert SHORT * 0.9 < elapsed < SHORT + 1.0


def test_a_connection_dropped_mid_job_fails_the_send(jobs_dir: Path) -> None:
    with FakeNetworkPrinter("drop") as printer:
        error = failure(open_device(network(printer), jobs_dir).send, BIG_JOB, "slip-1")
        printer.wait_closed(1)
        assert len(printer.received) < len(BIG_JOB)
    assert error.detail == "соединение прервано"


@pytest.mark.parametrize(
    ("status", "words"),
    [
        ("paper_out", "нет бумаги"),
        ("offline", "принтер не в сети"),
        ("cover_open", "крышка открыта"),
    ],
)
def test_the_printer_status_stops_a_job_before_it_is_sent(
    jobs_dir: Path, status: str, words: str
) -> None:
    with FakeNetworkPrinter(status=status) as printer:
        error = failure(open_device(network(printer), jobs_dir).check_ready)
    assert error.detail == words
    assert words in str(error)


@pytest.mark.parametrize("status", ["ready", "paper_near_end", "garbage"])
def test_a_printer_that_can_print_or_answers_nonsense_passes_at_once(
    jobs_dir: Path, status: str
) -> None:
    with FakeNetworkPrinter(status=status) as printer:
        started = time.monotonic()
        open_device(network(printer), jobs_dir).check_ready()
        assert time.monotonic() - started < SHORT / 2


@pytest.mark.parametrize("mode", ["ok", "hang"])
def test_a_printer_that_does_not_answer_status_passes_after_the_timeout(
    jobs_dir: Path, mode: str
) -> None:
    with FakeNetworkPrinter(mode, status="silent") as printer:
        started = time.monotonic()
        open_device(network(printer), jobs_dir).check_ready()
        elapsed = time.monotonic() - started
    assert SHORT * 0.9 < elapsed < SHORT + 1.0


def test_status_check_off_asks_nothing(jobs_dir: Path) -> None:
    with FakeNetworkPrinter(status="paper_out") as printer:
        device = open_device(network(printer, status_check=False), jobs_dir)
        device.check_ready()
        assert printer.connections == 0


# --- no printer, file -------------------------------------------------------------------


def test_without_a_printer_each_job_becomes_a_file(jobs_dir: Path) -> None:
    device = open_device(PrinterConfig(), jobs_dir)
    assert device.virtual
    device.check_ready()
    device.send(JOB, "slip-0000000123456")
    device.send(b"second", "slip-0000000123456")
    files = sorted(jobs_dir.iterdir())
    assert [path.read_bytes() for path in files] == [JOB, b"second"]
    for path in files:
        assert re.fullmatch(r"\d{8}-\d{6}-\d{6}-slip-0000000123456(-\d+)?\.bin", path.name)


def test_a_job_name_cannot_leave_the_jobs_folder(jobs_dir: Path) -> None:
    open_device(PrinterConfig(), jobs_dir).send(JOB, "../../escape/x")
    assert [path.parent for path in jobs_dir.iterdir()] == [jobs_dir]


def test_an_unwritable_jobs_folder_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_bytes(b"")  # a file where the folder should be
    jobs_dir = blocker / "jobs"
    error = failure(open_device(PrinterConfig(), jobs_dir).send, JOB, "slip-1")
    assert error.where == str(jobs_dir)


def test_a_file_printer_gets_the_bytes(tmp_path: Path, jobs_dir: Path) -> None:
    target = tmp_path / "lp0"
    device = open_device(make_printer_config(kind="file", target=str(target)), jobs_dir)
    device.check_ready()  # a file cannot answer: nothing to ask
    device.send(JOB, "slip-1")
    assert target.read_bytes() == JOB


def test_a_missing_device_file_is_named(tmp_path: Path, jobs_dir: Path) -> None:
    where = str(tmp_path / "no-such-folder" / "lp0")
    device = open_device(make_printer_config(kind="file", target=where), jobs_dir)
    error = failure(device.send, JOB, "slip-1")
    assert where in str(error)
    assert error.detail == "нет такого файла или устройства"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_a_device_file_that_takes_no_data_fails_in_time(tmp_path: Path, jobs_dir: Path) -> None:
    # A FIFO whose reader never reads behaves as /dev/usb/lp0 of a printer without paper.
    pipe = tmp_path / "lp0"
    os.mkfifo(pipe)
    device = open_device(make_printer_config(kind="file", target=str(pipe)), jobs_dir)
    assert failure(device.send, JOB, "slip-1").detail == "устройство не подключено"
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        started = time.monotonic()
        error = failure(device.send, b"x" * (1024 * 1024), "slip-1")
        elapsed = time.monotonic() - started
    finally:
        os.close(reader)
    assert error.detail == "не ответил вовремя"
    assert SHORT * 0.9 < elapsed < SHORT + 1.0


# --- USB, serial, Windows without their libraries ----------------------------------------


@pytest.mark.parametrize(
    ("kind", "target", "usable", "hint"),
    [
        ("usb", "04b8:0202", "escpos.printer.usb.is_usable", "pip install python-escpos[usb]"),
        (
            "serial",
            "/dev/ttyUSB0",
            "escpos.printer.serial.is_usable",
            "pip install python-escpos[serial]",
        ),
    ],
)
def test_a_missing_library_names_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    jobs_dir: Path,
    kind: str,
    target: str,
    usable: str,
    hint: str,
) -> None:
    monkeypatch.setattr(usable, lambda: False)  # as on a machine without it
    with open_device(make_printer_config(kind=kind, target=target), jobs_dir) as device:
        details = [failure(device.check_ready).detail, failure(device.send, JOB, "x").detail]
    for detail in details:
        assert hint in detail
        assert "не установлена библиотека" in detail
    gc.collect()  # an escpos Usb built without pyusb would complain from __del__ here
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_a_windows_printer_elsewhere_says_so(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], jobs_dir: Path
) -> None:
    monkeypatch.setattr(devices, "_ON_WINDOWS", False)
    device = open_device(make_printer_config(kind="windows", target="POS-80"), jobs_dir)
    device.check_ready()  # the spooler answers no status questions
    error = failure(device.send, JOB, "slip-1")
    assert error.detail == "принтер Windows доступен только в Windows"
    assert "POS-80" in str(error)
    gc.collect()
    assert capfd.readouterr() == ("", "")


def test_a_windows_printer_without_pywin32_names_what_to_install(
    monkeypatch: pytest.MonkeyPatch, jobs_dir: Path
) -> None:
    monkeypatch.setattr(devices, "_ON_WINDOWS", True)
    monkeypatch.setattr("escpos.printer.win32raw.is_usable", lambda: False)
    device = open_device(make_printer_config(kind="windows", target="POS-80"), jobs_dir)
    assert "pip install python-escpos[win32]" in failure(device.send, JOB, "slip-1").detail


# --- escpos objects given from outside ---------------------------------------------------


def test_a_dummy_collects_every_job_and_is_asked_nothing() -> None:
    printer = Dummy(profile="TM-T20II")
    device = device_for(printer)
    device.check_ready()
    device.send(JOB, "slip-1")
    device.send(b"second", "slip-2")
    device.close()
    assert printer.output == JOB + b"second"
    assert device.profile == "TM-T20II"
    assert "Dummy" in device.where
    assert not device.virtual


@pytest.fixture
def escpos_network() -> Iterator[tuple[FakeNetworkPrinter, Network]]:
    with FakeNetworkPrinter(status="offline") as fake:
        printer = Network(fake.host, fake.port, timeout=SHORT, profile="TM-T20II")
        yield fake, printer
        printer.close()


def test_an_escpos_printer_that_reads_is_asked_its_status(
    escpos_network: tuple[FakeNetworkPrinter, Network],
) -> None:
    fake, printer = escpos_network
    device = device_for(printer)
    assert device.where == f"Network 127.0.0.1:{fake.port}"
    assert failure(device.check_ready).detail == "принтер не в сети"
    device.send(JOB, "slip-1")
    fake.wait_closed(2)
    assert fake.jobs[-1] == JOB


# --- profiles ------------------------------------------------------------------------------


def test_the_profile_follows_the_paper_width_unless_named() -> None:
    assert profile_for(PrinterConfig()) == "TM-T20II"
    assert profile_for(PrinterConfig(paper_mm=58)) == "RP-F10-58mm"
    assert profile_for(PrinterConfig(paper_mm=58, profile="POS-5890")) == "POS-5890"


@pytest.mark.parametrize("profile", ["TM-T20II", "RP-F10-58mm"])
def test_the_default_profiles_print_cp866_in_the_epson_slot(profile: str) -> None:
    printer = dummy_printer(profile)
    # The "default" profile has no media width, and escpos then print()s warnings.
    assert isinstance(printer.profile.profile_data["media"]["width"]["pixels"], int)
    printer.charcode("CP866")
    printer.textln("Купон")
    assert printer.output == b"\x1bt\x11" + "Купон\n".encode("cp866")


def test_an_unknown_model_is_refused_when_used(jobs_dir: Path) -> None:
    config = PrinterConfig(profile="no-such-model")
    error = failure(profile_for, config)
    assert error.detail == "неизвестная модель принтера «no-such-model»"
    device = open_device(config, jobs_dir)  # a setting must not stop the till from starting
    assert failure(device.check_ready).detail == error.detail
    assert failure(device.send, JOB, "slip-1").detail == error.detail
    assert not jobs_dir.exists()
    with pytest.raises(PrinterUnavailable, match="неизвестная модель"):
        dummy_printer("no-such-model")


def test_importing_printing_leaves_no_temporary_folders(tmp_path: Path) -> None:
    # python-escpos 3.1 calls mkdtemp() on every import, even with its cache folder set.
    temp, cache = tmp_path / "temp", tmp_path / "cache"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "TEMP": str(temp), "TMP": str(temp)}
    env["ESCPOS_CAPABILITIES_PICKLE_DIR"] = str(cache)
    for _ in range(2):  # the first run writes the cache, the second reads it
        subprocess.run([sys.executable, "-c", "import printing.devices"], env=env, check=True)
    assert list(temp.iterdir()) == []
    assert [path.name.endswith(".capabilities.pickle") for path in cache.iterdir()] == [True]
