"""Input the database cannot store never reaches it (issue 15): fuzzing what the window calls.

Every entry point of the service API that takes text or a number typed, scanned or read from
a file gets random input on SQLite and on PostgreSQL: any text (NUL, control characters, lone
surrogates as a broken scanner or clipboard gives them, text longer than its column), digit
strings of thousands of digits and integers beyond every column's range. Nothing but a
`PosError` may come out, and its sentence must be one a screen, the log and the audit trail
can carry. Each finding of the issue is an `@example` of its entry point, so it is tried on
every run; the number of random examples is bounded so that the files stay fast.

Here the counter, the shift, users, sign-in and settings; the line and results in
test_fuzz_line_inputs.py, Bet-on-Poker draws in test_fuzz_draw_inputs.py.
"""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from db import tables
from db.pins import Argon2PinHasher
from main import games, open_shop
from pos.betting.slips import SlipStatus
from pos.core import inputs
from pos.core.clock import FixedClock
from pos.core.errors import PosError
from pos.core.input_errors import InvalidText
from pos.core.printers import make_printer_config
from pos.core.settings import SHOP_SETTINGS
from pos.core.settings import to_text as settings_text
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.integration.fuzz_helpers import (
    AMOUNTS,
    CHEAP,
    CODES,
    DIGITS,
    FUZZ,
    INTEGERS,
    KINDS,
    LONG_TEXT,
    MARKETS,
    TEXT,
    WORDS,
    _refused_or_done,
)

pytestmark = pytest.mark.integration


# --- the limits are the columns' own ---------------------------------------------------------


def test_the_limits_of_the_checks_are_the_lengths_of_the_columns() -> None:
    columns = {
        inputs.TEAM_NAME: [tables.EventRow.home, tables.EventRow.away],
        inputs.TOURNAMENT: [tables.EventRow.tournament],
        inputs.LOGIN: [tables.UserRow.login],
        inputs.FULL_NAME: [tables.UserRow.full_name],
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
@example(code="0" * 4301 + "101", market="1", stake="5", kind="single", key=None)
@example(code=101, market="1", stake="5", kind="система " + "0" * 4301 + "2/3", key=None)
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


# The shop's settings and the games' (issue 36), as a manager may send them.
SETTING_NAMES = [*SHOP_SETTINGS, *(spec.name for spec in games().settings()), "register_serial"]


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
@example(name="skks_url", value="http://[::1")  # issue 35: an address urlsplit refuses
@example(name="skks_url", value="https://kiz.example.by:99999/")
@example(name="skks_url", value="https://" + "k" * 300)
@example(name="skks_timeout", value="1" * 4301)
@example(name="skks_mode", value="отложенный\x00")
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
