"""Remote coupons (p.17, issue 37), on SQLite and PostgreSQL: registered when the money came,
issued at the odds of the registration with no cash and no receipt, marked «по купону №»;
once per coupon and once per payment order among all transfers; the win paid where the stake
came from: back to the same bank account, or a postal coupon's in cash by the payment list."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from hypothesis import given
from hypothesis import strategies as st

from main import open_shop
from pos.accounts.errors import OrderRecorded
from pos.accounts.transfer_rules import Direction, iban_with_checks
from pos.betting.slips import SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.coupons.errors import (
    CouponOrderRecorded,
    CouponRegistered,
    NotCouponPlayer,
    PaidAsCoupon,
    WrongBankAccount,
)
from pos.payouts.errors import PayoutTooEarly
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import ID_CARD, PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.fuzz_helpers import (
    AMOUNTS,
    DIGITS,
    FUZZ,
    INTEGERS,
    KINDS,
    TEXT,
    _refused_or_done,
)
from tests.integration.sql import sql
from tests.shifts import reopen_shift
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
D = Decimal
PLAYER_BANK = iban_with_checks("ALFA30120000012345678901")
OTHER_BANK = iban_with_checks("BPSB30120000098765432101")
ON = date(2026, 12, 1)


@pytest.fixture
def printer() -> Dummy:
    return Dummy(profile="TM-T20II")


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


def _boss(shop: Shop) -> Desk:
    return shop.login("boss", "9911")


def _register(boss: Desk, coupon: str = "К-0042", **terms: object) -> str:
    fields: dict[str, object] = {
        "legs": [(101, "1")],
        "stake": D("10"),
        "player": PASSPORT,
        "paid_by": "transfer",
        "order": "125",
        "on": ON,
        "bank_account": PLAYER_BANK,
    }
    fields.update(terms)
    return boss.register_coupon(coupon=coupon, **fields).number  # type: ignore[arg-type]


def _receipts(shop: Shop) -> int:
    return int(str(sql(shop, "SELECT count(*) FROM fiscal_receipts")[0][0]))


def _won(shop: Shop, clock: FixedClock) -> None:
    """Event 101 ends 2:1 now (the home side won) and the slips are settled."""
    clock.advance(timedelta(days=5))
    _boss(shop).record_result(101, 2, 1, source="АБФФ", ended_at=clock.now())
    shop.settle()


def test_p17_a_coupon_is_issued_at_the_registration_odds_with_no_cash_and_its_mark(
    db_shop: Shop, printer: Dummy
) -> None:
    boss = _boss(db_shop)
    boss.set_odds(101, "1", D("2.50"))  # the odds of the registration, not of the posting
    receipts, drawer = _receipts(db_shop), boss.shift().summary.expected
    printer.clear()

    number = _register(boss)

    slip = db_shop.slip(number)
    assert slip.status is SlipStatus.OPEN and slip.stake == D("10.00")
    assert slip.legs[0].odds == D("2.50") and slip.possible_payout == D("25.00")
    assert slip.fiscal_receipt_no is None and slip.account is None
    assert _receipts(db_shop) == receipts  # no cash moved: no fiscal receipt
    assert boss.shift().summary.expected == drawer
    paper = "\n".join(read_job(printer.output, "TM-T20II").lines)
    assert "по купону №" in paper and "К-0042" in paper and "ПРИХОД" not in paper
    stake = boss.transfers_by_order("125", ON)
    assert [(t.direction, t.amount, t.account_number, t.reference) for t in stake] == [
        (Direction.IN, D("10.00"), None, "К-0042")
    ]
    assert stake[0].bank_account == PLAYER_BANK
    audit = [str(row[0]) for row in sql(db_shop, "SELECT action FROM audit_log ORDER BY id")]
    assert AuditAction.COUPON_REGISTERED.value in audit
    assert sql(db_shop, "SELECT outcome FROM id_checks ORDER BY id")[-1] == ("accepted",)


def test_p17_the_same_coupon_twice_is_refused_naming_its_slip(db_shop: Shop) -> None:
    boss = _boss(db_shop)
    number = _register(boss)

    with pytest.raises(CouponRegistered, match="уже зарегистрирован") as refused:
        _register(boss, "к-0042", order="126")

    assert refused.value.slip_number == number
    assert sql(db_shop, "SELECT count(*) FROM coupons") == [(1,)]


def test_p17_an_account_transfers_payment_order_is_refused_for_a_coupon_and_back(
    db_shop: Shop,
) -> None:
    boss = _boss(db_shop)
    account = boss.open_account(document=ID_CARD).number
    boss.record_transfer(account, D("50"), payer="Ковалёва А. П.", order="125", on=ON)

    with pytest.raises(OrderRecorded, match=r"№ 125 от 01\.12\.2026 уже записано"):
        _register(boss)
    _register(boss, order="300")
    with pytest.raises(CouponOrderRecorded, match="по купону № К-0042"):
        _register(boss, "К-0043", order="300")
    with pytest.raises(OrderRecorded):  # the reverse: the coupon's order onto an account
        boss.record_transfer(account, D("10"), payer="Иванов П. С.", order="300", on=ON)

    assert sql(db_shop, "SELECT count(*) FROM coupons") == [(1,)]


def test_p17_a_coupon_paid_by_transfer_goes_back_only_to_that_bank_account(
    db_shop: Shop, clock: FixedClock
) -> None:
    boss, anna = _boss(db_shop), db_shop.login("anna", "4821")
    number = _register(boss)
    _won(db_shop, clock)
    clock.advance(timedelta(days=1))
    assert db_shop.slip(number).status is SlipStatus.WON

    quote = anna.payout_quote(number)  # said at the scan, before the document is typed
    assert quote.amount is None and f"только на счёт {PLAYER_BANK}" in str(quote.refusal)
    with pytest.raises(PaidAsCoupon, match=f"только на счёт {PLAYER_BANK}"):
        anna.pay_out(number, document=PASSPORT)
    with pytest.raises(WrongBankAccount, match="возвращается только на него"):
        boss.pay_coupon(number, order="77", bank_account=OTHER_BANK)
    with pytest.raises(PaidAsCoupon):
        anna.pay_coupon_in_cash(number, document=PASSPORT)

    out = boss.pay_coupon(number, order="77")

    assert out.direction is Direction.OUT and out.bank_account == PLAYER_BANK
    assert out.amount == db_shop.slip(number).payout
    assert db_shop.slip(number).status is SlipStatus.PAID
    assert db_shop.journal() == []  # not through the cash journal
    assert [t.reference for t in boss.transfers_by_order("77")] == ["К-0042"]


def test_p17_a_postal_coupon_is_paid_in_cash_by_the_list_from_the_day_after(
    db_shop: Shop, clock: FixedClock
) -> None:
    boss, anna = _boss(db_shop), db_shop.login("anna", "4821")
    number = _register(boss, paid_by="postal", bank_account=None, order="П-17")
    _won(db_shop, clock)

    reopen_shift(anna)  # the days went by
    with pytest.raises(PayoutTooEarly):
        anna.pay_coupon_in_cash(number, document=PASSPORT)
    clock.advance(timedelta(days=1))
    with pytest.raises(PaidAsCoupon, match="по ведомости"):
        anna.pay_out(number, document=PASSPORT)
    with pytest.raises(NotCouponPlayer):
        anna.pay_coupon_in_cash(number, document=ID_CARD)

    entry = anna.pay_coupon_in_cash(number, document=PASSPORT)

    assert entry.slip_number == number and entry.amount == D("21.00")
    assert entry.fiscal_receipt_no is not None  # the «РАСХОД» receipt, as any cash payout
    assert [e.number for e in db_shop.journal()] == [entry.number]
    assert db_shop.slip(number).status is SlipStatus.PAID
    details = [str(r[0]) for r in sql(db_shop, "SELECT detail FROM audit_log ORDER BY id")]
    assert f"по ведомости, купон № К-0042: запись журнала № {entry.number}" in details


def test_p17_a_postal_coupon_may_be_paid_by_postal_order(db_shop: Shop, clock: FixedClock) -> None:
    boss = _boss(db_shop)
    number = _register(boss, paid_by="postal", bank_account="", order="П-18")
    _won(db_shop, clock)
    clock.advance(timedelta(days=1))

    out = boss.pay_coupon(number, order="П-90", by="postal")

    assert out.bank_account == "" and db_shop.slip(number).status is SlipStatus.PAID


def test_p17_a_coupon_on_a_cancelled_event_is_returned_the_same_way(
    db_shop: Shop, clock: FixedClock
) -> None:
    boss = _boss(db_shop)
    number = _register(boss)
    clock.advance(timedelta(days=5))
    boss.record_result(101, None, None, status="cancelled", source="АБФФ", ended_at=clock.now())
    db_shop.settle()
    clock.advance(timedelta(days=1))
    assert db_shop.slip(number).status is SlipStatus.REFUND

    out = boss.pay_coupon(number, order="79")

    assert (out.amount, out.bank_account) == (D("10.00"), PLAYER_BANK)  # the stake, back there
    assert db_shop.slip(number).status is SlipStatus.PAID


# --- fuzzing every typed field of register_coupon: nothing but a PosError -------------------

_ANY = st.one_of(TEXT, INTEGERS, st.none(), st.dates(), st.decimals(allow_nan=True))


@FUZZ
@given(
    coupon=st.one_of(st.sampled_from(["К-1", "№ 7/2"]), _ANY),
    stake=st.one_of(AMOUNTS, _ANY),
    paid_by=st.one_of(st.sampled_from(["transfer", "postal", " Postal "]), _ANY),
    order=st.one_of(DIGITS, _ANY),
    on=st.one_of(st.sampled_from(["01.12.2026", "2026-12-31", "31.02.2026"]), _ANY),
    bank_account=st.one_of(st.just(PLAYER_BANK), st.just(OTHER_BANK.lower()), _ANY),
    kind=KINDS,
)
def test_p17_fuzz_register_coupon_refuses_with_a_pos_error_only(
    manager: Desk,
    coupon: object,
    stake: object,
    paid_by: object,
    order: object,
    on: object,
    bank_account: object,
    kind: object,
) -> None:
    _refused_or_done(
        lambda: manager.register_coupon(
            coupon=coupon,
            legs=[(101, "1")],
            stake=stake,
            player=PASSPORT,
            paid_by=paid_by,
            order=order,
            on=on,
            bank_account=bank_account,
            kind=kind,
        )
    )


@FUZZ
@given(surname=TEXT, number=TEXT, born=st.dates(), order=_ANY, by=_ANY)
def test_p17_fuzz_the_player_and_the_payment_refuse_with_a_pos_error_only(
    manager: Desk, surname: str, number: str, born: date, order: object, by: object
) -> None:
    player = IdDocument(
        surname=surname, name="Пётр", birth_date=born, kind="паспорт", number=number
    )
    _refused_or_done(
        lambda: manager.register_coupon(
            coupon="Ф-1", legs=[(101, "1")], stake="5", player=player, paid_by="postal", order="1"
        )
    )
    _refused_or_done(lambda: manager.pay_coupon("1234567890123", order=order, by=by))
