"""Cashless money at the desk (issue 37, p.7, p.17): transfers and remote coupons."""

from __future__ import annotations

from pos.accounts import stakes as stakes_cases
from pos.accounts import transfers as transfers_cases
from pos.core.context import use_case
from pos.coupons import paying as coupon_paying
from pos.coupons import registering as coupon_registering


class TransfersDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""

    # The counter's bet and its cancellation, a stake paid from an account too (p.7): the
    # cash path is pos.betting's, unchanged (pos.accounts.stakes). accept_bet is
    # ReferralsDesk's, which wraps stakes_cases.accept_bet (a big stake referred, issue 38).
    cancel_in_window = use_case(stakes_cases.cancel_in_window)

    # --- bank transfers onto and off players' accounts (pos.accounts.transfers, p.7) -------
    record_transfer = use_case(transfers_cases.record_transfer)  # a manager's, from the bank
    load_bank_statement = use_case(transfers_cases.load_bank_statement)  # all or nothing
    transfer_out = use_case(transfers_cases.transfer_out)  # only to an account that paid in
    account_transfers = use_case(transfers_cases.account_transfers)
    transfer_senders = use_case(transfers_cases.transfer_senders)  # where money may go back
    transfers_by_order = use_case(transfers_cases.transfers_by_order)  # once among all (p.17)

    # --- remote coupons (pos.coupons, p.17) -----------------------------------------------
    register_coupon = use_case(coupon_registering.register_coupon)  # a manager's
    pay_coupon = use_case(coupon_paying.pay_coupon)  # by order, where the stake came from
    pay_coupon_in_cash = use_case(coupon_paying.pay_coupon_in_cash)  # by the payment list
    coupons = use_case(coupon_paying.coupons)
    # The till's cash payout and its quote, a coupon's slip refused with where it is paid.
    payout_quote = use_case(coupon_paying.payout_quote)
    pay_out = use_case(coupon_paying.pay_out)
