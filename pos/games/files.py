"""A studio's results file read all or nothing (issue #8, issue 36): one line per draw, its
number first; every game reads its own fields, this reads the file around them.

`;`, `,` or a tab between the fields; a first line of headings is skipped; blank lines and
lines starting with # are ignored. Every problem is collected with its line, and nothing is
recorded unless the whole file reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar
from zoneinfo import ZoneInfo

from pos.core import settings as shop_settings
from pos.core.errors import FileRejected, PosError

if TYPE_CHECKING:
    from pos.core.context import Context
    from pos.core.ports import UnitOfWork

# The word a studio writes in place of a result for a draw it cancelled.
CANCELLED = ("отменён", "отменен", "cancelled", "canceled")
# Why a line is skipped, not refused: its draw took no bets here, or its result stands already
# (the file loaded again, or the draw entered by hand).
NOT_OPENED = "не открывался — ставок не было"
RECORDED = "результат уже записан"


class DrawLine(Protocol):
    @property
    def line(self) -> int: ...  # its line in the file

    @property
    def number(self) -> int: ...  # the draw's


LineT = TypeVar("LineT", bound=DrawLine)


def read_studio_file(
    name: str,
    data: bytes,
    read_line: Callable[[int, list[str]], LineT],
    rejected: type[FileRejected],
) -> list[LineT]:
    """The draws of a results file, in its order, each read by `read_line(line, fields)`,
    which raises ValueError or a PosError with why a line does not read.

    Raises:
        rejected: every line that does not read, with why; a draw twice; no draw at all.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise rejected(name, [(0, "файл не в кодировке UTF-8")]) from exc
    read: list[LineT] = []
    problems: list[tuple[int, str]] = []
    seen: set[int] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        fields = [field.strip() for field in re.split(r"[;,\t]", raw)]
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if number == 1 and not fields[0].isdigit():
            continue  # the headings
        try:
            draw = read_line(number, fields)
        except (ValueError, PosError) as why:
            problems.append((number, str(why)))
            continue
        if draw.number in seen:
            problems.append((number, f"тираж № {draw.number} уже был в файле"))
            continue
        seen.add(draw.number)
        read.append(draw)
    if not read and not problems:
        problems.append((0, "в файле нет ни одного тиража"))
    if problems:
        raise rejected(name, problems)
    return read


def record_studio_lines(
    ctx: Context,
    name: str,
    lines: Sequence[LineT],
    record: Callable[[UnitOfWork, LineT, ZoneInfo], str],
    rejected: type[FileRejected],
    audit: Callable[[UnitOfWork, list[int]], None],
) -> tuple[tuple[int, ...], tuple[tuple[int, str], ...]]:
    """Record the lines of a studio's file read by `read_studio_file` in one transaction,
    under the settlement lock (the caller settles after): `record(uow, line, zone)` records
    one and returns "", or returns why it is skipped (NOT_OPENED, RECORDED), or raises a
    PosError that refuses the file; `audit(uow, recorded)` writes the audit line.

    Returns:
        The draws recorded, and those skipped with why.

    Raises:
        rejected: every line refused, with why; nothing is recorded.
    """
    recorded: list[int] = []
    skipped: list[tuple[int, str]] = []
    problems: list[tuple[int, str]] = []
    with ctx.unit_of_work() as uow:
        uow.settlement.lock()
        zone = shop_settings.from_text(uow.settings.load()).zone
        for line in lines:
            try:
                why = record(uow, line, zone)
            except PosError as refusal:
                problems.append((line.line, str(refusal)))
                continue
            if why:
                skipped.append((line.number, why))
            else:
                recorded.append(line.number)
        if problems:
            raise rejected(name, problems)
        audit(uow, recorded)
        uow.commit()
    return tuple(recorded), tuple(skipped)
