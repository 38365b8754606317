"""The register of claims (issue 37, p.14–p.16): each use case one transaction, audited.

    claim = desk.record_claim(slip.number, text="…", evidence=["чек 17"])
    boss.decide_claim(claim.number, upheld=False, reason="…")
    boss.print_claim_answer(claim.number)
    boss.claims(since=date, until=date)

A decision changes no money: a claim upheld is put right through the ordinary use cases (a
result corrected with its reason, p.21; a payout), which its `remedy` names.
"""

from __future__ import annotations

import os
from datetime import date
from typing import BinaryIO

from pos.betting.counter import find_slip
from pos.claims import inputs, papers, wording
from pos.claims.claims import (
    Claim,
    ClaimState,
    Decision,
    decided,
    evidence_of,
    require_text,
)
from pos.claims.errors import ClaimDecided, ClaimNotDecided, UnknownClaim
from pos.claims.ports import ClaimRepository
from pos.claims.register import (
    STATE_WORDS,
    claims_report,
    office_line,
    require_claim_of_office,
)
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.inputs import MAX_INTEGER, parse_code
from pos.core.ports import UnitOfWork
from pos.people.actor import Actor
from pos.people.names import signed_name
from pos.people.permissions import Permission
from pos.reports.tables import Period
from pos.reports.use_cases import ReportFormat, save_report
from pos.till.papers import print_paper


def record_claim(
    ctx: Context,
    actor: Actor,
    slip_number: str,
    *,
    text: object,
    evidence: object = (),
    payout: object = None,
) -> Claim:
    """Record a player's claim about a slip of this office or its payout (p.14), numbered in
    the office's register; every signed-in user takes a claim, none may refuse it.

    Args:
        slip_number: the slip as typed or scanned.
        text: what the player claims.
        evidence: the documents the player presented, one item each (or one a line); an item
            naming a video is kept and marked as no evidence (p.14).
        payout: the journal entry the claim is about (None: the slip itself).

    Returns:
        The claim with its number and received time.

    Raises:
        InvalidSlipNumber, UnknownSlip, SlipNotIssued, SlipOfOtherOffice; ClaimTextRequired;
        InvalidText, InvalidNumber, TooMuchEvidence; JournalEntryUnknown, PayoutNotOfSlip.
    """
    words = require_text(inputs.claim_text(text))
    items = evidence_of(inputs.evidence_items(evidence))
    entry = None if payout in (None, "") else parse_code(payout, "claim_payout", MAX_INTEGER)
    with ctx.unit_of_work() as uow:
        slip = find_slip(uow, slip_number)
        require_claim_of_office(uow, slip, ctx.office, entry)
        claim = Claim(
            office=ctx.office,
            number=_claims(uow).next_number(ctx.office),
            received_at=ctx.clock.now(),
            slip_number=slip.number,
            text=words,
            evidence=items,
            recorded_by=actor.login,
            terminal=ctx.terminal,
            payout=entry,
        )
        _claims(uow).add(claim)
        actor.audit(ctx, uow, AuditAction.CLAIM_RECORDED, f"№ {claim.number}: {slip.number}")
        uow.commit()
    return claim


def decide_claim(
    ctx: Context,
    actor: Actor,
    number: object,
    *,
    upheld: object,
    reason: object,
    remedy: object = "",
) -> Claim:
    """The manager's decision on a claim (p.15), final in the shop (p.16). It moves no money:
    `remedy` says what is to be done through the ordinary use cases.

    Raises:
        NotPermitted; InvalidNumber, UnknownClaim; ClaimReasonRequired; InvalidText;
        ClaimDecided: decided before (also when another manager decided it a moment ago).
    """
    actor.require(Permission.CLAIMS)
    claim_number = _number(number)
    verdict = inputs.upheld_flag(upheld)
    why, next_step = inputs.reason_text(reason), inputs.remedy_text(remedy)
    with ctx.unit_of_work() as uow:
        found = _found(uow, ctx.office, claim_number)
        decision = Decision(verdict, why, actor.login, ctx.clock.now(), next_step)
        claim = decided(found, decision)
        if not _claims(uow).decide(ctx.office, claim.number, decision):
            raise ClaimDecided(claim.number)  # another manager's decision came first
        word = STATE_WORDS[claim.state]
        actor.audit(ctx, uow, AuditAction.CLAIM_DECIDED, f"№ {claim.number} {word}: {why}")
        uow.commit()
    return claim


def claim(ctx: Context, actor: Actor, number: object) -> Claim:
    """The office's claim of this number.

    Raises:
        InvalidNumber, UnknownClaim.
    """
    claim_number = _number(number)
    with ctx.unit_of_work() as uow:
        return _found(uow, ctx.office, claim_number)


def claims(
    ctx: Context,
    actor: Actor,
    since: date,
    until: date,
    *,
    state: ClaimState | None = None,
) -> list[Claim]:
    """The office's claims received from day `since` to day `until` (both included, the
    shop's days), in number order; `state`: only those open, upheld or rejected.

    Raises:
        NotPermitted, InvalidPeriod.
    """
    actor.require(Permission.CLAIMS)
    period = Period.of(since, until, ctx.settings().zone)
    with ctx.unit_of_work() as uow:
        found = _claims(uow).between(period.since, period.until, ctx.office)
    return [one for one in found if state is None or one.state is state]


def print_claim_answer(ctx: Context, actor: Actor, number: object) -> Claim:
    """Print the answer to the player (p.15, p.16): the claim, the evidence taken and not
    taken, the decision, its reason, who decided, and that the courts come next.

    Raises:
        NotPermitted, InvalidNumber, UnknownClaim; ClaimNotDecided: no decision yet;
        PaperNotPrinted: the answer did not come out (print it again).
    """
    actor.require(Permission.CLAIMS)
    claim_number = _number(number)
    with ctx.unit_of_work() as uow:
        found = _found(uow, ctx.office, claim_number)
        if found.decision is None:
            raise ClaimNotDecided(found.number)
        names = _names(uow, found)
        where = office_line(uow, ctx.office)
        actor.audit(ctx, uow, AuditAction.CLAIM_ANSWERED, f"№ {found.number}")
        uow.commit()
    settings = ctx.settings()
    paper = papers.answer(found, where, names, ctx.clock.now(), settings.zone, ctx.terminal,
                          actor.login)  # fmt: skip
    print_paper(ctx, actor, paper, wording.answer_done(found), "ответ не напечатан")
    return found


def print_claims(ctx: Context, actor: Actor, since: date, until: date) -> list[Claim]:
    """Print the register of the period on the slip printer, one claim a few lines."""
    listed = claims(ctx, actor, since, until)
    with ctx.unit_of_work() as uow:
        where = office_line(uow, ctx.office)
    settings = ctx.settings()
    paper = papers.register(
        listed, where, Period.of(since, until, settings.zone), ctx.clock.now(), ctx.terminal,
        actor.login,
    )  # fmt: skip
    print_paper(ctx, actor, paper, "Реестр претензий готов", "реестр не напечатан")
    return listed


def export_claims_pdf(
    ctx: Context,
    actor: Actor,
    path_or_file: str | os.PathLike[str] | BinaryIO,
    since: date,
    until: date,
) -> int:
    """Save the register of the period as PDF, as the reports are (returns its pages).

    Raises:
        NotPermitted, InvalidPeriod; FileNotSaved: the file cannot be written.
    """
    listed = claims(ctx, actor, since, until)
    settings = ctx.settings()
    period = Period.of(since, until, settings.zone)
    made_at = ctx.clock.now().astimezone(settings.zone)
    with ctx.unit_of_work() as uow:
        built = claims_report(listed, period, made_at, office_line(uow, ctx.office))
    detail = f"{built.title}, {built.period}"
    return save_report(ctx, actor, built, path_or_file, ReportFormat.PDF, detail)


def _claims(uow: UnitOfWork) -> ClaimRepository:
    return uow.claims


def _number(number: object) -> int:
    return parse_code(number, "claim_number", MAX_INTEGER)


def _found(uow: UnitOfWork, office: str, number: int) -> Claim:
    found = _claims(uow).get(office, number)
    if found is None:
        raise UnknownClaim(str(number))
    return found


def _names(uow: UnitOfWork, claim: Claim) -> dict[str, str]:
    """The printed names of who recorded and who decided the claim."""
    logins = {claim.recorded_by, claim.decision.decided_by if claim.decision else ""} - {""}
    names = {}
    for login in logins:
        user = uow.users.get(login)
        names[login] = signed_name(user.full_name if user else "", login)
    return names
