"""A studio's results file read all or nothing (issue #8, issue 36): one line per draw, its
number first; every game reads its own fields, this reads the file around them.

`;`, `,` or a tab between the fields; a first line of headings is skipped; blank lines and
lines starting with # are ignored. Every problem is collected with its line, and nothing is
recorded unless the whole file reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol, TypeVar

from pos.core.errors import FileRejected, PosError

# The word a studio writes in place of a result for a draw it cancelled.
CANCELLED = ("отменён", "отменен", "cancelled", "canceled")


class DrawLine(Protocol):
    @property
    def number(self) -> int: ...


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
