"""Reading results files in the results file tests: the parser's results and refusals, briefly."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos.settlement.errors import ResultsFileRejected
from pos.settlement.result_files import parse_results_csv, parse_results_json
from pos.settlement.results import ResultEntry, ResultStatus

MINSK = ZoneInfo("Europe/Minsk")
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
HEADER = "код;хозяева;гости;статус;источник"


def _csv(*rows: str, header: str = HEADER) -> bytes:
    return "\n".join([header, *rows]).encode()


def _problems(parse: Callable[[], object]) -> list[tuple[int, str]]:
    with pytest.raises(ResultsFileRejected) as refused:
        parse()
    return refused.value.problems


def _csv_problems(data: bytes) -> list[tuple[int, str]]:
    return _problems(lambda: parse_results_csv("results.csv", data, MINSK))


def _json_problems(text: str) -> list[tuple[int, str]]:
    return _problems(lambda: parse_results_json("results.json", text.encode(), MINSK))


def _one(data: bytes) -> ResultEntry:
    [entry] = parse_results_csv("results.csv", data, MINSK)
    return entry


def _utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)


_FINISHED, _POSTPONED, _CANCELLED = (
    ResultStatus.FINISHED,
    ResultStatus.POSTPONED,
    ResultStatus.CANCELLED,
)
_FOOTBALL, _HOCKEY, _BASKETBALL = "протокол матча АБФФ", "протокол матча ФХРБ", "протокол матча БФБ"
