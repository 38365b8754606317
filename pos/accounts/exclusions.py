"""The self-exclusion register a manager loads from a file: the document numbers of players
who asked not to be let play. The file is a list, one number per line (a CSV's first column;
a header line without digits is skipped), in UTF-8 or Windows-1251. All or nothing: a line
that is not a document number refuses the whole file, naming it."""

from __future__ import annotations

import re

from pos.accounts.errors import ExclusionFileRejected

_NUMBER = re.compile(r"[0-9A-ZА-ЯЁ]{4,30}")
_CELL = re.compile(r"[;,\t]")


def parse_exclusions(name: str, data: bytes) -> list[str]:
    """The document numbers in the file, compacted (spaces dropped, letters upper-case).

    Raises:
        ExclusionFileRejected: a line that is not a document number (with its line number),
            or no number at all.
    """
    text = _decoded(name, data)
    numbers: list[str] = []
    problems: list[tuple[int, str]] = []
    for index, raw in enumerate(text.splitlines(), start=1):
        cell = _CELL.split(raw, maxsplit=1)[0].strip().strip('"')
        compact = "".join(cell.split()).upper()
        if not compact or (index == 1 and not any(ch.isdigit() for ch in compact)):
            continue  # a blank line, or the header
        if _NUMBER.fullmatch(compact) is None:
            problems.append((index, f"«{cell[:30]}» — не номер документа"))
            continue
        numbers.append(compact)
    if problems or not numbers:
        raise ExclusionFileRejected(name, problems)
    return numbers


def _decoded(name: str, data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1251"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ExclusionFileRejected(name, [(0, "кодировка не UTF-8 и не Windows-1251")])
