"""The port of the СККС outbox (issue 35): messages written with their operations, answered once."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the room's types the port carries; core imports no room (README)
    from pos.skks.messages import Kind, Message, OutboxState, Queued, Refusal
    from pos.skks.reconcile import Reconciliation, Total


class OutboxRepository(Protocol):
    """Every terminal's messages to the controller, in the terminal's order."""

    def add(self, message: Message) -> Message:
        """Number the message in its terminal's order and write it; the numbered message."""
        ...

    def unsent(self, terminal: str, *, upto: int | None = None, limit: int = 100) -> list[Queued]:
        """The terminal's unanswered messages in order, up to sequence `upto` if given."""
        ...

    def registered(
        self,
        terminal: str,
        sequence: int,
        number: str,
        at: datetime,
        totals: Mapping[str, Total] | None = None,
    ) -> None:
        """Record the registration, with the controller's totals of a shift when it sent them."""
        ...

    def refused(
        self, terminal: str, sequence: int, error: str, reason: str, at: datetime
    ) -> None: ...

    def registration(self, terminal: str, sequence: int) -> str | None:
        """The registration number the message got, if it was registered."""
        ...

    def latest(self, kinds: Collection[Kind], subject: str) -> tuple[str, bool] | None:
        """The id of the newest message of one of `kinds` about `subject`, and whether it was
        refused."""
        ...

    def state(self, terminal: str) -> OutboxState: ...
    def refusals(self, limit: int = 200) -> list[Refusal]:
        """The messages the controller refused, newest first."""
        ...

    def reconciliation(self, shift: str) -> Reconciliation | None:
        """The till's and, once answered, the controller's totals of shift number `shift`."""
        ...

    def reconciliations(self, limit: int = 20) -> list[Reconciliation]:
        """The shifts' totals, newest first."""
        ...
