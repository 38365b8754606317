"""What the register of claims says when it has done something: one sentence each, for the
window and the command line alike (the refusals are pos.claims.errors')."""

from __future__ import annotations

from pos.claims.claims import Claim
from pos.core.wording import display_slip_number, plural

# p.15: a decision changes money only through the ordinary use cases.
MONEY_NEXT = (
    "Деньги по решению меняются только обычными операциями: исправлением результата с "
    "причиной (п. 21) или выплатой по купону."
)


def recorded(claim: Claim) -> str:
    """Said when a claim is recorded: its number, its slip, and a video not taken (p.14)."""
    said = (
        f"Претензия № {claim.number} по купону № {display_slip_number(claim.slip_number)} "
        "записана; ответ игроку печатается после решения менеджера."
    )
    if claim.not_taken:
        said += " Видеозапись доказательством не является (п. 14) — она отмечена в претензии."
    return said


def decided(claim: Claim) -> str:
    """Said when a claim is decided: the verdict, that it is final (p.16), what comes next."""
    decision = claim.decision
    upheld = decision is not None and decision.upheld
    verdict = "удовлетворена" if upheld else "отклонена"
    said = (
        f"Претензия № {claim.number} {verdict}; решение окончательное, при несогласии "
        "игрок обращается в суд (п. 16)."
    )
    return f"{said} {MONEY_NEXT}" if upheld else said


def answer_printed(claim: Claim) -> str:
    """Said when the answer to a claim is printed (or shown, without a printer)."""
    return f"Ответ по претензии № {claim.number} напечатан — отдайте его игроку."


def answer_done(claim: Claim) -> str:
    """How a refusal to print the answer starts: the decision stands (pos.till PaperNotPrinted)."""
    return f"Решение по претензии № {claim.number} принято"


def listed(count: int) -> str:
    """Said under the register of a period."""
    return f"За период {plural(count, 'претензия', 'претензии', 'претензий')}."


def saved(path: str, pages: int) -> str:
    """Said when the register is saved as PDF."""
    return f"Реестр претензий сохранён в {path}: листов {pages}."


def register_printed(count: int) -> str:
    """Said when the register of a period is printed."""
    return f"Реестр претензий напечатан: {plural(count, 'претензия', 'претензии', 'претензий')}."
