"""The СККС simulator's registrations (tests.skks_simulator): answers, log and totals.

A message is registered once under a number ("R000001", ...); the same id with the same
content again gets the same number, with other content a conflict. An `annul` message undoes
the registration of its `of`, also of an id registered only later (DESIGN.md "СККС").
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

REFUSED = "refused"  # the error type of a refused kind
AMOUNTS = ("amount", "stake")  # what a kind's sum adds up, the first one a message carries
# What a shift's totals count of each kind (DESIGN.md "СККС": the counts and sums above).
TOTAL_OF = {
    "bet_accepted": "bets",
    "stake_returned": "returns",
    "win_paid": "wins_paid",
    "account_deposit": "deposits",
    "account_withdrawal": "withdrawals",
    "cash_in": "cash_in",
    "cash_out": "cash_out",
    "incassation": "cash_out",
}


@dataclass(frozen=True)
class Total:
    """What stands registered of one kind: how many and their sum in kopecks."""

    count: int
    sum: int


class Registry:
    """The controller's registrations, safe to share among the server's threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._messages: dict[str, dict[str, Any]] = {}  # id -> the message registered
        self._numbers: dict[str, str] = {}
        self._annulled: set[str] = set()
        self._log: list[dict[str, Any]] = []
        self._heard: dict[str, int] = {}  # id -> how many times it arrived
        self._totals: dict[str, dict[str, dict[str, int]]] = {}  # a shift's id -> its answer

    def log(self) -> list[dict[str, Any]]:
        """Every registration in order: number, id, terminal, kind, at (and `of`: annul)."""
        with self._lock:
            return [dict(entry) for entry in self._log]

    def heard(self, message_id: str) -> int:
        """How many times the message arrived (registered once however often)."""
        with self._lock:
            return self._heard.get(message_id, 0)

    def message(self, message_id: str) -> dict[str, Any]:
        """The message registered under `message_id`, as it arrived."""
        with self._lock:
            return dict(self._messages[message_id])

    def annulled(self, message_id: str) -> bool:
        with self._lock:
            return message_id in self._annulled

    def totals(self, terminal: str, day: date | str) -> dict[str, Total]:
        """Per kind, what stands registered of `terminal` on `day` (in the message's offset)."""
        wanted = day if isinstance(day, date) else date.fromisoformat(day)
        found: dict[str, Total] = {}
        with self._lock:
            for message_id, message in self._messages.items():
                kind = message["kind"]
                if (
                    message["terminal"] != terminal
                    or kind == "annul"
                    or message_id in self._annulled
                    or datetime.fromisoformat(message["at"]).date() != wanted
                ):
                    continue
                amount = next((message[name] for name in AMOUNTS if name in message), 0)
                before = found.get(kind, Total(0, 0))
                found[kind] = Total(before.count + 1, before.sum + amount)
        return found

    def answer(self, raw: bytes, refuse_kinds: Mapping[str, str]) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer to one message's text (registering it when due); a
        kind in `refuse_kinds` is refused with its reason."""
        try:
            message = _message(raw)
        except _Malformed as exc:
            return 422, {"error": "malformed", "message": str(exc)}
        with self._lock:
            self._heard[message["id"]] = self._heard.get(message["id"], 0) + 1
            known = self._messages.get(message["id"])
            if known is not None:
                if known != message:
                    return 409, {"error": "conflict"}
                return 200, self._answer(message["id"])
            reason = refuse_kinds.get(message["kind"])
            if reason is not None:
                return 422, {"error": REFUSED, "message": reason}
            self._register(message)
            if message["kind"] == "shift_totals":
                self._totals[message["id"]] = self._shift(message)
            return 200, self._answer(message["id"])

    def forget(self, message_id: str) -> None:
        """Lose a registration, as a controller's fault would (for the comparison's tests)."""
        with self._lock:
            self._messages.pop(message_id, None)

    def _answer(self, message_id: str) -> dict[str, Any]:
        answer: dict[str, Any] = {"registered": self._numbers[message_id]}
        if message_id in self._totals:
            answer["totals"] = self._totals[message_id]
        return answer

    def _shift(self, closing: dict[str, Any]) -> dict[str, dict[str, int]]:
        """What stands registered of the terminal since its previous shift's totals: the
        controller's own count of the shift, its answer to the shift's totals."""
        terminal = closing["terminal"]
        mine = sorted(
            (message_id, message)
            for message_id, message in self._messages.items()
            if message["terminal"] == terminal and message_id < closing["id"]
        )
        since = max((i for i, (_, m) in enumerate(mine) if m["kind"] == "shift_totals"), default=-1)
        totals = {name: {"count": 0, "sum": 0} for name in dict.fromkeys(TOTAL_OF.values())}
        for message_id, message in mine[since + 1 :]:
            name = TOTAL_OF.get(message["kind"])
            if name is None or message_id in self._annulled:
                continue
            amount = next((message[key] for key in AMOUNTS if key in message), 0)
            totals[name]["count"] += 1
            totals[name]["sum"] += amount
        return totals

    def _register(self, message: dict[str, Any]) -> str:
        number = f"R{len(self._log) + 1:06d}"
        self._messages[message["id"]] = message
        self._numbers[message["id"]] = number
        entry = {name: message[name] for name in ("id", "terminal", "kind", "at")}
        if message["kind"] == "annul":
            entry["of"] = message["of"]
            self._annulled.add(message["of"])
        self._log.append({"number": number, **entry})
        return number


class _Malformed(ValueError):
    """Why a message is not one of the protocol's (its 422's text)."""


def _message(raw: bytes) -> dict[str, Any]:
    """The message in `raw`.

    Raises:
        _Malformed: not a JSON object with the fields every message has, amounts in kopecks.
    """
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise _Malformed("сообщение не JSON") from exc
    if not isinstance(message, dict):
        raise _Malformed("сообщение не объект JSON")
    for name in ("id", "terminal", "office", "kind", "at"):
        if not isinstance(message.get(name), str) or not message[name]:
            raise _Malformed(f"нет поля {name}")
    try:
        offset = datetime.fromisoformat(message["at"]).utcoffset()
    except ValueError as exc:
        raise _Malformed("at не дата и время ISO 8601") from exc
    if offset is None:
        raise _Malformed("at без смещения")
    if message["kind"] == "annul" and not isinstance(message.get("of"), str):
        raise _Malformed("annul без of")
    for name in AMOUNTS:
        if name in message and type(message[name]) is not int:
            raise _Malformed(f"{name} не целое число копеек")
    return message
