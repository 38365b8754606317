"""A SQLite database of Bet-on-Poker draws made by the build before the games' seam (issue 36,
step 1 of docs/games_plan.md), kept in tests/integration/data/ so that every later step proves
it still reads the draws, slips, settlements and payouts as they were made.

    .venv/bin/python -m tests.integration.games_baseline   # writes it again (don't: it is
                                                           # the old build's record)

The day: a draw dealt to the river with a slip on each of three hands, a draw cancelled with
its slip refunded, a draw open with a slip waiting, a football slip, and a won draw slip paid
into the journal.
"""

from __future__ import annotations

import gzip
import json
import shutil
import tempfile
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, draw_code
from tests.conftest import NOW
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import reopen_shift

FILE = Path(__file__).parent / "data" / "games_baseline.db.gz"
# The slips as the old build left them: number, status and payout by what each one is.
RECORD = Path(__file__).parent / "data" / "games_baseline.json"
HANDS = "As Ks  Qh Qd  7c 8c  2d 2h  Js Td  9h 9c"  # AsKs wins on this board
STREETS = (HANDS, "Ac 7h 3s", "Kd", "5d")


def make(path: Path) -> dict[str, str]:
    """The database at `path`; the slips' numbers by what each one is."""
    clock = FixedClock(NOW)
    shop = open_shop(
        f"sqlite:///{path}",
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(),
    )
    try:
        shop.seed_demo()
        anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
        football = anna.accept_bet([(101, "1")], stake="10")
        played = anna.draw_board().next.number
        code = draw_code(played)
        won = anna.accept_bet([(code, "P1")], stake="10")
        lost = anna.accept_bet([(code, "P2")], stake="5")
        paid = anna.accept_bet([(code, "P1")], stake="4")
        for index, cards in enumerate(STREETS):
            clock.set(max(clock.now(), SCHEDULE.closes_at(played, Round(index + 1))))
            boss.deal_cards(played, cards)
        cancelled = played + 1
        clock.set(SCHEDULE.starts_at(cancelled) - timedelta(seconds=30))
        assert anna.draw_board().next.number == cancelled
        refunded = anna.accept_bet([(draw_code(cancelled), "P4")], stake="7")
        boss.cancel_draw(cancelled, "сканер не считал карту (п. 5.1.1)")
        waiting_draw = cancelled + 1
        clock.set(SCHEDULE.starts_at(waiting_draw) - timedelta(seconds=30))
        assert anna.draw_board().next.number == waiting_draw  # the board opens it
        waiting = anna.accept_bet([(draw_code(waiting_draw), "P6")], stake=Decimal("3"))
        clock.advance(timedelta(days=1))
        reopen_shift(anna)
        anna.pay_out(paid.number, PASSPORT)
    finally:
        shop.close()
    return {
        "football": football.number,
        "won": won.number,
        "lost": lost.number,
        "paid": paid.number,
        "refunded": refunded.number,
        "waiting": waiting.number,
    }


def record(path: Path, numbers: dict[str, str]) -> dict[str, object]:
    """What the old build reads back of the database: each slip's number, status and payout,
    the journal's entries."""
    shop = open_shop(
        f"sqlite:///{path}", clock=FixedClock(NOW), terminal="К1", pin_hasher=PlainPinHasher()
    )
    try:
        slips = {
            name: {
                "number": number,
                "status": shop.slip(number).status.value,
                "payout": str(shop.slip(number).payout),
            }
            for name, number in numbers.items()
        }
        journal = [(entry.slip_number, str(entry.amount)) for entry in shop.journal()]
    finally:
        shop.close()
    return {"slips": slips, "journal": journal}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        made = Path(folder) / "shop.db"
        numbers = make(made)
        RECORD.write_text(json.dumps(record(made, numbers), ensure_ascii=False, indent=1) + "\n")
        with made.open("rb") as raw, gzip.open(FILE, "wb") as packed:
            shutil.copyfileobj(raw, packed)


if __name__ == "__main__":
    main()
