"""«Спрэдбетэкс» for the window, the command line and the tests (DESIGN.md): each use case one
transaction (pos.exchange.counter), after the offers whose event started have lapsed in one of
their own.

    offer = desk.offer_pari(acct.number, event=101, market="1", side="back",
                            coefficient=Decimal("1.50"), stake=Decimal("100"))
    pari = desk.accept_pari(other.number, offer.number, stake=Decimal("40"))
    desk.change_offer(offer.number, coefficient=Decimal("1.40"))
    desk.withdraw_offer(offer.number)
    shop.settle()                 # the slips, then the paris
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pos.accounts.counter import find_account
from pos.betting.teller import Teller
from pos.core.context import Context
from pos.core.inputs import parse_code
from pos.exchange import counter, papers, settling
from pos.exchange.offering import OfferTerms
from pos.exchange.paris import Offer, Pari
from pos.exchange.undoing import registered_or_undone
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.settlement import use_cases as settlement_cases
from pos.settlement.use_cases import Progress, SettleReport
from pos.skks.use_cases import flush
from pos.till.papers import print_paper


@dataclass(frozen=True)
class AccountExchange:
    """An account's offers and paris, newest first."""

    offers: tuple[Offer, ...]
    paris: tuple[Pari, ...]


def offer_pari(
    ctx: Context,
    actor: Actor,
    account: str,
    *,
    event: object,
    market: object,
    side: object,
    coefficient: object,
    stake: object,
) -> Offer:
    """A player offers a pari on an outcome of the line (p.41): its side's risk blocked.

    Raises:
        see pos.exchange.counter.make_offer.
    """
    actor.require(Permission.EXCHANGE)
    teller = _teller(ctx, actor)
    terms = OfferTerms(market, side, coefficient, stake)
    _sweep(ctx, teller)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        offer = counter.make_offer(uow, teller, now, account, event, terms)
        line_event = uow.line.get_event(offer.event)  # named on the paper (issue 34)
        uow.commit()
    paper = papers.offered(offer, teller, ctx.settings().zone, line_event)
    print_paper(ctx, actor, paper, "Предложение принято", "подтверждение не напечатано")
    return offer


def accept_pari(ctx: Context, actor: Actor, account: str, number: str, *, stake: object) -> Pari:
    """A player accepts all or part of an offer: the pari is concluded now (p.42, p.43).

    Raises:
        see pos.exchange.counter.accept_offer; two terminals taking the last part at once:
        the second is told how much was left; SkksNoAnswer, SkksRefused: online, the
        controller did not register it and the pari is backed out, the offer as it was.
    """
    actor.require(Permission.EXCHANGE)
    teller = _teller(ctx, actor)
    _sweep(ctx, teller)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        done = counter.accept_offer(uow, teller, now, account, number, stake)
        line_event = uow.line.get_event(done.pari.event)
        uow.commit()
    registered_or_undone(ctx, teller, done)  # online: concluded once registered (issue 35)
    # One paper for each side, the acceptor's first: he is at the counter (issue 34).
    zone = ctx.settings().zone
    for side in (done.offer.side.opposite, done.offer.side):
        paper = papers.concluded(done.pari, teller, side, zone, line_event)
        print_paper(ctx, actor, paper, "Пари заключено", "подтверждение не напечатано")
    return done.pari


def change_offer(
    ctx: Context, actor: Actor, number: str, *, coefficient: object = None, stake: object = None
) -> Offer:
    """The offerer changes the unaccepted part's coefficient or stake (p.44)."""
    actor.require(Permission.EXCHANGE)
    teller = _teller(ctx, actor)
    _sweep(ctx, teller)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        offer = counter.change_offer(uow, teller, now, number, coefficient, stake)
        uow.commit()
    return offer


def withdraw_offer(ctx: Context, actor: Actor, number: str) -> Offer:
    """The offerer withdraws the unaccepted part (p.44); what was accepted stands (p.45)."""
    actor.require(Permission.EXCHANGE)
    teller = _teller(ctx, actor)
    _sweep(ctx, teller)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        offer = counter.withdraw_offer(uow, teller, now, number)
        uow.commit()
    return offer


def lapse_offers(ctx: Context, actor: Actor) -> list[Offer]:
    """The offers whose event has started lapse, their money released (p.46): what the
    window's timer runs on every terminal, so that nobody has to."""
    return _sweep(ctx, _teller(ctx, actor))


def offer(ctx: Context, actor: Actor, number: str) -> Offer:
    """The offer with this number as typed or scanned."""
    with ctx.unit_of_work() as uow:
        return counter.find_offer(uow, number)


def pari(ctx: Context, actor: Actor, number: str) -> Pari:
    """The pari with this number as typed or scanned: .status, .back_result, .lay_result."""
    with ctx.unit_of_work() as uow:
        return counter.find_pari(uow, number)


def board(ctx: Context, actor: Actor, event: object = None) -> list[Offer]:
    """The open offers (of one event, its code as typed) by outcome, the acceptor's best
    coefficient first, with the amount still open.

    Raises:
        InvalidNumber: an event code that is not one.
    """
    code = None if event is None else parse_code(event, "event_code")
    with ctx.unit_of_work() as uow:
        return uow.exchange.board(code, ctx.clock.now())


def account_exchange(ctx: Context, actor: Actor, account: str) -> AccountExchange:
    """The account's offers and paris with their states."""
    with ctx.unit_of_work() as uow:
        found = find_account(uow, account)
        offers = tuple(uow.exchange.account_offers(found.number))
        return AccountExchange(offers, tuple(uow.exchange.account_paris(found.number)))


def settle(ctx: Context, actor: Actor, progress: Progress | None = None) -> SettleReport:
    """Settle the slips (pos.settlement), then the paris of «Спрэдбетэкс» whose events have
    results, an event a transaction (all its paris or none); running it again changes
    nothing. Each event's transaction first takes the lock a settlement run and a result's
    correction share (pos.core.ports.SettlementRepository.lock): two terminals settling at
    once settle each pari once, and never from a result corrected meanwhile."""
    report = settlement_cases.settle(ctx, actor, progress)
    teller = _teller(ctx, actor)
    _sweep(ctx, teller)
    with ctx.unit_of_work() as uow:
        events = uow.exchange.events_to_settle()
    paris = 0
    for event in events:
        with ctx.unit_of_work() as uow:
            uow.settlement.lock()
            result = uow.results.get(event)
            if result is not None:
                paris += len(settling.settle_event(uow, teller, ctx.clock.now(), event, result))
                uow.commit()
    if paris:
        flush(ctx)
    # The report names the paris too (issue 34: «рассчитывать пока нечего» after settling them).
    return replace(report, paris=paris)


def _sweep(ctx: Context, teller: Teller) -> list[Offer]:
    """The lapse of started offers in a transaction of its own, before the operation: kept
    whatever the operation then refuses."""
    with ctx.unit_of_work() as uow:
        lapsed = counter.lapse_started(uow, teller, ctx.clock.now())
        uow.commit()
    return lapsed


def _teller(ctx: Context, actor: Actor) -> Teller:
    return Teller(ctx.terminal, actor.login, ctx.office)
