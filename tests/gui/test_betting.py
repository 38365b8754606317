"""The betting page driven by keyboard as a cashier does: legs, kinds, stake, confirm, cancel."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
)
from pytestqt.qtbot import QtBot

from main import assemble_shop
from pos.betting.bets import BetType
from pos.betting.errors import (
    EventAlreadyOnSlip,
    EventStarted,
    InvalidSlipNumber,
    MarketMissing,
    StakeNotSplittable,
    StakeTooLow,
)
from pos.betting.slips import Slip, SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.core.wording import display_slip_number
from pos.line.errors import InvalidMarket, UnknownEvent
from pos.people.permissions import WORDS, Permission
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import REGISTER
from tests.fakes import FakeStorage, PlainPinHasher
from tests.gui.conftest import FlakyDummy
from tests.gui.test_identity import type_adult
from tests.gui.test_manager_pin import authorise
from tests.gui.widgets import shown_messages
from ui.dialogs.confirm_bet import ConfirmBetDialog
from ui.errors import MessageLabel
from ui.pages.betting import PREVIEW_DELAY_MS, BettingPage
from ui.tasks import TaskRunner
from ui.widgets.legs_table import LegsTable
from ui.widgets.slip_editor import split_pick

MINSK = ZoneInfo("Europe/Minsk")


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    betting_page = BettingPage(anna, runner, clock)
    qtbot.addWidget(betting_page)
    betting_page.resize(1280, 700)
    betting_page.show()
    betting_page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return betting_page


def pick(page: BettingPage) -> QLineEdit:
    return page.findChild(QLineEdit, "pick")


def stake(page: BettingPage) -> QLineEdit:
    return page.findChild(QLineEdit, "stake")


def text_of(page: BettingPage, name: str) -> str:
    return page.findChild(QLabel, name).text()


def add_leg(qtbot: QtBot, page: BettingPage, typed: str) -> None:
    """Type a leg and Enter; wait until it is on the slip."""
    legs = page.draft.rowCount()
    qtbot.keyClicks(pick(page), typed)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == legs + 1)
    assert pick(page).text() == ""


def type_stake(qtbot: QtBot, page: BettingPage, typed: str) -> None:
    stake(page).clear()
    qtbot.keyClicks(stake(page), typed)


def open_confirmation(qtbot: QtBot, page: BettingPage) -> ConfirmBetDialog:
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    dialog = page.confirm_dialog
    assert dialog is not None
    return dialog


def issue(qtbot: QtBot, page: BettingPage, storage: FakeStorage) -> Slip:
    """Enter on the stake, Enter on the confirmation; the slip now in storage."""
    before = len(storage.data.slips)
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert len(storage.data.slips) == before + 1
    return max(storage.data.slips.values(), key=lambda slip: slip.number)


def legs_rows(page: BettingPage) -> list[list[str]]:
    model = page.draft
    return [
        [model.data(model.index(r, c)) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def countdown(page: BettingPage) -> str:
    """The countdown of the newest recent slip (its window cell's first line)."""
    return page.recent.rows()[0][1].split("\n")[0]


def kind_names(page: BettingPage) -> list[str]:
    return [str(kind) for kind in page.kinds.kinds()]


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


# --- expresses and systems -----------------------------------------------------------------


def test_an_express_of_two_legs(qtbot: QtBot, page: BettingPage, storage: FakeStorage) -> None:
    add_leg(qtbot, page, "101 1")
    add_leg(qtbot, page, "102 O2.5")
    type_stake(qtbot, page, "10")
    qtbot.waitUntil(lambda: text_of(page, "total_odds") == "4,095")
    assert text_of(page, "possible_payout") == "40,95 руб."

    slip = issue(qtbot, page, storage)

    assert str(slip.kind) == "express"
    assert [(leg.event_code, leg.odds) for leg in slip.legs] == [
        (101, Decimal("2.10")),
        (102, Decimal("1.95")),
    ]
    assert slip.possible_payout == Decimal("40.95")


def test_a_system_two_of_three_chosen_by_key(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    assert kind_names(page) == ["express", "system 2/3"]
    assert str(page.kinds.current()) == "express"

    qtbot.keyClick(stake(page), Qt.Key.Key_F2)
    assert str(page.kinds.current()) == "system 2/3"
    type_stake(qtbot, page, "9")
    qtbot.waitUntil(lambda: text_of(page, "possible_payout") == "47,52 руб.")

    slip = issue(qtbot, page, storage)

    assert str(slip.kind) == "system 2/3"
    assert slip.stake == Decimal("9.00")
    assert slip.possible_payout == Decimal("47.52")


def test_a_system_stake_that_does_not_split_names_the_nearest_stakes(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    qtbot.keyClick(stake(page), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    type_stake(qtbot, page, "10")

    refusal = StakeNotSplittable(Decimal("10.00"), 3, Decimal("9.99"), Decimal("10.02"))
    qtbot.waitUntil(lambda: text_of(page, "slip_message") == str(refusal))
    assert text_of(page, "possible_payout") == "—"
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not runner.busy)
    assert text_of(page, "slip_message") == str(refusal)
    assert page.confirm_dialog is None
    assert storage.data.slips == {}


def test_a_complex_system_with_an_express_block(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    for typed in ("101 1", "102 O2.5", "201 2", "103 X"):
        add_leg(qtbot, page, typed)
    legs = page.findChild(QTableView, "legs")
    qtbot.keyClick(pick(page), Qt.Key.Key_Down)
    qtbot.keyClick(legs, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)

    qtbot.keyClicks(legs, "+")

    assert [row[0] for row in legs_rows(page)] == ["1 блок", "1 блок", "2", "3"]
    assert kind_names(page) == ["system 2/3"]  # with a block only a system is possible
    assert str(page.kinds.current()) == "system 2/3"  # an express of blocks is no system
    type_stake(qtbot, page, "9")
    qtbot.waitUntil(lambda: text_of(page, "possible_payout") != "—")

    slip = issue(qtbot, page, storage)

    assert str(slip.kind) == "system 2/3"
    assert [[leg.event_code for leg in member] for member in slip.members] == [
        [101, 102],
        [201],
        [103],
    ]


def test_ctrl_b_splits_a_block_again(qtbot: QtBot, page: BettingPage) -> None:
    for typed in ("101 1", "102 O2.5", "201 2"):
        add_leg(qtbot, page, typed)
    page.editor.select_rows([0, 1])
    qtbot.keyClick(pick(page), Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert page.draft.member_count() == 2

    page.editor.select_rows([0])
    qtbot.keyClick(pick(page), Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)

    assert page.draft.member_count() == 3


# --- refusals and the double Enter ---------------------------------------------------------


def test_a_stake_below_the_minimum_is_refused_and_no_slip_is_issued(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "0,50")

    qtbot.keyClick(stake(page), Qt.Key.Key_Return)

    refusal = StakeTooLow(Decimal("0.50"), Decimal("1.00"))
    qtbot.waitUntil(lambda: text_of(page, "slip_message") == str(refusal))
    assert page.confirm_dialog is None
    assert storage.data.slips == {}


def test_a_double_enter_on_the_confirmation_issues_one_slip(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)

    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert len(storage.data.slips) == 1


def test_a_confirmation_sent_twice_with_its_key_issues_one_slip(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)

    # As if the first answer were lost and the request sent again.
    dialog.confirmed.emit(dialog.request_key)
    dialog.confirmed.emit(dialog.request_key)

    qtbot.waitUntil(lambda: page.confirm_dialog is None and not runner.busy)
    assert len(storage.data.slips) == 1
    assert len(page.recent.rows()) == 1


def tick(qtbot: QtBot, box: QCheckBox) -> None:
    """Click the box's square, as the cashier does."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def _started_event(boss: Desk, clock: FixedClock) -> None:
    boss.add_event(401, "football", "Ислочь", "Минск", clock.now() - timedelta(minutes=20))
    boss.set_odds(401, "1", Decimal("2.50"))


def test_ticking_in_play_asks_no_pin_so_empty_enters_lock_nobody_out(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    """Issue 16: the tick opened the manager's PIN dialog at once, and five Enters on its
    empty PIN locked the only manager out for 15 minutes."""
    _started_event(boss, clock)
    in_play = page.findChild(QCheckBox, "agreed_in_play")

    tick(qtbot, in_play)
    for _ in range(5):
        qtbot.keyClick(pick(page), Qt.Key.Key_Return)

    assert in_play.isChecked()
    assert page.manager_dialog is None
    assert storage.data.users["boss"].failed_pins == 0
    add_leg(qtbot, page, "401 1")  # priced as agreed: the manager's PIN comes at issue


def test_a_cashier_takes_a_bet_in_play_the_manager_agreeing_it_with_the_pin_at_issue(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _started_event(boss, clock)
    in_play = page.findChild(QCheckBox, "agreed_in_play")
    tick(qtbot, in_play)
    add_leg(qtbot, page, "401 1")
    type_stake(qtbot, page, "5")
    dialog = open_confirmation(qtbot, page)

    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # issue: now the manager comes over
    qtbot.waitUntil(lambda: page.manager_dialog is not None)
    assert dialog.message_text() == str(NotPermitted(WORDS[Permission.AGREE_IN_PLAY]))
    authorise(qtbot, page.manager_dialog, "boss", "9911")

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert page.manager_dialog is None
    slip = max(storage.data.slips.values(), key=lambda slip: slip.number)
    assert slip.agreed_in_play and slip.cashier == "anna"
    assert not in_play.isChecked()  # the next bet in play needs the manager again
    assert [r.action for r in storage.data.audit].count(AuditAction.AUTHORISED) == 1


def test_without_the_manager_a_bet_in_play_is_not_issued(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _started_event(boss, clock)
    qtbot.keyClicks(pick(page), "401 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    refusal = EventStarted(401, (clock.now() - timedelta(minutes=20)).astimezone(MINSK))
    qtbot.waitUntil(lambda: page.editor.message_text() == str(refusal))  # not ticked: refused
    in_play = page.findChild(QCheckBox, "agreed_in_play")
    tick(qtbot, in_play)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    type_stake(qtbot, page, "5")
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.manager_dialog is not None)

    qtbot.keyClick(page.manager_dialog, Qt.Key.Key_Escape)  # no manager at hand

    qtbot.waitUntil(lambda: page.manager_dialog is None)
    assert dialog.isVisible()
    assert dialog.message_text() == str(NotPermitted(WORDS[Permission.AGREE_IN_PLAY]))
    assert storage.data.slips == {}
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    assert page.draft.rowCount() == 1 and in_play.isChecked()


def test_a_started_event_needs_the_in_play_agreement(
    qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock, storage: FakeStorage
) -> None:
    page = BettingPage(boss, runner, clock)  # p.22: the manager agrees it
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    _started_event(boss, clock)
    qtbot.keyClicks(pick(page), "401 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    refusal = EventStarted(401, (clock.now() - timedelta(minutes=20)).astimezone(MINSK))
    qtbot.waitUntil(lambda: page.editor.message_text() == str(refusal))

    page.findChild(QCheckBox, "agreed_in_play").setChecked(True)
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    type_stake(qtbot, page, "5")
    slip = issue(qtbot, page, storage)

    assert slip.agreed_in_play
    assert not page.findChild(QCheckBox, "agreed_in_play").isChecked()


# --- the 5-minute window -------------------------------------------------------------------


def issue_single(qtbot: QtBot, page: BettingPage, storage: FakeStorage) -> Slip:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    return issue(qtbot, page, storage)


def cancel_with_reason(qtbot: QtBot, page: BettingPage, reason: str) -> None:
    qtbot.keyClick(pick(page), Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: page.recent.cancel_dialog is not None)
    dialog = page.recent.cancel_dialog
    dialog.set_reason(reason)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.recent.cancel_dialog is None)


def test_the_just_issued_slip_is_cancelled_within_its_window(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, clock: FixedClock
) -> None:
    slip = issue_single(qtbot, page, storage)
    clock.advance(timedelta(minutes=4))
    qtbot.waitUntil(lambda: countdown(page) == "01:00", timeout=3000)

    cancel_with_reason(qtbot, page, "Неверно указан исход")

    number = display_slip_number(slip.number)
    qtbot.waitUntil(
        lambda: (
            page.recent.message_text()
            == f"Купон {number} отменён. Верните игроку ставку 10,00 руб."
        )
    )
    cancelled = storage.data.slips[slip.number]
    assert cancelled.status is SlipStatus.CANCELLED
    assert cancelled.cancellation is not None
    assert cancelled.cancellation.reason == "Неверно указан исход"
    assert countdown(page) == "отменён"


def test_recent_slips_are_listed_after_a_refresh(
    qtbot: QtBot, page: BettingPage, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1"), (102, "O2.5")], Decimal("20"), "express")

    page.refresh()

    number = display_slip_number(slip.number)
    qtbot.waitUntil(
        lambda: page.recent.rows() == [[f"{number}\nЭкспресс · 20,00 руб.", "05:00\nдо 12:05:00"]]
    )


# --- the slip lookup -----------------------------------------------------------------------


def test_a_scanned_number_shows_the_slip_and_its_copy_is_counted(
    qtbot: QtBot, page: BettingPage, anna: Desk, demo_shop: Shop
) -> None:
    slip = anna.accept_bet([[(101, "1"), (102, "O2.5")], (201, "2"), (103, "X")], "9", "system 2/3")
    qtbot.keyClick(pick(page), Qt.Key.Key_F6)
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClicks(lookup, slip.number)
    qtbot.keyClick(lookup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog

    fields = details.field_texts()
    assert fields["Статус"] == "принят, ждёт результатов"
    assert fields["Вид ставки"] == "Сложная система 2/3"
    assert fields["Ставка"] == "9,00 руб."
    assert fields["Претензии до"] == "30.11.2026 12:05:00"
    assert fields["Копий напечатано"] == "0"
    legs = details.findChild(LegsTable, "details_legs").cell_texts()
    assert [row[0] for row in legs] == ["1 блок", "1 блок", "2", "3"]
    assert legs[0][-1] == "в. 1"

    qtbot.keyClick(details, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: details.message_text() == "Повторная печать учтена: копия № 1.")
    assert details.field_texts()["Копий напечатано"] == "1"
    assert demo_shop.slip(slip.number).reprints == 1
    qtbot.keyClick(details, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.details_dialog is None)


@pytest.mark.parametrize("shape", ["scanned", "printed"])
def test_a_slip_is_found_by_the_scanners_digits_and_by_its_printed_number(
    qtbot: QtBot, page: BettingPage, anna: Desk, shape: str
) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))
    typed = slip.number if shape == "scanned" else display_slip_number(slip.number)
    lookup = page.findChild(QLineEdit, "lookup")

    qtbot.keyClicks(lookup, typed)
    qtbot.keyClick(lookup, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog
    assert details.slip.number == slip.number
    details.reject()


def test_a_mistyped_number_is_refused_inline(qtbot: QtBot, page: BettingPage) -> None:
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClicks(lookup, "1234567890123")
    qtbot.keyClick(lookup, Qt.Key.Key_Return)

    qtbot.waitUntil(
        lambda: page.recent.lookup_message_text() == str(InvalidSlipNumber("1234567890123"))
    )
    assert page.recent.details_dialog is None


@pytest.mark.parametrize(
    ("typed", "parts"),
    [("101 1", ("101", "1")), ("  102   O2.5 ", ("102", "O2.5")), ("102б2,5", ("102", "б2,5"))],
)
def test_a_typed_leg_is_split_into_code_and_market(typed: str, parts: tuple[str, str]) -> None:
    assert split_pick(typed) == parts


# --- printing ----------------------------------------------------------------------------------


def betting_page(qtbot: QtBot, desk: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    page = BettingPage(desk, runner, clock)
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return page


def test_with_a_printer_no_preview_is_shown(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage, runner: TaskRunner
) -> None:
    issue_single(qtbot, page, storage)

    qtbot.waitUntil(lambda: not runner.busy)
    assert not page.preview_panel.isVisible()


def test_without_a_printer_each_slip_is_shown_in_the_one_preview_panel(
    qtbot: QtBot,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
    tmp_path: Path,
) -> None:
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), jobs_dir=tmp_path
    )
    shop.seed_demo()
    page = betting_page(qtbot, shop.login("anna", "4821"), runner, clock)

    first = issue_single(qtbot, page, storage)

    window = page.preview_panel
    qtbot.waitUntil(window.isVisible)
    assert window.heading_text() == f"Купон {display_slip_number(first.number)}"
    assert f"Купон № {display_slip_number(first.number)}" in window.paper.texts()
    assert "не подключён" in window.note_text()
    assert list(tmp_path.iterdir())  # the job went to a file

    second = issue_single(qtbot, page, storage)

    qtbot.waitUntil(lambda: window.heading_text() == f"Купон {display_slip_number(second.number)}")
    assert page.preview_panel is window
    assert f"Купон № {display_slip_number(second.number)}" in window.paper.texts()


@pytest.mark.warns_in_log
def test_a_slip_whose_receipt_did_not_print_is_issued_with_a_warning(
    qtbot: QtBot,
    two_printer_shop: Shop,
    flaky: FlakyDummy,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    page = betting_page(qtbot, two_printer_shop.login("anna", "4821"), runner, clock)
    flaky.broken = True
    changed: list[bool] = []
    page.till_changed.connect(lambda: changed.append(True))

    slip = issue_single(qtbot, page, storage)

    message = page.findChild(QLabel, "slip_message")
    qtbot.waitUntil(lambda: message.kind == "warning")
    number = display_slip_number(slip.number)  # as printed, as everywhere on screen
    assert message.text().startswith(f"Ставка принята, купон № {number} выдан")
    assert "чек № 1 не напечатан" in message.text()
    assert "Допечатать чеки" in message.text()
    assert page.draft.rowCount() == 0
    assert stake(page).text() == ""
    qtbot.waitUntil(lambda: len(page.recent.rows()) == 1)
    assert page.recent.rows()[0][0].startswith(display_slip_number(slip.number))
    assert slip.status is SlipStatus.OPEN
    assert changed == [True]

    add_leg(qtbot, page, "102 X")  # typing the next bet keeps the warning in view
    qtbot.waitUntil(lambda: not runner.busy)
    assert message.kind == "warning"


@pytest.mark.warns_in_log
def test_a_slip_that_did_not_print_is_not_issued(
    qtbot: QtBot,
    flaky_shop: Shop,
    flaky: FlakyDummy,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    page = betting_page(qtbot, flaky_shop.login("anna", "4821"), runner, clock)
    flaky.broken = True
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    dialog = open_confirmation(qtbot, page)

    with qtbot.waitSignal(page.till_changed):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    assert "Ставка НЕ принята" in dialog.message_text()
    assert page.draft.rowCount() == 1  # kept, to try again once the printer is back
    dialog.reject()


def test_the_slip_details_show_the_print_preview(
    qtbot: QtBot, page: BettingPage, anna: Desk
) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))
    page.recent.look_up(slip.number)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog

    qtbot.mouseClick(details.findChild(QPushButton, "preview_print"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: page.recent.preview_dialog is not None)
    preview = page.recent.preview_dialog
    assert preview.isVisible()
    assert f"Купон № {display_slip_number(slip.number)}" in preview.paper.texts()
    qtbot.keyClick(preview, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.preview_dialog is None)
    assert details.isVisible()
    details.reject()


@pytest.mark.warns_in_log
def test_a_cancellation_whose_return_receipt_did_not_print_is_done_with_a_warning(
    qtbot: QtBot,
    flaky_shop: Shop,
    flaky: FlakyDummy,
    storage: FakeStorage,
    clock: FixedClock,
    runner: TaskRunner,
) -> None:
    page = betting_page(qtbot, flaky_shop.login("anna", "4821"), runner, clock)
    slip = issue_single(qtbot, page, storage)
    flaky.broken = True

    with qtbot.waitSignal(page.till_changed):
        cancel_with_reason(qtbot, page, "Неверно указан исход")

    assert "отменён" in page.recent.message_text()
    assert "Допечатать чеки" in page.recent.message_text()
    assert storage.data.slips[slip.number].status is SlipStatus.CANCELLED
    qtbot.waitUntil(lambda: countdown(page) == "отменён")


# --- one outcome at a time (issue 16) --------------------------------------------------------


def message(page: BettingPage, name: str) -> MessageLabel:
    return page.findChild(MessageLabel, name)


def refuse_stake(qtbot: QtBot, page: BettingPage) -> None:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "0,50")
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    refusal = StakeTooLow(Decimal("0.50"), Decimal("1.00"))
    qtbot.waitUntil(lambda: text_of(page, "slip_message") == str(refusal))


def test_an_underage_refusal_goes_once_the_next_document_is_checked(
    qtbot: QtBot, page: BettingPage
) -> None:
    qtbot.keyClick(pick(page), Qt.Key.Key_F4)
    identity = page.identity_dialog
    assert identity is not None
    type_adult(qtbot, identity, birth="01.01.2008")
    qtbot.keyClick(identity.field("number"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message(page, "slip_message").kind == "error")
    assert "18" in text_of(page, "slip_message")

    identity.field("birth_date").clear()
    qtbot.keyClicks(identity.field("birth_date"), "15031990")
    qtbot.keyClick(identity.field("number"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.identity_dialog is None)

    assert shown_messages(page) == {"document_state": "Документ проверен: 36 лет"}


def test_a_slip_issued_then_cancelled_shows_only_the_cancellation(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    slip = issue_single(qtbot, page, storage)
    qtbot.waitUntil(lambda: "выдан" in text_of(page, "slip_message"))

    cancel_with_reason(qtbot, page, "Неверно указан исход")

    number = display_slip_number(slip.number)
    qtbot.waitUntil(lambda: "отменён" in page.recent.message_text())
    assert shown_messages(page) == {
        "recent_message": f"Купон {number} отменён. Верните игроку ставку 10,00 руб.",
        "document_state": "Документ не проверялся",
    }


def test_a_refusal_before_the_manager_s_authorisation_goes_with_the_issue(
    qtbot: QtBot, page: BettingPage, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    issue_single(qtbot, page, storage)
    clock.advance(timedelta(minutes=6))
    qtbot.keyClick(pick(page), Qt.Key.Key_F8)  # past its window: refused under the list
    qtbot.waitUntil(lambda: message(page, "recent_message").kind == "error")
    _started_event(boss, clock)
    tick(qtbot, page.findChild(QCheckBox, "agreed_in_play"))
    add_leg(qtbot, page, "401 1")
    type_stake(qtbot, page, "5")
    dialog = open_confirmation(qtbot, page)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.manager_dialog is not None)

    authorise(qtbot, page.manager_dialog, "boss", "9911")

    qtbot.waitUntil(lambda: page.confirm_dialog is None)
    qtbot.waitUntil(lambda: "выдан" in text_of(page, "slip_message"))
    assert set(shown_messages(page)) == {"slip_message", "document_state"}


@pytest.mark.parametrize("field", [pick, stake])
def test_typing_in_the_pick_or_the_stake_clears_the_slip_s_refusal(
    qtbot: QtBot, page: BettingPage, field: object
) -> None:
    refuse_stake(qtbot, page)

    qtbot.keyClicks(field(page), "1")  # type: ignore[operator]

    assert message(page, "slip_message").text() == ""


def test_a_price_preview_due_after_the_runner_closed_does_nothing(
    qtbot: QtBot, page: BettingPage, runner: TaskRunner
) -> None:
    """The last keystroke arms the preview; the window closes the runner before it fires
    (seen as a RuntimeError in CI's Qt event loop): the preview is simply not asked for."""
    qtbot.keyClicks(pick(page), "101 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    qtbot.waitUntil(lambda: not runner.busy)
    qtbot.keyClicks(stake(page), "5")  # the preview timer is armed

    runner.shutdown()
    qtbot.wait(PREVIEW_DELAY_MS * 3)  # it fires: no exception reaches the event loop

    assert runner.closed


def test_the_program_filling_the_pick_keeps_the_refusal(qtbot: QtBot, page: BettingPage) -> None:
    refuse_stake(qtbot, page)

    pick(page).setText("102 ")

    assert message(page, "slip_message").kind == "error"


def test_typing_in_the_pick_clears_its_refusal(qtbot: QtBot, page: BettingPage) -> None:
    qtbot.keyClicks(pick(page), "999 1")
    qtbot.keyClick(pick(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.editor.message_text() != "")

    qtbot.keyClick(pick(page), Qt.Key.Key_Backspace)

    assert page.editor.message_text() == ""


def test_a_slip_found_then_a_slip_issued_shows_only_the_issue(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClicks(lookup, "12345")
    qtbot.keyClick(lookup, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message(page, "lookup_message").kind == "error")
    pick(page).setFocus()

    issue_single(qtbot, page, storage)

    qtbot.waitUntil(lambda: "выдан" in text_of(page, "slip_message"))
    assert set(shown_messages(page)) == {"slip_message", "document_state"}
