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

import errno
import logging
import os
import re
import select
import socket
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from escpos import capabilities
from escpos.escpos import Escpos
from escpos.exceptions import DeviceNotFoundError
from escpos.exceptions import Error as EscposError
from escpos.printer import Dummy, Serial, Usb, Win32Raw

from pos.errors import PrinterUnavailable
from pos.printers import PrinterConfig, PrinterKind

log = logging.getLogger(__name__)

# Epson's 80 mm model: CP866 in slot 17, CODE128 in hardware, native QR, a cutter, and a
# real media width (the "default" profile has none and makes escpos print to stdout).
DEFAULT_PROFILE = "TM-T20II"
# Seiko's 58 mm model: CP866 in the Epson slot 17 and nowhere else, CODE128 and QR in
# hardware, a real media width. POS-5890 (the Chinese 58 mm clones) lists CP866 twice, and
# has no cutter and no QR or CODE128 of its own (printing.layout prints by what a profile
# says, and selects a code page's first slot).
DEFAULT_PROFILE_58MM = "RP-F10-58mm"
_PROFILE_BY_PAPER = {80: DEFAULT_PROFILE, 58: DEFAULT_PROFILE_58MM}

# Seconds for connecting, writing a job and waiting for a status answer. Read at each
# call, so tests may lower it.
TIMEOUT = 5.0

_NO_PYUSB = "не установлена библиотека pyusb: pip install python-escpos[usb]"
_NO_PYSERIAL = "не установлена библиотека pyserial: pip install python-escpos[serial]"
_NO_PYWIN32 = "не установлена библиотека pywin32: pip install python-escpos[win32]"
_NOT_WINDOWS = "принтер Windows доступен только в Windows"
_ON_WINDOWS = sys.platform == "win32"

# Real-time status (DLE EOT n), as the Epson ESC/POS reference describes the reply byte.
# python-escpos reads the same bits: is_online() tests 0x08, paper_status() 0x72 and 0x1E.
_DLE_EOT = b"\x10\x04"
_ASK_PRINTER, _ASK_OFFLINE_CAUSE, _ASK_PAPER = 1, 2, 4
_FIXED_MASK, _FIXED_BITS = 0x93, 0x12  # bits 1 and 4 on, bits 0 and 7 off in every reply
_OFFLINE = 0x08  # n=1, bit 3
_COVER_OPEN = 0x04  # n=2, bit 2
_STOPPED_AT_PAPER_END = 0x20  # n=2, bit 5
_ERROR = 0x40  # n=2, bit 6 (cutter jam, head too hot)
_PAPER_NEAR_END = 0x0C  # n=4, bits 2 and 3
_PAPER_END = 0x60  # n=4, bits 5 and 6

_NO_PAPER = "нет бумаги"
_SAFE_NAME = re.compile(r"[^\w.-]+")

# A status question (DLE EOT n) and the printer's answer: the status byte, or None when it
# did not answer in time or answered something that is no status byte.
_Ask = Callable[[int], int | None]


def profile_for(config: PrinterConfig) -> str:
    """The python-escpos capability profile to render this printer's jobs for.

    Args:
        config: the printer's settings; an empty `profile` picks one by paper width.

    Returns:
        A profile name escpos knows, e.g. "TM-T20II".

    Raises:
        PrinterUnavailable: escpos knows no profile of the configured name.
    """
    name = config.profile or _PROFILE_BY_PAPER.get(config.paper_mm, DEFAULT_PROFILE)
    if name not in capabilities.CAPABILITIES["profiles"]:
        raise PrinterUnavailable(config.where, f"неизвестная модель принтера «{name}»")
    return name


def dummy_printer(profile: str = DEFAULT_PROFILE) -> Dummy:
    """A printer that only collects the bytes of a job (`.output`).

    Raises:
        PrinterUnavailable: escpos has no profile of that name.
    """
    try:
        return Dummy(profile=profile)
    except KeyError as exc:
        raise PrinterUnavailable(profile, f"неизвестная модель принтера «{profile}»") from exc


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


def device_for(printer: Escpos) -> Device:
    """A device around an escpos printer object (a Dummy in tests, or an integrator's own).

    `send` writes each job with `printer._raw` (a Dummy collects it in `.output`) and then
    closes the printer; `check_ready` asks the status only of printers that can read.
    """
    return _EscposObjectDevice(printer)


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
            self.last_path = _write_new_file(self.jobs_dir, stem, job)
        except OSError as exc:
            raise PrinterUnavailable(str(self.jobs_dir), _detail(exc)) from exc


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
            _write_with_deadline(self.config.target, job, time.monotonic() + TIMEOUT, written)
        except OSError as exc:
            raise PrinterUnavailable(self.where, _detail(exc), sent=written[0] > 0) from exc


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
            ask = _socket_ask(sock, deadline)
            answers: list[int] = []

            def remembering(n: int) -> int | None:
                reply = ask(n)
                if reply is not None:
                    answers.append(reply)
                return reply

            problem = _judge_status(remembering)
            _finish(sock)
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
                sock.settimeout(_remaining(deadline))
                sock.sendall(job)
            except OSError as exc:
                raise PrinterUnavailable(self.where, _detail(exc), sent=True) from exc
            self._confirm_received(sock)
            _finish(sock)

    def _confirm_received(self, sock: socket.socket) -> None:
        """Ask the status once more after the job, on the same connection.

        A job that fits in the network buffers is "sent" even when the printer drops the
        connection right after (python-escpos #253: the slip is silently lost). A printer
        answers in order, so an answer after the job means it took the whole job; a printer
        that answered before and is silent now lost it.
        """
        if not (self._status_check and self._answers_status):
            return
        if _socket_ask(sock, time.monotonic() + TIMEOUT)(_ASK_PRINTER) is None:
            raise PrinterUnavailable(
                self.where, "принтер не подтвердил приём (связь прервалась)", sent=True
            )

    def _connect(self, deadline: float) -> socket.socket:
        try:
            return socket.create_connection(self.config.host_port, timeout=_remaining(deadline))
        except OSError as exc:
            raise PrinterUnavailable(self.where, _detail(exc)) from exc


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
            problem = _judge_status(_escpos_ask(printer))
            printer.close()
        except _device_errors() as exc:
            raise PrinterUnavailable(self.where, _detail(exc)) from exc
        finally:
            _close_quietly(printer)
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
        except _device_errors() as exc:
            raise PrinterUnavailable(self.where, _detail(exc), sent=opened) from exc
        finally:
            _close_quietly(printer)


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


class _EscposObjectDevice(Device):
    """An escpos printer object given from outside (`main.open_shop(url, printer=Dummy())`)."""

    def __init__(self, printer: Escpos) -> None:
        super().__init__(_object_where(printer), _profile_name(printer))
        self.printer = printer

    def _check_ready(self) -> None:
        # Escpos._read raises NotImplementedError; asking would also leave the question's
        # bytes in a Dummy's output.
        if type(self.printer)._read is Escpos._read:
            return
        try:
            problem = _judge_status(_escpos_ask(self.printer))
        finally:
            _close_quietly(self.printer)
        if problem is not None:
            raise PrinterUnavailable(self.where, problem)

    def _send(self, job: bytes, name: str) -> None:
        # escpos raises DeviceNotFoundError when it cannot open its device: nothing went out.
        # Any other failure may come after some of the job was written.
        try:
            self.printer._raw(job)
            self.printer.close()
        except _device_errors() as exc:
            sent = not isinstance(exc, DeviceNotFoundError)
            raise PrinterUnavailable(self.where, _detail(exc), sent=sent) from exc
        finally:
            _close_quietly(self.printer)

    def close(self) -> None:
        _close_quietly(self.printer)


def _judge_status(ask: _Ask) -> str | None:
    """What the printer's status answers say keeps it from printing, or None if nothing."""
    printer = ask(_ASK_PRINTER)
    if printer is None:
        return None  # no answer: the send will tell
    paper = ask(_ASK_PAPER)
    if paper is not None and paper & _PAPER_END == _PAPER_END:
        return _NO_PAPER
    if printer & _OFFLINE:
        return _offline_words(ask(_ASK_OFFLINE_CAUSE))
    if paper is not None and paper & _PAPER_NEAR_END == _PAPER_NEAR_END:
        log.info("the printer's paper roll is nearly used up")
    return None


def _offline_words(cause: int | None) -> str:
    if cause is not None:
        if cause & _COVER_OPEN:
            return "крышка открыта"
        if cause & _STOPPED_AT_PAPER_END:
            return _NO_PAPER
        if cause & _ERROR:
            return "принтер сообщил об ошибке (нож, перегрев)"
    return "принтер не в сети"


def _status_byte(reply: bytes) -> int | None:
    if not reply or reply[0] & _FIXED_MASK != _FIXED_BITS:
        return None  # silence, the connection closed, or bytes that are no status
    return reply[0]


def _socket_ask(sock: socket.socket, deadline: float) -> _Ask:
    def ask(n: int) -> int | None:
        if deadline <= time.monotonic():
            return None
        try:
            sock.settimeout(_remaining(deadline))
            sock.sendall(_DLE_EOT + bytes([n]))
            return _status_byte(sock.recv(1))
        except OSError:  # no answer in time or the link failed: the send will tell which
            return None

    return ask


def _escpos_ask(printer: Escpos) -> _Ask:
    silence: tuple[type[BaseException], ...] = (NotImplementedError, *_device_errors())

    def ask(n: int) -> int | None:
        try:
            printer._raw(_DLE_EOT + bytes([n]))
            return _status_byte(bytes(printer._read()))
        except silence:  # cannot answer, or did not in time
            return None

    return ask


def _finish(sock: socket.socket) -> None:
    """End a connection gently, so that the printer keeps the job.

    Closing a socket with unread input (a printer's automatic status) sends RST instead
    of FIN, and a printer may drop what it has not printed yet on RST.
    """
    try:
        sock.shutdown(socket.SHUT_WR)
        sock.setblocking(False)
        while sock.recv(4096):
            pass
    except OSError:  # nothing (more) to read, or the printer already closed: all done
        return


def _remaining(deadline: float) -> float:
    return max(deadline - time.monotonic(), 0.001)


def _write_new_file(folder: Path, stem: str, job: bytes) -> Path:
    for attempt in range(1000):
        path = folder / (f"{stem}-{attempt}.bin" if attempt else f"{stem}.bin")
        try:
            with path.open("xb") as file:
                file.write(job)
        except FileExistsError:
            continue
        except OSError:
            path.unlink(missing_ok=True)
            raise
        return path
    raise FileExistsError(errno.EEXIST, "no free file name", str(folder / stem))


def _write_with_deadline(path: str, job: bytes, deadline: float, written: list[int]) -> None:
    """Write `job` to a device file before `deadline`; `written[0]` counts the bytes out."""
    non_blocking = getattr(os, "O_NONBLOCK", 0)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0) | non_blocking
    fd = os.open(path, flags, 0o666)
    try:
        rest = memoryview(job)
        while rest:
            if non_blocking:
                _, writable, _ = select.select([], [fd], [], _remaining(deadline))
                if not writable:
                    raise TimeoutError(errno.ETIMEDOUT, "the device took no data", path)
            try:
                count = os.write(fd, rest)
            except BlockingIOError:
                continue
            written[0] += count
            rest = rest[count:]
    finally:
        os.close(fd)


def _close_quietly(printer: Escpos) -> None:
    try:
        printer.close()
    except _device_errors() as exc:  # the call's own outcome has been decided already
        log.debug("closing %s failed: %r", type(printer).__name__, exc)


def _device_errors() -> tuple[type[BaseException], ...]:
    """The exceptions a printer library raises for device trouble.

    pyusb's USBError and pyserial's SerialException are OSErrors; pywin32's error and
    pyusb's NoBackendError (a ValueError) are not, and are only named when loaded.
    """
    found: list[type[BaseException]] = [EscposError, OSError]
    for module, name in (("pywintypes", "error"), ("usb.core", "NoBackendError")):
        error = getattr(sys.modules.get(module), name, None)
        if isinstance(error, type) and issubclass(error, BaseException):
            found.append(error)
    return tuple(found)


_WORDS_BY_CLASS: tuple[tuple[type[BaseException], str], ...] = (
    (TimeoutError, "не ответил вовремя"),
    (ConnectionRefusedError, "соединение отклонено"),
    (ConnectionError, "соединение прервано"),  # reset, aborted, broken pipe
    (socket.gaierror, "адрес не найден"),
    (FileNotFoundError, "нет такого файла или устройства"),
    (IsADirectoryError, "указана папка, а не файл"),
    (PermissionError, "нет прав доступа"),
)
_WORDS_BY_ERRNO = {
    errno.ETIMEDOUT: "не ответил вовремя",
    errno.EACCES: "нет прав доступа",
    errno.EHOSTUNREACH: "нет связи с адресом",
    errno.ENETUNREACH: "нет связи с сетью",
    errno.ENXIO: "устройство не подключено",
    errno.ENODEV: "устройство не подключено",
    errno.EBUSY: "устройство занято",
    errno.ENOSPC: "нет места на диске",
    errno.EIO: "ошибка ввода-вывода",
}
_WORDS_BY_NAME = {
    "SerialTimeoutException": "не ответил вовремя",
    "USBTimeoutError": "не ответил вовремя",
    "NoBackendError": "не найдена системная библиотека libusb",
}


def _detail(exc: BaseException) -> str:
    """A few Russian words for what went wrong, for the cashier's message."""
    # escpos raises DeviceNotFoundError inside `except OSError`, so the OS's reason is its
    # context.
    if isinstance(exc, EscposError) and exc.__context__ is not None:
        reason: BaseException = exc.__context__
    else:
        reason = exc
    name = type(reason).__name__
    if name in _WORDS_BY_NAME:
        return _WORDS_BY_NAME[name]
    for error_class, words in _WORDS_BY_CLASS:
        if isinstance(reason, error_class):
            return words
    code = getattr(reason, "errno", None)
    if isinstance(code, int) and code in _WORDS_BY_ERRNO:
        return _WORDS_BY_ERRNO[code]
    if isinstance(exc, DeviceNotFoundError):
        return "устройство не найдено"
    if isinstance(code, int):
        return f"ошибка устройства ({errno.errorcode.get(code, code)})"
    return f"ошибка устройства ({name})"


def _profile_name(printer: Escpos) -> str:
    data = printer.profile.profile_data
    for name, candidate in capabilities.CAPABILITIES["profiles"].items():
        if candidate is data:
            return str(name)
    return "default"  # an escpos.capabilities.Profile of the integrator's own


def _object_where(printer: Escpos) -> str:
    kind = type(printer).__name__
    host = getattr(printer, "host", "")
    if host:
        return f"{kind} {host}:{getattr(printer, 'port', '')}".rstrip(":")
    place = getattr(printer, "devfile", "") or getattr(printer, "printer_name", "")
    return f"{kind} {place or _profile_name(printer)}"
