"""The command line and start-up: --help, the demo command, and refusals without tracebacks."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from main import open_shop

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.integration


def run_main(*args: str, data_dir: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, BETSHOP_NO_DIALOGS="1", QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data_dir), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_help_is_in_russian(tmp_path: Path) -> None:
    result = run_main("--help", data_dir=tmp_path)
    assert result.returncode == 0
    assert "база данных" in result.stdout
    assert "create-user" in result.stdout
    assert "skks-simulator" in result.stdout  # issue 35: the stand-in controller is found


def test_demo_command_seeds_an_existing_database_once(tmp_path: Path) -> None:
    first = run_main("demo", data_dir=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "добавлено событий 10" in first.stdout
    again = run_main("demo", data_dir=tmp_path)
    assert "добавлено событий 0" in again.stdout
    with sqlite3.connect(tmp_path / "shop.db") as db:
        # The coming line, yesterday's three played matches with its five slips, and last
        # night's match that waits for its result (issue 34).
        assert db.execute("select count(*) from events").fetchone() == (14,)
        assert db.execute("select count(*) from event_results").fetchone() == (3,)
        assert db.execute("select count(*) from slips").fetchone() == (5,)
        assert db.execute("select count(*) from users").fetchone() == (2,)
    assert (tmp_path / "terminal.toml").read_text(encoding="utf-8").count('terminal = "К1"') == 1
    # Stamped in the shop's time with its offset, as the screen shows it (not the PC's UTC).
    first_line = (tmp_path / "pos.log").read_text(encoding="utf-8").splitlines()[0]
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\+03:00 INFO ", first_line), first_line


def test_settle_command_settles_and_says_what_it_did(tmp_path: Path) -> None:
    assert run_main("demo", data_dir=tmp_path).returncode == 0
    result = run_main("settle", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Проверено купонов: 0; рассчитывать пока нечего.\n"


def test_journal_command_writes_the_pdf_of_a_period(tmp_path: Path) -> None:
    assert run_main("demo", data_dir=tmp_path).returncode == 0
    out = tmp_path / "journal.pdf"
    args = ("journal", "--from", "2026-12-01", "--to", "31.12.2026", "--out", str(out))
    result = run_main(*args, data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Журнал выплат за 01.12.2026–31.12.2026: записей 0, листов 2")
    assert out.read_bytes().startswith(b"%PDF")
    bad = run_main(
        "journal", "--from", "вчера", "--to", "2026-12-31", "--out", str(out), data_dir=tmp_path
    )
    assert bad.returncode == 2 and "не дата" in bad.stderr
    nowhere = run_main(
        "journal",
        "--from",
        "2026-12-01",
        "--to",
        "2026-12-31",
        "--out",
        str(tmp_path / "нет" / "j.pdf"),
        data_dir=tmp_path,
    )
    assert nowhere.returncode == 1 and "не сохранён" in nowhere.stderr
    assert "Traceback" not in nowhere.stderr


def test_verify_passes_on_a_real_day_and_names_a_tampered_record(tmp_path: Path) -> None:
    assert run_main("demo", data_dir=tmp_path).returncode == 0
    clean = run_main("verify", data_dir=tmp_path)
    assert clean.returncode == 0, clean.stderr
    assert "цепочка хешей цела" in clean.stdout and "Журнал выплат: записей нет." in clean.stdout
    with sqlite3.connect(tmp_path / "shop.db") as db:
        db.execute("DROP TRIGGER audit_log_no_update")  # whoever holds the file can
        db.execute("UPDATE audit_log SET actor = 'boss' WHERE seq = 2")
    tampered = run_main("verify", data_dir=tmp_path)
    assert tampered.returncode == 4
    assert "Журнал аудита: запись № 2 изменена" in tampered.stdout
    assert "Traceback" not in tampered.stderr


def test_create_user_adds_a_manager(tmp_path: Path) -> None:
    result = run_main(
        "create-user", "olga", "--role", "manager", "--pin", "7351", data_dir=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "olga создан" in result.stdout
    refused = run_main("create-user", "olga", "--pin", "7351", data_dir=tmp_path)
    assert refused.returncode == 1
    assert "уже есть" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_create_user_keeps_the_name_the_user_signs_papers_with(tmp_path: Path) -> None:
    result = run_main(
        "create-user", "olga", "--pin", "7351", "--name", "Петрова Ольга Ивановна",
        data_dir=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "olga создан (cashier), на документах: Петрова О. И." in result.stdout
    shop = open_shop(f"sqlite:///{tmp_path / 'shop.db'}", terminal="К1")
    try:
        with shop.unit_of_work() as uow:
            olga = uow.users.get("olga")
    finally:
        shop.close()
    assert olga is not None and olga.full_name == "Петрова Ольга Ивановна"


@pytest.mark.warns_in_log  # pos logs the three locks of olga
def test_unlock_user_lets_the_last_manager_locked_for_good_in_again(tmp_path: Path) -> None:
    """Issue 16: with the only manager locked until a manager unlocks, the PC itself can."""
    from pos.core.audit import SYSTEM_ACTOR
    from pos.core.clock import FixedClock
    from pos.core.errors import PosError
    from pos.people.errors import UserLockedUntilUnlocked

    created = run_main(
        "create-user", "olga", "--role", "manager", "--pin", "7351", data_dir=tmp_path
    )
    assert created.returncode == 0, created.stderr
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    clock = FixedClock(datetime.now(UTC))
    shop = open_shop(url, terminal="К1", clock=clock)
    try:
        for lasted in (timedelta(minutes=15), timedelta(hours=1), timedelta(0)):
            for _ in range(5):
                with contextlib.suppress(PosError):
                    shop.login("olga", "0000")
            clock.advance(lasted)
        with pytest.raises(UserLockedUntilUnlocked):
            shop.login("olga", "7351")

        result = run_main("unlock-user", "olga", data_dir=tmp_path)

        assert result.returncode == 0, result.stderr
        assert result.stdout == (
            "Пользователь olga разблокирован: можно входить с PIN, "
            "счёт неверных PIN начат заново.\n"
        )
        assert shop.login("olga", "7351").is_manager
    finally:
        shop.close()
    with sqlite3.connect(tmp_path / "shop.db") as db:
        unlocked = db.execute(
            "select actor, terminal, detail from audit_log where action = 'unlocked'"
        ).fetchall()
    assert unlocked == [(SYSTEM_ACTOR, "К1", "olga")]
    unknown = run_main("unlock-user", "nobody", data_dir=tmp_path)
    assert unknown.returncode == 1
    assert "nobody" in unknown.stderr and "Traceback" not in unknown.stderr
    assert "unlock-user" in run_main("--help", data_dir=tmp_path).stdout


def test_a_damaged_database_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    damaged = tmp_path / "shop.db"
    damaged.write_bytes(b"this is not a database" * 100)
    result = run_main("demo", data_dir=tmp_path)
    assert result.returncode == 3
    assert "повреждён" in result.stderr
    assert "Traceback" not in result.stderr
    assert damaged.read_bytes() == b"this is not a database" * 100


def test_an_unreachable_postgresql_server_is_reported_in_russian(tmp_path: Path) -> None:
    url = "postgresql://pos:secret@127.0.0.1:9/shop"  # port 9 (discard) refuses at once
    result = run_main("--db", url, "demo", data_dir=tmp_path)
    assert result.returncode == 3
    assert "Нет связи с сервером базы данных" in result.stderr
    assert "secret" not in result.stderr
    assert "Traceback" not in result.stderr


def test_a_data_folder_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run_main("demo", data_dir=blocker / "data")  # a folder inside a file: never writable
    assert result.returncode == 3
    assert "Нет права записи в папку данных" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_database_url_of_another_kind_is_reported(tmp_path: Path) -> None:
    result = run_main("--db", "mysql://pos@server/shop", "demo", data_dir=tmp_path)
    assert result.returncode == 3
    assert "Адрес базы данных указан неверно" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_broken_terminal_config_is_reported(tmp_path: Path) -> None:
    (tmp_path / "terminal.toml").write_text("terminal = \n", encoding="utf-8")
    result = run_main("demo", data_dir=tmp_path)
    assert result.returncode == 3
    assert "terminal.toml не прочитан" in result.stderr


def test_the_window_says_why_and_exits_when_the_database_cannot_be_opened(tmp_path: Path) -> None:
    """The window is shown first and the database opened behind it; a damaged file ends the
    app with exit code 3 after the dialog (suppressed here by BETSHOP_NO_DIALOGS)."""
    damaged = tmp_path / "shop.db"
    damaged.write_bytes(b"garbage" * 1000)
    result = run_main(data_dir=tmp_path)
    assert result.returncode == 3
    assert "Traceback" not in result.stderr
    assert "повреждён" in (tmp_path / "pos.log").read_text(encoding="utf-8")
    assert damaged.read_bytes() == b"garbage" * 1000


def test_report_command_saves_pdf_or_csv_by_the_file_name(tmp_path: Path) -> None:
    from pos.reports.tables import ReportKind
    from ui.command_line import REPORTS

    assert set(REPORTS) == {kind.value for kind in ReportKind}
    assert run_main("demo", data_dir=tmp_path).returncode == 0
    pdf, table = tmp_path / "оборот.pdf", tmp_path / "обязательства.csv"
    args = ("report", "turnover", "--from", "2026-11-01", "--to", "30.11.2026", "--out", str(pdf))
    result = run_main(*args, data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "Оборот по дням и видам спорта. Период: с 01.11.2026 по 30.11.2026: строк 0, "
        f"листов 1 → {pdf}\n"
    )
    assert pdf.read_bytes().startswith(b"%PDF")
    result = run_main("report", "liabilities", "--out", str(table), data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (
        table.read_bytes().decode("utf-8-sig").startswith("Открытые обязательства по событиям\r\n")
    )
    reversed_period = run_main(
        "report", "shifts", "--from", "2026-12-02", "--to", "2026-12-01", "--out", str(pdf),
        data_dir=tmp_path,
    )  # fmt: skip
    assert reversed_period.returncode == 1 and "Период задан неверно" in reversed_period.stderr
    unknown = run_main("report", "всё", "--out", str(pdf), data_dir=tmp_path)
    assert unknown.returncode == 2


def test_a_second_window_on_this_terminal_is_refused_while_commands_still_run(
    tmp_path: Path,
) -> None:
    """Issue 34: a second copy of the window on this PC (its data folder) is refused with a
    Russian sentence and its own exit code; the running window is asked to come forward;
    the command line keeps working beside it."""
    from ui.command_line import Exit

    env = dict(os.environ, BETSHOP_NO_DIALOGS="1", QT_QPA_PLATFORM="offscreen")
    first = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_log(tmp_path, "demo users", first)
        second = run_main(data_dir=tmp_path)
        assert second.returncode == Exit.RUNNING == 6
        assert "Касса уже открыта на этом компьютере" in second.stderr
        assert "Traceback" not in second.stderr
        assert first.poll() is None  # the first window goes on
        created = run_main("create-user", "olga", "--pin", "7351", data_dir=tmp_path)
        assert created.returncode == 0, created.stderr
    finally:
        first.terminate()
        first.wait(timeout=30)


def _wait_for_log(data_dir: Path, text: str, process: subprocess.Popen[bytes]) -> None:
    deadline = datetime.now(UTC) + timedelta(seconds=60)
    log = data_dir / "pos.log"
    while datetime.now(UTC) < deadline and process.poll() is None:
        if log.exists() and text in log.read_text(encoding="utf-8"):
            return
        time.sleep(0.2)
    raise AssertionError(f"«{text}» not in the log; the window exited with {process.poll()}")
