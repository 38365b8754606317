"""Composition root: reads this PC's settings, opens the database, starts the window or a tool."""

from __future__ import annotations

import argparse
import enum
import getpass
import logging
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

START = time.perf_counter()

from pos.clock import ZonedLogFormatter  # noqa: E402
from pos.errors import DataFolderReadOnly, PosError  # noqa: E402
from pos.terminal import (  # noqa: E402
    TerminalConfig,
    default_data_dir,
    load_terminal_config,
    read_sign_in,
    write_default_config,
    write_sign_in,
)

if TYPE_CHECKING:
    from pos.services import Shop

log = logging.getLogger("main")

# Set by the startup benchmark: say when the window is shown and ready, then quit.
STARTUP_PROBE_VARIABLE = "BETSHOP_STARTUP_PROBE"


class Exit(enum.IntEnum):
    """Process exit codes (qutebrowser's usertypes.Exit)."""

    OK = 0
    ERROR = 1
    USAGE = 2
    STORAGE = 3
    TAMPERED = 4  # verify found the audit chain or the journal broken
    DESKTOP = 5  # the system lacks a library the window needs (ui.desktop)


@dataclass(frozen=True)
class Setup:
    """What every command needs: where the data is and how to open the shop."""

    data_dir: Path
    url: str
    terminal: str


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app or a command; returns the process exit code."""
    args = _parser().parse_args(argv)
    command = args.command or "run"
    try:
        setup = _prepare(args, to_stderr=command != "run")
    except PosError as exc:
        log.error("start-up refused: %s", exc)
        _tell(str(exc), gui=command == "run")
        return Exit.STORAGE
    if command == "run":
        return _run_window(setup)
    try:
        shop = _open_shop(setup)
    except PosError as exc:
        log.error("start-up refused: %s", exc)
        _tell(str(exc), gui=False)
        return Exit.STORAGE
    try:
        return _COMMANDS[command](shop, args)
    except PosError as exc:
        _tell(str(exc), gui=False)
        return Exit.ERROR
    finally:
        shop.close()


def _prepare(args: argparse.Namespace, *, to_stderr: bool) -> Setup:
    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    _prepare_data_dir(data_dir)
    _log_to_file(data_dir, to_stderr=to_stderr)
    config: TerminalConfig = load_terminal_config(data_dir)
    write_default_config(data_dir, config)
    return Setup(
        data_dir, args.db or config.database_url(data_dir), args.terminal or config.terminal
    )


def _open_shop(setup: Setup) -> Shop:
    from pos.services import Shop  # noqa: PLC0415 - the window shows before this import

    shop = Shop.open(setup.url, terminal=setup.terminal, jobs_dir=setup.data_dir / "prints")
    ZonedLogFormatter.zone = shop.settings().zone  # pos.log in the shop's time, as the screen
    return shop


def _run_window(setup: Setup) -> int:
    from ui.desktop import missing_packages, missing_sentence  # noqa: PLC0415 - no Qt in it

    missing = missing_packages()
    if missing:
        log.error("the window cannot start, missing system packages: %s", " ".join(missing))
        sys.stderr.write(missing_sentence(missing) + "\n")
        return Exit.DESKTOP
    # Qt is loaded only for the window, not for commands, and only once its libraries are there.
    from pos.clock import SystemClock  # noqa: PLC0415
    from ui.start import run  # noqa: PLC0415

    def open_and_seed() -> Shop:
        # Runs on the window's worker thread, after the window is shown.
        shop = _open_shop(setup)
        if shop.is_empty():
            added = shop.seed_demo(played_yesterday=True)
            log.info("new database: demo users and %d demo events added", added)
        return shop

    probe = bool(os.environ.get(STARTUP_PROBE_VARIABLE))
    return run(
        open_and_seed,
        terminal=setup.terminal,
        clock=SystemClock(),
        log_dir=setup.data_dir,
        on_shown=(lambda: _probe("shown")) if probe else None,
        on_ready=(lambda: _probe("ready", finished=True)) if probe else None,
        remembered=lambda: read_sign_in(setup.data_dir),
        remember=lambda remembered: write_sign_in(setup.data_dir, remembered),
    )


def _probe(moment: str, *, finished: bool = False) -> None:
    """Tell the startup benchmark that the window is shown or ready (tests/bench)."""
    sys.stdout.write(f"{moment} {time.perf_counter() - START:.4f}\n")
    sys.stdout.flush()
    if finished:
        from PySide6.QtCore import QCoreApplication, QTimer  # noqa: PLC0415

        QTimer.singleShot(0, QCoreApplication.quit)


def _seed_demo(shop: Shop, args: argparse.Namespace) -> int:
    added = shop.seed_demo(played_yesterday=True)
    sys.stdout.write(
        f"Демо-линия: добавлено событий {added}; пользователи anna (4821), boss (9911).\n"
    )
    return Exit.OK


def _create_user(shop: Shop, args: argparse.Namespace) -> int:
    pin = args.pin or getpass.getpass("PIN (4–8 цифр): ")
    if not args.pin and getpass.getpass("PIN ещё раз: ") != pin:
        sys.stderr.write("PIN не совпадает, пользователь не создан.\n")
        return Exit.USAGE
    user = shop.create_user(args.login, pin=pin, role=args.role)
    sys.stdout.write(f"Пользователь {user.login} создан ({user.role}).\n")
    return Exit.OK


def _unlock_user(shop: Shop, args: argparse.Namespace) -> int:
    # The way out when the only manager is locked (issue 16): whoever runs commands on this
    # PC may already open its database; the unlock is audited as the system at this terminal.
    shop.unlock_user(args.login)
    sys.stdout.write(
        f"Пользователь {args.login} разблокирован: можно входить с PIN, "
        "счёт неверных PIN начат заново.\n"
    )
    return Exit.OK


def _settle(shop: Shop, args: argparse.Namespace) -> int:
    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rПроверено купонов: {done} из {total}")
        sys.stderr.flush()

    report = shop.settle(progress)
    sys.stderr.write("\n")
    sys.stdout.write(report.words() + "\n")
    return Exit.OK


def _journal(shop: Shop, args: argparse.Namespace) -> int:
    sheets = shop.export_journal_pdf(args.out, args.date_from, args.date_to)
    count = len(shop.journal(args.date_from, args.date_to))
    sys.stdout.write(
        f"Журнал выплат за {args.date_from:%d.%m.%Y}–{args.date_to:%d.%m.%Y}: записей {count}, "
        f"листов {sheets} → {args.out}\n"
    )
    return Exit.OK


def _report(shop: Shop, args: argparse.Namespace) -> int:
    from pos.report_desk import ReportFormat  # noqa: PLC0415 - the window shows before pos loads
    from pos.reports import ReportKind  # noqa: PLC0415

    kind = ReportKind(args.kind)
    today = shop.clock.now().astimezone(shop.settings().zone).date()
    date_from, date_to = args.date_from or today, args.date_to or args.date_from or today
    file_format = ReportFormat.CSV if Path(args.out).suffix.lower() == ".csv" else ReportFormat.PDF
    pages = shop.export_report(kind, args.out, date_from, date_to, file_format)
    report = shop.report(kind, date_from, date_to)
    sheets = f", листов {pages}" if file_format is ReportFormat.PDF else ""
    sys.stdout.write(
        f"{report.title}. {report.period}: строк {len(report.rows)}{sheets} → {args.out}\n"
    )
    return Exit.OK


def _day(text: str) -> date:
    for pattern in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, pattern).date()  # noqa: DTZ007 - a calendar day
        except ValueError:
            continue
    raise argparse.ArgumentTypeError(f"«{text}» — не дата: укажите ГГГГ-ММ-ДД или ДД.ММ.ГГГГ")


def _verify(shop: Shop, args: argparse.Namespace) -> int:
    found = shop.verify()
    for line in found.words():
        sys.stdout.write(line + "\n")
    return Exit.OK if found.ok else Exit.TAMPERED


_COMMANDS = {
    "demo": _seed_demo,
    "create-user": _create_user,
    "unlock-user": _unlock_user,
    "settle": _settle,
    "journal": _journal,
    "verify": _verify,
    "report": _report,
}

# The report command's names (pos.reports.ReportKind values), with what each one is.
REPORTS = {
    "shifts": "смены: размен, ставки, возвраты, выплаты, внесения, изъятия, пересчёт, разница",
    "turnover": "оборот по дням и видам спорта",
    "liabilities": "открытые обязательства (возможные выплаты) по событиям — на сейчас",
    "cancellations": "отмены купонов в течение 5 минут с причинами",
    "unpaid": "невыплаченные выигрыши, срок выплаты которых истекает в ближайшие 7 дней",
    "expired": "выигрыши, срок выплаты которых истёк в периоде",
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="betshop-pos",
        description="Касса букмекерской конторы: ставки, купоны, выплаты и журнал выплат.",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="база данных: sqlite:///файл.db или "
        "postgresql://пользователь:пароль@сервер/база (по умолчанию SQLite в папке данных)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="папка данных (база, журналы работы, "
        "terminal.toml); по умолчанию папка пользователя или $BETSHOP_DATA_DIR",
    )
    parser.add_argument("--terminal", metavar="NAME", help="имя этого терминала, например К2")
    commands = parser.add_subparsers(dest="command", metavar="command")
    commands.add_parser("run", help="открыть окно кассы (по умолчанию)")
    commands.add_parser("demo", help="добавить демо-линию и демо-пользователей в существующую базу")
    create = commands.add_parser("create-user", help="добавить кассира или менеджера")
    create.add_argument("login")
    create.add_argument("--role", choices=["cashier", "manager"], default="cashier")
    create.add_argument("--pin", help="PIN (если не указан, будет запрошен)")
    unlock = commands.add_parser(
        "unlock-user",
        help="снять блокировку после неверных PIN (и блокировку до разблокировки менеджером)",
    )
    unlock.add_argument("login")
    commands.add_parser(
        "settle", help="рассчитать все купоны, исход которых известен (по записанным результатам)"
    )
    commands.add_parser(
        "verify", help="проверить цепочку хешей журнала аудита и нумерацию журнала выплат"
    )
    journal = commands.add_parser(
        "journal", help="сохранить журнал учёта выплат наличных денег за период в PDF"
    )
    journal.add_argument("--from", dest="date_from", type=_day, required=True, metavar="ДАТА")
    journal.add_argument("--to", dest="date_to", type=_day, required=True, metavar="ДАТА")
    journal.add_argument("--out", required=True, metavar="ФАЙЛ.pdf", help="куда сохранить PDF")
    report = commands.add_parser(
        "report",
        help="сохранить отчёт в PDF или CSV",
        description="Отчёты: "
        + "; ".join(f"{name} — {words}" for name, words in REPORTS.items())
        + ". Даты: ГГГГ-ММ-ДД или ДД.ММ.ГГГГ, по умолчанию сегодня.",
    )
    report.add_argument("kind", choices=list(REPORTS), metavar="ОТЧЁТ", help=", ".join(REPORTS))
    report.add_argument("--from", dest="date_from", type=_day, metavar="ДАТА")
    report.add_argument("--to", dest="date_to", type=_day, metavar="ДАТА")
    report.add_argument(
        "--out", required=True, metavar="ФАЙЛ", help="куда сохранить: .pdf или .csv"
    )
    return parser


def _prepare_data_dir(data_dir: Path) -> None:
    """Create the data folder and prove it is writable before anything is stored there."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        probe = data_dir / ".write-test"
        probe.write_bytes(b"ok")
        probe.unlink()
    except OSError as exc:
        raise DataFolderReadOnly(str(data_dir)) from exc


def _log_to_file(data_dir: Path, *, to_stderr: bool) -> None:
    from logging.handlers import RotatingFileHandler  # noqa: PLC0415

    handlers: list[logging.Handler] = [
        RotatingFileHandler(
            data_dir / "pos.log", maxBytes=1_000_000, backupCount=5, encoding="utf-8"
        )
    ]
    if to_stderr:
        handlers.append(logging.StreamHandler())
    formatter = ZonedLogFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in handlers:
        handler.setFormatter(formatter)
    logging.basicConfig(level=logging.INFO, handlers=handlers, force=True)


def _tell(message: str, *, gui: bool) -> None:
    """Show a start-up refusal: on stderr always, and in a dialog when the window was wanted."""
    sys.stderr.write(message + "\n")
    if gui:
        from ui.fatal import show_fatal_error  # noqa: PLC0415

        show_fatal_error(message)


if __name__ == "__main__":
    sys.exit(main())
