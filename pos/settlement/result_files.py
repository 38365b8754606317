"""Results files a manager loads: official results as CSV (as Excel saves it) or JSON, all or none.

Read exactly as line files are (pos.line.files, pos.line.rows): UTF-8 (with or without BOM) or
Windows-1251; `;` or `,` between cells; a header row naming the columns in any order and case:

`code` (`код`), `source` (`источник`) required; `home`/`away` (`хозяева`/`гости`: the final
score, whole numbers 0–999, both or neither, needed when the event finished), `status`
(`статус`: `finished`, `postponed`, `interrupted`, `cancelled`, `shared_first` or their Russian
words, pos.settlement.results.STATUS_WORDS; empty: finished), `actual_start` (`начало_факт`),
`first_score_at` (`счёт_открыт`), `ended_at` (`окончание`) as line start times are written, in
the shop's zone unless an ISO offset is given, and `venue_swapped` (`поле_гостей`: `1`/`0`,
`да`/`нет`, `true`/`false`) optional. JSON: a list of objects with the same keys.

Only what the file alone can tell is checked here; `new_result` checks each entry against its
event and the clock when the results are recorded, and a result already recorded stands (p.21).
docs/results-import.md is the manager's guide.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from pos.line.errors import LINE_FILE_PROBLEMS
from pos.line.files import FileSpec, RawRecord, csv_records, json_records
from pos.line.rows import RecordChecker, blank, whole_number
from pos.settlement.errors import InvalidResult, ResultsFileRejected
from pos.settlement.results import (
    STATUS_WORDS,
    ResultEntry,
    ResultStatus,
    parse_source,
    parse_status,
)

_TIME_NEEDED = "— нужно ДД.ММ.ГГГГ ЧЧ:ММ или ГГГГ-ММ-ДДTЧЧ:ММ"


_RESULTS_FILE_PROBLEMS = {
    **{
        reason: LINE_FILE_PROBLEMS[reason]
        for reason in (
            "unreadable",
            "file_type",
            "encoding",
            "header",
            "unknown_column",
            "json",
            "missing",
            "code",
            "duplicate_code",
        )
    },
    "empty": "в файле нет ни одного результата",
    "repeated": "«{detail}» указан дважды: такой столбец или поле уже есть",
    "json_shape": 'ожидался список результатов, например [{{"code": 101, "home": 2, ...}}]',
    "home": "счёт хозяев «{detail}» — нужно целое число голов (очков) от 0 до 999",
    "away": "счёт гостей «{detail}» — нужно целое число голов (очков) от 0 до 999",
    "one_score": "счёт указан только у одной команды — нужен счёт обеих или ни одной",
    "no_score": "событие состоялось, а счёта нет — укажите счёт хозяев и гостей",
    "actual_start": "фактическое начало «{detail}» " + _TIME_NEEDED,
    "first_score_at": "время открытия счёта «{detail}» " + _TIME_NEEDED,
    "ended_at": "время окончания «{detail}» " + _TIME_NEEDED,
    "venue_swapped": "поле гостей «{detail}» — нужно да или нет (1 или 0, true или false)",
}


def results_file_problem(reason: str, detail: object = "") -> str:
    """The sentence for one problem in a results file (used in ResultsFileRejected's list)."""
    if reason == "status":
        words = ", ".join(f"«{words}» ({status.value})" for status, words in STATUS_WORDS.items())
        return f"неизвестный статус «{detail}» — нужно одно из: {words}"
    return _RESULTS_FILE_PROBLEMS[reason].format(detail=detail)


RESULTS_FILE = FileSpec(
    required=("code", "source"),
    russian={
        "код": "code",
        "хозяева": "home",
        "гости": "away",
        "статус": "status",
        "начало_факт": "actual_start",
        "счёт_открыт": "first_score_at",
        "окончание": "ended_at",
        "источник": "source",
        "поле_гостей": "venue_swapped",
    },
    problem=results_file_problem,
    rejected=ResultsFileRejected,
)
_MAX_SCORE = 999
_FLAGS = {"1": True, "да": True, "true": True, "0": False, "нет": False, "false": False}


def parse_results_file(name: str, data: bytes, zone: ZoneInfo) -> list[ResultEntry]:
    """The results of a `.csv` or `.json` file, chosen by its extension.

    Args:
        name: the file's name, shown in the refusal; its extension picks the format.
        data: the file's bytes.
        zone: the shop's time zone, for times given without an offset.

    Returns:
        The entries in file order, times in UTC, not yet checked against their events.

    Raises:
        ResultsFileRejected: another extension, or any problem in the file (all of them listed).
    """
    return _Checker(zone).read(name, data)


def parse_results_csv(name: str, data: bytes, zone: ZoneInfo) -> list[ResultEntry]:
    """The results of a CSV file (format in the module docstring).

    Raises:
        ResultsFileRejected: every problem found, each with its line.
    """
    return _Checker(zone).read(name, data, csv_records)


def parse_results_json(name: str, data: bytes, zone: ZoneInfo) -> list[ResultEntry]:
    """The results of a JSON file: a list of objects (format in the module docstring).

    Raises:
        ResultsFileRejected: every problem found, each at the line where its object starts.
    """
    return _Checker(zone).read(name, data, json_records)


class _Checker(RecordChecker[ResultEntry]):
    """Checks the rows of a results file into result entries."""

    def __init__(self, zone: ZoneInfo) -> None:
        super().__init__(RESULTS_FILE, zone)

    def entry(self, record: RawRecord, code: int | None) -> ResultEntry | None:
        source = self.attempt(record.line, parse_source, record.value("source"))
        status = self._status(record)
        home, away = self._score(record, status)
        actual_start = self.time(record, "actual_start", "actual_start")
        first_score_at = self.time(record, "first_score_at", "first_score_at")
        ended_at = self.time(record, "ended_at", "ended_at")
        venue_swapped = self._venue_swapped(record)
        if code is None or status is None or source is None:
            return None  # already reported
        return ResultEntry(
            code,
            home,
            away,
            status,
            actual_start,
            first_score_at,
            ended_at,
            source=source,
            venue_swapped=venue_swapped,
            line=record.line,
        )

    def _status(self, record: RawRecord) -> ResultStatus | None:
        raw = record.value("status")
        if blank(raw):
            return ResultStatus.FINISHED
        try:
            return parse_status(raw)
        except InvalidResult:  # its sentence is for the results page; the file names the words
            self.note(record.line, "status", raw)
            return None

    def _score(
        self, record: RawRecord, status: ResultStatus | None
    ) -> tuple[int | None, int | None]:
        given = {side: record.value(side) for side in ("home", "away")}
        given = {side: raw for side, raw in given.items() if not blank(raw)}
        if not given and status is ResultStatus.FINISHED:
            self.note(record.line, "no_score")
        elif len(given) == 1:
            self.note(record.line, "one_score")
        goals = {side: whole_number(raw, 0, _MAX_SCORE) for side, raw in given.items()}
        for side, raw in given.items():
            if goals[side] is None:
                self.note(record.line, side, raw)
        return goals.get("home"), goals.get("away")

    def _venue_swapped(self, record: RawRecord) -> bool:
        raw = record.value("venue_swapped")
        if blank(raw):
            return False
        flag = raw if isinstance(raw, bool) else _FLAGS.get(str(raw).strip().casefold())
        if flag is None:
            self.note(record.line, "venue_swapped", raw)
        return bool(flag)
