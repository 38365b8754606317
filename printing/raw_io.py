"""Bytes to a socket, a device file or a new job file before a deadline, without python-escpos."""

from __future__ import annotations

import errno
import os
import select
import socket
import time
from pathlib import Path


def remaining(deadline: float) -> float:
    """Seconds left before `deadline` (`time.monotonic`), never quite none: a timeout of 0
    would make a socket non-blocking."""
    return max(deadline - time.monotonic(), 0.001)


def finish_connection(sock: socket.socket) -> None:
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


def write_new_file(folder: Path, stem: str, job: bytes) -> Path:
    """Write `job` to a new file `<stem>.bin` in `folder` (`<stem>-1.bin`... if taken)."""
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


def write_with_deadline(path: str, job: bytes, deadline: float, written: list[int]) -> None:
    """Write `job` to a device file before `deadline`; `written[0]` counts the bytes out."""
    non_blocking = getattr(os, "O_NONBLOCK", 0)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0) | non_blocking
    fd = os.open(path, flags, 0o666)
    try:
        rest = memoryview(job)
        while rest:
            if non_blocking:
                _, writable, _ = select.select([], [fd], [], remaining(deadline))
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
