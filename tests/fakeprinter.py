"""A fake ESC/POS network printer on 127.0.0.1, and a Dummy that fails on demand.

    with FakeNetworkPrinter("ok", status="paper_out") as printer:
        ...connect to printer.host, printer.port...
        printer.wait_closed(1)
        assert printer.jobs == [job]

Modes (what it does with a connection):
    ok      reads everything until the client closes; answers DLE EOT status questions
    refuse  nothing listens on the port, so a connection is refused
    hang    accepts but never reads; its tiny receive buffer makes a large send block
    drop    answers status questions, but resets the connection (SO_LINGER 0 sends RST)
            as soon as more than a few bytes arrived: a job is cut off mid-way

Statuses (how mode ok answers DLE EOT n, n = 1 printer, 2 offline cause, 4 paper sensor;
the bits of the Epson ESC/POS reference, which python-escpos's is_online and
paper_status read):
    ready           online, paper present
    silent          never answers
    offline         offline for no reason the printer tells
    cover_open      offline, cover open
    paper_out       offline, stopped at the paper end, paper-end sensor empty
    paper_near_end  online, near-end sensor empty
    garbage         answers bytes that are no status byte
"""

from __future__ import annotations

import selectors
import socket
import struct
import threading
from types import TracebackType
from typing import Self

from escpos.exceptions import DeviceNotFoundError
from escpos.printer import Dummy

MODES = ("ok", "refuse", "hang", "drop")
_READY = {1: 0x16, 2: 0x12, 3: 0x12, 4: 0x12}  # 0x16: online, drawer pin 3 high
STATUSES: dict[str, dict[int, int]] = {
    "ready": _READY,
    "silent": {},
    "offline": {**_READY, 1: 0x1E},
    "cover_open": {**_READY, 1: 0x1E, 2: 0x16},
    "paper_out": {**_READY, 1: 0x1E, 2: 0x32, 4: 0x7E},
    "paper_near_end": {**_READY, 4: 0x1E},
    "garbage": dict.fromkeys((1, 2, 3, 4), 0x41),
}
_DLE_EOT = b"\x10\x04"
_DROP_AFTER = 16  # bytes mode drop reads before it resets the connection


class FakeNetworkPrinter:
    """A TCP server in a thread that plays a raw-port (9100) printer.

    Attributes:
        host: always 127.0.0.1.
        port: a free port, chosen on entering the `with`.
        connections: how many connections it accepted.
    """

    host = "127.0.0.1"

    def __init__(self, mode: str = "ok", *, status: str = "ready") -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if status not in STATUSES:
            raise ValueError(f"status must be one of {tuple(STATUSES)}, not {status!r}")
        self.mode = mode
        self.status = status
        self.port = 0
        self.connections = 0
        self._jobs: list[bytearray] = []
        self._ended = 0
        self._changed = threading.Condition()
        self._selector: selectors.BaseSelector | None = None
        self._held: list[socket.socket] = []  # mode hang: accepted, never read
        self._wake_read: socket.socket | None = None
        self._wake_write: socket.socket | None = None
        self._thread: threading.Thread | None = None

    @property
    def jobs(self) -> list[bytes]:
        """What arrived on each connection, in order of accepting (status questions too)."""
        with self._changed:
            return [bytes(job) for job in self._jobs]

    @property
    def received(self) -> bytes:
        """Every byte received on every connection."""
        return b"".join(self.jobs)

    def wait_closed(self, count: int = 1, timeout: float = 2.0) -> None:
        """Wait until `count` connections have ended, so their bytes are all in `jobs`."""
        with self._changed:
            if not self._changed.wait_for(lambda: self._ended >= count, timeout):
                raise AssertionError(f"{self._ended} of {count} connections ended in {timeout} s")

    def __enter__(self) -> Self:
        if self.mode == "refuse":
            with socket.create_server((self.host, 0)) as probe:
                self.port = probe.getsockname()[1]
            return self  # the port is closed again: nothing listens on it
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if self.mode in ("hang", "drop"):
            # Set before listen() so that accepted sockets inherit it and the window stays
            # small: a large job then cannot vanish into kernel buffers.
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        listener.bind((self.host, 0))
        listener.listen(8)
        listener.setblocking(False)
        self.port = listener.getsockname()[1]
        self._wake_read, self._wake_write = socket.socketpair()
        self._selector = selectors.DefaultSelector()
        self._selector.register(listener, selectors.EVENT_READ, "listener")
        self._selector.register(self._wake_read, selectors.EVENT_READ, "wake")
        self._thread = threading.Thread(target=self._serve, name="fake-printer", daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._thread is None or self._wake_write is None:
            return
        self._wake_write.send(b"x")
        self._thread.join(timeout=5)
        self._wake_write.close()
        assert not self._thread.is_alive(), "the fake printer's thread did not stop"

    def _serve(self) -> None:
        assert self._selector is not None
        try:
            while True:
                for key, _ in self._selector.select():
                    if key.data == "wake":
                        return
                    if key.data == "listener":
                        self._accept(key.fileobj)  # type: ignore[arg-type]
                    else:
                        self._read(key.fileobj, key.data)  # type: ignore[arg-type]
        finally:
            for key in list(self._selector.get_map().values()):
                key.fileobj.close()  # type: ignore[union-attr]
            self._selector.close()
            for connection in self._held:
                connection.close()

    def _accept(self, listener: socket.socket) -> None:
        assert self._selector is not None
        try:
            connection, _ = listener.accept()
        except BlockingIOError:
            return
        with self._changed:
            self.connections += 1
            self._jobs.append(bytearray())
            state = _Connection(len(self._jobs) - 1)
        if self.mode == "hang":
            self._held.append(connection)
            return
        connection.setblocking(False)
        self._selector.register(connection, selectors.EVENT_READ, state)

    def _read(self, connection: socket.socket, state: _Connection) -> None:
        try:
            chunk = connection.recv(65536)
        except BlockingIOError:
            return
        except ConnectionError:
            chunk = b""
        with self._changed:
            self._jobs[state.index] += chunk
            received = len(self._jobs[state.index])
        if not chunk:
            self._end(connection)
        elif self.mode == "drop" and received > _DROP_AFTER:
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self._end(connection)
        else:
            self._answer(connection, state)

    def _answer(self, connection: socket.socket, state: _Connection) -> None:
        with self._changed:
            data = bytes(self._jobs[state.index])
        replies = STATUSES[self.status]
        while (found := data.find(_DLE_EOT, state.scanned)) >= 0 and found + 2 < len(data):
            reply = replies.get(data[found + 2])
            if reply is not None:
                connection.send(bytes([reply]))
            state.scanned = found + 3
        if found < 0:
            state.scanned = max(len(data) - 1, state.scanned)  # DLE may start the next chunk
        else:
            state.scanned = found  # DLE EOT without n yet

    def _end(self, connection: socket.socket) -> None:
        assert self._selector is not None
        self._selector.unregister(connection)
        connection.close()
        with self._changed:
            self._ended += 1
            self._changed.notify_all()


class _Connection:
    """Where a connection's bytes go and how far its status questions were read."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.scanned = 0


class FlakyDummy(Dummy):
    """An escpos Dummy whose jobs fail while `broken` is set, as `mode` says:

        unplugged   nothing written: escpos cannot open the device (DeviceNotFoundError)
        cut         half of the job reaches the paper, then the link breaks
        lost        the whole job reaches the paper, then the answer is lost (a timeout)

    `papers` keeps every job (or part) that reached the paper, for tests that read it back.
    """

    def __init__(self) -> None:
        super().__init__(profile="TM-T20II")
        self.broken = False
        self.mode = "unplugged"
        self.papers: list[bytes] = []

    def _raw(self, msg: bytes) -> None:
        if not self.broken:
            super()._raw(msg)
            self.papers.append(bytes(msg))
            return
        if self.mode == "unplugged":
            raise DeviceNotFoundError("the printer is unplugged")
        part = bytes(msg) if self.mode == "lost" else bytes(msg)[: len(msg) // 2]
        super()._raw(part)
        self.papers.append(part)
        raise TimeoutError("no answer") if self.mode == "lost" else ConnectionResetError("reset")
