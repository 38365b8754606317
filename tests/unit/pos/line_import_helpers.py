"""Reading line files in the line import tests: the parsers' results and refusals, briefly."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pos.core.errors import PosError
from pos.line.errors import LineFileRejected
from pos.line.imports import parse_line_csv, parse_line_json

MINSK = ZoneInfo("Europe/Minsk")
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
HEADER = "код;спорт;хозяева;гости;начало;1;Х;2"


def _csv(*rows: str, header: str = HEADER) -> bytes:
    return "\n".join([header, *rows]).encode()


def _problems(parse: Callable[[], object]) -> list[tuple[int, str]]:
    with pytest.raises(LineFileRejected) as refused:
        parse()
    return refused.value.problems


def _csv_problems(data: bytes) -> list[tuple[int, str]]:
    return _problems(lambda: parse_line_csv("line.csv", data, MINSK))


def _json_problems(text: str) -> list[tuple[int, str]]:
    return _problems(lambda: parse_line_json("line.json", text.encode(), MINSK))


def _sentence(parse: Callable[[], object]) -> str:
    """The sentence an existing parser refuses with, which the line file repeats."""
    with pytest.raises(PosError) as refused:
        parse()
    return str(refused.value)


def _odds(text: str) -> dict[str, Decimal]:
    return {market: Decimal(value) for market, value in (p.split("=") for p in text.split())}


def _utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)
