"""The referrals' refusals (issue 38), each rendering one Russian sentence from its data."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from pos.core.errors import DomainError
from pos.core.money import format_roubles

if TYPE_CHECKING:
    from pos.risk.referrals import ReferralState

# What ended a referral, as the sentence about it says it (pos.risk.referrals.ReferralState).
ENDED_WORDS = {
    "accepted": "уже согласована",
    "cut": "уже согласована с меньшей ставкой",
    "refused": "уже отклонена",
    "lapsed": "не решена вовремя, и это отказ",
    "withdrawn": "отозвана кассиром",
    "issued": "уже выдана купоном",
}


class UnknownReferral(DomainError):
    """A referral number the office does not have."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Крупной ставки № {self.number} нет в этом пункте: проверьте номер."


class ReferralDecided(DomainError):
    """A second decision: the first one stands (two managers at once: one wins)."""

    def __init__(self, number: int, state: ReferralState, by: str) -> None:
        self.number = number
        self.state = state
        self.by = by
        super().__init__()

    def message(self) -> str:
        who = f" (решение принял {self.by})" if self.by else ""
        return f"Крупная ставка № {self.number} {ENDED_WORDS[str(self.state)]}{who}."


class ReferralLapsed(DomainError):
    """A decision after the deadline: the silence, or the start of an event, refused it."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return (
            f"Время на решение по крупной ставке № {self.number} истекло или событие уже "
            "началось: ставка не принята."
        )


class CutNotBelowStake(DomainError):
    """A cut stake that is not below the stake asked (accept it as asked instead)."""

    def __init__(self, stake: Decimal, asked: Decimal) -> None:
        self.stake = stake
        self.asked = asked
        super().__init__()

    def message(self) -> str:
        return (
            f"Ставка {format_roubles(self.stake)} не меньше запрошенной "
            f"({format_roubles(self.asked)}): согласуйте ставку как есть или введите меньшую."
        )


class ReferralNotAccepted(DomainError):
    """A slip asked of a referral that waits, or that ended without an acceptance."""

    def __init__(self, number: int, state: ReferralState) -> None:
        self.number = number
        self.state = state
        super().__init__()

    def message(self) -> str:
        if str(self.state) == "referred":
            return f"Крупная ставка № {self.number} ещё ждёт решения менеджера."
        return (
            f"Купон по крупной ставке № {self.number} не выдаётся: она "
            f"{ENDED_WORDS[str(self.state)]}."
        )


class ReferralOfOtherTerminal(DomainError):
    """A referral issued or withdrawn at a till other than the one that sent it."""

    def __init__(self, number: int, terminal: str) -> None:
        self.number = number
        self.terminal = terminal
        super().__init__()

    def message(self) -> str:
        return (
            f"Крупная ставка № {self.number} отправлена с кассы {self.terminal}: "
            "купон по ней выдаёт та касса."
        )


class ReferralOffered(DomainError):
    """A limit's refusal at the counter, with the way to send the stake to a manager."""

    def __init__(self, refusal: Exception) -> None:
        self.refusal = refusal
        super().__init__()

    def message(self) -> str:
        return f"{self.refusal} F7 — отправить ставку менеджеру на решение."
