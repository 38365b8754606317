"""A stand-in for the СККС controller, speaking DESIGN.md's protocol, with switches (issue 35).

Stdlib only. `POST /v1/messages` registers a message once under a number ("R000001", ...):
the same id with the same content again gets the same number, with other content `409`;
a kind in `refuse_kinds` is refused with `422` and its reason; an `annul` message undoes the
registration of its `of` (an id never registered is answered 200 too, and stays annulled
should it arrive later). The switches (`down`, `reset`, `delay`, `drop`, `refuse_kinds`) are
attributes, also set over HTTP (`POST /control` with a JSON object) so that a soak in another
process can flip them. Reads: `GET /v1/log` (every registration in order, annulments being
registrations of `annul` messages) and `GET /v1/totals?terminal=К1&day=2026-12-05` (count and
sum in kopecks per kind of what stands registered and not annulled, the day read from the
message's `at` in its own offset), and the same as methods.

    with SimulatedController() as sim:      # a free port on loopback
        link = build_link(LinkConfig(sim.url))
        sim.drop = 0.5

`python main.py skks-simulator --port 8765` (or `python -m tests.skks_simulator`) serves until
Ctrl+C and writes a line per request on stdout.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import signal
import socket
import ssl
import struct
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.skks_registry import Registry, Total

DEFAULT_REASON = "Операция этого вида не принимается (симулятор СККС)"


def _reasons(kinds: Any) -> dict[str, str]:
    """`refuse_kinds` as given: kinds with their reasons, or a list of kinds."""
    if isinstance(kinds, str):
        raise ValueError("refuse_kinds: a list of kinds or an object of kinds and reasons")
    reasons = kinds if isinstance(kinds, Mapping) else dict.fromkeys(kinds, DEFAULT_REASON)
    return {str(kind): str(reason) for kind, reason in reasons.items()}


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ValueError(f"not a number of seconds or a probability: {value!r}")
    return float(value)


# The switches and how a value given over HTTP becomes one.
SWITCHES: dict[str, Callable[[Any], Any]] = {
    "down": bool,
    "reset": bool,
    "delay": _number,
    "drop": _number,
    "refuse_kinds": _reasons,
}


class SimulatedController:
    """The controller on a free port of loopback, started and stopped as a context manager."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        cert: str = "",
        key: str = "",
        client_ca: str = "",
        echo: bool = False,
        seed: int | None = None,
    ) -> None:
        self.down = False  # close each message's connection without an answer
        self.reset = False  # ... and with a reset (RST) rather than a clean close
        self.delay = 0.0  # seconds between the registration and its answer
        self.drop = 0.0  # probability of registering, then closing without an answer
        self.refuse_kinds: dict[str, str] = {}  # kind -> the reason of its 422
        self.echo = echo
        self._random = random.Random(seed)
        self.registry = Registry()
        self._stopping = threading.Event()
        self._server = _Server((host, port), _Handler, self, _tls(cert, key, client_ca))
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="skks-sim"
        )

    @property
    def url(self) -> str:
        """Where the controller answers, e.g. "http://127.0.0.1:41234"."""
        host, port = self._server.server_address[:2]
        return f"{'https' if self._server.tls else 'http'}://{host!s}:{port}"

    def start(self) -> SimulatedController:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; connections still open are shut, their threads joined."""
        self._stopping.set()
        self._server.shutdown()
        self._server.close_connections()
        self._server.server_close()
        self._thread.join()

    def __enter__(self) -> SimulatedController:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    # --- the switches and the reads --------------------------------------------------------

    def set(self, switches: Mapping[str, Any]) -> dict[str, Any]:
        """Set the switches given (as `POST /control` does), all or none; all of them after.

        Raises:
            ValueError: a switch unknown or a value it cannot take.
        """
        unknown = set(switches) - set(SWITCHES)
        if unknown:
            raise ValueError(f"unknown switches: {sorted(unknown)}")
        values = {name: SWITCHES[name](value) for name, value in switches.items()}
        for name, value in values.items():
            setattr(self, name, value)
        return self.switches()

    def switches(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SWITCHES}

    def log(self) -> list[dict[str, Any]]:
        """Every registration in order: number, id, terminal, kind, at (and `of`: annul)."""
        return self.registry.log()

    def annulled(self, message_id: str) -> bool:
        return self.registry.annulled(message_id)

    def message(self, message_id: str) -> dict[str, Any]:
        """The message registered under `message_id`, as it arrived."""
        return self.registry.message(message_id)

    def heard(self, message_id: str) -> int:
        """How many times the message arrived."""
        return self.registry.heard(message_id)

    def totals(self, terminal: str, day: date | str) -> dict[str, Total]:
        """Per kind, what stands registered of `terminal` on `day` (in the message's offset)."""
        return self.registry.totals(terminal, day)

    def dropping(self) -> bool:
        return self.drop > 0 and self._random.random() < self.drop

    def wait(self, seconds: float) -> None:
        """Sleep before answering, cut short when the simulator stops."""
        if seconds > 0:
            self._stopping.wait(seconds)


class _Server(ThreadingHTTPServer):
    """Threads per connection; TLS is negotiated in the connection's thread, not the loop."""

    daemon_threads = False  # joined at stop: no thread outlives the simulator

    def __init__(
        self,
        address: tuple[str, int],
        handler: type[BaseHTTPRequestHandler],
        controller: SimulatedController,
        tls: ssl.SSLContext | None,
    ) -> None:
        self.controller = controller
        self.tls = tls
        self.open: set[socket.socket] = set()
        self.open_lock = threading.Lock()
        super().__init__(address, handler)

    def finish_request(self, request: Any, client_address: Any) -> None:
        request.settimeout(30)
        if self.tls is None:
            self._serve(request, client_address)
            return
        with self.tls.wrap_socket(request, server_side=True) as secured:
            self._serve(secured, client_address)

    def _serve(self, connection: socket.socket, client_address: Any) -> None:
        with self.open_lock:
            self.open.add(connection)
        try:
            _Handler(connection, client_address, self)
        finally:
            with self.open_lock:
                self.open.discard(connection)

    def close_connections(self) -> None:
        with self.open_lock:
            for connection in self.open:
                _shut(connection)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client gone, a failed TLS handshake, a connection shut at stop: the controller's
        # daily weather, not a fault of the simulator; anything else is printed as usual.
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the link keeps its connection
    # The answer's body sent at once after its headers: with Nagle's algorithm it waited for
    # the client's delayed ACK, 40 ms a message (tests/bench/skks_drain.py, issue 35).
    disable_nagle_algorithm = True
    server: _Server

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        controller = self.server.controller
        path = urlsplit(self.path).path
        if path == "/control":
            try:
                self._reply(200, controller.set(json.loads(raw or b"{}")))
            except (ValueError, TypeError, AttributeError) as exc:
                self._reply(400, {"error": "bad_control", "message": str(exc)})
        elif path != "/v1/messages":
            self._reply(404, {"error": "not_found"})
        elif controller.down:
            self._cut(raw, reset=controller.reset)
        else:
            status, answer = controller.registry.answer(raw, controller.refuse_kinds)
            if controller.dropping():
                self._cut(raw, reset=False)
                return
            controller.wait(controller.delay)
            self._reply(status, answer, raw)

    def do_GET(self) -> None:
        controller = self.server.controller
        parts = urlsplit(self.path)
        query = {name: values[0] for name, values in parse_qs(parts.query).items()}
        if parts.path == "/v1/log":
            self._reply(200, {"log": controller.log()})
        elif parts.path == "/v1/totals" and {"terminal", "day"} <= query.keys():
            try:
                totals = controller.totals(query["terminal"], query["day"])
            except ValueError:
                self._reply(400, {"error": "bad_day", "message": "day: YYYY-MM-DD"})
                return
            self._reply(200, {name: asdict(total) for name, total in totals.items()})
        elif parts.path == "/control":
            self._reply(200, controller.switches())
        else:
            self._reply(404, {"error": "not_found"})

    def _reply(self, status: int, answer: Mapping[str, Any], raw: bytes = b"") -> None:
        data = json.dumps(answer, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json; charset=utf-8")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self._echo(status, raw, answer)

    def _cut(self, raw: bytes, *, reset: bool) -> None:
        """Close the connection without an answer (with a reset: RST, not FIN)."""
        self.close_connection = True
        if reset:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self._echo(0, raw, {"cut": "reset" if reset else "closed"})

    def _echo(self, status: int, raw: bytes, answer: Mapping[str, Any]) -> None:
        if not self.server.controller.echo or not self.path.startswith("/v1/messages"):
            return
        try:
            message = json.loads(raw)
            what = " ".join(str(message[name]) for name in ("id", "kind", "of") if name in message)
        except (ValueError, RecursionError, TypeError):
            what = f"{len(raw)} байт"
        stamp = time.strftime("%H:%M:%S")
        sys.stdout.write(
            f"{stamp} {what} -> {status or 'нет ответа'} {json.dumps(answer, ensure_ascii=False)}\n"
        )
        sys.stdout.flush()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the stderr line per request of http.server; `echo` writes ours."""


def _shut(connection: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed by its thread
        connection.shutdown(socket.SHUT_RDWR)


def _tls(cert: str, key: str, client_ca: str) -> ssl.SSLContext | None:
    """TLS with the simulator's certificate; with `client_ca`, a client certificate required."""
    if not cert:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key or None)
    if client_ca:
        context.load_verify_locations(client_ca)
        context.verify_mode = ssl.CERT_REQUIRED
    return context


# --- helpers for a soak in another process (urllib: no dependency) ----------------------------


def control(url: str, **switches: Any) -> dict[str, Any]:
    """Flip the switches of the simulator at `url`; all of them after."""
    found: dict[str, Any] = _call(url, "/control", json.dumps(switches).encode("utf-8"))
    return found


def fetch_log(url: str) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = _call(url, "/v1/log")["log"]
    return log


def fetch_totals(url: str, terminal: str, day: date) -> dict[str, Total]:
    query = urllib.parse.urlencode({"terminal": terminal, "day": day.isoformat()})
    found = _call(url, f"/v1/totals?{query}")
    return {kind: Total(**total) for kind, total in found.items()}


def _call(url: str, path: str, data: bytes | None = None) -> Any:
    request = urllib.request.Request(url.rstrip("/") + path, data=data)
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def main(argv: Sequence[str] | None = None) -> int:
    """Serve until Ctrl+C (`python main.py skks-simulator --port N`)."""
    found = argparse.ArgumentParser(
        prog="betshop-pos skks-simulator", description="Симулятор контроллера СККС (issue 35)."
    )
    found.add_argument("--host", default="127.0.0.1", help="адрес (по умолчанию 127.0.0.1)")
    found.add_argument("--port", type=int, default=8765, help="порт (по умолчанию 8765)")
    found.add_argument("--cert", default="", help="сертификат сервера (PEM), с ним — HTTPS")
    found.add_argument("--key", default="", help="ключ сертификата, если он в другом файле")
    found.add_argument("--client-ca", default="", help="CA, которым подписаны сертификаты касс")
    args = found.parse_args(argv)
    # Ctrl+C stops it even when started where SIGINT is ignored (a shell's background job
    # passes that on to its children, and the simulator then never stopped).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    simulator = SimulatedController(
        host=args.host,
        port=args.port,
        cert=args.cert,
        key=args.key,
        client_ca=args.client_ca,
        echo=True,
    )
    with simulator:
        sys.stdout.write(f"Симулятор СККС: {simulator.url} (Ctrl+C — остановить)\n")
        sys.stdout.flush()
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
