"""Slip printers from settings: a Dummy to render into, a file or network printer to send to.

Nothing else in the program knows the transports (STYLE.md B1). A job is rendered into a
`Dummy` and sent in one write (`send`), so a dropped link never leaves half a slip; every
escpos or OS failure on the way becomes `pos.errors.PrinterUnavailable` (STYLE.md B3.7).
USB, serial and Windows spooler printers come later.
"""

from __future__ import annotations

import enum
import logging
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from escpos.escpos import Escpos
from escpos.exceptions import Error as EscposError
from escpos.printer import Dummy, File, Network

from pos.errors import PrinterUnavailable

log = logging.getLogger(__name__)

# Epson's 80 mm model: CP866 in slot 17, CODE128 in hardware, native QR, a cutter, and a
# real media width (the "default" profile has none and makes escpos print to stdout).
DEFAULT_PROFILE = "TM-T20II"


class PrinterKind(enum.StrEnum):
    """How the slip printer is reached."""

    FILE = "file"  # a device file (/dev/usb/lp0) or any file, e.g. to keep jobs for a preview
    NETWORK = "network"  # raw TCP, port 9100 on most printers


@dataclass(frozen=True)
class PrinterSettings:
    """Where the slip printer is and which escpos capability profile describes it."""

    kind: PrinterKind
    path: str = ""
    host: str = ""
    port: int = 9100
    # Seconds. python-escpos waits 60 s by default; the cashier should know sooner.
    timeout: float = 5.0
    profile: str = DEFAULT_PROFILE

    @property
    def where(self) -> str:
        """The printer as the cashier's message names it."""
        if self.kind is PrinterKind.FILE:
            return self.path
        return f"{self.host}:{self.port}"


def dummy_printer(profile: str = DEFAULT_PROFILE) -> Dummy:
    """A printer that only collects the bytes of a job (`.output`).

    Raises:
        PrinterUnavailable: escpos has no profile of that name.
    """
    try:
        return Dummy(profile=profile)
    except KeyError as exc:
        raise PrinterUnavailable(profile, "неизвестная модель принтера") from exc


@contextmanager
def connected(settings: PrinterSettings) -> Iterator[Escpos]:
    """The configured printer, opened; closed on leaving the `with`, whatever happened.

    Raises:
        PrinterUnavailable: the printer could not be opened, or a write to it failed.
    """
    printer = _build(settings)
    try:
        _open(printer, settings)
        yield printer
    except (EscposError, OSError) as exc:
        raise PrinterUnavailable(settings.where, _detail(exc)) from exc
    finally:
        printer.close()


def send(settings: PrinterSettings, job: bytes) -> None:
    """Write a rendered job (a Dummy's `.output`) to the printer in one piece.

    Raises:
        PrinterUnavailable: the printer could not be opened or the write failed.
    """
    with connected(settings) as printer:
        # python-escpos has no public raw write; this is the recipe of notes/libraries.md §1.
        printer._raw(job)
    log.info("sent %d bytes to the slip printer %s", len(job), settings.where)


def _build(settings: PrinterSettings) -> Escpos:
    try:
        if settings.kind is PrinterKind.FILE:
            return File(settings.path, profile=settings.profile)
        return Network(settings.host, settings.port, settings.timeout, profile=settings.profile)
    except KeyError as exc:
        raise PrinterUnavailable(settings.where, "неизвестная модель принтера") from exc


def _open(printer: Escpos, settings: PrinterSettings) -> None:
    if settings.kind is PrinterKind.FILE:
        printer.open()
        return
    # Network.open() leaves its socket unclosed when the connection fails (a ResourceWarning);
    # create_connection closes it, and the printer object then writes to ours.
    printer.device = socket.create_connection(
        (settings.host, settings.port), timeout=settings.timeout
    )


def _detail(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return "не ответил вовремя"
    if isinstance(exc, ConnectionRefusedError):
        return "соединение отклонено"
    text = " ".join(str(exc).split())
    return text or type(exc).__name__
