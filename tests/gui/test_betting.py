"""The betting page driven by keyboard as a cashier does: singles, the slip being built and
the events the pick field offers.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel, QLineEdit, QPushButton, QTableView
from pytestqt.qtbot import QtBot

from pos.betting.bets import BetType
from pos.betting.errors import EventAlreadyOnSlip, MarketMissing
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.line.errors import InvalidMarket, UnknownEvent
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import (
    MINSK,
    add_leg,
    betting_page,
    issue,
    kind_names,
    legs_rows,
    open_confirmation,
    pick,
    stake,
    text_of,
    type_stake,
)
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner
from ui.widgets.legs_table import LegsTable


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    return betting_page(qtbot, anna, runner, clock)


# --- singles and the slip list -------------------------------------------------------------


def test_a_single_typed_at_the_keyboard_is_issued_at_the_line_odds(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    add_leg(qtbot, page, "101 1")
    assert legs_rows(page) == [
        ["1", "101", "Динамо Минск — БАТЭ Борисов", "Победа хозяев (1)", "2,10"]
    ]
    assert kind_names(page) == ["single"]
    type_stake(qtbot, page, "10")
    qtbot.waitUntil(lambda: text_of(page, "possible_payout") == "21,00 руб.")
    assert text_of(page, "total_odds") == "2,10"

    slip = issue(qtbot, page, storage)

    assert slip.kind.type is BetType.SINGLE
    assert slip.stake == Decimal("10.00")
    assert [(leg.event_code, leg.market, leg.odds) for leg in slip.legs] == [
        (101, "1", Decimal("2.10"))
    ]
    assert slip.possible_payout == Decimal("21.00")
    assert text_of(page, "slip_message") == (
        f"Купон {display_slip_number(slip.number)} выдан. Претензии принимаются до 12:05:00."
    )
    assert page.draft.rowCount() == 0
    assert stake(page).text() == ""
    assert page.recent.rows()[0] == [
        f"{display_slip_number(slip.number)}\nОрдинар · 10,00 руб.", "05:00\nдо 12:05:00",
    ]  # fmt: skip


def test_after_a_slip_is_issued_the_next_one_starts_empty(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    qtbot.keyClick(stake(page), Qt.Key.Key_F2)
    assert str(page.kinds.current()) == "system 2/3"
    type_stake(qtbot, page, "9")
    qtbot.keyClicks(pick(page), "999 1")  # a leg refused and left in the field
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.editor.message_text() == str(UnknownEvent(999)))

    issue(qtbot, page, storage)

    assert page.draft.rowCount() == 0
    assert (stake(page).text(), pick(page).text(), page.editor.message_text()) == ("", "", "")
    assert page.kinds.kinds() == []
    assert text_of(page, "total_odds") == text_of(page, "possible_payout") == "—"
    assert not page.findChild(QCheckBox, "agreed_in_play").isChecked()
    assert text_of(page, "document_state") == "Документ не проверялся"
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    assert str(page.kinds.current()) == "express"  # not the last slip's system


def test_the_confirmation_shows_what_will_be_printed(qtbot: QtBot, page: BettingPage) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "12,50")

    dialog = open_confirmation(qtbot, page)

    assert dialog.findChild(QLabel, "confirm_payout").text() == "26,25 руб."
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Ординар" in texts
    assert "12,50 руб." in texts
    legs = dialog.findChild(LegsTable, "confirm_legs")
    assert legs.cell_texts() == [
        ["1", "101", "Динамо Минск — БАТЭ Борисов", "Победа хозяев (1)", "2,10"]
    ]
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert page.draft.rowCount() == 1  # back to the slip, nothing issued


def test_a_cyrillic_market_is_understood(qtbot: QtBot, page: BettingPage) -> None:
    pick(page).setText("102 б2,5")  # keyClicks cannot type Cyrillic
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    assert legs_rows(page)[0][3:] == ["Тотал больше 2,5 (Б2,5)", "1,95"]


def test_a_hockey_leg_is_worded_on_screen_as_its_printed_slip_words_it(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, printer: Dummy
) -> None:
    """The draw of a hockey game is that of the regular time, on screen as on paper."""
    add_leg(qtbot, page, "201 X")

    assert legs_rows(page)[0][3] == "Ничья в основное время (X)"
    type_stake(qtbot, page, "10")
    issue(qtbot, page, storage)
    assert "Ничья в основное время (X)".encode("cp866") in printer.output


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [("999 1", UnknownEvent(999)), ("101 Q7", InvalidMarket("Q7")), ("101", MarketMissing(101))],
)
def test_a_bad_leg_shows_the_refusal_and_keeps_the_text(
    qtbot: QtBot, page: BettingPage, typed: str, refusal: Exception
) -> None:
    qtbot.keyClicks(pick(page), typed)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.editor.message_text() == str(refusal))
    assert pick(page).text() == typed
    assert page.draft.rowCount() == 0


def test_the_same_event_twice_is_refused_when_it_is_added(qtbot: QtBot, page: BettingPage) -> None:
    """Issue 16: the second leg on 101 went onto the slip and was refused only at issue."""
    add_leg(qtbot, page, "101 1")
    add_leg(qtbot, page, "102 O2.5")

    qtbot.keyClicks(pick(page), "101 X")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.editor.message_text() == str(EventAlreadyOnSlip(101)))
    assert pick(page).text() == "101 X"  # left for correcting
    assert [row[1] for row in legs_rows(page)] == ["101", "102"]


def test_esc_clears_the_slip_being_built_and_its_button_names_the_key(
    qtbot: QtBot, page: BettingPage
) -> None:
    add_leg(qtbot, page, "101 1")
    add_leg(qtbot, page, "102 O2.5")
    type_stake(qtbot, page, "10")
    qtbot.waitUntil(lambda: text_of(page, "total_odds") == "4,095")
    legs = page.findChild(QTableView, "legs")
    qtbot.keyClick(pick(page), Qt.Key.Key_Down)
    qtbot.keyClick(legs, Qt.Key.Key_Escape)  # in the legs Esc only goes back to the field
    assert pick(page).hasFocus() and page.draft.rowCount() == 2
    qtbot.keyClicks(pick(page), "201")
    events = pick(page).completer().popup()
    assert events.isVisible()
    qtbot.keyClick(events, Qt.Key.Key_Escape)  # the first Esc closes the list of events
    assert not events.isVisible() and page.draft.rowCount() == 2

    qtbot.keyClick(pick(page), Qt.Key.Key_Escape)

    assert page.draft.rowCount() == 0
    assert (stake(page).text(), pick(page).text()) == ("", "")
    assert page.kinds.kinds() == []
    qtbot.waitUntil(lambda: text_of(page, "total_odds") == "—")
    assert text_of(page, "possible_payout") == "—"
    assert pick(page).hasFocus()
    button = page.findChild(QPushButton, "clear_slip")
    assert button.text() == "Новый купон (Esc)"
    add_leg(qtbot, page, "103 X")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert page.draft.rowCount() == 0


def test_delete_removes_the_selected_leg(qtbot: QtBot, page: BettingPage) -> None:
    add_leg(qtbot, page, "101 1")
    add_leg(qtbot, page, "102 O2.5")
    assert kind_names(page) == ["express"]

    qtbot.keyClick(pick(page), Qt.Key.Key_Down)  # to the legs, the first selected
    qtbot.keyClick(page.findChild(QTableView, "legs"), Qt.Key.Key_Delete)

    assert [row[1] for row in legs_rows(page)] == ["102"]
    assert kind_names(page) == ["single"]


# --- the events the page knows (issue 16) -----------------------------------------------------


def type_text(qtbot: QtBot, field: QLineEdit, text: str) -> None:
    """Type any letters, Cyrillic too, key by key as a keyboard sends them."""
    for letter in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(
                field, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, letter)
            )
    qtbot.wait(1)


def offered(page: BettingPage) -> list[str]:
    """The events the list under the pick field offers now (empty while it is closed)."""
    completer = pick(page).completer()
    assert completer is not None
    if not completer.popup().isVisible():
        return []
    model = completer.completionModel()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_the_pick_field_offers_the_events_whose_code_is_being_typed(
    qtbot: QtBot, page: BettingPage
) -> None:
    qtbot.keyClicks(pick(page), "10")

    qtbot.waitUntil(lambda: offered(page) != [])
    assert offered(page) == [
        "102 Шахтёр Солигорск — Неман Гродно, 01.12 16:30",
        "101 Динамо Минск — БАТЭ Борисов, 01.12 19:00",
        "103 Торпедо-БелАЗ Жодино — Динамо Брест, 02.12 14:00",
        "104 Славия Мозырь — Ислочь, 02.12 17:00",
        "105 Гомель — Минск, 03.12 18:30",
    ]


def test_an_event_found_by_a_team_s_name_leaves_its_code_for_the_market(
    qtbot: QtBot, page: BettingPage
) -> None:
    type_text(qtbot, pick(page), "неман")
    qtbot.waitUntil(lambda: len(offered(page)) == 2)
    assert offered(page)[1] == "202 Неман Гродно — Гомель, 02.12 19:00"
    popup = pick(page).completer().popup()

    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)

    assert pick(page).text() == "202 "
    assert page.findChild(QLabel, "pick_message").text() == ""
    add_leg(qtbot, page, "1")
    assert legs_rows(page)[0][1:3] == ["202", "Неман Гродно — Гомель"]


def test_events_started_or_suspended_are_not_offered_and_today_s_show_the_time(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, runner: TaskRunner
) -> None:
    boss.suspend_event(103)
    clock.set(datetime(2026, 12, 1, 17, 0, tzinfo=MINSK))
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)

    qtbot.keyClicks(pick(page), "10")

    qtbot.waitUntil(lambda: offered(page) != [])
    assert offered(page) == [
        "101 Динамо Минск — БАТЭ Борисов, 19:00",
        "104 Славия Мозырь — Ислочь, 02.12 17:00",
        "105 Гомель — Минск, 03.12 18:30",
    ]
