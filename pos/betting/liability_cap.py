"""The cap on what the chain pays if one outcome happens (issue 38, DESIGN.md "Liability").

The cap is on the chain's figure (the line is the chain's): an event's own cap, else the
setting `max_liability`. A bet counts under each of its outcomes at its whole possible
payout, as the board counts every open slip (pos.risk.liability): what the shop pays if the
outcome happens and the bet's other legs win too.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from pos.betting.errors import LiabilityCapExceeded
from pos.betting.slips import Leg
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.line.events import Event


def outcome_cap(event: Event, settings: ShopSettings) -> Decimal:
    """The cap on an outcome of `event`: its own, else the chain's setting."""
    return settings.max_liability if event.max_liability is None else event.max_liability


def check_liability_cap(
    uow: UnitOfWork,
    settings: ShopSettings,
    events: Mapping[int, Event],
    members: tuple[tuple[Leg, ...], ...],
    payout: Decimal,
) -> None:
    """Refuse a bet that would take one of its outcomes' chain payout above its cap; the
    payouts of all its outcomes come in one indexed read (issue 34: every bet pays for it).

    Args:
        events: the bet's events by code, as priced.
        members: the bet's legs.
        payout: the bet's possible payout.

    Raises:
        LiabilityCapExceeded: the first outcome taken above its cap (equal is allowed).
    """
    picks = [(leg.event_code, leg.market) for member in members for leg in member]
    taken = uow.liability.outcome_payouts(picks)
    for code, market in picks:
        cap = outcome_cap(events[code], settings)
        after = taken.get((code, market), Decimal(0)) + payout
        if after > cap:
            raise LiabilityCapExceeded(code, market, after, cap)
