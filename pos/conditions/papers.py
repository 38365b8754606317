"""The conditions as the slip printer prints them for a player (p.6): a paper, not fiscal."""

from __future__ import annotations

from datetime import datetime, tzinfo

from pos.conditions import wording
from pos.conditions.document import is_heading
from pos.conditions.versions import ConditionsVersion
from pos.core.documents import DocumentLine, PrintedDocument


def conditions_paper(
    version: ConditionsVersion, at: datetime, terminal: str, cashier: str, zone: tzinfo
) -> PrintedDocument:
    """The version's text under its number and date, each item's heading in bold.

    Args:
        version: the version printed (the current one, or one in force at an earlier moment).
        at: when it is printed (aware).
        terminal: the terminal printing it.
        cashier: who prints it.
        zone: the shop's time zone, in which the version's date is shown.
    """
    stamp = wording.in_force(version.number, version.in_force_from, zone)
    lines = [DocumentLine(stamp, bold=True), DocumentLine("")]
    for line in version.lines:
        if is_heading(line):  # an empty line before each item, its heading in bold
            lines += [DocumentLine(""), DocumentLine(line, bold=True)]
        else:
            lines.append(DocumentLine(line))
    return PrintedDocument(
        title=wording.TITLE,
        number=None,
        lines=tuple(lines),
        at=at,
        terminal=terminal,
        cashier=cashier,
        job_name=f"conditions-{version.office}-{version.number}",
    )
