"""Big stakes referred to a manager at the desk (issue 38)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Literal, overload

from pos.betting.pricing import PickOrBlock
from pos.betting.slips import Slip
from pos.core.context import use_case
from pos.people.identity import IdDocument
from pos.risk import referral_board, referral_cases, referral_sending
from pos.risk.referral_board import WaitingReferral
from pos.risk.referrals import Referral


class ReferralsDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""

    decide_referral = use_case(referral_cases.decide_referral)  # a manager's, once
    referral = use_case(referral_cases.referral)  # the cashier's window polls it
    open_referral = use_case(referral_cases.open_referral)  # after a restart
    issue_referral = use_case(referral_cases.issue_referral)  # at the till that sent it
    withdraw_referral = use_case(referral_cases.withdraw_referral)  # Esc while waiting
    referral_report = use_case(referral_board.referral_report)  # decisions by kind, by whom
    waiting_referrals = use_case(referral_board.waiting_count)  # the window's notice

    # The counter's bet (pos.accounts.stakes, p.7 too): with refer=True a limit's refusal
    # sends the stake to a manager instead (pos.risk.referral_sending.accept_bet, DESIGN.md).
    @overload
    def accept_bet(
        self,
        legs: Sequence[PickOrBlock],
        stake: object,
        kind: object = ...,
        *,
        refer: Literal[False] = ...,
        account: object = ...,
        document: IdDocument | None = ...,
        agreed_in_play: bool = ...,
        request_key: str | None = ...,
        expected_payout: Decimal | None = ...,
    ) -> Slip: ...

    @overload
    def accept_bet(
        self,
        legs: Sequence[PickOrBlock],
        stake: object,
        kind: object = ...,
        *,
        refer: bool,
        account: object = ...,
        document: IdDocument | None = ...,
        agreed_in_play: bool = ...,
        request_key: str | None = ...,
        expected_payout: Decimal | None = ...,
    ) -> Slip | Referral: ...

    def accept_bet(
        self, legs: Sequence[PickOrBlock], stake: object, kind: object = "single", **terms: Any
    ) -> Slip | Referral:
        """pos.risk.referral_sending.accept_bet at this desk: the slip, or with `refer` and a
        limit over, the referral (`.status` "referred")."""
        case: Any = use_case(referral_sending.accept_bet)
        found: Slip | Referral = case.__get__(self, type(self))(legs, stake, kind, **terms)
        return found

    def referrals(self) -> list[WaitingReferral]:
        """The referrals waiting for a manager, oldest first, each with the player's day and
        the liability of its outcomes (the liability board's, when this desk has it)."""
        liability: Any = getattr(self, "liability", None)  # pos.shop.desk_risk's board
        case: Any = use_case(referral_board.referrals)
        found: list[WaitingReferral] = case.__get__(self, type(self))(liability=liability)
        return found
