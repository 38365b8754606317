"""The names papers print, kept for a minute (issue 34): a bet reads no name from the database,
a rename here shows at once, one at another terminal within the minute."""

from __future__ import annotations

from escpos.printer import Dummy

from pos.people.signatures import NameBook
from pos.shop.services import Shop
from tests.fakes import FakeStorage, FakeUnitOfWork


class CountingStorage(FakeStorage):
    """The fake database, counting the transactions begun on it."""

    def __init__(self) -> None:
        super().__init__()
        self.transactions = 0

    def unit_of_work(self) -> FakeUnitOfWork:
        self.transactions += 1
        return super().unit_of_work()


class Ticks:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_name_learnt_at_sign_in_is_printed_without_reading_the_database() -> None:
    storage, ticks = CountingStorage(), Ticks()
    book = NameBook(storage, now=ticks)
    book.learn("anna", "Соколова Анна Сергеевна")
    assert book.names(["anna", ""]) == {"anna": "Соколова А. С."}
    assert storage.transactions == 0


def test_a_name_is_looked_up_once_then_again_after_a_minute() -> None:
    storage, ticks = CountingStorage(), Ticks()
    book = NameBook(storage, now=ticks)
    assert book.names(["nobody"]) == {"nobody": "nobody"}  # no such user: the login
    assert book.names(["nobody"]) == {"nobody": "nobody"}
    assert storage.transactions == 1
    ticks.now = NameBook.KEPT_SECONDS - 1
    book.names(["nobody"])
    assert storage.transactions == 1
    ticks.now = NameBook.KEPT_SECONDS
    book.names(["nobody"])
    assert storage.transactions == 2


def test_a_rename_at_this_terminal_prints_the_new_name_at_once(
    demo_shop: Shop, printer: Dummy
) -> None:
    boss = demo_shop.login("boss", "9911")
    anna = demo_shop.login("anna", "4821")
    boss.rename_user("anna", "Петрова Анна Ивановна")
    printer.clear()
    anna.x_report()  # printed; the demo's shift is open
    assert "Кассир Петрова А. И." in printer.output.decode("cp866", errors="replace")
