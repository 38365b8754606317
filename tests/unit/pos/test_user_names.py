"""The name a user signs the journal's column 8 with (issue 34): kept whole, printed as the
surname and initials, the login for a user with none; a manager types and changes it."""

from __future__ import annotations

import pytest
from escpos.printer import Dummy

from pos.core.audit import AuditAction
from pos.core.errors import NotPermitted, StorageUnavailable
from pos.core.input_errors import InvalidText
from pos.people.errors import UnknownUser
from pos.people.names import check_full_name, signed_name
from pos.people.signatures import printed_names
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.unit.printing.escpos_reader import read_job


def test_papers_print_the_surname_and_the_initials() -> None:
    assert signed_name("Иванова Анна Сергеевна", "anna") == "Иванова А. С."


def test_a_name_of_one_word_or_a_double_name_prints_as_written() -> None:
    assert signed_name("Иванова", "anna") == "Иванова"
    assert signed_name("Петрова-Водкина Анна-Мария", "am") == "Петрова-Водкина А.-М."
    assert signed_name("ким юна", "yuna") == "ким Ю."


def test_a_user_with_no_name_is_printed_by_login() -> None:
    assert signed_name("", "anna") == "anna"
    assert signed_name("   ", "anna") == "anna"


def test_a_typed_name_is_kept_with_its_blanks_collapsed() -> None:
    assert check_full_name("  Иванова\tАнна   Сергеевна ") == "Иванова Анна Сергеевна"
    assert check_full_name(None) == ""


def test_a_name_longer_than_its_column_or_with_a_nul_is_refused() -> None:
    with pytest.raises(InvalidText, match="Фамилия, имя, отчество сотрудника"):
        check_full_name("Я" * 101)
    with pytest.raises(InvalidText):
        check_full_name("Иванова\x00")


def test_a_manager_names_a_cashier_and_the_audit_trail_records_it(
    demo_shop: Shop, storage: FakeStorage
) -> None:
    demo_shop.create_user("olga", pin="7351", role="cashier")
    boss = demo_shop.login("boss", "9911")
    boss.rename_user("olga", "Петрова Ольга Ивановна")

    assert {u.login: u.full_name for u in boss.users()}["olga"] == "Петрова Ольга Ивановна"
    record = storage.data.audit[-1]
    assert (record.action, record.actor, record.detail) == (
        AuditAction.USER_RENAMED,
        "boss",
        "olga: Петрова Ольга Ивановна",
    )
    boss.rename_user("olga", "")  # none again: papers show the login
    assert {u.login: u.full_name for u in boss.users()}["olga"] == ""


def test_a_cashier_names_nobody_and_an_unknown_login_is_refused(demo_shop: Shop) -> None:
    with pytest.raises(NotPermitted):
        demo_shop.login("anna", "4821").rename_user("anna", "Кто-то")
    with pytest.raises(UnknownUser):
        demo_shop.login("boss", "9911").rename_user("nobody", "Никто")


def test_a_new_user_gets_their_name_with_them(demo_shop: Shop) -> None:
    info = demo_shop.create_user("olga", pin="7351", role="cashier", name="Петрова  Ольга")
    assert info.full_name == "Петрова Ольга"


@pytest.mark.warns_in_log  # the names not read are logged
def test_a_paper_still_prints_by_login_when_the_names_cannot_be_read(
    storage: FakeStorage, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def down() -> None:
        raise StorageUnavailable("база недоступна")

    monkeypatch.setattr(storage, "unit_of_work", down)
    with caplog.at_level("WARNING"):
        assert printed_names(storage, ["anna", "", "anna"]) == {"anna": "anna"}
    assert "names for papers not read" in caplog.text


def test_the_demo_papers_name_the_demo_cashier(demo_shop: Shop, printer: Dummy) -> None:
    printer.clear()
    demo_shop.login("anna", "4821").accept_bet([(101, "1")], stake="10")
    words = " ".join(read_job(printer.output, "TM-T20II").text().split())
    assert words.count("Кассир Соколова А. С.") == 2  # the slip and its receipt
