"""The register of claims on SQLite and PostgreSQL (issue 37, p.14–p.16): a claim about a slip
or its payout with what the player presented (a video is no evidence), numbered per office
without gaps, decided once by a manager, answered on paper, listed by period as PDF."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from escpos.printer import Dummy
from pypdf import PdfReader

from db.claims import SqlClaimRepository
from main import open_shop
from pos.betting.errors import InvalidSlipNumber
from pos.claims.claims import Claim, ClaimState
from pos.claims.errors import (
    ClaimDecided,
    ClaimNotDecided,
    ClaimReasonRequired,
    ClaimTextRequired,
    PayoutNotOfSlip,
    SlipOfOtherOffice,
    UnknownClaim,
)
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, PrinterUnavailable, UnknownSlip
from pos.core.wording import display_slip_number
from pos.payouts.errors import JournalEntryUnknown
from pos.shop.services import Shop
from pos.till.errors import PaperNotPrinted
from tests.chain_helpers import won_slips
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql
from tests.shifts import reopen_shift
from tests.unit.printing.escpos_reader import read_job

pytestmark = pytest.mark.integration
VIDEO = "видеозапись с камеры зала"


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=printer
    )
    yield shop
    shop.close()


def _slip(shop: Shop) -> str:
    return shop.login("anna", "4821").accept_bet([(101, "1")], stake="10").number


def _printed(printer: Dummy) -> str:
    """The last job's text, read back from its ESC/POS bytes, one line a line."""
    return "\n".join(line.strip() for line in read_job(printer.output, "TM-T20II").lines)


def test_p14_a_claim_is_numbered_with_its_time_and_what_the_player_presented(
    db_shop: Shop, clock: FixedClock
) -> None:
    number = _slip(db_shop)
    anna = db_shop.login("anna", "4821")  # a cashier takes the claim (p.14)

    claim = anna.record_claim(
        display_slip_number(number),  # as printed, with its dashes
        text="Исход засчитан неверно: матч перенесён",
        evidence=["чек 17", VIDEO, "clip_0042.MP4", "  "],
    )

    assert (claim.number, claim.slip_number, claim.received_at) == (1, number, clock.now())
    assert claim.taken == ("чек 17",)
    assert claim.not_taken == (VIDEO, "clip_0042.MP4")  # kept, and no evidence (p.14)
    assert claim.state is ClaimState.OPEN
    assert db_shop.login("boss", "9911").claim("1") == claim
    assert anna.record_claim(number, text="Второй вопрос").number == 2
    audit = sql(db_shop, "SELECT actor, detail FROM audit_log WHERE action = 'claim_recorded'")
    assert [actor for actor, _ in audit] == ["anna", "anna"]


def test_p14_an_unknown_slip_or_an_empty_claim_is_refused_and_takes_no_number(
    db_shop: Shop,
) -> None:
    number = _slip(db_shop)
    anna = db_shop.login("anna", "4821")
    with pytest.raises(InvalidSlipNumber, match="Номер купона"):
        anna.record_claim("1234567890123", text="где мой выигрыш")
    with pytest.raises(UnknownSlip, match="не найден"):
        anna.record_claim(_unknown_slip(db_shop), text="где мой выигрыш")
    with pytest.raises(ClaimTextRequired, match="что именно заявляет игрок"):
        anna.record_claim(number, text="   ")
    with pytest.raises(UnknownClaim, match="нет в реестре"):
        db_shop.login("boss", "9911").claim(1)
    assert anna.record_claim(number, text="вопрос").number == 1  # no number was lost


def _unknown_slip(shop: Shop) -> str:
    """A well-formed number of a slip never issued: the next serial's."""
    from pos.betting.counter import shop_secret
    from pos.betting.numbers import make_slip_number

    with shop.unit_of_work() as uow:
        return make_slip_number(10_000, shop_secret(uow))


def test_p14_a_claim_about_a_payout_names_its_journal_entry(
    db_shop: Shop, clock: FixedClock
) -> None:
    first, second = won_slips(db_shop, clock, ("M1",), 2, by=("boss", "9911"))["M1"]
    anna = db_shop.login("anna", "4821")
    reopen_shift(anna, cash="100")
    entry = anna.pay_out(first, document=PASSPORT)

    claim = anna.record_claim(
        first, text="Выплачено меньше", evidence="чек выплаты", payout=entry.number
    )

    assert (claim.payout, claim.taken) == (entry.number, ("чек выплаты",))
    with pytest.raises(PayoutNotOfSlip, match="не выплата по купону"):
        anna.record_claim(second, text="Выплачено меньше", payout=entry.number)
    with pytest.raises(JournalEntryUnknown):
        anna.record_claim(first, text="Выплачено меньше", payout="77")


def test_p15_a_manager_decides_with_a_reason_and_no_money_moves(db_shop: Shop) -> None:
    number = _slip(db_shop)
    anna, boss = db_shop.login("anna", "4821"), db_shop.login("boss", "9911")
    claim = anna.record_claim(number, text="Коэффициент на купоне не тот", evidence=["купон"])
    cash_before = anna.shift().summary.expected
    with pytest.raises(NotPermitted, match="претензии игроков"):
        anna.decide_claim(claim.number, upheld=True, reason="ошибка")
    with pytest.raises(ClaimReasonRequired, match="основание"):
        boss.decide_claim(claim.number, upheld=True, reason=" ")

    decided = boss.decide_claim(
        claim.number,
        upheld=True,
        reason="Коэффициент на купоне 2,10 совпадает с линией",
        remedy="Исправить результат с причиной (п. 21), затем выплатить",
    )

    assert decided.state is ClaimState.UPHELD and decided.decision is not None
    assert (decided.decision.decided_by, decided.decision.remedy) == (
        "boss",
        "Исправить результат с причиной (п. 21), затем выплатить",
    )
    assert boss.claim(claim.number) == decided
    assert anna.shift().summary.expected == cash_before  # a decision moves no money
    assert db_shop.slip(number).status == "open"
    assert db_shop.journal() == []
    audit = sql(db_shop, "SELECT actor, detail FROM audit_log WHERE action = 'claim_decided'")
    assert audit == [("boss", "№ 1 удовлетворена: Коэффициент на купоне 2,10 совпадает с линией")]


def test_p16_a_decided_claim_is_final_then_the_courts(db_shop: Shop) -> None:
    boss = db_shop.login("boss", "9911")
    claim = boss.record_claim(_slip(db_shop), text="Не согласен с расчётом")
    boss.decide_claim(claim.number, upheld=False, reason="Расчёт по протоколу матча")

    with pytest.raises(ClaimDecided, match=r"окончательное.*в суде \(п\. 16"):
        boss.decide_claim(claim.number, upheld=True, reason="передумали")

    kept = boss.claim(claim.number)
    assert kept.state is ClaimState.REJECTED and kept.decision is not None
    assert kept.decision.reason == "Расчёт по протоколу матча"


def test_p16_two_managers_deciding_at_once_one_is_told_it_was_decided(
    db_shop: Shop, db_url: str, clock: FixedClock
) -> None:
    claim = db_shop.login("anna", "4821").record_claim(_slip(db_shop), text="спор")
    other = open_shop(
        db_url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    try:
        desks = [db_shop.login("boss", "9911"), other.login("boss", "9911")]
        outcomes: list[str] = []
        start = threading.Barrier(2)

        def decide(index: int) -> None:
            start.wait()
            try:
                desks[index].decide_claim(
                    claim.number, upheld=bool(index), reason=f"решение {index}"
                )
                outcomes.append("decided")
            except ClaimDecided:
                outcomes.append("refused")

        threads = [threading.Thread(target=decide, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        other.close()
    assert sorted(outcomes) == ["decided", "refused"]
    rows = sql(db_shop, "SELECT reason FROM claims WHERE decided_at IS NOT NULL")
    assert len(rows) == 1


class _Crash(Exception):
    """A failure after the claim took its number: its transaction rolls back."""


@pytest.mark.postgres
def test_p14_claims_of_two_terminals_racing_are_numbered_without_gaps(
    pg_migrated_url: str, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    shops = [
        open_shop(
            pg_migrated_url, clock=clock, terminal=t, pin_hasher=PlainPinHasher(), printer=Dummy()
        )
        for t in ("К1", "К2")
    ]
    adding = SqlClaimRepository.add

    def add_or_crash(self: SqlClaimRepository, claim: Claim) -> None:
        adding(self, claim)
        if "сбой" in claim.text:  # the number was taken and the row written: all rolled back
            raise _Crash(claim.number)

    monkeypatch.setattr(SqlClaimRepository, "add", add_or_crash)
    try:
        shops[0].seed_demo()
        number = _slip(shops[0])
        desks = [shop.login("boss", "9911") for shop in shops]
        start = threading.Barrier(2)
        failures: list[BaseException] = []

        def record(desk_index: int) -> None:
            start.wait()
            for round_ in range(15):
                words = "сбой" if round_ % 5 == 4 else f"претензия {desk_index}-{round_}"
                try:
                    desks[desk_index].record_claim(number, text=words)  # every 5th rolled back
                except _Crash:
                    pass
                except BaseException as failure:  # noqa: BLE001 - the test reports it
                    failures.append(failure)

        threads = [threading.Thread(target=record, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        numbers = sorted(n for (n,) in sql(shops[0], "SELECT number FROM claims"))
        assert numbers == list(range(1, 25))  # 30 tried, 6 rolled back: no gap, no twin
    finally:
        for shop in shops:
            shop.close()


def test_p15_p16_the_answer_is_printed_only_after_the_decision(
    db_shop: Shop, printer: Dummy
) -> None:
    number = _slip(db_shop)
    boss = db_shop.login("boss", "9911")
    claim = db_shop.login("anna", "4821").record_claim(
        number, text="Ставка принята после начала матча", evidence=["чек 17", VIDEO]
    )
    with pytest.raises(ClaimNotDecided, match="после решения"):
        boss.print_claim_answer(claim.number)
    boss.decide_claim(claim.number, upheld=False, reason="Ставка принята до начала матча")
    printer.clear()

    boss.print_claim_answer(claim.number)

    text = _printed(printer)
    for words in (
        "ОТВЕТ НА ПРЕТЕНЗИЮ ИГРОКА",
        "№ 1",
        "Пункт M1",
        display_slip_number(number),
        "Ставка принята после начала матча",
        "Приняты документы:",
        "- чек 17",
        "Не являются доказательством (п. 14):",
        f"- {VIDEO}",
        "в претензии отказано",
        "Ставка принята до начала матча",
        "доказательством не является",
        "законодательством",
    ):
        assert words in text, (words, text)
    assert "Решил" in text


def test_the_register_of_a_period_is_listed_filtered_printed_and_saved_as_pdf(
    db_shop: Shop, clock: FixedClock, printer: Dummy, tmp_path: Path
) -> None:
    number = _slip(db_shop)
    boss = db_shop.login("boss", "9911")
    boss.record_claim(number, text="Первая претензия")
    clock.advance(timedelta(days=2))
    boss.record_claim(number, text="Вторая претензия")
    boss.decide_claim(2, upheld=False, reason="Нет оснований")
    today = clock.now().date()

    assert [c.number for c in boss.claims(today - timedelta(days=2), today)] == [1, 2]
    assert [c.number for c in boss.claims(today, today)] == [2]
    assert [
        c.number for c in boss.claims(today - timedelta(days=9), today, state=ClaimState.OPEN)
    ] == [1]
    with pytest.raises(NotPermitted):
        db_shop.login("anna", "4821").claims(today, today)

    pages = boss.export_claims_pdf(tmp_path / "claims.pdf", today - timedelta(days=2), today)

    assert pages == 1
    pdf = PdfReader(tmp_path / "claims.pdf").pages[0].extract_text()
    for words in ("Реестр претензий игроков", "Первая претензия", "отклонена", "Нет оснований"):
        assert words in pdf, (words, pdf)
    printer.clear()
    boss.print_claims(date(2026, 11, 1), today)
    paper = _printed(printer)
    assert "РЕЕСТР ПРЕТЕНЗИЙ ИГРОКОВ" in paper and "ждёт решения" in paper


def test_p16_an_answer_that_did_not_come_out_leaves_the_decision_standing(
    db_shop: Shop, monkeypatch: pytest.MonkeyPatch
) -> None:
    boss = db_shop.login("boss", "9911")
    claim = boss.record_claim(_slip(db_shop), text="спор")
    boss.decide_claim(claim.number, upheld=False, reason="нет оснований")

    def broken(*_args: object) -> None:
        raise PrinterUnavailable("К1", "нет бумаги")

    monkeypatch.setattr(type(db_shop.station), "print_document", broken)
    with pytest.raises(PaperNotPrinted, match="Решение по претензии № 1 принято, но ответ"):
        boss.print_claim_answer(claim.number)
    assert boss.claim(claim.number).state is ClaimState.REJECTED


def test_p14_a_slip_of_another_office_is_claimed_where_it_was_issued(
    db_shop: Shop, clock: FixedClock
) -> None:
    db_shop.add_office("M2", name="Пункт приёма ставок № 2", address="г. Гродно")
    db_shop.create_user("chief", "7777", "head")
    (far,) = won_slips(db_shop, clock, ("M2",), 1)["M2"]
    with pytest.raises(SlipOfOtherOffice, match="принят в пункте M2"):
        db_shop.login("anna", "4821").record_claim(far, text="где выигрыш")
