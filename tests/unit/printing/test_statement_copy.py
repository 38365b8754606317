"""The account statement (issue 34): the holder's full name on the paper handed to the holder,
masked on a copy nobody hands over (a terminal without a printer keeps its jobs as files)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from escpos.printer import Dummy

from main import assemble_shop
from pos.accounts.papers import masked_name
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.fakes import FakeStorage, PlainPinHasher
from tests.unit.printing.escpos_reader import read_job

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
PROFILE = "TM-T20II"


def _statement(printer: Dummy | None, jobs: Path) -> Shop:
    shop = assemble_shop(
        FakeStorage(),
        clock=FixedClock(NOW),
        terminal="К1",
        pin_hasher=PlainPinHasher(),
        printer=printer,
        jobs_dir=jobs,
    )
    shop.seed_demo()
    anna = shop.login("anna", "4821")
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "100")
    anna.print_statement(number)
    return shop


def _words(output: bytes) -> str:
    return " ".join(read_job(output, PROFILE).text().split())


def test_the_holder_s_own_statement_carries_the_full_name(tmp_path: Path) -> None:
    printer = Dummy(profile=PROFILE)
    _statement(printer, tmp_path)
    statement = _words(printer.output.split(b"\x1dV\x00")[-2] + b"\x1dV\x00")
    assert "ВЫПИСКА ПО СЧЁТУ ИГРОКА" in statement
    assert "Владелец Иванов Пётр Сергеевич" in statement


def test_a_statement_kept_as_a_file_masks_the_name(tmp_path: Path) -> None:
    _statement(None, tmp_path)
    (kept,) = [job for job in tmp_path.iterdir() if job.name.endswith("-statement.bin")]
    statement = _words(kept.read_bytes())
    assert "ВЫПИСКА ПО СЧЁТУ ИГРОКА" in statement
    assert "Иванов" not in statement and "Пётр" not in statement
    assert "Владелец И***** П. С." in statement


def test_a_masked_name_keeps_initials_only() -> None:
    assert masked_name("Иванов Пётр Сергеевич") == "И***** П. С."
    assert masked_name("Ли") == "Л*"
    assert masked_name("  ") == ""
