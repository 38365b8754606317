"""The link's reading of the controller's answers (db.skks_link): whatever comes back, an
Answer or LinkDown, never another exception (issue 35)."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db.skks_link import HttpLink
from pos.skks.link import LinkConfig, LinkDown, Refused, Registered
from tests.integration.test_skks_link import TIMEOUT, body

# --- whatever the server answers: an Answer or LinkDown, never anything else -------------

ENCODINGS = st.sampled_from([None, "gzip", "deflate", "br", "identity", "zstd", "x-bogus"])
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=8,
)
ANSWER_OBJECTS = st.fixed_dictionaries(
    {},
    optional={"registered": JSONISH, "error": JSONISH, "message": JSONISH},
).map(lambda answer: json.dumps(answer).encode())
ANSWER_BYTES = st.one_of(
    st.binary(max_size=200),
    ANSWER_OBJECTS,
    JSONISH.map(lambda value: json.dumps(value).encode()),
    st.sampled_from(
        [b"[" * 50_000, b"x" * 70_000, b"1" * 5_000, b'{"registered": "R1"', b"\xff\xfe{"]
    ),
)
STATUSES = st.sampled_from([200, 409, 422]) | st.integers(min_value=100, max_value=599)


@pytest.fixture(scope="module")
def mocked() -> Iterator[tuple[HttpLink, list[httpx.Response]]]:
    """One link for every example (its TLS context costs more than an example), answering
    with whatever response the example puts in the list."""
    answers: list[httpx.Response] = []
    link = HttpLink(
        LinkConfig("http://kiz.test/"), transport=httpx.MockTransport(lambda _: answers.pop())
    )
    yield link, answers
    link.close()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(status=STATUSES, content=ANSWER_BYTES, encoding=ENCODINGS)
def test_whatever_the_answer_the_link_returns_an_answer_or_says_no_answer(
    mocked: tuple[HttpLink, list[httpx.Response]],
    status: int,
    content: bytes,
    encoding: str | None,
) -> None:
    link, answers = mocked
    headers = {"content-encoding": encoding} if encoding else {}
    # A stream, not `content=`: the body is decoded as the link reads it, not built here.
    answers.append(httpx.Response(status, headers=headers, stream=httpx.ByteStream(content)))
    try:
        found = link.send(body(1), timeout=TIMEOUT)
    except LinkDown as exc:
        assert exc.detail
    else:
        assert isinstance(found, Registered | Refused)
        assert status in (200, 409, 422)
        if isinstance(found, Registered):
            assert found.number and found.number.isprintable()
    assert answers == []


class RawServer:
    """Answers each connection with the bytes it is given, then closes it: what a broken
    proxy or a half-dead controller may send, below HTTP."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.answer = b""
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return  # closed: the tests are over
            with connection:
                connection.settimeout(5)
                with contextlib.suppress(OSError):
                    _read_request(connection)
                    connection.sendall(self.answer)

    def close(self) -> None:
        self.listener.close()


def _read_request(connection: socket.socket) -> None:
    seen = b""
    while b"\r\n\r\n" not in seen:
        chunk = connection.recv(65536)
        if not chunk:
            return
        seen += chunk
    head, _, rest = seen.partition(b"\r\n\r\n")
    length = int(re.search(rb"content-length: *(\d+)", head, re.I).group(1))
    while len(rest) < length:
        rest += connection.recv(65536)


@pytest.fixture(scope="module")
def raw_server() -> Iterator[RawServer]:
    server = RawServer()
    yield server
    server.close()


STATUS_LINES = st.sampled_from(
    [b"HTTP/1.1 200 OK", b"HTTP/1.1 422 X", b"HTTP/1.1 409 ", b"HTTP/1.0 200", b"HTTP/1.1 999 ?"]
) | st.binary(max_size=30)
HEADER_LINES = st.lists(
    st.sampled_from(
        [
            b"Content-Length: 0",
            b"Content-Length: 5",
            b"Content-Length: 99999",
            b"Content-Length: -1",
            b"Transfer-Encoding: chunked",
            b"Content-Encoding: gzip",
            b"Connection: close",
            b"Content-Type: application/json",
        ]
    )
    | st.binary(max_size=30),
    max_size=4,
)
RAW_ANSWERS = st.one_of(
    st.binary(max_size=300),
    st.builds(
        lambda status, headers, content: b"\r\n".join([status, *headers, b"", content]),
        STATUS_LINES,
        HEADER_LINES,
        ANSWER_BYTES,
    ),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=RAW_ANSWERS)
def test_whatever_bytes_come_back_on_the_socket_the_link_answers_or_says_no_answer(
    raw_server: RawServer, raw: bytes
) -> None:
    raw_server.answer = raw
    link = HttpLink(LinkConfig(raw_server.url), transport=httpx.HTTPTransport(retries=0))
    try:
        found = link.send(body(1), timeout=TIMEOUT)
    except LinkDown as exc:
        assert exc.detail
    else:
        assert isinstance(found, Registered | Refused)
    finally:
        link.close()


def test_the_message_is_posted_as_utf8_json_to_the_messages_path() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"registered": "R000007"})

    link = HttpLink(LinkConfig("https://kiz.test/base/"), transport=httpx.MockTransport(answer))
    with link:
        assert link.send(body(1), timeout=TIMEOUT) == Registered("R000007")
    (request,) = seen
    assert (request.method, str(request.url)) == ("POST", "https://kiz.test/base/v1/messages")
    assert request.headers["content-type"] == "application/json; charset=utf-8"
    assert json.loads(request.content.decode("utf-8"))["terminal"] == "К1"
