"""The papers of the register of claims (pos.core.documents): the answer the player gets
(p.15, p.16) and the register of a period."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, tzinfo

from pos.claims.claims import Claim
from pos.claims.errors import COURTS
from pos.claims.register import STATE_WORDS
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.wording import display_slip_number
from pos.reports.tables import Period

ANSWER_TITLE = "ОТВЕТ НА ПРЕТЕНЗИЮ ИГРОКА"
REGISTER_TITLE = "РЕЕСТР ПРЕТЕНЗИЙ ИГРОКОВ"
# p.14, said on every answer whose player presented a video.
NO_VIDEO = "Видеозапись доказательством не является (п. 14 Правил) и не рассматривалась."


def answer(
    claim: Claim,
    office: str,
    names: Mapping[str, str],
    at: datetime,
    zone: tzinfo,
    terminal: str,
    cashier: str,
) -> PrintedDocument:
    """The answer to a decided claim: the office, the claim's number and date, the slip, what
    was claimed, the evidence taken and not taken, the decision, its reason, who decided, and
    that the courts come next (p.16).

    Args:
        office: the office as its papers name it (pos.claims.register.office_line).
        names: the printed names of the logins that recorded and decided it.
    """
    decision = claim.decision
    assert decision is not None  # the use case refuses an undecided claim first
    lines = [
        DocumentLine(office),
        DocumentLine("Получена", f"{claim.received_at.astimezone(zone):%d.%m.%Y %H:%M}"),
        DocumentLine("Купон", display_slip_number(claim.slip_number)),
    ]
    if claim.payout is not None:
        lines.append(DocumentLine("Запись журнала выплат", f"№ {claim.payout}"))
    lines += [DocumentLine("Претензия:", bold=True), DocumentLine(claim.text)]
    lines += _evidence("Приняты документы:", claim.taken) or [
        DocumentLine("Документы", "не предъявлены")
    ]
    lines += _evidence("Не являются доказательством (п. 14):", claim.not_taken)
    verdict = "претензия удовлетворена" if decision.upheld else "в претензии отказано"
    lines += [
        DocumentLine("Решение:", verdict, bold=True),
        DocumentLine("Основание:", bold=True),
        DocumentLine(decision.reason),
    ]
    if decision.remedy:
        lines += [DocumentLine("Что будет сделано:", bold=True), DocumentLine(decision.remedy)]
    lines += [
        DocumentLine("Решил", names.get(decision.decided_by, decision.decided_by)),
        DocumentLine("Дата решения", f"{decision.decided_at.astimezone(zone):%d.%m.%Y %H:%M}"),
    ]
    notes = (NO_VIDEO, COURTS) if claim.not_taken else (COURTS,)
    return PrintedDocument(
        title=ANSWER_TITLE,
        number=None,
        number_shown=str(claim.number),
        lines=tuple(lines),
        notes=notes,
        at=at,
        terminal=terminal,
        cashier=cashier,
        job_name=f"claim-{claim.office}-{claim.number}-answer",
    )


def register(
    claims: Sequence[Claim],
    office: str,
    period: Period,
    at: datetime,
    terminal: str,
    cashier: str,
) -> PrintedDocument:
    """The register of a period on the slip printer: each claim's number, date, slip, state."""
    lines = [DocumentLine(office), DocumentLine(period.text)]
    for claim in claims:
        when = claim.received_at.astimezone(period.zone)
        lines.append(DocumentLine(f"№ {claim.number} от {when:%d.%m.%Y}", bold=True))
        lines.append(DocumentLine(display_slip_number(claim.slip_number), STATE_WORDS[claim.state]))
    lines.append(DocumentLine("Претензий", str(len(claims)), bold=True))
    return PrintedDocument(
        title=REGISTER_TITLE,
        number=None,
        lines=tuple(lines),
        at=at,
        terminal=terminal,
        cashier=cashier,
        job_name=f"claims-{period.date_from:%Y%m%d}-{period.date_to:%Y%m%d}",
    )


def _evidence(heading: str, items: tuple[str, ...]) -> list[DocumentLine]:
    if not items:
        return []
    return [DocumentLine(heading, bold=True), *(DocumentLine(f"- {item}") for item in items)]
