"""A chain of offices on a real database, both backends (issue 18): a database made before
offices opens as one office unchanged; offices paying at once each number their own journal
from 1; a slip is paid once in the chain; the chain's report puts each office on a row."""

from __future__ import annotations

import gzip
import shutil
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest
from escpos.printer import Dummy

from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.payouts.errors import NotPayable
from pos.reports.tables import ReportKind
from pos.reports.use_cases import WHOLE_CHAIN
from pos.shop.services import Shop
from tests.chain_helpers import won_slips
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.pg import PostgresServer
from tests.integration.sql import sql as _sql
from tests.shifts import number_terminals, reopen_shift

pytestmark = pytest.mark.integration
D = Decimal
OFFICES = ("M1", "M2", "M3", "M4")
PER_OFFICE = 12
# Made by main at b9e672e (before offices): the demo's yesterday played, its three winners
# paid, the first payout's entry corrected (entries 1–4), one open slip; its address set.
BEFORE_OFFICES = Path(__file__).parent / "data" / "shop_made_by_b9e672e.db.gz"


def _open(url: str, clock: FixedClock, terminal: str) -> Shop:
    return open_shop(
        url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher(), printer=Dummy()
    )


def test_a_database_made_before_offices_is_one_office_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    with gzip.open(BEFORE_OFFICES) as packed, path.open("wb") as file:
        shutil.copyfileobj(packed, file)
    clock = FixedClock(datetime(2026, 12, 2, 10, 0, tzinfo=UTC))
    shop = _open(f"sqlite:///{path}", clock, "К1")
    try:
        [office] = shop.offices()
        assert (office.code, office.address) == ("M1", "г. Минск, пр. Победителей, 9")
        assert shop.settings().shop_name == "ООО «Тест Бет»"
        assert shop.settings().address == "г. Минск, пр. Победителей, 9"
        entries = shop.journal()
        assert [e.number for e in entries] == [1, 2, 3, 4]
        assert [str(e.amount) for e in entries] == ["42.00", "67.20", "170.55", "0.00"]
        assert entries[3].corrects == 1 and {e.office for e in entries} == {"M1"}
        found = shop.verify()
        assert found.ok, found.words()
        assert "Журнал выплат: записей 4, нумерация сплошная (№ 1–4)." in found.words()
        boss, anna = shop.login("boss", "9911"), shop.login("anna", "4821")
        assert (boss.role.value, anna.role.value) == ("manager", "cashier")
        boss.set_odds(101, "1", D("2.20"))  # one office: its manager keeps the line
        slip = anna.accept_bet([(101, "1")], stake="3")
        assert slip.office == "M1" and shop.slip(slip.number).status is SlipStatus.OPEN
        with shop.unit_of_work() as uow:
            assert uow.journal.numbers_taken("M1") == 4  # the next payout is № 5
    finally:
        shop.close()


@pytest.fixture
def chain(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    """The demo at К1 in M1 and three more offices, one terminal each (К2…К4 with their
    registers); chief is the chain's head; payouts anywhere."""
    shop = _open(db_url, clock, "К1")
    shop.seed_demo()
    for number, code in enumerate(OFFICES[1:], start=2):
        shop.add_office(code, name=f"Пункт приёма ставок № {number}", address=f"г. Минск, {number}")
        shop.register_terminal(f"К{number}", office=code, register_serial=f"KSA-К{number}")
        number_terminals(shop, f"К{number}")
    shop.create_user("chief", "7777", "head")
    shop.update_settings(payout_anywhere=True)
    yield shop
    shop.close()


def _won_slips(shop: Shop, clock: FixedClock) -> dict[str, list[str]]:
    return won_slips(shop, clock, OFFICES, PER_OFFICE)


def test_four_offices_paying_at_once_each_number_their_journal_from_one(
    db_url: str, chain: Shop, clock: FixedClock
) -> None:
    """Every office's terminal pays its own slips and tries every other office's at once:
    each slip is paid once in the chain, and each journal runs 1..N without a gap."""
    numbers = _won_slips(chain, clock)
    shops = [chain] + [_open(db_url, clock, f"К{i}") for i in range(2, len(OFFICES) + 1)]
    desks = [shop.login("chief", "7777") for shop in shops]
    for desk in desks:
        reopen_shift(desk, cash="5000")
    everyone = [n for office in OFFICES for n in numbers[office]]
    barrier = threading.Barrier(len(desks))
    paid: dict[int, list[str]] = {i: [] for i in range(len(desks))}
    raw: list[BaseException] = []

    def terminal(index: int) -> None:
        # Its own office's slips first, then the others', in a different order per terminal.
        order = everyone[index * PER_OFFICE :] + everyone[: index * PER_OFFICE]
        for number in order:
            try:
                barrier.wait(timeout=60)
                paid[index].append(desks[index].pay_out(number, PASSPORT).slip_number)
            except NotPayable:
                pass  # paid already somewhere in the chain, or being paid
            except BaseException as error:  # noqa: BLE001 - a raw error is the failure sought
                raw.append(error)
                barrier.abort()
                return

    threads = [threading.Thread(target=terminal, args=(i,)) for i in range(len(desks))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for shop in shops[1:]:
        shop.close()

    assert raw == []
    assert sorted(n for slips in paid.values() for n in slips) == sorted(everyone)
    total = 0
    for index, office in enumerate(OFFICES):
        journal = chain.journal(office=office)
        assert [e.number for e in journal] == list(range(1, len(journal) + 1)), office
        assert {e.office for e in journal} <= {office}
        assert sorted(e.slip_number for e in journal) == sorted(paid[index])
        total += len(journal)
    assert total == len(everyone)
    found = chain.verify()
    assert found.ok, found.words()


def test_the_chains_report_puts_each_office_on_a_row(
    db_url: str, chain: Shop, clock: FixedClock
) -> None:
    today = clock.now().astimezone(chain.settings().zone).date()
    chain.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    m2 = _open(db_url, clock, "К2")
    try:
        head = m2.login("chief", "7777")
        head.open_shift(cash="100")
        head.accept_bet([(102, "1")], stake="25")
    finally:
        m2.close()
    boss = chain.login("chief", "7777")
    report = boss.report(ReportKind.OFFICES, today, today)
    assert [row[:3] for row in report.rows] == [
        ("M1 Пункт приёма ставок № 1", 1, D("10.00")),
        ("M2 Пункт приёма ставок № 2", 1, D("25.00")),
    ]
    assert report.scope == "Вся сеть: пунктов 4 (M1, M2, M3, M4)"
    own = boss.report(ReportKind.TURNOVER, today, today)
    assert own.scope.startswith("Пункт M1") and sum(row[3] for row in own.rows) == D("10.00")
    whole = boss.report(ReportKind.TURNOVER, today, today, office=WHOLE_CHAIN)
    assert sum(row[3] for row in whole.rows) == D("35.00")
    assert boss.report(ReportKind.TURNOVER, today, today, office="M2").rows[0][3] == D("25.00")


@pytest.mark.postgres
@pytest.mark.warns_in_log  # the replica of another schema is not used, and the log says so
def test_the_reports_read_from_a_replica_when_one_is_given(
    pg_server: PostgresServer, pg_migrated_url: str, clock: FixedClock
) -> None:
    """A stand-in for a streaming standby: a copy of the primary taken before a bet. The
    reports read the copy; everything else the primary. A replica of another schema is not
    used: the reports read the primary."""
    seeded = _open(pg_migrated_url, clock, "К1")
    seeded.seed_demo()
    seeded.close()
    primary = pg_migrated_url.rsplit("/", 1)[1]
    replica = pg_server.create_database(template=primary)
    shop = open_shop(
        pg_migrated_url,
        clock=clock,
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=Dummy(),
        reports_url=pg_server.url(replica),
    )
    try:
        today = clock.now().astimezone(shop.settings().zone).date()
        slip = shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
        assert shop.slip(slip.number).stake == D("10.00")  # the primary has it
        assert shop.report(ReportKind.TURNOVER, today, today).empty  # the replica has not
    finally:
        shop.close()
    with psycopg.connect(pg_server.url(replica)) as c:
        c.execute("UPDATE alembic_version SET version_num = '0010'")
    shop = _open(pg_migrated_url, clock, "К1")
    other = open_shop(
        pg_migrated_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(),
        printer=Dummy(), reports_url=pg_server.url(replica),
    )  # fmt: skip
    try:
        assert not other.report(ReportKind.TURNOVER, today, today).empty  # the primary's
    finally:
        other.close()
        shop.close()
    pg_server.drop_database(replica)


def test_each_office_keeps_its_own_audit_chain(db_url: str, chain: Shop, clock: FixedClock) -> None:
    """Terminals of four offices writing at once take no number from one another's chain:
    each office's chain runs 1..N, `verify` checks each and says whose a break is in, and an
    X report prints its own office's head."""
    shops = [chain] + [_open(db_url, clock, f"К{i}") for i in range(2, len(OFFICES) + 1)]
    barrier = threading.Barrier(len(shops))
    raw: list[BaseException] = []

    def terminal(shop: Shop) -> None:
        try:
            for _ in range(8):
                barrier.wait(timeout=60)
                shop.login("chief", "7777").sign_out()
        except BaseException as error:  # noqa: BLE001 - a raw error is the failure sought
            raw.append(error)
            barrier.abort()

    threads = [threading.Thread(target=terminal, args=(shop,)) for shop in shops]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert raw == []
    for office in OFFICES:
        seqs = _sql(chain, f"SELECT seq FROM audit_log WHERE office = '{office}' ORDER BY seq")
        assert [seq for (seq,) in seqs] == list(range(1, len(seqs) + 1)), office
        assert len(seqs) >= 16, office  # 8 sign-ins and 8 sign-outs at least
    found = chain.verify()
    assert found.ok, found.words()
    assert [c.office for c in found.chains] == list(OFFICES)
    assert found.words()[1].startswith("Журнал аудита пункта M2: записей ")
    heads = {c.office: c.head for c in found.chains}
    far = shops[1].login("chief", "7777")
    far.open_shift(cash="100")
    assert far.x_report().chain_head != heads["M1"]
    with shops[1].unit_of_work() as uow:
        shown = far.x_report().chain_head
        assert shown is not None and shown.seq == uow.audit.head("M2").seq - 1  # before its own
    for shop in shops[1:]:
        shop.close()
    if chain.description.startswith("PostgreSQL"):
        _sql(chain, "ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only")
    else:
        _sql(chain, "DROP TRIGGER audit_log_no_update")
    _sql(chain, "UPDATE audit_log SET detail = 'x' WHERE office = 'M3' AND seq = 3")
    found = chain.verify()
    assert not found.ok
    assert "Журнал аудита пункта M3: запись № 3 изменена (не сходится её хеш)." in found.words()
    assert found.words()[0].startswith("Журнал аудита пункта M1: записей ")
