"""The СККС room's refusals, each one Russian sentence saying what happened and what to do."""

from __future__ import annotations

from pos.core.errors import DeviceOrStorageError, DomainError

# What an operation the controller did not register left undone, and what the cashier does.
_UNDONE = {
    "bet": ("ставка не принята", "деньги верните игроку"),
    "payout": ("выплата не проведена", "деньги не выдавайте"),
    "deposit": ("пополнение счёта не проведено", "деньги верните игроку"),
    "withdrawal": ("снятие со счёта не проведено", "деньги не выдавайте"),
    "spread": ("спрэдбет не открыт", "деньги остались на счёте игрока"),
    "pari": ("пари не заключено", "деньги остались на счетах игроков"),
    "shift_open": ("смена не открыта", "откройте её снова, когда связь будет"),
    "cash_in": ("внесение не проведено", "деньги в ящик не кладите"),
    "cash_out": ("изъятие не проведено", "деньги из ящика не берите"),
    "operation": ("операция не проведена", "повторите её позже"),
}


class SkksNoAnswer(DeviceOrStorageError):
    """The controller did not answer in time: the operation is not made, its registration (if
    it reached the controller) is annulled in the queue."""

    def __init__(self, operation: str, detail: str = "") -> None:
        self.operation = operation
        self.detail = detail
        super().__init__()

    def message(self) -> str:
        undone, advice = _UNDONE[self.operation]
        return (
            f"СККС не ответила: {undone}, {advice}. Проверьте связь с СККС и повторите; "
            "если связи нет долго — сообщите менеджеру."
        )


class SkksRefused(DomainError):
    """The controller refused to register the operation, with its reason."""

    def __init__(self, operation: str, reason: str) -> None:
        self.operation = operation
        self.reason = reason
        super().__init__()

    def message(self) -> str:
        undone, advice = _UNDONE[self.operation]
        reason = self.reason.strip().rstrip(".") or "причина не указана"
        return f"СККС отказала в регистрации ({reason}): {undone}, {advice}."


class SkksCutOff(DomainError):
    """A deferred terminal's oldest unsent message is older than the backlog allowed."""

    def __init__(self, minutes: int, limit: int) -> None:
        self.minutes = minutes
        self.limit = limit
        super().__init__()

    def message(self) -> str:
        return (
            f"Касса {self.minutes} мин. без связи с СККС (допускается {self.limit}): "
            "новые операции не принимаются, пока очередь не отправлена — проверьте связь "
            "и сообщите менеджеру."
        )
