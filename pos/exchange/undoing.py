"""A pari the СККС did not register, backed out (issue 35): online, the acceptance and its
message are committed together and then wait for the controller; no answer or a refusal
takes the pari back in one more transaction — the acceptor's risk free again, the accepted
part open on its offer again (or released, the offer closed or changed meanwhile) — and
queues the annulment of its conclusion."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime

from pos.accounts.accounts import Account
from pos.accounts.counter import move_money
from pos.accounts.ledger import Movement
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.exchange.blocks import BlockChange
from pos.exchange.counter import Accepted, find_offer
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, OfferStatus, Pari, risk
from pos.skks import outbox
from pos.skks import use_cases as skks_cases
from pos.skks.messages import Kind

log = logging.getLogger(__name__)
_DETAIL = 500  # an audit line's length


def registered_or_undone(ctx: Context, teller: Teller, done: Accepted) -> None:
    """Online, the pari concluded once the controller registered it, else backed out
    (`undo_pari`; pos.skks.use_cases.registered_or_undone)."""

    def undo(uow: UnitOfWork, now: datetime, why: str, annul: bool) -> None:
        undo_pari(uow, teller, now, done.pari, why)

    skks_cases.registered_or_undone(ctx, done.message, "pari", undo)


def reopened(offer: Offer, pari: Pari) -> tuple[Offer, BlockChange]:
    """The offer as if `pari` had never been accepted of it, and how the offerer's block
    changes: the pari's risk back on the open part while the offer is open (or fully
    accepted) at the pari's coefficient; else the part is no longer offered (withdrawn,
    lapsed, or offered at another coefficient since) and the pari's risk is released."""
    held = risk(offer.side, pari.stake, pari.coefficient)  # what the pari holds of the offerer
    accepted = offer.accepted - pari.stake
    if offer.status in (OfferStatus.OPEN, OfferStatus.ACCEPTED) and (
        offer.coefficient == pari.coefficient
    ):
        stake_open = offer.stake_open + pari.stake
        blocked = risk(offer.side, stake_open, offer.coefficient)
        after = replace(
            offer,
            stake_open=stake_open,
            blocked=blocked,
            accepted=accepted,
            status=OfferStatus.OPEN,
        )
        return after, BlockChange.between(offer.account, offer.blocked + held, blocked)
    after = replace(offer, stake=offer.stake - pari.stake, accepted=accepted)
    return after, BlockChange(offer.account, release=held)


def undo_pari(uow: UnitOfWork, teller: Teller, now: datetime, pari: Pari, why: str) -> None:
    """Back out a pari the controller did not register, in the caller's unit of work (locks:
    the offer, then the two accounts in the order of their numbers, as an acceptance takes
    them); the annulment of its conclusion queued (none when the controller refused it).
    A pari settled meanwhile stays as it is."""
    offer = find_offer(uow, pari.offer_number, for_update=True)
    accounts = uow.accounts.lock_many(sorted({pari.back_account, pari.lay_account}))
    shown = display_exchange_number(pari.number)
    if not uow.exchange.remove_pari(pari.number):
        log.warning("pari %s not backed out (%s): settled meanwhile", shown, why)
        return
    after, change = reopened(offer, pari)
    acceptor_side = offer.side.opposite
    acceptor = accounts[pari.account_of(acceptor_side)]
    reference = f"пари {shown} не заключено"
    acceptor_risk = risk(acceptor_side, pari.stake, pari.coefficient)
    _apply(
        uow, teller, now, acceptor, BlockChange(acceptor.number, release=acceptor_risk), reference
    )
    _apply(uow, teller, now, accounts[offer.account], change, reference)
    uow.exchange.save_offer(after)
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    outbox.annul(uow, settings, teller.where, now, [Kind.PARI_CONCLUDED], pari.number)
    offered = display_exchange_number(offer.number)
    back = "снова открыто" if after.status is OfferStatus.OPEN else "риск освобождён"
    detail = f"пари {shown} не заключено ({why}); предложение {offered}: {back}"
    teller.audit(uow, now, AuditAction.EXCHANGE_CHANGED, detail[:_DETAIL])


def _apply(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: Account,
    change: BlockChange,
    reference: str,
) -> None:
    """Store a change of the account's blocked money as its statement line."""
    kind = Movement.BLOCK if change.block else Movement.RELEASE
    amount = change.block or change.release
    if amount:
        move_money(
            uow, teller, now, account, kind, amount, change.apply(account.balance), reference
        )
