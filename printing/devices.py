"""Printers as devices that take one rendered job: none, file, network, USB, serial, Windows.

Nothing else in the program knows the transports (STYLE.md B1). A job is rendered into a
`Dummy` first and sent here in one write, so a dropped link never leaves half a slip
(notes/libraries.md §1). Every escpos, OS, pyusb, pyserial or pywin32 failure becomes
`pos.errors.PrinterUnavailable` with a short Russian detail (STYLE.md B3.7), and no call
waits much longer than `TIMEOUT`: python-escpos waits 60 s on a network printer by default,
and up to forever on a device file or a serial port with flow control.

Devices are lazy: `open_device` only remembers the settings, and each `check_ready` or
`send` opens the connection, uses it and closes it again, so a printer switched off and on
between two slips needs no reconnect, and no handle outlives a call.

A failure says whether bytes of the job may have reached the printer
(`PrinterUnavailable.sent`): a connection refused, a device that cannot be opened or a
status answer «нет бумаги» sent nothing; a link that broke during the write, or a printer
that took the job and did not confirm it, may have printed part or all of it (issue #15).
"""

from __future__ import annotations

import logging
import re
import socket
import sys
import time
from abc import ABC, abstractmethod
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from escpos.escpos import Escpos
from escpos.printer import Serial, Usb, Win32Raw

from pos.core.errors import PrinterUnavailable
from pos.core.printers import PrinterConfig, PrinterKind
from printing.device_errors import close_quietly, detail_of, device_errors
from printing.printer_status import ASK_PRINTER, escpos_ask, judge_status, socket_ask
from printing.profiles import profile_for
from printing.raw_io import finish_connection, remaining, write_new_file, write_with_deadline

log = logging.getLogger(__name__)

# Seconds for connecting, writing a job and waiting for a status answer. Read at each
# call, so tests may lower it.
TIMEOUT = 5.0
_NO_PYUSB = "не установлена библиотека pyusb: pip install python-escpos[usb]"
_NO_PYSERIAL = "не установлена библиотека pyserial: pip install python-escpos[serial]"
_NO_PYWIN32 = "не установлена библиотека pywin32: pip install python-escpos[win32]"
_NOT_WINDOWS = "принтер Windows доступен только в Windows"
_ON_WINDOWS = sys.platform == "win32"
_SAFE_NAME = re.compile(r"[^\w.-]+")


class Device(ABC):
    """A printer that takes whole rendered jobs.

    Attributes:
        where: the printer as the cashier's message names it.
        virtual: True when no paper comes out (kind none: files and the preview on screen).
        profile: the escpos capability profile its jobs are rendered for.
    """

    def __init__(
        self,
        where: str,
        profile: str,
        *,
        virtual: bool = False,
        status_check: bool = True,
        refusal: PrinterUnavailable | None = None,
    ) -> None:
        self.where = where
        self.profile = profile
        self.virtual = virtual
        self._status_check = status_check
        self._refusal = refusal  # a setting that makes every job fail, e.g. an unknown model

    def check_ready(self) -> None:
        """Ask the printer whether it can print now, where it answers such questions.

        A printer that does not answer in time, or cannot answer at all (files, the Windows
        spooler), passes: the send that follows finds a dead printer by its own timeout.

        Raises:
            PrinterUnavailable: the printer says it is offline, out of paper or open, or it
                cannot be reached at all.
        """
        self._refuse_if_misconfigured()
        if self._status_check:
            self._check_ready()

    def send(self, job: bytes, name: str) -> None:
        """Write a whole rendered job in one write, then close the connection.

        Args:
            job: the ESC/POS bytes (a Dummy's `.output`).
            name: a short name of the job, e.g. "slip-0000000123456", for files and spoolers.

        Raises:
            PrinterUnavailable: the printer could not be reached or the write failed.
        """
        self._refuse_if_misconfigured()
        self._send(job, name)
        log.info("sent %s (%d bytes) to %s", name, len(job), self.where)

    def close(self) -> None:  # noqa: B027 - a hook: most devices hold nothing between calls
        """Release what the device holds; every device here closes after each call."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _check_ready(self) -> None:  # noqa: B027 - a hook: most devices cannot answer
        """Status questions; by default the device cannot answer any."""

    @abstractmethod
    def _send(self, job: bytes, name: str) -> None: ...

    def _refuse_if_misconfigured(self) -> None:
        if self._refusal is not None:
            raise self._refusal


def open_device(config: PrinterConfig, jobs_dir: Path) -> Device:
    """The device for a printer's settings; nothing is opened until it is used.

    Args:
        config: the printer's settings.
        jobs_dir: where kind none writes its jobs (created on the first job).

    Returns:
        A device whose `check_ready` and `send` raise `PrinterUnavailable` on failure,
        including for settings no job can print with (an unknown model, a missing library).
    """
    refusal = None
    try:
        profile = profile_for(config)
    except PrinterUnavailable as exc:
        profile, refusal = config.profile, exc
    if config.kind is PrinterKind.NONE:
        return _NoPrinter(jobs_dir, config.where, profile, refusal)
    device_class = _DEVICE_CLASSES[config.kind]
    return device_class(config, profile, refusal)


class _NoPrinter(Device):
    """No paper: each job becomes a file `<local time>-<name>.bin` in the jobs folder."""

    def __init__(
        self, jobs_dir: Path, where: str, profile: str, refusal: PrinterUnavailable | None
    ) -> None:
        super().__init__(where, profile, virtual=True, status_check=False, refusal=refusal)
        self.jobs_dir = jobs_dir
        self.last_path: Path | None = None  # the file of the last job, for a preview

    def _send(self, job: bytes, name: str) -> None:
        stamp = datetime.now(UTC).astimezone().strftime("%Y%m%d-%H%M%S-%f")
        stem = f"{stamp}-{_SAFE_NAME.sub('_', name)[:80] or 'job'}"
        try:
            self.jobs_dir.mkdir(parents=True, exist_ok=True)
            self.last_path = write_new_file(self.jobs_dir, stem, job)
        except OSError as exc:
            raise PrinterUnavailable(str(self.jobs_dir), detail_of(exc)) from exc


class _ConfiguredDevice(Device):
    """A device built from a printer's settings."""

    def __init__(
        self, config: PrinterConfig, profile: str, refusal: PrinterUnavailable | None
    ) -> None:
        super().__init__(config.where, profile, status_check=config.status_check, refusal=refusal)
        self.config = config


class _FileDevice(_ConfiguredDevice):
    """A device file (/dev/usb/lp0) or a plain file; it cannot answer status questions.

    Written without escpos `File`: a write to /dev/usb/lp0 of a printer without paper
    blocks until someone adds paper, so the file is opened non-blocking and each write
    waits for the device only until the deadline (on POSIX; Windows writes block).
    """

    def _send(self, job: bytes, name: str) -> None:
        written = [0]
        try:
            write_with_deadline(self.config.target, job, time.monotonic() + TIMEOUT, written)
        except OSError as exc:
            raise PrinterUnavailable(self.where, detail_of(exc), sent=written[0] > 0) from exc


class _NetworkDevice(_ConfiguredDevice):
    """Raw TCP (port 9100): a short connection for the status and one for each job.

    The socket is ours, not escpos `Network`'s, which leaves its socket unclosed when the
    connection fails (a ResourceWarning) and waits 60 s by default.
    """

    # Whether the printer has answered status checks: then silence before a job means it
    # hangs, and silence after a job that the job was lost.
    _answers_status = False

    def _check_ready(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        with self._connect(deadline) as sock:
            ask = socket_ask(sock, deadline)
            answers: list[int] = []

            def remembering(n: int) -> int | None:
                reply = ask(n)
                if reply is not None:
                    answers.append(reply)
                return reply

            problem = judge_status(remembering)
            finish_connection(sock)
        if not answers and self._answers_status:
            # It answered before: silence now is a hung printer, not one without status.
            raise PrinterUnavailable(self.where, "не ответил вовремя")
        self._answers_status = bool(answers)
        if problem is not None:
            raise PrinterUnavailable(self.where, problem)

    def _send(self, job: bytes, name: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        with self._connect(deadline) as sock:
            try:
                # Since Python 3.5 the timeout bounds the whole sendall, so a printer that
                # accepts but never reads fails here instead of hanging the print worker.
                sock.settimeout(remaining(deadline))
                sock.sendall(job)
            except OSError as exc:
                raise PrinterUnavailable(self.where, detail_of(exc), sent=True) from exc
            self._confirm_received(sock)
            finish_connection(sock)

    def _confirm_received(self, sock: socket.socket) -> None:
        """Ask the status once more after the job, on the same connection.

        A job that fits in the network buffers is "sent" even when the printer drops the
        connection right after (python-escpos #253: the slip is silently lost). A printer
        answers in order, so an answer after the job means it took the whole job; a printer
        that answered before and is silent now lost it.
        """
        if not (self._status_check and self._answers_status):
            return
        if socket_ask(sock, time.monotonic() + TIMEOUT)(ASK_PRINTER) is None:
            raise PrinterUnavailable(
                self.where, "принтер не подтвердил приём (связь прервалась)", sent=True
            )

    def _connect(self, deadline: float) -> socket.socket:
        try:
            return socket.create_connection(self.config.host_port, timeout=remaining(deadline))
        except OSError as exc:
            raise PrinterUnavailable(self.where, detail_of(exc)) from exc


class _DriverDevice(_ConfiguredDevice):
    """A printer reached through an escpos class that needs an optional library.

    The escpos object is built inside each call, after checking the library: escpos `Usb`
    without pyusb raises RuntimeError when opened and again from `__del__` ("Exception
    ignored" on stderr), `Serial` and `Win32Raw` raise it from their constructors.
    """

    answers_status = True

    @abstractmethod
    def _build(self) -> Escpos: ...

    def _open(self, printer: Escpos, name: str) -> None:
        printer.open()

    def _check_ready(self) -> None:
        if not self.answers_status:
            return
        printer = self._build()
        try:
            self._open(printer, "status")
            problem = judge_status(escpos_ask(printer))
            printer.close()
        except device_errors() as exc:
            raise PrinterUnavailable(self.where, detail_of(exc)) from exc
        finally:
            close_quietly(printer)
        if problem is not None:
            raise PrinterUnavailable(self.where, problem)

    def _send(self, job: bytes, name: str) -> None:
        printer = self._build()
        opened = False
        try:
            self._open(printer, name)
            opened = True
            printer._raw(job)
            printer.close()  # for the Windows spooler, this is what submits the job
        except device_errors() as exc:
            raise PrinterUnavailable(self.where, detail_of(exc), sent=opened) from exc
        finally:
            close_quietly(printer)


class _UsbDevice(_DriverDevice):
    """A USB printer by vendor:product ids, through pyusb and libusb."""

    def _build(self) -> Escpos:
        if not Usb.is_usable():
            raise PrinterUnavailable(self.where, _NO_PYUSB)
        vendor, product = self.config.usb_ids
        # pyusb counts its timeout in milliseconds.
        return Usb(vendor, product, timeout=round(TIMEOUT * 1000), profile=self.profile)


class _SerialDevice(_DriverDevice):
    """A serial printer (COM3, /dev/ttyUSB0), through pyserial."""

    def _build(self) -> Escpos:
        if not Serial.is_usable():
            raise PrinterUnavailable(self.where, _NO_PYSERIAL)
        return Serial(
            devfile=self.config.target,
            baudrate=self.config.baudrate,
            timeout=TIMEOUT,
            profile=self.profile,
        )

    def _open(self, printer: Escpos, name: str) -> None:
        printer.open()
        # escpos sets only the read timeout; with flow control on and the printer off, a
        # write would wait forever.
        printer.device.write_timeout = TIMEOUT


class _WindowsDevice(_DriverDevice):
    """A Windows printer by name, raw through the spooler (pywin32); the spooler answers
    no status questions."""

    answers_status = False

    def _build(self) -> Escpos:
        if not _ON_WINDOWS:
            raise PrinterUnavailable(self.where, _NOT_WINDOWS)
        if not Win32Raw.is_usable():
            raise PrinterUnavailable(self.where, _NO_PYWIN32)
        return Win32Raw(printer_name=self.config.target, profile=self.profile)

    def _open(self, printer: Escpos, name: str) -> None:
        printer.open(job_name=name)  # the name the spooler's queue shows


_DEVICE_CLASSES: dict[PrinterKind, type[_ConfiguredDevice]] = {
    PrinterKind.FILE: _FileDevice,
    PrinterKind.NETWORK: _NetworkDevice,
    PrinterKind.USB: _UsbDevice,
    PrinterKind.SERIAL: _SerialDevice,
    PrinterKind.WINDOWS: _WindowsDevice,
}
