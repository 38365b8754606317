"""Input the database cannot store never reaches it (issue 15): fuzzing what the window calls.

Every entry point of the service API that takes text or a number typed, scanned or read from
a file gets random input on SQLite and on PostgreSQL: any text (NUL, control characters, lone
surrogates as a broken scanner or clipboard gives them, text longer than its column), digit
strings of thousands of digits and integers beyond every column's range. Nothing but a
`PosError` may come out, and its sentence must be one a screen, the log and the audit trail
can carry. Each finding of the issue is an `@example` of its entry point, so it is tried on
every run; the number of random examples is bounded so that the file stays fast.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from pathlib import PurePath

import pytest
from escpos.printer import Dummy
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from db import tables
from db.pins import Argon2PinHasher
from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core import inputs
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.core.input_errors import InvalidNumber, InvalidText
from pos.core.inputs import encodable
from pos.core.printers import make_printer_config
from pos.core.settings import ShopSettings
from pos.core.settings import to_text as settings_text
from pos.people.identity import IdDocument
from pos.poker.draws import INTERVAL
from pos.poker.errors import DrawFileRejected
from pos.poker.events import MAX_DRAW_NUMBER
from pos.settlement.errors import ResultsFileRejected
from pos.settlement.results import ResultEntry
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.fakes import PlainPinHasher
from tests.integration.pg import PostgresServer

pytestmark = pytest.mark.integration

FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
CHEAP = settings(FUZZ, max_examples=50)

# Every character there is: lone surrogates (category Cs, off by default) and NUL included.
ANY_CHARACTER = (
    st.characters(codec=None, categories=None)
    | st.characters(categories=["Cs"])
    | st.sampled_from(["\x00", "\ud800", "\udfff", "\x1b", "\x7f", ";", "\n", '"'])
)
TEXT = st.text(alphabet=ANY_CHARACTER, max_size=40)
# Around the columns' lengths (100 and 200 characters).
LONG_TEXT = st.text(alphabet=ANY_CHARACTER | st.just("Б"), min_size=95, max_size=260)
WORDS = st.one_of(TEXT, LONG_TEXT, st.sampled_from(["Динамо", "БАТЭ", "А" * 101, "a\x00b"]))
DIGITS = st.one_of(
    st.text("0123456789", min_size=1, max_size=25),
    st.integers(4295, 4310).map(lambda n: "9" * n),  # int() refuses 4,300 digits and more
)
INTEGERS = st.one_of(
    st.integers(),
    st.integers(2**31 - 3, 2**31 + 3),
    st.integers(2**63 - 2, 2**63 + 2),
    st.integers(0, 4400).map(lambda n: 10**n),
)
# What a JSON file can hold: json writes no integer of more than 4,300 digits.
JSON_INTEGERS = st.one_of(
    st.integers(), st.integers(2**31 - 3, 2**31 + 3), st.integers(0, 4299).map(lambda n: 10**n)
)
# A cell of a file: any text, digits of any length, numbers near the limits as written.
CELLS = st.one_of(TEXT, DIGITS, JSON_INTEGERS.map(str))
FINDINGS = [
    "1234567890123",  # a slip number scanned into the event field
    "2147483648",
    str(2**63),
    "1" * 4301,
    "²",
    "٤٠١",
]
CODES = st.one_of(INTEGERS, DIGITS, TEXT, st.sampled_from([101, "101", " 102 ", *FINDINGS]))
AMOUNTS = st.one_of(TEXT, DIGITS, INTEGERS, st.sampled_from(["5", "10,00", "1e30", "NaN"]))
MARKETS = st.one_of(TEXT, st.sampled_from(["1", "X", "б2,5", "O٢.5", "P1"]))
KINDS = st.one_of(TEXT, st.sampled_from(["single", "express", "system 2/3", "system ²/3"]))
_fresh_codes = itertools.count(500_000)


def _refused_or_done(call: Callable[[], object]) -> bool:
    """Call it: it may succeed (True), or refuse with a sentence (False); anything else
    fails the test."""
    try:
        call()
    except PosError as refusal:
        sentence = str(refusal)
        assert sentence, type(refusal)
        assert encodable(sentence), sentence
        assert "\x00" not in sentence, sentence
        return False
    return True


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def fuzz_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """One database per backend for the whole module: fuzzing needs many calls, not resets."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'shop.db'}"
        return
    server: PostgresServer = request.getfixturevalue("pg_server")
    name = server.create_database()
    yield server.url(name)
    server.drop_database(name)


@pytest.fixture(scope="module")
def fuzz_clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture(scope="module")
def fuzz_shop(fuzz_url: str, fuzz_clock: FixedClock) -> Iterator[Shop]:
    """The demo shop, its shift open; the draws tests move its clock, so they come last."""
    shop = open_shop(
        fuzz_url, clock=fuzz_clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=Dummy()
    )
    shop.seed_demo()
    yield shop
    shop.close()


@pytest.fixture(scope="module")
def manager(fuzz_shop: Shop) -> Desk:
    return fuzz_shop.login("boss", "9911")


@pytest.fixture(scope="module")
def cashier(fuzz_shop: Shop) -> Desk:
    return fuzz_shop.login("anna", "4821")


@pytest.fixture(scope="module")
def edited(manager: Desk) -> int:
    """An event of the line the fuzzing edits."""
    manager.add_event(150, "hockey", "Лида", "Химик", NOW + timedelta(days=3))
    return 150


def _fresh_event(manager: Desk) -> int:
    """A new event of the line (its results are given an actual start in the past)."""
    code = next(_fresh_codes)
    manager.add_event(code, "football", f"Хозяева {code}", f"Гости {code}", NOW + timedelta(1))
    return code


# --- the limits are the columns' own ---------------------------------------------------------


def test_the_limits_of_the_checks_are_the_lengths_of_the_columns() -> None:
    columns = {
        inputs.TEAM_NAME: [tables.EventRow.home, tables.EventRow.away],
        inputs.TOURNAMENT: [tables.EventRow.tournament],
        inputs.LOGIN: [tables.UserRow.login],
        inputs.TERMINAL: [tables.TerminalRow.name, tables.SlipRow.terminal],
        inputs.REASON: [tables.SlipRow.cancel_reason, tables.CashTransferRow.reason],
        inputs.RESULT_SOURCE: [tables.EventResultRow.source],
        inputs.REQUEST_KEY: [tables.SlipRow.request_key],
    }
    for limit, fields in columns.items():
        assert [field.type.length for field in fields] == [limit] * len(fields)


# --- the counter -----------------------------------------------------------------------------


@FUZZ
@given(code=CODES, market=MARKETS, stake=AMOUNTS, kind=KINDS, key=st.none() | TEXT | LONG_TEXT)
@example(code="1234567890123", market="1", stake="5", kind="single", key=None)
@example(code=2**31, market="1", stake="5", kind="single", key=None)
@example(code=2**63, market="1", stake="5", kind="single", key=None)
@example(code="1" * 4301, market="1", stake="5", kind="single", key=None)
@example(code=101, market="1", stake="5", kind="system ²/3", key=None)
@example(code=101, market="1", stake="5", kind="single", key="k\x00")
@example(code=101, market="1", stake="5", kind="single", key="\ud800" * 70)
def test_a_bet_takes_any_input_without_a_traceback(
    cashier: Desk, code: object, market: object, stake: object, kind: object, key: object
) -> None:
    _refused_or_done(lambda: cashier.price_bet([(code, market)], stake, kind))
    _refused_or_done(
        lambda: cashier.accept_bet(
            [(code, market), (102, "1"), (103, "1")], stake, kind, request_key=key
        )
    )


@FUZZ
@given(surname=WORDS, name=WORDS, kind=WORDS, number=WORDS, issued_by=WORDS)
@example(surname="Иванов", name="Иван", kind="паспорт\x00", number="MP1234567", issued_by="")
@example(surname="Иванов", name="Иван", kind="паспорт", number="MP\ud800", issued_by="")
def test_an_identity_check_takes_any_document_text(
    cashier: Desk, surname: str, name: str, kind: str, number: str, issued_by: str
) -> None:
    document = IdDocument(
        surname=surname,
        name=name,
        birth_date=date(1990, 5, 17),
        kind=kind,
        number=number,
        issued_by=issued_by,
    )
    _refused_or_done(lambda: cashier.check_identity(document))


@FUZZ
@given(reason=WORDS)
@example(reason="ошибся\x00")
@example(reason="ошибся\ud800")
@example(reason="п" * 201)
def test_a_cancellation_takes_any_reason(cashier: Desk, reason: str) -> None:
    # The slip stays open while its cancellations are refused; a new one after it is done.
    open_slips = [slip for slip in cashier.recent_slips() if slip.status is SlipStatus.OPEN]
    slip = open_slips[0] if open_slips else cashier.accept_bet([(101, "1")], "2")
    _refused_or_done(lambda: cashier.cancel_in_window(slip.number, reason))


@CHEAP
@given(number=st.one_of(TEXT, DIGITS, LONG_TEXT))
@example(number="0000123456789\x00")
def test_a_slip_number_may_be_anything_typed_or_scanned(cashier: Desk, number: str) -> None:
    _refused_or_done(lambda: cashier.slip(number))
    _refused_or_done(lambda: cashier.reprint(number))
    _refused_or_done(lambda: cashier.payout_quote(number))
    _refused_or_done(lambda: cashier.void_pending_slip(number, "не вышел"))


# --- the shift ---------------------------------------------------------------------------------


@FUZZ
@given(amount=AMOUNTS, reason=WORDS)
@example(amount="1", reason="размен\x00")
@example(amount="1", reason="\ud800")
@example(amount="1", reason="р" * 201)
def test_cash_in_and_out_take_any_reason(manager: Desk, amount: object, reason: str) -> None:
    _refused_or_done(lambda: manager.cash_in(amount, reason))
    _refused_or_done(lambda: manager.cash_out(amount, reason))


@CHEAP
@given(cashier_login=st.none() | WORDS, low=AMOUNTS, high=AMOUNTS)
@example(cashier_login="anna\x00", low=None, high=None)
@example(cashier_login="\ud800", low=None, high=None)
def test_the_journal_filters_take_any_input(
    manager: Desk, cashier_login: str | None, low: object, high: object
) -> None:
    _refused_or_done(
        lambda: manager.journal(cashier=cashier_login, min_amount=low, max_amount=high)
    )


# --- the line ----------------------------------------------------------------------------------


@FUZZ
@given(code=CODES, sport=WORDS, home=WORDS, away=WORDS, tournament=WORDS, limit=AMOUNTS)
@example(code=None, sport="football", home="Б" * 101, away="Гости", tournament="", limit="")
@example(code=None, sport="football", home="Хозяева", away="Гости", tournament="Т" * 101, limit="")
@example(code=None, sport="football", home="Хоз\x00", away="Гости", tournament="", limit="")
@example(code=None, sport="football", home="Хоз\ud800", away="Гости", tournament="", limit="")
@example(code=None, sport="curling", home="Хозяева", away="Гости", tournament="", limit="100")
def test_the_line_takes_any_event_input(
    manager: Desk,
    edited: int,
    code: object,
    sport: str,
    home: str,
    away: str,
    tournament: str,
    limit: object,
) -> None:
    new = next(_fresh_codes)
    when = NOW + timedelta(days=2)
    _refused_or_done(lambda: manager.add_event(new, sport, home, away, when, tournament=tournament))
    _refused_or_done(
        lambda: manager.update_event(edited, sport, home, away, when, tournament=tournament)
    )
    _refused_or_done(lambda: manager.set_odds(code, "1", "2.10"))
    _refused_or_done(lambda: manager.suspend_event(code))
    _refused_or_done(lambda: manager.resume_event(code))
    if _refused_or_done(lambda: manager.set_sport_limit(sport, limit)):
        manager.set_sport_limit(sport, None)


@FUZZ
@given(code=CODES, market=MARKETS, odds=AMOUNTS)
def test_odds_take_any_input(manager: Desk, code: object, market: object, odds: object) -> None:
    _refused_or_done(lambda: manager.set_odds(code, market, odds))


def _csv_file(rows: list[list[str]]) -> bytes:
    text = "\n".join(";".join(cells) for cells in rows)
    return text.encode("utf-8", "surrogatepass")


LINE_HEADER = ["код", "спорт", "турнир", "хозяева", "гости", "начало", "1", "Х", "2"]


@st.composite
def line_files(draw: st.DrawFn) -> tuple[str, bytes]:
    """A line file, CSV or JSON, whose cells are anything at all."""
    code = draw(st.one_of(st.just(str(next(_fresh_codes))), DIGITS, TEXT))
    cells = [draw(WORDS) for _ in range(3)]
    when = draw(st.one_of(st.just("05.12.2026 19:00"), TEXT))
    odds = draw(st.one_of(st.just("2,10"), CELLS))
    kind = draw(st.sampled_from(["csv", "json", "bytes"]))
    if kind == "bytes":
        return "line.csv", draw(st.binary(max_size=300))
    if kind == "csv":
        row = [code, "футбол", cells[0], cells[1], cells[2], when, odds, "3,10", "4,20"]
        return "line.csv", _csv_file([LINE_HEADER, row])
    item = {
        "code": draw(st.one_of(st.just(code), JSON_INTEGERS)),
        "sport": "football",
        "tournament": cells[0],
        "home": cells[1],
        "away": cells[2],
        "starts_at": when,
        "odds": {draw(MARKETS): odds},
    }
    # json escapes a lone surrogate as \ud800, which json.loads reads back as one.
    return "line.json", json.dumps([item]).encode()


@FUZZ
@given(file=line_files(), name=st.one_of(st.just("line"), WORDS))
@example(
    file=(
        "line.json",
        b'[{"code": 777001, "sport": "football", "home": "A\\u0000", '
        b'"away": "B", "starts_at": "05.12.2026 19:00", "odds": {"1": "2.10"}}]',
    ),
    name="line",
)
@example(
    file=(
        "line.json",
        b'[{"code": 777002, "sport": "football", "home": "A\\ud800", '
        b'"away": "B", "starts_at": "05.12.2026 19:00", "odds": {"1": "2.10"}}]',
    ),
    name="line",
)
@example(
    file=(
        "line.csv",
        _csv_file(
            [
                LINE_HEADER,
                ["777003", "футбол", "Т" * 101, "А", "Б", "05.12.2026 19:00", "2,10", "", ""],
            ]
        ),
    ),
    name="line\ud800",
)
def test_a_line_file_may_hold_anything(manager: Desk, file: tuple[str, bytes], name: str) -> None:
    kind, data = file
    _refused_or_done(lambda: manager.import_line(kind, data))
    _refused_or_done(lambda: manager.import_line(name + PurePath(kind).suffix, data))


# --- results -----------------------------------------------------------------------------------


SCORES = st.one_of(st.none(), DIGITS, INTEGERS, TEXT)
STATUSES = st.one_of(st.just("finished"), st.just("отменено"), TEXT)


@FUZZ
@given(code=CODES, home=SCORES, away=SCORES, status=STATUSES, source=WORDS, reason=WORDS)
@example(code=None, home=2, away=1, status="finished", source="АБФФ\x00", reason="опечатка")
@example(code=None, home=2, away=1, status="finished", source="\ud800", reason="опечатка")
@example(code=None, home="1" * 4301, away=1, status="finished", source="АБФФ", reason="x")
@example(code=None, home=2, away=1, status="finished", source="АБФФ", reason="опечатка\x00")
def test_results_take_any_input(
    manager: Desk,
    code: object,
    home: object,
    away: object,
    status: object,
    source: str,
    reason: str,
) -> None:
    fresh = _fresh_event(manager)
    started = NOW - timedelta(hours=2)
    entry = ResultEntry(fresh, home, away, status, started, None, NOW, source)
    _refused_or_done(lambda: manager.check_result(entry))
    _refused_or_done(lambda: manager.record_result(code, home, away, source=source))
    _refused_or_done(lambda: manager.record_results([entry]))
    recorded = ResultEntry(fresh, 1, 0, "finished", started, None, NOW, "АБФФ")
    _refused_or_done(lambda: manager.record_results([recorded]))
    _refused_or_done(lambda: manager.correct_result(fresh, entry, reason))
    _refused_or_done(lambda: manager.correct_result(code, recorded, reason))
    _refused_or_done(lambda: manager.settlement(code if isinstance(code, str) else source))


RESULTS_HEADER = ["код", "хозяева", "гости", "статус", "начало_факт", "окончание", "источник"]


@st.composite
def results_files(draw: st.DrawFn, code: int) -> tuple[str, bytes]:
    """A results file for `code` (or any code), CSV or JSON, whose cells are anything."""
    given_code = draw(st.one_of(st.just(str(code)), DIGITS, TEXT))
    home, away = draw(st.one_of(st.just("2"), DIGITS, TEXT)), draw(st.sampled_from(["1", "x"]))
    status = draw(STATUSES)
    source = draw(WORDS)
    start, end = "30.11.2026 10:00", "30.11.2026 11:50"
    kind = draw(st.sampled_from(["csv", "json", "bytes"]))
    if kind == "bytes":
        return "results.csv", draw(st.binary(max_size=300))
    if kind == "csv":
        row = [given_code, home, away, status, start, end, source]
        return "results.csv", _csv_file([RESULTS_HEADER, row])
    item = {
        "code": draw(st.one_of(st.just(code), JSON_INTEGERS)),
        "home": home,
        "away": away,
        "status": status,
        "actual_start": start,
        "ended_at": end,
        "source": source,
    }
    return "results.json", json.dumps([item]).encode()


@FUZZ
@given(data=st.data())
def test_a_results_file_may_hold_anything(manager: Desk, data: st.DataObject) -> None:
    name, content = data.draw(results_files(_fresh_event(manager)))
    _refused_or_done(lambda: manager.import_results(name, content))


def test_a_nul_in_a_results_file_is_refused_with_its_line(manager: Desk) -> None:
    code = _fresh_event(manager)
    content = _csv_file(
        [RESULTS_HEADER, [str(code), "2", "1", "", "30.11.2026 10:00", "", "АБФФ\x00"]]
    )
    with pytest.raises(ResultsFileRejected) as refused:
        manager.import_results("results.csv", content)
    assert refused.value.problems == [(2, str(InvalidText("source", "control")))]


# --- users, sign-in and settings ---------------------------------------------------------------


LOGINS = st.one_of(WORDS, st.sampled_from(["anna", "boss", "an\x00na", "\ud800", "a" * 33]))
PINS = st.one_of(TEXT, DIGITS, st.sampled_from(["4821", "\ud800", "12\x0034"]))


@pytest.mark.warns_in_log  # wrong PINs lock a user, which is logged
@FUZZ
@given(login=LOGINS, pin=PINS, role=st.one_of(TEXT, st.sampled_from(["cashier", "manager"])))
@example(login="an\x00na", pin="4821", role="cashier")
@example(login="\ud800", pin="4821", role="cashier")
def test_users_and_sign_in_take_any_login_and_pin(
    fuzz_shop: Shop, manager: Desk, cashier: Desk, login: str, pin: str, role: str
) -> None:
    _refused_or_done(lambda: fuzz_shop.create_user(login, pin, role))
    _refused_or_done(lambda: fuzz_shop.login(login, pin))
    _refused_or_done(lambda: manager.unlock_user(login))
    _refused_or_done(lambda: cashier.authorised_by(login, pin, "cash_out"))
    _refused_or_done(lambda: cashier.authorised_by("boss", "9911", role))
    _refused_or_done(lambda: cashier.confirm_pin(pin))
    manager.unlock_user("anna")


def test_a_pin_no_argon2_can_hash_is_a_wrong_pin(fuzz_url: str) -> None:
    shop = open_shop(fuzz_url, clock=FixedClock(NOW), terminal="К1", pin_hasher=Argon2PinHasher())
    try:
        with pytest.raises(InvalidText):
            shop.login("\x00", "4821")
        shop.create_user("argo", "2468", "cashier")
        with pytest.raises(PosError):
            shop.login("argo", "\ud800")
        assert shop.login("argo", "2468").login == "argo"
    finally:
        shop.close()


@pytest.mark.parametrize("terminal", ["К\x00", "К\ud800", "К" * 33])
def test_a_terminal_name_no_database_can_store_is_refused(fuzz_url: str, terminal: str) -> None:
    with pytest.raises(InvalidText, match="Имя терминала"):
        open_shop(fuzz_url, clock=FixedClock(NOW), terminal=terminal)


SETTING_NAMES = [*(name for name in ShopSettings.__dataclass_fields__), "register_serial"]


@FUZZ
@given(
    name=st.sampled_from(SETTING_NAMES),
    value=st.one_of(WORDS, DIGITS, INTEGERS, st.decimals(allow_nan=True), st.booleans()),
)
@example(name="time_zone", value="A" * 256)
@example(name="time_zone", value="Europe/Minsk\x00")
@example(name="time_zone", value="\ud800")
@example(name="max_express_odds", value="1" * 27)
@example(name="min_age", value="1" * 4301)
@example(name="shop_name", value="ООО\x00")
@example(name="register_serial", value="KSA\ud800")
def test_settings_take_any_value(manager: Desk, name: str, value: object) -> None:
    before = settings_text(manager.settings())
    serial = manager.register_serial()
    if _refused_or_done(lambda: manager.update_settings(**{name: value})):
        manager.update_settings(**before, register_serial=serial)


PRINTER_FIELDS = st.fixed_dictionaries(
    {
        "kind": st.one_of(TEXT, st.sampled_from(["network", "file", "usb", "serial", "none"])),
        "target": st.one_of(WORDS, st.sampled_from(["10.0.0.5:²", "10.0.0.5:" + "9" * 4301])),
        "profile": WORDS,
        "paper_mm": st.one_of(DIGITS, INTEGERS, TEXT),
    }
)


@FUZZ
@given(fields=PRINTER_FIELDS)
@example(fields={"kind": "network", "target": "10.0.0.5:²", "profile": "", "paper_mm": 80})
@example(fields={"kind": "file", "target": "/dev/lp\x00", "profile": "", "paper_mm": 80})
@example(fields={"kind": "file", "target": "/dev/lp\ud800", "profile": "", "paper_mm": 80})
def test_printer_settings_take_any_value(manager: Desk, fields: dict[str, object]) -> None:
    before = manager.printers()
    if _refused_or_done(lambda: manager.update_printers(make_printer_config(**fields), None)):
        manager.update_printers(*before)


# --- Bet-on-Poker draws (they move the clock: keep them last) ---------------------------------


DRAW_NUMBERS = st.one_of(INTEGERS, DIGITS, TEXT, st.sampled_from(["²", "٤", "1" * 4301]))


def test_a_draw_number_in_other_digits_is_refused_in_russian(manager: Desk) -> None:
    content = "тираж;руки;стол\n²;отменён;сканер\n".encode()
    with pytest.raises(DrawFileRejected) as refused:
        manager.import_draw_results("feed.csv", content)
    assert "invalid literal" not in str(refused.value)
    assert refused.value.problems == [
        (2, str(InvalidNumber("draw_number", "²", 1, MAX_DRAW_NUMBER)))
    ]


@FUZZ
@given(number=DRAW_NUMBERS, cards=WORDS, reason=WORDS)
@example(number=None, cards="As Ks", reason="сбой\x00")
@example(number=None, cards="As Ks", reason="\ud800")
@example(number=None, cards="As Ks", reason="с" * 201)
@example(number=2**63, cards="As Ks", reason="сбой")
@example(number="1" * 4301, cards="As Ks", reason="сбой")
def test_draws_take_any_number_cards_and_reason(
    manager: Desk, fuzz_clock: FixedClock, number: object, cards: str, reason: str
) -> None:
    fuzz_clock.advance(INTERVAL)
    board = manager.draw_board()
    _refused_or_done(lambda: manager.deal_cards(number, cards))
    _refused_or_done(lambda: manager.deal_cards(board.playing.number, cards))
    _refused_or_done(lambda: manager.cancel_draw(number, reason))
    _refused_or_done(lambda: manager.cancel_draw(board.next.number, reason))


@st.composite
def draw_files(draw: st.DrawFn, number: int) -> bytes:
    """A file of draw results for draw `number` (or any), whose fields are anything."""
    given_number = draw(st.one_of(st.just(str(number)), CELLS, st.sampled_from(["²", "٤"])))
    hands = draw(st.one_of(st.just("отменён"), st.just("AsKs QhQd 7c8c 2d2h JsTd 9h9c"), TEXT))
    rest = draw(st.one_of(st.just("Ac 7h 3s Kd 5d"), WORDS))
    line = f"{given_number};{hands};{rest}"
    return f"тираж;руки;стол\n{line}\n".encode("utf-8", "surrogatepass")


@FUZZ
@given(data=st.data())
def test_a_draw_results_file_may_hold_anything(
    manager: Desk, fuzz_clock: FixedClock, data: st.DataObject
) -> None:
    fuzz_clock.advance(INTERVAL)
    board = manager.draw_board()
    content = data.draw(st.one_of(draw_files(board.playing.number), st.binary(max_size=200)))
    _refused_or_done(lambda: manager.import_draw_results("feed.csv", content))
