"""«Спрэдбетэкс» at the counter, each in the caller's unit of work (DESIGN.md): offers made,
accepted in parts, changed, withdrawn and lapsed at the start (the paris are settled by
pos.exchange.settling).

Locks are taken offer → accounts (in the order of their numbers): an acceptance, a change, a
withdrawal and a lapse of one offer queue on its row; the accounts' balances change only under
their own row locks, as every other money path takes them (pos.accounts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from pos.accounts.accounts import Account, StatementLine
from pos.accounts.counter import find_account, move_money, teller_lines
from pos.accounts.ledger import Movement
from pos.betting.counter import shop_secret
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.inputs import parse_code
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.exchange.blocks import BlockChange
from pos.exchange.errors import UnknownOffer, UnknownPari
from pos.exchange.numbers import (
    display_exchange_number,
    make_exchange_number,
    parse_exchange_number,
)
from pos.exchange.offering import OfferTerms, new_offer
from pos.exchange.paris import Offer, Pari, Side
from pos.exchange.terms import ExchangeLimits
from pos.line.errors import UnknownEvent
from pos.people.restricted import require_not_restricted
from pos.skks import outbox
from pos.skks.messages import Kind, Message, Value


@dataclass(frozen=True)
class Accepted:
    """An acceptance: the offer after it and the pari concluded."""

    offer: Offer
    pari: Pari
    message: Message | None = None  # to the СККС controller (issue 35)


def limits_of(settings: ShopSettings) -> ExchangeLimits:
    """The organiser's limits of stakes and coefficients (p.38), from the settings."""
    return ExchangeLimits(
        min_stake=settings.exchange_min_stake,
        max_stake=settings.exchange_max_stake,
        min_coefficient=settings.exchange_min_coefficient,
        max_coefficient=settings.exchange_max_coefficient,
    )


def make_offer(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: object,
    event: object,
    terms: OfferTerms,
) -> Offer:
    """A player's offer of a pari (p.41) on an outcome of the line (p.47), its risk blocked.

    Raises:
        UnknownEvent; the offer's refusals (pos.exchange.offering.new_offer); InvalidAccountNumber,
        UnknownAccount, AccountBlocked, SelfExcluded; FreeBalanceShort.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    found = find_account(uow, account, for_update=True)
    _require_may_play(uow, found)
    code = parse_code(event, "event_code")
    line_event = uow.line.get_event(code)
    if line_event is None:
        raise UnknownEvent(code)
    markets = {quote.market for quote in uow.line.current_quotes([line_event.code])}
    offer = new_offer(
        number=make_exchange_number(uow.exchange.next_serial(), shop_secret(uow)),
        account=found.number,
        event=line_event,
        terms=terms,
        line_markets=markets,
        limits=limits_of(settings),
        at=now,
        terminal=teller.terminal,
        cashier=teller.login,
        office=teller.office,
    )
    _apply(
        uow,
        teller,
        now,
        found,
        BlockChange.between(found.number, Decimal(0), offer.blocked),
        f"предложение {display_exchange_number(offer.number)}",
    )
    uow.exchange.add_offer(offer)
    teller.audit(
        uow,
        now,
        AuditAction.EXCHANGE_OFFERED,
        f"{display_exchange_number(offer.number)} {offer.event} {offer.market} {offer.side} "
        f"k {offer.coefficient} × {offer.stake}",
    )
    return offer


def accept_offer(
    uow: UnitOfWork, teller: Teller, now: datetime, account: object, number: object, stake: object
) -> Accepted:
    """Another player accepts all or part of an offer: a pari concluded now (p.42, p.43), the
    acceptor's risk blocked; the offerer's part of the block moves to the pari.

    Raises:
        InvalidExchangeNumber, UnknownOffer; OfferClosed, EventStarted (p.46), OwnOffer,
        AcceptAboveOpen (saying how much is left), PartBelowMinimum; the acceptor's account
        refusals; FreeBalanceShort.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    offer = find_offer(uow, number, for_update=True)
    acceptor = find_account(uow, account)  # its number, checked, before the locks
    accounts = uow.accounts.lock_many(sorted({offer.account, acceptor.number}))
    acceptor = accounts[acceptor.number]
    _require_may_play(uow, acceptor)
    serial = uow.exchange.next_serial()
    after, pari, change = offer.accept(
        stake,
        account=acceptor.number,
        number=make_exchange_number(serial, shop_secret(uow)),
        at=now,
        limits=limits_of(settings),
    )
    shown = display_exchange_number(pari.number)
    acceptor_risk = pari.lay_risk if offer.side is Side.BACK else pari.back_risk
    _apply(
        uow,
        teller,
        now,
        acceptor,
        BlockChange(acceptor.number, block=acceptor_risk),
        f"пари {shown}",
    )
    if offer.account != acceptor.number:
        _apply(uow, teller, now, accounts[offer.account], change, f"пари {shown}")
    uow.exchange.save_offer(after)
    uow.exchange.add_pari(pari, offer.number, teller.terminal, teller.login, teller.office)
    teller.audit(
        uow,
        now,
        AuditAction.EXCHANGE_ACCEPTED,
        f"{shown} по {display_exchange_number(offer.number)}: {pari.stake} × k {pari.coefficient}",
    )
    fields: dict[str, Value] = {
        "pari": pari.number,
        "offer": offer.number,
        "event": pari.event,
        "market": pari.market,
        "stake": pari.stake,
        "coefficient": str(pari.coefficient),
        "back_account": pari.back_account,
        "lay_account": pari.lay_account,
    }
    message = outbox.write(
        uow, settings, teller.where, Kind.PARI_CONCLUDED, now, pari.number, fields
    )
    return Accepted(after, pari, message)


def change_offer(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    number: object,
    coefficient: object = None,
    stake: object = None,
) -> Offer:
    """The offerer changes the unaccepted part (p.44); 0 for the stake withdraws it.

    Raises:
        InvalidExchangeNumber, UnknownOffer; OfferClosed, EventStarted, NothingToChange, the
        limits (p.38); FreeBalanceShort: a bigger risk than the free money.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    offer = find_offer(uow, number, for_update=True)
    account = find_account(uow, offer.account, for_update=True)
    after, change = offer.change(coefficient, stake, at=now, limits=limits_of(settings))
    shown = display_exchange_number(offer.number)
    _apply(uow, teller, now, account, change, f"изменение {shown}")
    uow.exchange.save_offer(after)
    teller.audit(
        uow,
        now,
        AuditAction.EXCHANGE_CHANGED,
        f"{shown}: k {after.coefficient}, открыто {after.stake_open}, {after.status}",
    )
    return after


def withdraw_offer(uow: UnitOfWork, teller: Teller, now: datetime, number: object) -> Offer:
    """The offerer withdraws the unaccepted part (p.44); the paris concluded stand (p.45)."""
    offer = find_offer(uow, number, for_update=True)
    account = find_account(uow, offer.account, for_update=True)
    after, change = offer.withdraw()
    shown = display_exchange_number(offer.number)
    _apply(uow, teller, now, account, change, f"отзыв {shown}")
    uow.exchange.save_offer(after)
    teller.audit(uow, now, AuditAction.EXCHANGE_CHANGED, f"{shown} отозвано")
    return after


def lapse_started(uow: UnitOfWork, teller: Teller, now: datetime) -> list[Offer]:
    """Every open offer whose event has started lapses, its block released (p.46): nobody
    asks for it; any terminal's sweep (the window's timer, a settlement, an exchange use case)
    does it. The offers are locked in one statement in the order they were made, then their
    accounts in one, in the order of their numbers; the lines and offers written in batches
    (an event of thousands of offers starts: exchange_accept_p95's spike)."""
    offers = uow.exchange.started_offers(now)
    if not offers:
        return []
    accounts = uow.accounts.lock_many(sorted({offer.account for offer in offers}))
    lines: dict[str, list[StatementLine]] = {}
    lapsed = []
    for offer in offers:
        done = offer.lapse(now)
        if done is None:
            continue  # lapsed, withdrawn or accepted meanwhile
        after, change = done
        account = accounts[offer.account]
        balance = change.apply(account.balance)
        if change.release:
            reference = f"аннулировано {display_exchange_number(offer.number)} (п. 46)"
            lines.setdefault(account.number, []).extend(
                teller_lines(teller, now, reference, [(Movement.RELEASE, change.release, balance)])
            )
        accounts[offer.account] = replace(account, balance=balance)
        lapsed.append(after)
    uow.accounts.move_many(lines, accounts)
    uow.exchange.save_offers(lapsed)
    teller.audit(
        uow,
        now,
        AuditAction.EXCHANGE_CHANGED,
        f"аннулировано в начале событий (п. 46): предложений {len(lapsed)}",
    )
    return lapsed


def find_offer(uow: UnitOfWork, number: object, *, for_update: bool = False) -> Offer:
    """The offer with the number as typed or scanned.

    Raises:
        InvalidExchangeNumber, UnknownOffer.
    """
    canonical = parse_exchange_number(number, shop_secret(uow))
    offer = uow.exchange.offer(canonical, for_update=for_update)
    if offer is None:
        raise UnknownOffer(display_exchange_number(canonical))
    return offer


def find_pari(uow: UnitOfWork, number: object) -> Pari:
    """The pari with the number as typed or scanned.

    Raises:
        InvalidExchangeNumber, UnknownPari.
    """
    canonical = parse_exchange_number(number, shop_secret(uow))
    pari = uow.exchange.pari(canonical)
    if pari is None:
        raise UnknownPari(display_exchange_number(canonical))
    return pari


def _require_may_play(uow: UnitOfWork, account: Account) -> None:
    account.require_open()
    # The one check of the register of restricted persons (issue 35).
    require_not_restricted(uow, account.register_keys)


def _apply(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: Account,
    change: BlockChange,
    reference: str,
) -> Account:
    """Store a change of the account's blocked money as its statement line."""
    if change.block:
        balance = change.apply(account.balance)
        return move_money(
            uow, teller, now, account, Movement.BLOCK, change.block, balance, reference
        )
    if change.release:
        balance = change.apply(account.balance)
        return move_money(
            uow, teller, now, account, Movement.RELEASE, change.release, balance, reference
        )
    return account
