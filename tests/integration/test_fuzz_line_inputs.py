"""Input the database cannot store never reaches it (issue 15): the line, results and their
files, fuzzed on SQLite and on PostgreSQL (see test_fuzz_inputs.py).
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import PurePath

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pos.core.input_errors import InvalidText
from pos.settlement.errors import ResultsFileRejected
from pos.settlement.results import ResultEntry
from pos.shop.desk import Desk
from tests.conftest import NOW
from tests.integration.fuzz_helpers import (
    AMOUNTS,
    CELLS,
    CODES,
    DIGITS,
    FUZZ,
    INTEGERS,
    JSON_INTEGERS,
    MARKETS,
    TEXT,
    WORDS,
    _fresh_codes,
    _fresh_event,
    _refused_or_done,
)

pytestmark = pytest.mark.integration


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
@example(
    file=(
        "line.csv",
        _csv_file(
            [LINE_HEADER, ["0" * 4301 + "101", "футбол", "", "А", "Б", "05.12.2026 19:00", "2,10"]]
        ),
    ),
    name="line",
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
@example(code="0" * 4301 + "101", home="0" * 4301 + "2", away=1, status="", source="", reason="")
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
