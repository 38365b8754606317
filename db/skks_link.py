"""The link to the СККС controller: a message POSTed with httpx, its answer read (issue 35)."""

from __future__ import annotations

import json
import ssl
import time
from types import TracebackType

import httpx

from db.skks_wire import decode_totals
from pos.skks.link import Answer, ControllerLink, LinkConfig, LinkDown, Refused, Registered

MESSAGES_PATH = "v1/messages"
HEADERS = {"content-type": "application/json; charset=utf-8", "accept": "application/json"}
# An answer is a few dozen bytes; a longer one is not the controller's (a proxy's page, say).
MAX_ANSWER = 64 * 1024
MAX_NUMBER = 64  # characters of a registration number, stored beside the message


class HttpLink:
    """One keep-alive HTTP connection to the controller (pos.skks.link.ControllerLink).

    `transport` replaces the network in tests (httpx.MockTransport).
    """

    def __init__(self, config: LinkConfig, *, transport: httpx.BaseTransport | None = None):
        self._url = _messages_url(config.url)
        self._client = httpx.Client(
            verify=_tls(config),
            timeout=config.timeout,
            transport=transport,
            # The terminal's settings say where the controller is, not the environment's
            # proxies or certificate files (issue 35).
            trust_env=False,
        )

    def send(self, body: str, *, timeout: float) -> Answer:
        """POST one message's wire text; the controller's answer within `timeout` seconds
        (httpx bounds the connect, each write and each read by it, the body is cut at the
        deadline; a server trickling its headers byte by byte could hold a send longer).

        Raises:
            LinkDown: no answer understood in time: refused or cut connection, a timeout,
                a TLS failure, a server error, an answer that is not the protocol's.
        """
        deadline = time.monotonic() + timeout
        try:
            with self._client.stream(
                "POST", self._url, content=body.encode("utf-8"), headers=HEADERS, timeout=timeout
            ) as response:
                content = _read(response, deadline)
        except httpx.TimeoutException as exc:
            raise LinkDown(f"нет ответа за {timeout:g} с ({type(exc).__name__})") from exc
        except (httpx.HTTPError, OSError) as exc:
            raise LinkDown(f"нет связи: {type(exc).__name__}: {exc}"[:200]) from exc
        return parse_answer(response.status_code, content)

    def close(self) -> None:
        """Close the connection."""
        self._client.close()

    def __enter__(self) -> HttpLink:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def build_link(config: LinkConfig) -> ControllerLink:
    """The link to the controller that `config` describes.

    Raises:
        LinkDown: the address is not an http(s) URL, or a certificate, key or CA file cannot
            be read or is not one.
    """
    return HttpLink(config)


def parse_answer(status: int, content: bytes) -> Answer:
    """The controller's answer from its status and body (DESIGN.md "СККС", the protocol).

    Raises:
        LinkDown: not an answer of the protocol: another status, or a body not as expected.
    """
    if status not in (200, 409, 422):
        raise LinkDown(f"ответ HTTP {status}")
    found = _json_object(content)
    if status == 200:
        number = found.get("registered")
        if not isinstance(number, str) or not _is_number(number):
            raise LinkDown("ответ 200 без номера регистрации")
        # A shift's totals answered with the controller's own; totals not understood are kept
        # as none, and the comparison says the controller sent none (issue 35).
        totals = found.get("totals")
        return Registered(number, None if totals is None else decode_totals(totals))
    error, text = found.get("error"), found.get("message", "")
    if not isinstance(error, str) or not error or not isinstance(text, str):
        raise LinkDown(f"ответ HTTP {status} без типа ошибки")
    return Refused(error, text, conflict=status == 409)


def _messages_url(url: str) -> httpx.URL:
    """Where messages are POSTed: the controller's address and the protocol's path."""
    try:
        found = httpx.URL(url.rstrip("/") + "/" + MESSAGES_PATH)
    except httpx.InvalidURL as exc:  # a URL httpx would refuse at the first send
        raise LinkDown(f"адрес СККС не понят: «{url}»") from exc
    if found.scheme not in ("http", "https") or not found.host:
        raise LinkDown(f"адрес СККС не http(s)://: «{url}»")
    return found


def _tls(config: LinkConfig) -> ssl.SSLContext:
    """The centre's CA (or the system's) and the terminal's certificate, when given."""
    try:
        context = ssl.create_default_context(cafile=config.ca_file or None)
        if config.client_cert:
            context.load_cert_chain(config.client_cert, config.client_key or None)
    except (OSError, ValueError) as exc:  # ssl.SSLError is an OSError
        files = ", ".join(f for f in (config.client_cert, config.client_key, config.ca_file) if f)
        raise LinkDown(f"сертификаты СККС не читаются ({files}): {exc}") from exc
    return context


def _read(response: httpx.Response, deadline: float) -> bytes:
    """The answer's body, cut short at MAX_ANSWER bytes and at the deadline (httpx's timeout
    bounds each read, not the whole answer)."""
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > MAX_ANSWER:
            raise LinkDown(f"ответ длиннее {MAX_ANSWER} байт (HTTP {response.status_code})")
        if time.monotonic() > deadline:
            raise LinkDown("ответ не пришёл целиком вовремя")
        chunks.append(chunk)
    return b"".join(chunks)


def _json_object(content: bytes) -> dict[str, object]:
    try:
        found = json.loads(content)
    except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, nested too deep
        raise LinkDown("ответ не JSON") from exc
    if not isinstance(found, dict):
        raise LinkDown("ответ не объект JSON")
    return found


def _is_number(number: str) -> bool:
    return 0 < len(number) <= MAX_NUMBER and number.isprintable() and number.strip() == number
