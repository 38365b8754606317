"""Quotes files a manager loads: every asset's bid and ask at once, all of them or none.

Read exactly as line files are (pos.line.files, pos.line.rows): the format by the name's
extension, `.csv` or `.json`; UTF-8 (with or without BOM) or Windows-1251.

CSV: `;` or `,` between cells; a header row naming the columns in any order and case: `Код`
(`code`, `актив`, `asset`), `Бид` (`bid`), `Аск` (`ask`), and optionally `Название` (`name`),
which is not read; prices as typed, `74,10` or `74.10`. Empty rows are skipped.
JSON: a list of objects with the same keys, e.g. `{"code": "BRENT", "bid": "74.10",
"ask": "74.14"}`; numbers are read as exact decimals, never floats.

Only what the file alone can tell is checked here (a code, a number above zero, the ask above
the bid, a code once); `check_against` checks the rows against the stored assets (the code
known, the prices whole points) before the use case records the quotes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

from pos.line.files import FileSpec, Problems, RawRecord
from pos.line.rows import RecordChecker, blank
from pos.spread.asset_errors import (
    AskNotAboveBid,
    PriceNotInPoints,
    QuoteFileRejected,
    quote_file_problem,
)
from pos.spread.assets import Asset, in_points, parse_asset_code, parse_price

QUOTE_FILE = FileSpec(
    required=("asset", "bid", "ask"),
    russian={
        "code": "asset",
        "актив": "asset",
        "код": "asset",
        "бид": "bid",
        "аск": "ask",
        "название": "name",
    },
    problem=quote_file_problem,
    rejected=QuoteFileRejected,
)
# A quotes file has no times; RecordChecker reads times in a zone, so it is given one.
_NO_TIMES = ZoneInfo("UTC")


@dataclass(frozen=True)
class QuoteRow:
    """One asset's quote as the file gives it, with the line it is on."""

    line: int
    code: str
    bid: Decimal
    ask: Decimal


def parse_quote_file(name: str, data: bytes) -> list[QuoteRow]:
    """The quotes of a CSV or JSON file (format in the module docstring), in file order.

    Raises:
        QuoteFileRejected: every problem found (an empty file, a missing column, a code given
            twice, a price that is not a number above zero, an ask not above the bid), each
            at its line; nothing of the file is to be loaded.
    """
    return _Checker().read(name, data)


def check_against(rows: Iterable[QuoteRow], assets: Mapping[str, Asset]) -> Problems:
    """The problems of the rows against the assets by code: an unknown code, a price that is
    not whole points of its asset. Empty when the file may be loaded; otherwise the use case
    refuses it whole with QuoteFileRejected(name, problems)."""
    problems: Problems = []
    for row in rows:
        asset = assets.get(row.code)
        if asset is None:
            problems.append((row.line, quote_file_problem("unknown_asset", row.code)))
            continue
        problems.extend(
            (row.line, str(PriceNotInPoints(row.code, side, price, asset.point)))
            for side, price in (("bid", row.bid), ("ask", row.ask))
            if not in_points(price, asset.point)
        )
    return problems


class _Checker(RecordChecker[QuoteRow]):
    """Checks the rows of a quotes file, noting a code given twice."""

    def __init__(self) -> None:
        super().__init__(QUOTE_FILE, _NO_TIMES)
        self._codes: set[str] = set()

    def entry(self, record: RawRecord, code: int | None) -> QuoteRow | None:
        # `code` is the event code of line files: a quotes file has none (its field is "asset").
        # A row with a problem noted is not kept (RecordChecker), so every check runs.
        asset = self._asset(record)
        bid, ask = self._price(record, "bid"), self._price(record, "ask")
        if bid is None or ask is None:
            return None
        if ask <= bid:
            self.problems.append((record.line, str(AskNotAboveBid(asset or "", bid, ask))))
        return None if asset is None else QuoteRow(record.line, asset, bid, ask)

    def _asset(self, record: RawRecord) -> str | None:
        raw = record.value("asset")
        asset = None if blank(raw) else self.attempt(record.line, parse_asset_code, raw)
        if asset in self._codes:
            self.note(record.line, "duplicate_code", asset)
        elif asset is not None:
            self._codes.add(asset)
        return asset

    def _price(self, record: RawRecord, side: str) -> Decimal | None:
        raw = record.value(side)
        if blank(raw):
            return None  # noted as missing
        return self.attempt(record.line, lambda value: parse_price(value, side), raw)
