"""The worker: a cashier at terminal К1 who pays out (or issues) slips until killed.

It opens the shop with its paper printers (tests.soak.paper), signs in as anna, first sorts
out what a crash left behind as a cashier would, by looking at the paper — a payout waiting
for its receipt (`confirm_pending_payout` if that receipt came out whole, else
`release_pending_payout`), a slip waiting for its print (`confirm_pending_slip` if the slip
came out whole, else `void_pending_slip`), receipts in doubt (`answer_receipt`, came out
whole or not) and unprinted receipts (`print_receipts`) — then works: the next winning slip
paid to a player with a passport, or a bet taken (now and then one cancelled in its window).
A refusal (a `PosError`) is met the same way: the cashier sorts out what is left and goes on.

It talks to the parent through a pipe, one line per event: `ready` (signed in), `tick`
(before anything that writes: the clock moves a second, so the parent can start the next
worker's clock later than anything this one wrote), `op SECONDS OUTCOME` after each
operation, `recover WHAT` for each recovery step, `fault KIND` for each printer failure,
`exhausted` when nothing is left to pay, `stuck WHAT` when refusals repeat without end.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from sqlalchemy import text

from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.payouts.errors import PayoutNoteNotPrinted
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till import fiscal
from pos.till.errors import PaperNotPrinted
from tests.documents import PASSPORT
from tests.soak.paper import Faults, PaperPrinter, read_folder, receipts_of, slips_of
from tests.soak.prepare import CASHIER, open_shop

RECENT_JOBS = 40  # how much of the paper the cashier looks at when asked what came out
STUCK_AFTER = 50  # refusals in a row with no operation done: the worker gives up
CANCEL_SHARE = 0.2  # of the issuing operations: the last slip cancelled in its window
CASHOUT_SHARE = 0.15  # … or bought back by the shop (issue 38: paid like a win, at once)
PICKS = ((101, "1"), (102, "X"), (103, "2"), (104, "1"), (105, "X"), (101, "2"))
BET_STAKES = ("10", "2.50", "25", "100", "7.77")
DEPOSITS = ("100", "250", "55.55", "1000")
SPREADS = ("0.10", "0.50", "1.00", "2.35")
# Negative controls (notes/reliability.md §3): the soak run against a deliberately broken
# build or cashier must fail. no-spoil: a number that went to the printer is never spoiled
# (pos.till.fiscal.spoil_planned does nothing), so the next operation prints it again;
# blind-yes: the cashier answers "it came out" without looking at the paper.
CONTROLS = ("no-spoil", "blind-yes")


@dataclass(frozen=True)
class WorkerConfig:
    """What the parent tells a worker."""

    scenario: str  # "payouts" or "issuing"
    url: str
    folder: str  # the run's folder: paper/ and worker.log in it
    printers: str  # "one": slips and receipts on one printer; "two": a fiscal printer too
    start: str  # ISO time the worker's clock starts at
    max_ops: int | None = None  # None: until killed (or nothing is left)
    fault_rate: float = 0.0
    seed: int = 0
    pace: float = 0.001  # seconds between chunks written to the paper
    control: str = ""  # a negative control (CONTROLS): a fault the checks must find

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, data: str) -> WorkerConfig:
        return cls(**json.loads(data))


def paper_folders(folder: Path, printers: str) -> tuple[Path, Path]:
    """The folders of the slip printer's paper and the receipts' paper (the same for one)."""
    if printers == "one":
        return folder / "paper" / "printer", folder / "paper" / "printer"
    return folder / "paper" / "slips", folder / "paper" / "fiscal"


class Cashier:
    """The signed-in cashier: operations, and the recovery from what failed."""

    def __init__(self, config: WorkerConfig, say: Callable[[str], None]) -> None:
        self.config = config
        self.say = say
        self.clock = FixedClock(datetime.fromisoformat(config.start))
        self.random = random.Random(config.seed)
        folder = Path(config.folder)
        self.slip_paper, self.receipt_paper = paper_folders(folder, config.printers)
        count = 1 if config.printers == "one" else 2
        # Two printers fail independently of each other, as two devices do.
        self.faults = (
            [Faults(config.fault_rate, config.seed * 7919 + 1 + i) for i in range(count)]
            if config.fault_rate
            else []
        )
        papers = [
            PaperPrinter(folder, pace=config.pace, faults=self.faults[i] if self.faults else None)
            for i, folder in enumerate((self.slip_paper, self.receipt_paper)[:count])
        ]
        printers: dict[str, object] = {"printer": papers[0]}
        if len(papers) > 1:
            printers["fiscal_printer"] = papers[1]
        self.shop: Shop = open_shop(config.url, self.clock, **printers)
        self.tick()
        self.desk: Desk = self.shop.login(*CASHIER)
        self._reported_faults = 0

    def tick(self) -> None:
        """Before a write: tell the parent, then move the clock a second."""
        self.say("tick")
        self.clock.advance(timedelta(seconds=1))

    def close(self) -> None:
        self.shop.close()

    # --- operations ------------------------------------------------------------------------

    def operate(self) -> str | None:
        """One operation; its outcome in a word, or None when nothing is left to do."""
        if self.config.scenario == "accounts":
            return self._account_operation()
        if self.config.scenario == "payouts":
            number = self._next_won_slip()
            if number is None:
                return None
            self.tick()
            self.desk.pay_out(number, PASSPORT)
            return "paid"
        last = self._last_open_slip()
        chance = self.random.random()
        if last is not None and chance < CANCEL_SHARE:
            self.tick()
            self.desk.cancel_in_window(last, "ошибка кассира (soak)")
            return "cancelled"
        if last is not None and chance < CANCEL_SHARE + CASHOUT_SHARE:
            self.tick()
            offer = self.desk.cashout_offer(last)
            self.desk.cash_out(last, amount=offer.amount, document=PASSPORT)
            return "cashed_out"
        code, market = self.random.choice(PICKS)
        self.tick()
        self.desk.accept_bet([(code, market)], stake=self.random.choice(BET_STAKES))
        return "issued"

    def _account_operation(self) -> str:
        """A deposit, a withdrawal, a bet paid from the account (p.7, issue 37), a spread bet
        opened or a part of one closed, at random."""
        account = self._scalar("SELECT number FROM accounts ORDER BY id LIMIT 1")
        assert account is not None
        free = Decimal(self._scalar(f"SELECT free FROM accounts WHERE number = '{account}'") or 0)
        choice = self.random.random()
        self.tick()
        if choice < 0.3 or free < 100:
            self.desk.deposit(account, self.random.choice(DEPOSITS))
            return "deposited"
        if choice < 0.4:
            code, market = self.random.choice(PICKS)
            stake = self.random.choice(BET_STAKES)
            self.desk.accept_bet([(code, market)], stake=stake, account=account)
            return "staked"
        if choice < 0.5:
            kopecks = self.random.randrange(100, min(int(free), 20_000) + 1)
            self.desk.withdraw(account, Decimal(kopecks) / 100, document=PASSPORT)
            return "withdrawn"
        bet = self._scalar(
            "SELECT number FROM spread_bets WHERE status = 'open' ORDER BY id DESC LIMIT 1"
        )
        if choice < 0.75 or bet is None:
            direction = self.random.choice(("up", "down"))
            self.desk.open_spread(account, "BRENT", direction, stake=self.random.choice(SPREADS))
            return "opened"
        left = Decimal(
            self._scalar(f"SELECT stake_open FROM spread_bets WHERE number = '{bet}'") or 0
        )
        part = left if self.random.random() < 0.5 else max(int(left) // 2, 10)
        self.desk.close_spread(bet, stake=Decimal(min(part, left)) / 100)
        return "closed"

    def _next_won_slip(self) -> str | None:
        # An issued slip takes its won status from its settlement (db.slips).
        return self._scalar(
            "SELECT s.number FROM slips s JOIN settlements t ON t.slip_id = s.id "
            "WHERE s.status = 'open' AND t.status = 'won' AND s.id NOT IN "
            "(SELECT slip_id FROM pending_payouts) ORDER BY s.id LIMIT 1"
        )

    def _last_open_slip(self) -> str | None:
        return self._scalar(
            "SELECT number FROM slips WHERE status = 'open' ORDER BY id DESC LIMIT 1"
        )

    def _scalar(self, statement: str) -> str | None:
        engine = self.shop.storage.engine  # type: ignore[attr-defined]  # a SqlStorage
        with engine.connect() as connection:
            value = connection.execute(text(statement)).scalar()
        return None if value is None else str(value)

    # --- recovery, as the cashier would --------------------------------------------------

    def recover(self) -> None:
        """Sort out what a crash or a failed print left, until nothing is left (or a bound)."""
        for _ in range(20):
            try:
                if not self._recover_step():
                    return
            except (PayoutNoteNotPrinted, PaperNotPrinted):
                continue  # the operation is made; the player's paper can be printed again
            except PosError as refusal:
                self.say(f"recover refused:{type(refusal).__name__}")
            finally:
                self.report_faults()

    def _recover_step(self) -> bool:
        """One thing sorted out; False when there was nothing."""
        desk = self.desk
        pending = desk.pending_payout()
        if pending is not None:
            came_out = self._receipt_came_out(pending.receipt_no, "expense", pending.slip_number)
            self.say(f"recover payout {'confirm' if came_out else 'release'}")
            self.tick()
            if came_out:
                desk.confirm_pending_payout(pending.slip_number)
            else:
                desk.release_pending_payout(pending.slip_number)
            return True
        slip = desk.pending_slip()
        if slip is not None:
            came_out = self._slip_came_out(slip.number)
            self.say(f"recover slip {'confirm' if came_out else 'void'}")
            self.tick()
            if came_out:
                desk.confirm_pending_slip(slip.number)
            else:
                desk.void_pending_slip(slip.number)
            return True
        doubtful = desk.receipts_in_doubt()
        for receipt in doubtful:
            came_out = self._receipt_came_out(
                receipt.number, str(receipt.kind), receipt.slip_number or receipt.account_number
            )
            self.say(f"recover receipt {'came_out' if came_out else 'not_out'}")
            self.tick()
            desk.answer_receipt(receipt.number, came_out=came_out)
        if doubtful:
            return True
        if desk.unprinted_receipts():
            self.say("recover print_receipts")
            self.tick()
            desk.print_receipts()
            return True
        return False

    def _receipt_came_out(self, number: int, kind: str, slip_number: str | None) -> bool:
        """Is this receipt, for this operation (a slip's or an account's number), on the
        paper whole?"""
        if self.config.control == "blind-yes":
            return True
        jobs = read_folder(self.receipt_paper, last=RECENT_JOBS)
        return any(
            r.whole and (r.number, r.kind, r.slip_number) == (number, kind, slip_number)
            for r in receipts_of(jobs)
        )

    def _slip_came_out(self, number: str) -> bool:
        if self.config.control == "blind-yes":
            return True
        jobs = read_folder(self.slip_paper, last=RECENT_JOBS)
        return any(s.whole and not s.copy and s.number == number for s in slips_of(jobs))

    def report_faults(self) -> None:
        counts: Counter[str] = Counter()
        for faults in self.faults:
            counts.update(faults.counts)
        if counts.total() != self._reported_faults:
            self._reported_faults = counts.total()
            self.say("faults " + json.dumps(counts))


# The cashiers of scenarios kept in modules of their own, by scenario (tests.soak.skks_worker
# adds "skks", issue 35); the others are `Cashier`.
CASHIERS: dict[str, type[Cashier]] = {}


def work(config: WorkerConfig, out_fd: int) -> int:
    """Run the worker; returns its exit code (0: done or nothing left, 4: stuck)."""
    logging.basicConfig(
        filename=str(Path(config.folder) / "worker.log"),
        level=logging.WARNING,
        format=f"%(asctime)s {os.getpid()} %(name)s %(levelname)s %(message)s",
        force=True,
    )

    def say(line: str) -> None:
        os.write(out_fd, (line + "\n").encode())

    if config.control == "no-spoil":
        fiscal.spoil_planned = lambda uow, planned, reason: None  # type: ignore[assignment]

    cashier = CASHIERS.get(config.scenario, Cashier)(config, say)
    say("ready")
    try:
        return _loop(cashier, config, say)
    finally:
        cashier.close()


def _loop(cashier: Cashier, config: WorkerConfig, say: Callable[[str], None]) -> int:
    cashier.recover()
    say("recovered")
    done = refused_in_a_row = 0
    while config.max_ops is None or done < config.max_ops:
        began = time.perf_counter()
        try:
            outcome = cashier.operate()
        except PayoutNoteNotPrinted:
            outcome = "paid"  # the payout is made; only the player's note did not come out
        except PaperNotPrinted:
            outcome = "done"  # made; only the player's confirmation or card did not come out
        except PosError as refusal:
            outcome = f"refused:{type(refusal).__name__}"
        if outcome is None:
            say("exhausted")
            return 0
        done += 1
        say(f"op {time.perf_counter() - began:.6f} {outcome}")
        cashier.report_faults()
        if outcome.startswith("refused:"):
            refused_in_a_row += 1
            if refused_in_a_row >= STUCK_AFTER:
                say(f"stuck {outcome}")
                return 4
            cashier.recover()
        else:
            refused_in_a_row = 0
    return 0
