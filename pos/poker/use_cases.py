"""Bet-on-Poker's draws at the shop (issue #8): the cards as dealt, a file of results, a
cancellation; the board is pos.poker.board, the desk reaches these through the game
(pos.poker.desk, issue 36).

A draw is an event of a game's sport with the code DRAW_CODE_BASE + its number, kept off the
line (pos.line.use_cases): a bet on hand k is a leg on market "Pk" at the odds of the round on
sale (pos.poker.draws), its odds version the round. So a draw's bets use the same slips, limits,
window, printing, settlement and payout as any other; only the price comes from the cards, not
from odds a manager types. The result is the event's result: the winning seats as bits of
`home` (pos.poker.outcome), or CANCELLED, which refunds every bet at 1.00 (p.5.1.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction, AuditRecord
from pos.core.context import Context
from pos.core.inputs import FILE_NAME, RESULT_SOURCE, clean_text, parse_code, shown
from pos.core.ports import UnitOfWork
from pos.games.files import NOT_OPENED, RECORDED, record_studio_lines
from pos.people.actor import SYSTEM, Actor
from pos.people.permissions import Permission
from pos.poker.board import DrawBoard, DrawView, draw_board, view_of
from pos.poker.chances import HANDS
from pos.poker.draw_errors import DrawSettled, InvalidDrawCards, RoundStillOpen
from pos.poker.draws import Draw, DrawCards, Round
from pos.poker.errors import DrawFileRejected
from pos.poker.events import MAX_DRAW_NUMBER, SCHEDULE, STUDIO, draw_code, get_draw
from pos.poker.files import DrawLine, read_draw_results
from pos.poker.outcome import seat_bits
from pos.poker.ports import DRAWS
from pos.poker.results import DrawResult, check_result
from pos.poker.settings import MARGIN
from pos.settlement.results import Result, ResultStatus
from pos.settlement.use_cases import settle_all

_CARD = re.compile(r"[2-9TJQKA][cdhs]", re.IGNORECASE)


@dataclass(frozen=True)
class DrawImport:
    """What a file of results did: the draws recorded, and those skipped with why."""

    recorded: tuple[int, ...]
    skipped: tuple[tuple[int, str], ...]


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
        uow.store(DRAWS).update(updated)
        _audit_draw(ctx, actor, uow, now, AuditAction.DRAW_DEALT, f"тираж № {number}: {words}")
        view = view_of(uow, updated, now, settings.zone)
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

    def record(uow: UnitOfWork, line: DrawLine, zone: ZoneInfo) -> str:
        draw = uow.store(DRAWS).get(line.number, for_update=True)
        if draw is None:
            return NOT_OPENED
        if uow.results.get(draw_code(line.number)) is not None:
            return RECORDED
        _record_line(ctx, actor, uow, draw, line, now, zone)
        return ""

    def audit(uow: UnitOfWork, recorded: list[int]) -> None:
        draws = ", ".join(map(str, recorded)) or "нет"
        detail = f"результаты из файла {name}: тиражи {draws}"
        _audit_draw(ctx, actor, uow, now, AuditAction.DRAW_DEALT, detail)

    recorded, skipped = record_studio_lines(ctx, name, lines, record, DrawFileRejected, audit)
    if recorded:
        settle_all(ctx, SYSTEM)
    return DrawImport(recorded, skipped)


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
    uow.store(DRAWS).update(
        Draw(draw.number, line.hands, line.board, draw.margin, now, actor.login)
    )


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
        view = view_of(uow, draw, now, shop_settings.from_text(uow.settings.load()).zone)
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


# --- helpers -----------------------------------------------------------------------------


def _unsettled(uow: UnitOfWork, number: int) -> Draw:
    draw = get_draw(uow, number, for_update=True)
    if uow.results.get(draw_code(number)) is not None:
        raise DrawSettled(number)
    return draw


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
    "cancel_draw",
    "deal_cards",
    "draw_board",
    "import_draw_results",
]
