"""How the СККС link reads to the cashier and the manager: the status bar, the kinds, a sending."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from pos.core.link_settings import DEFERRED, ONLINE
from pos.core.money import format_roubles
from pos.core.wording import plural
from pos.skks.link_words import age_minutes
from pos.skks.messages import Kind

if TYPE_CHECKING:  # the status bar reads these words before the first paint (issue 34)
    from pos.skks.reconcile import Reconciliation, Total
    from pos.skks.sending import Sent
    from pos.skks.use_cases import SkksStatus


# Each kind of message in the manager's words («Расхождения СККС», issue 35).
KIND_WORDS: dict[Kind, str] = {
    Kind.TERMINAL_OPENED: "касса открыта",
    Kind.TERMINAL_CLOSED: "касса закрыта",
    Kind.SHIFT_OPENED: "смена открыта",
    Kind.SHIFT_TOTALS: "итоги смены",
    Kind.CASH_IN: "внесение",
    Kind.CASH_OUT: "изъятие",
    Kind.INCASSATION: "инкассация",
    Kind.BET_ACCEPTED: "ставка принята",
    Kind.STAKE_RETURNED: "возврат ставки",
    Kind.WIN_PAID: "выплата выигрыша",
    Kind.ACCOUNT_DEPOSIT: "пополнение счёта",
    Kind.ACCOUNT_WITHDRAWAL: "снятие со счёта",
    Kind.SPREAD_OPENED: "спрэдбет открыт",
    Kind.SPREAD_CLOSED: "спрэдбет закрыт",
    Kind.PARI_CONCLUDED: "пари заключено",
    Kind.PARI_SETTLED: "пари рассчитано",
    Kind.ANNUL: "аннулирование",
    Kind.TRANSFER_IN: "перевод на счёт",
    Kind.TRANSFER_OUT: "перевод со счёта",
    Kind.COUPON_PAID: "выплата по купону переводом",
}

# The modes as the manager chooses them (pos.core.link_settings reads the values).
MODE_WORDS: dict[str, str] = {
    ONLINE: "онлайн — ждать регистрации",
    DEFERRED: "отложенный — отправлять очередью",
}


def kind_words(kind: str) -> str:
    """A message's kind in Russian; a kind this build does not know, as the controller wrote it.

    Args:
        kind: the kind's wire name, e.g. "cash_in".
    """
    try:
        return KIND_WORDS[Kind(kind)]
    except ValueError:
        return kind


def waiting_words(status: SkksStatus | None, now: datetime) -> str:
    """The manager's page: how many messages wait and since when, in one sentence."""
    if status is None or not status.connected:
        return "СККС не подключена: укажите адрес контроллера и сохраните."
    if status.unsent == 0:
        return "Все сообщения зарегистрированы в СККС, очередь пуста."
    waiting = plural(status.unsent, "сообщение", "сообщения", "сообщений")
    minutes = age_minutes(status.oldest, now)
    return f"Не отправлено: {waiting}, старейшее ждёт {minutes} мин."


def sent_words(sent: Sent) -> str:
    """What «Отправить сейчас» did, in one sentence: sent, refused, or stopped by an outage."""
    registered = sent.registered
    refused = len(sent.answers) - registered
    done = f"зарегистрировано {plural(registered, 'сообщение', 'сообщения', 'сообщений')}"
    if refused:
        done += f", отказано в {plural(refused, 'сообщении', 'сообщениях', 'сообщениях')}"
        done += " (см. «Расхождения СККС»)"
    if sent.down is not None:
        reason = sent.down.strip().rstrip(".")
        return (
            f"СККС не ответила ({reason}): {done}, остальные ждут в очереди — "
            "проверьте связь и повторите."
        )
    if not sent.answers:
        return "Очередь СККС пуста: отправлять нечего."
    return f"Очередь СККС отправлена: {done}."


def moment_words(at: datetime, zone: ZoneInfo) -> str:
    """A message's time in the shop's zone, as the lists show times: 05.12.2026 14:03:27."""
    return at.astimezone(zone).strftime("%d.%m.%Y %H:%M:%S")


def refusal_words(error: str, text: str) -> str:
    """The controller's refusal: its error type and its reason."""
    reason = text.strip()
    return f"{error}: {reason}" if reason else error


# The kinds a shift's totals count, as the Z report and the manager's page name them.
TOTAL_WORDS = {
    "bets": "ставки",
    "returns": "возвраты ставок",
    "wins_paid": "выплаты выигрышей",
    "deposits": "пополнения счетов",
    "withdrawals": "снятия со счетов",
    "cash_in": "внесения",
    "cash_out": "изъятия",
}


def reconciliation_words(checked: Reconciliation) -> tuple[str, list[str]]:
    """The comparison of a shift's totals with the controller's: its one-line verdict and a
    line for each kind counted differently (the Z report, the manager's page)."""
    if checked.refused is not None:
        return f"Сверка с СККС: СККС отказала ({checked.refused})", []
    if checked.theirs is None:
        if checked.registration is not None:
            return "Сверка с СККС: СККС не прислала своих итогов", []
        return "Сверка с СККС: ждёт ответа СККС", ["итог сверки — на странице «СККС»"]
    differences = checked.differences()
    if not differences:
        return "Сверка с СККС: совпадает", []
    return "Сверка с СККС: расхождение", [
        f"{TOTAL_WORDS.get(d.name, d.name)}: касса {total_words(d.ours)}, "
        f"СККС {total_words(d.theirs)}"
        for d in differences
    ]


def total_words(total: Total) -> str:
    """A kind's count and sum, «2 / 30,00 руб.»."""
    return f"{total.count} / {format_roubles(total.amount)}"


def last_check_words(checks: list[Reconciliation], zone: ZoneInfo) -> str:
    """The manager's page: the newest closed shift's totals against the controller's."""
    if not checks:
        return "Сверка итогов смен: смены с СККС ещё не закрывались."
    newest = checks[0]
    at = newest.written_at.astimezone(zone).strftime("%d.%m.%Y %H:%M")
    verdict, lines = reconciliation_words(newest)
    head = f"Смена № {newest.shift} ({at}). {verdict}"
    return "\n".join([head, *lines])
