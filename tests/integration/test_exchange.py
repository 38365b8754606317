"""«Спрэдбетэкс» on a real database, both backends (issue 20): offers, acceptances in part,
changes, the lapse at the start and the settlement, each paragraph of p.37–p.53 that storage
makes true, and the money identity over the accounts and the bookmaker."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from sqlalchemy import text

from main import open_shop
from pos.accounts.ledger import Movement
from pos.core.clock import FixedClock
from pos.exchange.errors import AcceptAboveOpen, EventStarted, OfferClosed, OwnOffer
from pos.exchange.paris import OfferStatus, PariStatus, Side
from pos.reports.tables import ReportKind
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    shop.update_settings(exchange_commission="5")
    yield shop
    shop.close()


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


@pytest.fixture
def players(anna: Desk) -> tuple[str, str]:
    """Two players' accounts of 1,000 roubles each."""
    numbers = []
    for document in (PASSPORT, ID_CARD):
        number = anna.open_account(document=document).number
        anna.deposit(number, "1000")
        numbers.append(number)
    return numbers[0], numbers[1]


def _money(shop: Shop, *accounts: str) -> Decimal:
    return sum((shop.account(n).free + shop.account(n).blocked for n in accounts), D(0))


def test_p41_p42_p43_an_offer_accepted_in_part_concludes_a_pari(
    db_shop: Shop, anna: Desk, players: tuple[str, str]
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    assert (offer.side, offer.blocked, offer.stake_open) == (Side.BACK, D("100.00"), D("100.00"))
    assert db_shop.account(backer).blocked == D("100.00")
    pari = anna.accept_pari(layer, offer.number, stake="40")
    assert (pari.stake, pari.coefficient, pari.back_account, pari.lay_account) == (
        D("40.00"),
        D("1.50"),
        backer,
        layer,
    )
    assert db_shop.account(layer).blocked == D("60.00")  # S × k
    after = anna.offer(offer.number)
    assert (after.stake_open, after.blocked, after.accepted) == (D("60.00"), D("60.00"), D("40.00"))
    assert [o.number for o in anna.board(101)] == [offer.number]
    assert db_shop.verify().ok


def test_p43_two_acceptors_take_parts_and_the_rest_is_named(
    anna: Desk, players: tuple[str, str]
) -> None:
    backer, layer = players
    other = anna.open_account(document=_third()).number
    anna.deposit(other, "500")
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="2.00", stake="50"
    )
    anna.accept_pari(layer, offer.number, stake="30")
    with pytest.raises(AcceptAboveOpen, match="20,00"):
        anna.accept_pari(other, offer.number, stake="30")
    anna.accept_pari(other, offer.number, stake="20")
    assert anna.offer(offer.number).status is OfferStatus.ACCEPTED
    with pytest.raises(OwnOffer):
        anna.accept_pari(
            backer,
            anna.offer_pari(
                backer, event=101, market="1", side="lay", coefficient="1.10", stake="10"
            ).number,
            stake="5",
        )


def test_p44_the_unaccepted_part_changes_and_the_pari_keeps_its_terms(
    db_shop: Shop, anna: Desk, players: tuple[str, str]
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        layer, event=101, market="1", side="lay", coefficient="1.50", stake="100"
    )
    assert db_shop.account(layer).blocked == D("150.00")  # a lay offer blocks S × k
    pari = anna.accept_pari(backer, offer.number, stake="40")
    changed = anna.change_offer(offer.number, coefficient="1.20")
    assert (changed.coefficient, changed.blocked) == (D("1.20"), D("72.00"))  # 60 × 1,20
    assert anna.pari(pari.number).coefficient == D("1.50")
    assert db_shop.account(layer).blocked == D("60.00") + D("72.00")
    anna.withdraw_offer(offer.number)  # p.45: the pari stands
    assert db_shop.account(layer).blocked == D("60.00")
    assert anna.pari(pari.number).status is PariStatus.CONCLUDED
    with pytest.raises(OfferClosed):
        anna.change_offer(offer.number, stake="10")


def test_p46_at_the_start_the_unaccepted_part_lapses_by_itself(
    db_shop: Shop, anna: Desk, players: tuple[str, str], clock: FixedClock
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    anna.accept_pari(layer, offer.number, stake="40")
    starts = next(r.event.starts_at for r in anna.line() if r.event.code == 101)
    clock.advance(starts - clock.now() + timedelta(seconds=1))
    assert offer.number not in [o.number for o in anna.board()]  # started: off the board
    with pytest.raises(OfferClosed, match="аннулировано в момент начала события"):
        anna.accept_pari(layer, offer.number, stake="10")  # the sweep before it lapsed it
    assert anna.offer(offer.number).status is OfferStatus.LAPSED
    assert db_shop.account(backer).blocked == D("40.00")  # the pari's stake only
    last = max((r.event for r in anna.line()), key=lambda event: event.starts_at)
    late = anna.offer_pari(
        layer, event=last.code, market="1", side="back", coefficient="1.50", stake="10"
    )
    clock.advance(last.starts_at - clock.now())
    assert [o.number for o in db_shop.lapse_offers()] == [late.number]  # the window's timer
    assert db_shop.account(layer).blocked == D("60.00")
    with pytest.raises(EventStarted):
        anna.offer_pari(layer, event=101, market="1", side="back", coefficient="1.50", stake="10")
    assert db_shop.verify().ok


def test_p48_p51_p53_back_wins_the_commission_kept_from_the_gain(
    db_shop: Shop, anna: Desk, players: tuple[str, str], clock: FixedClock
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    pari = anna.accept_pari(layer, offer.number, stake="100")
    before = _money(db_shop, backer, layer)
    clock.advance(timedelta(days=3))
    db_shop.login("boss", "9911").record_result(101, 2, 1, source="АБФФ")
    report = db_shop.settle()
    # Issue 34: it said «рассчитывать пока нечего» right after settling the pari.
    assert report.words() == "Проверено купонов: 0; рассчитано пари: 1."
    settled = db_shop.pari(pari.number)
    # back wins S × k = 150,00, the commission 5 % of it kept; lay loses 150,00.
    assert (settled.status, settled.back_result, settled.lay_result) == (
        PariStatus.SETTLED,
        D("142.50"),
        D("-150.00"),
    )
    assert (db_shop.account(backer).free, db_shop.account(layer).free) == (
        D("1142.50"),
        D("850.00"),
    )
    assert before - _money(db_shop, backer, layer) == D("7.50")  # the bookmaker's commission
    assert db_shop.account(backer).statement()[-1].kind is Movement.GAIN
    db_shop.settle()  # again: nothing changes
    assert db_shop.account(backer).free == D("1142.50")
    assert db_shop.verify().ok
    boss = db_shop.login("boss", "9911")
    days = (clock.now() - timedelta(days=4)).date(), clock.now().date()
    built = boss.report(ReportKind.EXCHANGE, *days)
    assert [row[1:] for row in built.rows] == [
        (1, D("100.00"), 0, D("0.00"), 0, D("0.00")),  # concluded on the first day
        (0, D("0.00"), 1, D("7.50"), 0, D("0.00")),  # settled on the last
    ]


def test_p49_p50_lay_wins_the_backer_s_stake(
    db_shop: Shop, anna: Desk, players: tuple[str, str], clock: FixedClock
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        layer, event=101, market="1", side="lay", coefficient="3.00", stake="20"
    )
    pari = anna.accept_pari(backer, offer.number, stake="20")
    clock.advance(timedelta(days=3))
    db_shop.login("boss", "9911").record_result(101, 0, 0, source="АБФФ")  # «1» lost
    db_shop.settle()
    settled = db_shop.pari(pari.number)
    assert (settled.back_result, settled.lay_result) == (D("-20.00"), D("19.00"))
    assert (db_shop.account(backer).free, db_shop.account(layer).free) == (
        D("980.00"),
        D("1019.00"),
    )


def test_two_terminals_taking_the_last_part_at_once_one_wins(
    db_url: str, db_shop: Shop, anna: Desk, players: tuple[str, str], clock: FixedClock
) -> None:
    backer, layer = players
    third = anna.open_account(document=_third()).number
    anna.deposit(third, "500")
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="50"
    )
    other = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher())
    try:
        desks = [(anna, layer), (other.login("anna", "4821"), third)]
        outcomes: list[object] = []

        def take(index: int) -> None:
            desk, account = desks[index]
            try:
                outcomes.append(desk.accept_pari(account, offer.number, stake="50"))
            except (AcceptAboveOpen, OfferClosed) as refused:
                outcomes.append(refused)

        threads = [threading.Thread(target=take, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(type(o).__name__ for o in outcomes) == ["OfferClosed", "Pari"]
        assert db_shop.account(layer).blocked + db_shop.account(third).blocked == D("75.00")
        assert db_shop.verify().ok
    finally:
        other.close()


def _third():  # type: ignore[no-untyped-def]
    from tests.documents import PASSPORT_HB

    return PASSPORT_HB


def test_p45_the_pari_s_confirmation_says_it_is_never_cancelled(
    anna: Desk, players: tuple[str, str], printer: Dummy
) -> None:
    backer, layer = players
    printer.clear()
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    assert offer.number.encode() in printer.output  # its barcode and QR code
    assert "ПРЕДЛОЖЕНИЕ ПАРИ".encode("cp866") in printer.output
    printer.clear()
    pari = anna.accept_pari(layer, offer.number, stake="40")
    paper = printer.output
    assert pari.number.encode() in paper
    assert "отмене не подлежит".encode("cp866") in paper and b"60,00" in paper
    assert not hasattr(anna, "cancel_pari")  # no way to cancel a concluded pari (p.45)


def test_verify_finds_money_blocked_for_nothing(
    db_shop: Shop, anna: Desk, players: tuple[str, str]
) -> None:
    backer, layer = players
    offer = anna.offer_pari(
        backer, event=101, market="1", side="back", coefficient="1.50", stake="100"
    )
    anna.accept_pari(layer, offer.number, stake="40")
    assert db_shop.verify().ok
    with db_shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]  # someone with the database
        session.execute(text("UPDATE exchange_offers SET blocked = 0"))
        uow.commit()
    found = db_shop.verify()
    assert not found.ok
    assert any("держат" in line for line in found.words())


def _paris_on_101(anna: Desk, backer: str, layer: str) -> list[str]:
    """Three paris of the two players on event 101: «1» backed at 1,50 for 100 and at 2,00
    for 10, «X» laid by the backer at 3,00 for 20."""
    paris = []
    for offerer, taker, market, side, coefficient, stake in (
        (backer, layer, "1", "back", "1.50", "100"),
        (backer, layer, "1", "back", "2.00", "10"),
        (layer, backer, "X", "back", "3.00", "20"),
    ):
        offer = anna.offer_pari(
            offerer, event=101, market=market, side=side, coefficient=coefficient, stake=stake
        )
        paris.append(anna.accept_pari(taker, offer.number, stake=stake).number)
    return paris


def test_p48_p53_an_events_paris_are_two_lines_of_each_statement(
    db_shop: Shop, anna: Desk, players: tuple[str, str], clock: FixedClock
) -> None:
    backer, layer = players
    paris = _paris_on_101(anna, backer, layer)
    lines = len(db_shop.account(backer).statement())
    clock.advance(timedelta(days=3))
    db_shop.login("boss", "9911").record_result(101, 2, 1, source="АБФФ")  # «1» won, «X» lost
    db_shop.settle()
    results = [(db_shop.pari(n).back_result, db_shop.pari(n).lay_result) for n in paris]
    assert results == [
        (D("142.50"), D("-150.00")),  # 100 × 1,50 less 5 %
        (D("19.00"), D("-20.00")),
        (D("-20.00"), D("19.00")),  # the backer laid «X» (the layer backed it) and won 20
    ]
    statement = db_shop.account(backer).statement()
    assert len(statement) == lines + 2
    release, gain = statement[-2:]
    # The backer had blocked 100 + 10 (his backs) + 60 (his lay of «X» at 3,00 for 20).
    assert (release.kind, release.amount) == (Movement.RELEASE, D("170.00"))
    assert (gain.kind, gain.amount) == (Movement.GAIN, D("142.50") + D("19.00") + D("19.00"))
    assert release.reference == gain.reference == "событие 101: 3 пари"
    assert db_shop.account(backer).blocked == 0 and db_shop.verify().ok


def test_two_terminals_settling_at_once_settle_each_pari_once(
    db_url: str, db_shop: Shop, anna: Desk, players: tuple[str, str], clock: FixedClock
) -> None:
    backer, layer = players
    paris = _paris_on_101(anna, backer, layer)
    before = _money(db_shop, backer, layer)
    clock.advance(timedelta(days=3))
    db_shop.login("boss", "9911").record_result(101, 2, 1, source="АБФФ")
    other = open_shop(db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher())
    try:
        errors: list[Exception] = []

        def settle(shop: Shop) -> None:
            try:
                shop.settle()
            except Exception as failed:  # noqa: BLE001 - the test says which, not the thread
                errors.append(failed)

        threads = [threading.Thread(target=settle, args=(s,)) for s in (db_shop, other)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert errors == []
        assert all(db_shop.pari(n).status is PariStatus.SETTLED for n in paris)
        commission = D("7.50") + D("1.00") + D("1.00")
        assert before - _money(db_shop, backer, layer) == commission  # settled once
        assert db_shop.verify().ok
    finally:
        other.close()
