"""The risk desk's ports (issue 38): the liability of outcomes, referrals of big stakes to a
manager, and cash-outs (DESIGN.md, "The risk desk: big stakes, liability, cash-out")."""

from __future__ import annotations

from typing import Protocol


class LiabilityRepository(Protocol):
    """What the shop pays if each outcome happens, read from the open slips (pos.risk)."""


class ReferralRepository(Protocol):
    """Stakes sent to a manager and the managers' decisions (pos.risk)."""


class CashoutRepository(Protocol):
    """Offers to buy an open slip back, and the cash-outs paid (pos.cashout)."""
