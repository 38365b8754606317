"""The СККС soak's cashier (issue 35): bets, window cancellations, wins paid, cash in and out,
deposits and withdrawals at terminal К1 in online mode, each waiting for the controller's
registration.

Registered in tests.soak.worker's `CASHIERS` under "skks": the worker's loop, its recovery by
the paper (a pending slip confirmed or voided, a pending payout confirmed or released) and its
pipe are the other scenarios'. The controller (tests.skks_simulator in its own process) is
down, slow or dropping answers at random, so an operation is often refused with
`SkksNoAnswer`: the loop meets it as any refusal and recovers.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from pos.skks import outbox
from tests.documents import PASSPORT
from tests.soak.worker import BET_STAKES, CASHIERS, DEPOSITS, Cashier, WorkerConfig

EVENT = 901  # the soak's own event, far ahead (tests.soak.skks.prepare_skks)
MARKETS = ("1", "X", "2")
# The share of each operation (the rest: a deposit); a withdrawal needs 1 rouble free.
BETS, CANCELS, PAYOUTS, TRANSFERS, WITHDRAWALS = 0.33, 0.08, 0.25, 0.06, 0.15
# Cash in and out of the drawer, by the manager (a cash-out needs one): small beside the
# float, so that a cash-out never takes the drawer to zero (an incassation).
TRANSFER_AMOUNTS = (Decimal("5"), Decimal("10"), Decimal("20"))
# The negative control (notes/reliability.md §3): a build that forgets the annulment when it
# voids a slip or releases a payout the controller may have registered.
SKKS_CONTROLS = ("no-annul",)


class SkksCashier(Cashier):
    """The cashier of the СККС soak: the operations of the other scenarios, mixed."""

    def __init__(self, config: WorkerConfig, say: Callable[[str], None]) -> None:
        if config.control == "no-annul":
            outbox.annul = lambda *args, **kwargs: None
        super().__init__(config, say)

    def operate(self) -> str | None:
        """One operation chosen at random; its outcome in a word."""
        choice = self.random.random()
        if choice < BETS:
            self.tick()
            market = self.random.choice(MARKETS)
            self.desk.accept_bet([(EVENT, market)], stake=self.random.choice(BET_STAKES))
            return "issued"
        choice -= BETS
        if choice < CANCELS:
            last = self._scalar(
                "SELECT number FROM slips WHERE status = 'open' "
                "AND request_key NOT LIKE 'soak-%' ORDER BY id DESC LIMIT 1"
            )
            if last is not None:
                self.tick()
                self.desk.cancel_in_window(last, "ошибка кассира (soak)")
                return "cancelled"
        choice -= CANCELS
        if choice < PAYOUTS:
            number = self._next_won_slip()
            if number is not None:
                self.tick()
                self.desk.pay_out(number, PASSPORT)
                return "paid"
        choice -= PAYOUTS
        if choice < TRANSFERS:
            return self._transfer()
        return self._account()

    def _transfer(self) -> str:
        """Cash put in or taken out by the manager, waiting for its registration (issue 35)."""
        boss = self.shop.login("boss", "9911")
        amount = self.random.choice(TRANSFER_AMOUNTS)
        self.tick()
        if self.random.random() < 0.5:
            boss.cash_in(amount, reason="размен (soak)")
            return "cash_in"
        boss.cash_out(amount, reason="в сейф (soak)")
        return "cash_out"

    def _account(self) -> str:
        """A withdrawal now and then when the account has money, else a deposit."""
        account = self._scalar("SELECT number FROM accounts ORDER BY id LIMIT 1")
        assert account is not None
        free = Decimal(self._scalar(f"SELECT free FROM accounts WHERE number = '{account}'") or 0)
        self.tick()
        rest = 1 - BETS - CANCELS - PAYOUTS - TRANSFERS
        if free >= 100 and self.random.random() < WITHDRAWALS / rest:
            kopecks = self.random.randrange(100, min(int(free), 20_000) + 1)
            self.desk.withdraw(account, Decimal(kopecks) / 100, document=PASSPORT)
            return "withdrawn"
        self.desk.deposit(account, self.random.choice(DEPOSITS))
        return "deposited"


CASHIERS["skks"] = SkksCashier
