"""The claims room's refusals, each rendering one Russian sentence from the data it carries."""

from __future__ import annotations

from pos.core.errors import DomainError
from pos.core.wording import display_slip_number

# p.16: what the player is told once the bookmaker has decided.
COURTS = (
    "Если игрок не согласен с решением, спор решается в порядке, установленном "
    "законодательством (п. 16 Правил), — в суде."
)


class ClaimTextRequired(DomainError):
    """A claim that says nothing: what the player claims is its substance (p.14)."""

    def message(self) -> str:
        return "Претензия не записана: напишите, что именно заявляет игрок."


class ClaimReasonRequired(DomainError):
    """A decision without its reason (p.15)."""

    def message(self) -> str:
        return (
            "Решение не принято: напишите его основание — почему претензия удовлетворена или нет."
        )


class UnknownClaim(DomainError):
    """A claim number the office's register does not have."""

    def __init__(self, number: str) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return f"Претензии № {self.number} нет в реестре этого пункта: проверьте номер."


class ClaimDecided(DomainError):
    """A second decision on a decided claim: the first is final in the shop (p.16)."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return (
            f"По претензии № {self.number} решение уже принято, и оно окончательное: "
            "если игрок не согласен, спор решается в суде (п. 16 Правил)."
        )


class ClaimNotDecided(DomainError):
    """An answer asked for before the decision: it would have nothing to answer."""

    def __init__(self, number: int) -> None:
        self.number = number
        super().__init__()

    def message(self) -> str:
        return (
            f"Ответ по претензии № {self.number} печатается после решения: сначала "
            "менеджер принимает решение с его основанием."
        )


class SlipOfOtherOffice(DomainError):
    """A claim about a slip neither issued nor paid in this office: its office answers it."""

    def __init__(self, slip_number: str, office: str) -> None:
        self.slip_number = slip_number
        self.office = office
        super().__init__()

    def message(self) -> str:
        return (
            f"Купон № {display_slip_number(self.slip_number)} принят в пункте {self.office}: "
            "претензию по нему записывает и рассматривает тот пункт."
        )


class PayoutNotOfSlip(DomainError):
    """A journal entry named with a slip whose payout it is not."""

    def __init__(self, slip_number: str, entry: int) -> None:
        self.slip_number = slip_number
        self.entry = entry
        super().__init__()

    def message(self) -> str:
        return (
            f"Запись № {self.entry} журнала выплат не выплата по купону № "
            f"{display_slip_number(self.slip_number)}: проверьте номер записи."
        )


class TooMuchEvidence(DomainError):
    """More items of evidence than a claim keeps."""

    def __init__(self, count: int, most: int) -> None:
        self.count = count
        self.most = most
        super().__init__()

    def message(self) -> str:
        return (
            f"Претензия не записана: документов игрока {self.count}, а записывается не больше "
            f"{self.most} — перечислите главные, по одному в строке."
        )
