"""Bet-on-Poker at the counter (issue #8): the draws as the schedule brings them, the cards
as dealt, each round's odds, a bet's leg, and the result.

A draw is an event of sport POKER with the code DRAW_CODE_BASE + its number, kept off the line
(pos.line.use_cases): a bet on hand k is a leg on market "Pk" at the odds of the round on sale
(pos.poker.draws), its odds version the round. So a draw's bets use the same slips, limits, window,
printing, settlement and payout as any other; only the price comes from the cards, not from
odds a manager types. The result is the event's result: the winning seats as bits of `home`
(pos.settlement.rules.market_outcome), or CANCELLED, which refunds every bet at 1.00 (p.5.1.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.core import settings as shop_settings
from pos.core.audit import SYSTEM_ACTOR, AuditAction, AuditRecord
from pos.core.context import Context
from pos.core.errors import PosError
from pos.core.inputs import FILE_NAME, RESULT_SOURCE, clean_text, parse_code, shown
from pos.core.ports import UnitOfWork
from pos.draws.errors import DrawSettled, InvalidDrawCards, RoundStillOpen
from pos.people.actor import SYSTEM, Actor
from pos.people.permissions import Permission
from pos.poker.chances import HANDS
from pos.poker.draws import Draw, DrawCards, HandPrice, Round, round_prices
from pos.poker.errors import DrawFileRejected
from pos.poker.events import MAX_DRAW_NUMBER, SCHEDULE, STUDIO, draw_code, draw_event, get_draw
from pos.poker.files import DrawLine, read_draw_results
from pos.poker.outcome import seat_bits, winning_seats
from pos.poker.results import DrawResult, check_result
from pos.poker.settings import MARGIN
from pos.settlement.results import Result, ResultStatus
from pos.settlement.use_cases import settle_all

HISTORY = 12  # finished draws on the board
_CARD = re.compile(r"[2-9TJQKA][cdhs]", re.IGNORECASE)


@dataclass(frozen=True)
class DrawView:
    """A draw as the board shows it: the round on sale and its cut-off (None when none is),
    the cards, each hand's price, and the result once there is one."""

    number: int
    round: Round | None
    closes_at: datetime | None
    hands: tuple[str, ...] | None
    board: str
    prices: tuple[HandPrice, ...]
    result: Result | None

    @property
    def code(self) -> int:
        return draw_code(self.number)

    @property
    def winners(self) -> frozenset[int] | None:
        """The winning hands once the result is in; None before it, or for a cancelled draw."""
        if self.result is None or self.result.home is None:
            return None
        return winning_seats(self.result.home)


@dataclass(frozen=True)
class DrawImport:
    """What a file of results did: the draws recorded, and those skipped with why."""

    recorded: tuple[int, ...]
    skipped: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class DrawBoard:
    """The draw being played, the next one (its round 1 on sale) and the latest results."""

    now: datetime
    playing: DrawView
    next: DrawView
    history: tuple[DrawView, ...]


def draw_board(ctx: Context, actor: Actor) -> DrawBoard:
    """The board now; the draws the schedule has reached are opened as it is read."""
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load())
        upcoming = SCHEDULE.number_at(now)
        if _open_draws(uow, (upcoming - 1, upcoming), settings.value(MARGIN), now):
            uow.commit()
        # The latest draws opened: the next one, the one being played, then the history;
        # each view computes its chances once.
        views = [_view(uow, draw, now, settings.zone) for draw in uow.draws.recent(HISTORY + 2)]
        by_number = {view.number: view for view in views}
        for number in {max(1, upcoming - 1), upcoming} - by_number.keys():
            # only when later draws exist (the clock was put back)
            by_number[number] = _view(uow, get_draw(uow, number), now, settings.zone)
        playing, coming = by_number[max(1, upcoming - 1)], by_number[upcoming]
        history = tuple(v for v in views if v.number < upcoming and v.result is not None)
    return DrawBoard(now, playing, coming, history[:HISTORY])


def deal_cards(ctx: Context, actor: Actor, number: int, cards: str) -> DrawView:
    """Enter the next cards of draw `number` as dealt: the twelve hole cards (hand 1
    first), then the flop (three), the turn, the river. Each opens the next round at
    odds from the cards (the margin of the shop's settings); the river gives the result,
    and the slips on the draw are settled (managers).

    Raises:
        NotPermitted; DrawNotFound; DrawSettled; InvalidDrawCards: not the cards the
        draw expects next; InvalidDeal: a bad card or one dealt twice; InvalidNumber:
        not a draw's number.
    """
    actor.require(Permission.DRAWS)
    number = parse_code(number, "draw_number", MAX_DRAW_NUMBER)
    now = ctx.clock.now()
    dealt = _cards(cards)
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()  # one dealer at a time; settlement waits for the result
        draw = _unsettled(uow, number)
        settings = shop_settings.from_text(uow.settings.load())
        on_sale = draw.cards().round or Round.AFTER_TURN
        closes = SCHEDULE.closes_at(number, on_sale)
        if now < closes:  # cards are dealt once the bets on the round before are closed
            raise RoundStillOpen(number, on_sale.words, closes.astimezone(settings.zone))
        margin = settings.value(MARGIN)
        hands, board = _extended(draw, dealt)
        if len(board) == 10:
            assert hands is not None  # the river comes after the deal
            result = check_result(draw.cards(), hands, board)
            uow.results.add(_draw_result(ctx, actor, number, result, now))
            words = f"ривер {dealt[0]}: {_winners_words(result)}"
        else:
            DrawCards(hands, board)  # checks every card
            words = "раздача " + " ".join(hands or ()) if not draw.hands else "стол " + board
        updated = Draw(number, hands, board, margin, now, actor.login)
        uow.draws.update(updated)
        _audit_draw(ctx, actor, uow, now, AuditAction.DRAW_DEALT, f"тираж № {number}: {words}")
        view = _view(uow, updated, now, settings.zone)
        uow.commit()
    if view.result is not None:
        settle_all(ctx, SYSTEM)
    return view


def import_draw_results(ctx: Context, actor: Actor, name: str, data: bytes) -> DrawImport:
    """Record the results of a file of draws (pos.poker.files) in one transaction, then
    settle (managers). A draw this shop never opened took no bets and is skipped, as is
    one already recorded; every other problem refuses the whole file.

    Raises:
        NotPermitted; DrawFileRejected: naming each line that cannot be recorded.
    """
    actor.require(Permission.DRAWS)
    name = shown(name, FILE_NAME)  # a file name as the system gave it: only recorded
    lines = read_draw_results(name, data)
    now = ctx.clock.now()
    recorded: list[int] = []
    skipped: list[tuple[int, str]] = []
    problems: list[tuple[int, str]] = []
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()
        zone = shop_settings.from_text(uow.settings.load()).zone
        for line in lines:
            draw = uow.draws.get(line.number, for_update=True)
            if draw is None:
                skipped.append((line.number, "не открывался — ставок не было"))
                continue
            if uow.results.get(draw_code(line.number)) is not None:
                skipped.append((line.number, "результат уже записан"))
                continue
            try:
                _record_line(ctx, actor, uow, draw, line, now, zone)
            except PosError as refusal:
                problems.append((line.line, str(refusal)))
                continue
            recorded.append(line.number)
        if problems:
            raise DrawFileRejected(name, problems)
        _audit_draw(
            ctx,
            actor,
            uow,
            now,
            AuditAction.DRAW_DEALT,
            f"результаты из файла {name}: тиражи {', '.join(map(str, recorded)) or 'нет'}",
        )
        uow.commit()
    if recorded:
        settle_all(ctx, SYSTEM)
    return DrawImport(tuple(recorded), tuple(skipped))


def _record_line(
    ctx: Context,
    actor: Actor,
    uow: UnitOfWork,
    draw: Draw,
    line: DrawLine,
    now: datetime,
    zone: ZoneInfo,
) -> None:
    closes = SCHEDULE.closes_at(draw.number, Round.AFTER_TURN)
    if now < closes:
        on_sale = draw.cards().round or Round.AFTER_TURN
        raise RoundStillOpen(draw.number, on_sale.words, closes.astimezone(zone))
    if line.hands is None:
        uow.results.add(
            _draw_result(ctx, actor, draw.number, DrawResult.cancelled(line.reason), now)
        )
        return
    result = check_result(draw.cards(), line.hands, line.board)
    uow.results.add(_draw_result(ctx, actor, draw.number, result, now))
    uow.draws.update(Draw(draw.number, line.hands, line.board, draw.margin, now, actor.login))


def cancel_draw(ctx: Context, actor: Actor, number: int, reason: str) -> DrawView:
    """Cancel a draw (p.5.1): every bet on it is refunded at odds 1.00 (managers).

    Raises:
        NotPermitted; DrawNotFound; DrawSettled; CancelReasonRequired; InvalidNumber,
        InvalidText: a number or a reason no database can store.
    """
    actor.require(Permission.DRAWS)
    number = parse_code(number, "draw_number", MAX_DRAW_NUMBER)
    cancelled = DrawResult.cancelled(clean_text(reason, "draw_cancel_reason", RESULT_SOURCE))
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()
        draw = _unsettled(uow, number)
        uow.results.add(_draw_result(ctx, actor, number, cancelled, now))
        _audit_draw(
            ctx,
            actor,
            uow,
            now,
            AuditAction.DRAW_CANCELLED,
            f"тираж № {number}: {cancelled.cancel_reason}",
        )
        view = _view(uow, draw, now, shop_settings.from_text(uow.settings.load()).zone)
        uow.commit()
    settle_all(ctx, SYSTEM)
    return view


def _draw_result(
    ctx: Context, actor: Actor, number: int, result: DrawResult, now: datetime
) -> Result:
    # Every bet was made before this moment (a round closes before its cards are
    # entered), so none counts as made after the start (p.22).
    if result.is_cancelled:
        status, seats, source = ResultStatus.CANCELLED, None, result.cancel_reason
    else:
        status = ResultStatus.FINISHED
        seats = seat_bits(result.winners)
        source = f"{STUDIO}: карты введены ({actor.login})"
    return Result(
        event_code=draw_code(number),
        status=status,
        home=seats,
        away=None if seats is None else 0,
        actual_start=now,
        ended_at=now,
        source=source or "",
        recorded_at=now,
        recorded_by=actor.login,
    )


def _audit_draw(
    ctx: Context, actor: Actor, uow: UnitOfWork, now: datetime, action: AuditAction, detail: str
) -> None:
    uow.audit.append(AuditRecord(now, ctx.terminal, actor.login, action, detail, ctx.office))


# --- helpers --------------------------------------------------------------------------------


def _open_draws(uow: UnitOfWork, numbers: tuple[int, ...], margin: Decimal, now: datetime) -> bool:
    """Open the draws not opened yet (an event and a draw each); True if any was."""
    missing = [n for n in numbers if n >= 1 and uow.draws.get(n) is None]
    if not missing:
        return False
    uow.settlement.lock()  # two terminals reading the board at once open each draw once
    opened = False
    for number in missing:
        if uow.draws.get(number) is not None:
            continue
        uow.line.add_event(draw_event(number))
        uow.draws.add(Draw(number, None, "", margin, now, SYSTEM_ACTOR), draw_code(number))
        opened = True
    return opened


def _unsettled(uow: UnitOfWork, number: int) -> Draw:
    draw = get_draw(uow, number, for_update=True)
    if uow.results.get(draw_code(number)) is not None:
        raise DrawSettled(number)
    return draw


def _view(uow: UnitOfWork, draw: Draw, now: datetime, zone: ZoneInfo) -> DrawView:
    result = uow.results.get(draw_code(draw.number))
    cards = draw.cards()
    current = None if result is not None else cards.round
    if current is not None and now >= SCHEDULE.closes_at(draw.number, current):
        current = None  # the round closed; the next cards are awaited
    return DrawView(
        number=draw.number,
        round=current,
        closes_at=None
        if current is None
        else SCHEDULE.closes_at(draw.number, current).astimezone(zone),
        hands=draw.hands,
        board=draw.board,
        prices=round_prices(cards, draw.margin),
        result=result,
    )


def _cards(text: str) -> list[str]:
    """The cards typed, as "As Ks" or "AsKs" or "as,ks": rank upper, suit lower."""
    text = clean_text(text or "", "cards", 200)
    cards = [m[0].upper() + m[1].lower() for m in _CARD.findall(text)]
    leftover = _CARD.sub("", text).replace(",", "").split()
    if leftover:
        raise InvalidDrawCards("bad", " ".join(leftover))
    return cards


def _extended(draw: Draw, dealt: list[str]) -> tuple[tuple[str, ...] | None, str]:
    """The draw's hands and board with `dealt` added where the deal is."""
    if draw.hands is None:
        if len(dealt) != 2 * HANDS:
            raise InvalidDrawCards("deal", str(len(dealt)))
        return tuple(dealt[i] + dealt[i + 1] for i in range(0, 2 * HANDS, 2)), ""
    expected = 3 if not draw.board else 1
    if len(dealt) != expected:
        street = {0: "flop", 6: "turn", 8: "river"}[len(draw.board)]
        raise InvalidDrawCards(street, str(len(dealt)))
    return draw.hands, draw.board + "".join(dealt)


def _winners_words(result: DrawResult) -> str:
    seats = sorted(result.winners)
    if len(seats) == HANDS:
        return "выиграли все руки"
    return "выиграла рука " + ", ".join(map(str, seats))


__all__ = [
    "DrawBoard",
    "DrawImport",
    "DrawView",
]
