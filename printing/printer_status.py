"""The printer's real-time status (DLE EOT n): the questions, asked over a socket or an escpos
object, and what the answers say keeps it from printing.
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable

from escpos.escpos import Escpos

from printing.device_errors import device_errors
from printing.raw_io import remaining

log = logging.getLogger(__name__)

# Real-time status (DLE EOT n), as the Epson ESC/POS reference describes the reply byte.
# python-escpos reads the same bits: is_online() tests 0x08, paper_status() 0x72 and 0x1E.
_DLE_EOT = b"\x10\x04"
ASK_PRINTER, _ASK_OFFLINE_CAUSE, _ASK_PAPER = 1, 2, 4
_FIXED_MASK, _FIXED_BITS = 0x93, 0x12  # bits 1 and 4 on, bits 0 and 7 off in every reply
_OFFLINE = 0x08  # n=1, bit 3
_COVER_OPEN = 0x04  # n=2, bit 2
_STOPPED_AT_PAPER_END = 0x20  # n=2, bit 5
_ERROR = 0x40  # n=2, bit 6 (cutter jam, head too hot)
_PAPER_NEAR_END = 0x0C  # n=4, bits 2 and 3
_PAPER_END = 0x60  # n=4, bits 5 and 6
_NO_PAPER = "нет бумаги"


# A status question (DLE EOT n) and the printer's answer: the status byte, or None when it
# did not answer in time or answered something that is no status byte.
Ask = Callable[[int], int | None]


def judge_status(ask: Ask) -> str | None:
    """What the printer's status answers say keeps it from printing, or None if nothing."""
    printer = ask(ASK_PRINTER)
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


def socket_ask(sock: socket.socket, deadline: float) -> Ask:
    """Status questions over a connected socket, each answered before `deadline` or not at all."""

    def ask(n: int) -> int | None:
        if deadline <= time.monotonic():
            return None
        try:
            sock.settimeout(remaining(deadline))
            sock.sendall(_DLE_EOT + bytes([n]))
            return _status_byte(sock.recv(1))
        except OSError:  # no answer in time or the link failed: the send will tell which
            return None

    return ask


def escpos_ask(printer: Escpos) -> Ask:
    """Status questions through an escpos printer object; one that cannot read answers none."""

    silence: tuple[type[BaseException], ...] = (NotImplementedError, *device_errors())

    def ask(n: int) -> int | None:
        try:
            printer._raw(_DLE_EOT + bytes([n]))
            return _status_byte(bytes(printer._read()))
        except silence:  # cannot answer, or did not in time
            return None

    return ask
