"""How the СККС link reads (issue 35): the status bar's three states, a sending's sentence, the
kinds in Russian."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pos.skks.link import LinkDown, Refused, Registered
from pos.skks.link_words import link_words
from pos.skks.messages import Kind
from pos.skks.sending import Sent
from pos.skks.use_cases import SkksStatus
from pos.skks.wording import KIND_WORDS, kind_words, sent_words, waiting_words

NOW = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)


def _status(unsent: int, waited: timedelta | None = None, *, connected: bool = True) -> SkksStatus:
    oldest = None if waited is None else NOW - waited
    return SkksStatus(connected, "deferred", unsent, oldest, [])


def test_a_shop_without_a_controller_says_it_is_not_connected() -> None:
    assert link_words(None, NOW) == "СККС не подключена"
    assert link_words(_status(0, connected=False), NOW) == "СККС не подключена"


def test_nothing_waiting_reads_on_line() -> None:
    assert link_words(_status(0), NOW) == "СККС: на связи"


def test_what_waits_reads_as_a_count_and_the_oldest_age_in_whole_minutes() -> None:
    words = link_words(_status(12, timedelta(minutes=7, seconds=59)), NOW)
    assert words == "СККС: 12 в очереди (7 мин.)"


def test_the_manager_reads_the_wait_with_the_right_plural() -> None:
    assert waiting_words(_status(3, timedelta(minutes=2)), NOW) == (
        "Не отправлено: 3 сообщения, старейшее ждёт 2 мин."
    )
    assert waiting_words(_status(0), NOW) == "Все сообщения зарегистрированы в СККС, очередь пуста."


def test_a_sending_that_drained_the_outbox_counts_what_was_registered_and_refused() -> None:
    sent = Sent({"К1-1": Registered("R1"), "К1-2": Registered("R2"), "К1-3": Refused("x", "y")})
    assert sent_words(sent) == (
        "Очередь СККС отправлена: зарегистрировано 2 сообщения, отказано в 1 сообщении "
        "(см. «Расхождения СККС»)."
    )


def test_a_sending_cut_by_an_outage_says_the_rest_waits() -> None:
    sent = Sent({"К1-1": Registered("R1")}, down=LinkDown("нет связи").detail)
    assert sent_words(sent) == (
        "СККС не ответила (нет связи): зарегистрировано 1 сообщение, остальные ждут в "
        "очереди — проверьте связь и повторите."
    )
    assert sent_words(Sent()) == "Очередь СККС пуста: отправлять нечего."


def test_every_kind_has_its_russian_words() -> None:
    assert set(KIND_WORDS) == set(Kind)
    assert kind_words("cash_in") == "внесение"
    assert kind_words(Kind.ANNUL) == "аннулирование"
    assert kind_words("postal_order") == "postal_order"  # a kind this build does not know
