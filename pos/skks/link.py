"""The port to the controller: a message's wire text sent, the controller's answer back."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Protocol

from pos.skks.reconcile import Total


@dataclasses.dataclass(frozen=True)
class Registered:
    """The controller registered the message (also when it had registered it before); to a
    shift's totals it answers with its own count of the shift (`totals`)."""

    number: str
    totals: Mapping[str, Total] | None = None


@dataclasses.dataclass(frozen=True)
class Refused:
    """The controller refused the message: `error` its type, `text` its reason; `conflict`
    when the id was registered before with other content."""

    error: str
    text: str
    conflict: bool = False


Answer = Registered | Refused


class LinkDown(Exception):
    """No answer: the controller is down, unreachable, or did not answer in time. Whether it
    registered the message is unknown."""

    def __init__(self, detail: str) -> None:
        self.detail = detail
        super().__init__(detail)


@dataclasses.dataclass(frozen=True)
class LinkConfig:
    """Where the controller is and how to reach it (DESIGN.md "СККС" settings)."""

    url: str
    timeout: float = 3.0
    client_cert: str = ""  # a PEM file with the terminal's certificate (and its key)
    client_key: str = ""  # the key's PEM file when it is apart from the certificate
    ca_file: str = ""  # the centre's CA; empty: the system's


class ControllerLink(Protocol):
    """One connection to the controller, kept open between messages."""

    def send(self, body: str, *, timeout: float) -> Answer:
        """POST one message's wire text and read the answer within `timeout` seconds.

        Raises:
            LinkDown: no answer (down, refused connection, timed out, an answer cut short or
                not understood).
        """
        ...

    def close(self) -> None: ...
