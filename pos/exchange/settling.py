"""The paris of an event settled in the caller's unit of work (p.48–p.53): read as their
terms, settled at once (pos.exchange.batch), each account's release and result on its
statement, the settlements stored."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pos.accounts.accounts import StatementLine
from pos.accounts.counter import teller_lines
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.errors import ConcurrentChange
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.exchange import batch
from pos.exchange.batch import SettledParis
from pos.settlement.results import Result
from pos.skks import outbox
from pos.skks.messages import Kind, Value


def settle_event(
    uow: UnitOfWork, teller: Teller, now: datetime, event: int, result: Result
) -> SettledParis:
    """Settle the event's concluded paris by its result, with the line's rules (p.48–p.53):
    each side's block released, the winner's gain paid less the commission, the loser's
    charged; void for both where the result voids the outcome (pos.exchange.batch). Each
    account's statement takes the event's paris as one release and one result (each pari
    keeps its own); the accounts are locked in one statement in the order of their numbers;
    one audit line says what was settled.

    Raises:
        ConcurrentChange: a pari settled by another terminal meanwhile (nothing is kept).
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    settled = batch.settle(
        uow.exchange.concluded_terms(event), result, settings.exchange_commission
    )
    if not len(settled):
        return settled
    accounts = uow.accounts.lock_many([share.account for share in settled.accounts])
    lines: dict[str, list[StatementLine]] = {}
    for share in settled.accounts:
        account = accounts[share.account]
        moves, uncovered = account.balance.settle_moves(share.released, share.result)
        assert not uncovered  # a side's loss is never more than its own block
        reference = f"событие {event}: {share.paris} пари"
        lines[account.number] = teller_lines(teller, now, reference, moves)
        accounts[account.number] = replace(account, balance=moves[-1][2])
    uow.accounts.move_many(lines, accounts)
    if uow.exchange.record_settled(event, settled, now) != len(settled):
        raise ConcurrentChange()
    teller.audit(
        uow,
        now,
        AuditAction.PARI_SETTLED,
        f"событие {event}: пари рассчитано {len(settled)} (из них возвращено "
        f"{settled.voided}), комиссия {format_roubles(settled.commission_total)}",
    )
    fields: dict[str, Value] = {
        "event": event,
        "paris": len(settled),
        "voided": settled.voided,
        "commission": settled.commission_total,
    }
    outbox.write(uow, settings, teller.where, Kind.PARI_SETTLED, now, str(event), fields)
    return settled
