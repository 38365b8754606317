"""The published conditions' rules without a database (issue 37, p.6, p.10): the document made
from the settings, the versions and the one in force at a moment."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pos.betting.slips import CLAIM_WINDOW
from pos.conditions.document import Facts, build, is_heading, render
from pos.conditions.errors import UnknownVersion
from pos.conditions.versions import ConditionsVersion, in_force_at, next_version
from pos.conditions.wording import others
from pos.core.settings import ShopSettings
from pos.line.events import Sport
from pos.shop.services import Shop

AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _text(**settings: object) -> str:
    return render(Facts(ShopSettings(**settings), {}, ()))  # type: ignore[arg-type]


def test_p6_the_document_has_each_item_of_p6_in_its_order_with_its_heading() -> None:
    clauses = build(Facts(ShopSettings(), {Sport.HOCKEY: Decimal(3000)}, ()))

    assert [clause.title for clause in clauses] == [
        "Сумма возможного выигрыша",
        "Срок окончания приёма ставок на каждое событие",
        "Срок (период) совершения события",
        "Порядок и сроки выплаты выигрышей",
        "Обстоятельства, при которых ставки возвращаются",
        "Момент приёма ставки",
        "Особенности приёма ставок по видам спорта",
        "Другие условия и ограничения",
    ]
    assert all(clause.sentences for clause in clauses)
    headings = [line for line in _text().split("\n") if is_heading(line)]
    assert headings[0] == "1. Сумма возможного выигрыша" and len(headings) == 8


def test_p8_the_claim_window_is_the_counters() -> None:
    minutes = int(CLAIM_WINDOW.total_seconds()) // 60

    assert f"в течение {minutes} минут после её выдачи" in _text()


def test_p6_without_games_no_draw_is_named() -> None:
    text = _text()

    assert "розыгрыш" not in text and "игры «" not in text


def test_p6_the_hours_and_the_age_are_worded_as_said() -> None:
    assert "круглосуточно" in _text()
    assert "ежедневно с 10:00 до 02:00" in _text(working_hours="10:00–02:00")
    assert "моложе 21 года" in _text(min_age=21)
    assert "моложе 18 лет" in _text(min_age=18)
    assert "моложе 22 лет" in _text(min_age=22)
    assert "при каждой ставке" in _text(always_check_id=True)
    assert "при каждой ставке" not in _text()


def test_p6_an_amount_ends_its_sentence_with_one_full_stop() -> None:
    sentences = others(min_stake=Decimal(1), min_age=18, document_every_bet=False, games=())

    assert sentences[0].endswith("1,00 руб.") and not sentences[0].endswith("..")
    assert "руб.." not in _text()


def test_p6_the_same_settings_make_the_same_text_and_no_version() -> None:
    first = next_version(None, _text(), "M1", AT, "система")

    assert first is not None and first.number == 1
    assert next_version(first, _text(), "M1", AT + timedelta(days=1), "boss") is None
    second = next_version(first, _text(min_stake=Decimal(2)), "M1", AT + timedelta(days=1), "boss")
    assert second is not None and (second.number, second.made_by) == (2, "boss")


def test_p10_a_version_never_starts_before_the_one_it_follows() -> None:
    first = ConditionsVersion("M1", 1, AT, "a", "система")

    second = next_version(first, "b", "M1", AT - timedelta(days=1), "boss")

    assert second is not None and second.in_force_from == AT


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=8, unique=True))
def test_p10_the_version_in_force_is_the_last_made_at_or_before_the_moment(
    minutes: list[int],
) -> None:
    versions = [
        ConditionsVersion("M1", number, AT + timedelta(minutes=offset), str(number), "boss")
        for number, offset in enumerate(sorted(minutes), start=1)
    ]

    assert in_force_at(versions, AT - timedelta(seconds=1)) is None
    for version in versions:
        assert in_force_at(versions, version.in_force_from) == version
        found = in_force_at(versions, version.in_force_from + timedelta(seconds=30))
        assert found == version  # the next is at least a minute later


def test_p10_a_version_never_kept_is_refused_with_the_numbers_kept(demo_shop: Shop) -> None:
    last = demo_shop.conditions().number

    with pytest.raises(UnknownVersion) as refused:
        demo_shop.conditions(number=last + 5)

    assert str(refused.value) == (
        f"Редакции № {last + 5} условий приёма ставок нет: сохранены редакции с № 1 по № {last}."
    )
    assert demo_shop.conditions(number=1).version == demo_shop.conditions().history()[0]
