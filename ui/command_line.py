"""The command line's commands (`main.py demo`, `settle`, `journal`, `report`, `verify`, …):
each a use case of the shop, run as the system at this terminal. Qt-free: `main.py` runs them
without loading the window."""

from __future__ import annotations

import argparse
import enum
import getpass
import sys
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pos.shop.services import Shop


class Exit(enum.IntEnum):
    """Process exit codes (qutebrowser's usertypes.Exit)."""

    OK = 0
    ERROR = 1
    USAGE = 2
    STORAGE = 3
    TAMPERED = 4  # verify found the audit chain or the journal broken
    DESKTOP = 5  # the system lacks a library the window needs (ui.desktop)
    RUNNING = 6  # the window is already open on this computer (ui.single_instance, issue 34)


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
    user = shop.create_user(
        args.login, pin=pin, role=args.role, office=args.office, name=args.name or ""
    )
    from pos.people.names import signed_name  # noqa: PLC0415 - commands load what they use

    signs = f", на документах: {signed_name(user.full_name, user.login)}" if user.full_name else ""
    sys.stdout.write(f"Пользователь {user.login} создан ({user.role}){signs}.\n")
    return Exit.OK


def _add_office(shop: Shop, args: argparse.Namespace) -> int:
    office = shop.add_office(args.code, name=args.name, address=args.address)
    sys.stdout.write(f"Пункт {office.code} добавлен: {office.name}, {office.address}.\n")
    return Exit.OK


def _register_terminal(shop: Shop, args: argparse.Namespace) -> int:
    shop.register_terminal(args.name, office=args.office, register_serial=args.register)
    sys.stdout.write(f"Терминал {args.name} зарегистрирован в пункте {args.office.upper()}.\n")
    return Exit.OK


def _assign_user(shop: Shop, args: argparse.Namespace) -> int:
    role = None if args.role == "none" else args.role
    shop.assign_user(args.login, office=args.office.upper(), role=role)
    where = f"пункт {args.office.upper()}"
    said = f"{where}: {args.role}" if role else f"больше не работает: {where}"
    sys.stdout.write(f"Пользователь {args.login} — {said}.\n")
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
    office = args.office
    sheets = shop.export_journal_pdf(args.out, args.date_from, args.date_to, office=office)
    count = len(shop.journal(args.date_from, args.date_to, office=office))
    sys.stdout.write(
        f"Журнал выплат за {args.date_from:%d.%m.%Y}–{args.date_to:%d.%m.%Y}: записей {count}, "
        f"листов {sheets} → {args.out}\n"
    )
    return Exit.OK


def _report(shop: Shop, args: argparse.Namespace) -> int:
    from pos.reports.tables import ReportKind  # noqa: PLC0415
    from pos.reports.use_cases import ReportFormat  # noqa: PLC0415 - the window shows before pos loads

    kind = ReportKind(args.kind)
    today = shop.clock.now().astimezone(shop.settings().zone).date()
    date_from, date_to = args.date_from or today, args.date_to or args.date_from or today
    file_format = ReportFormat.CSV if Path(args.out).suffix.lower() == ".csv" else ReportFormat.PDF
    office = args.office
    pages = shop.export_report(kind, args.out, date_from, date_to, file_format, office=office)
    report = shop.report(kind, date_from, date_to, office=office)
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


COMMANDS: dict[str, Callable[[Shop, argparse.Namespace], int]] = {
    "demo": _seed_demo,
    "create-user": _create_user,
    "add-office": _add_office,
    "register-terminal": _register_terminal,
    "assign-user": _assign_user,
    "unlock-user": _unlock_user,
    "settle": _settle,
    "journal": _journal,
    "verify": _verify,
    "report": _report,
}

# The report command's names (pos.reports.builders.ReportKind values), with what each one is.
REPORTS = {
    "shifts": "смены: размен, ставки, возвраты, выплаты, внесения, изъятия, пересчёт, разница",
    "turnover": "оборот по дням и видам спорта",
    "liabilities": "открытые обязательства (возможные выплаты) по событиям — на сейчас",
    "cancellations": "отмены купонов в течение 5 минут с причинами",
    "unpaid": "невыплаченные выигрыши, срок выплаты которых истекает в ближайшие 7 дней",
    "expired": "выигрыши, срок выплаты которых истёк в периоде",
    "offices": "пункты сети: оборот, выплаты, касса и обязательства каждого пункта",
    "exchange": "«Спрэдбетэкс» по дням: пари, комиссия, аннулированные предложения",
}


def parser() -> argparse.ArgumentParser:
    """The command line: `main.py --help` says it in Russian."""
    found = argparse.ArgumentParser(
        prog="betshop-pos",
        description="Касса букмекерской конторы: ставки, купоны, выплаты и журнал выплат.",
    )
    found.add_argument(
        "--db",
        metavar="URL",
        help="база данных: sqlite:///файл.db или "
        "postgresql://пользователь:пароль@сервер/база (по умолчанию SQLite в папке данных)",
    )
    found.add_argument(
        "--data-dir",
        metavar="DIR",
        help="папка данных (база, журналы работы, "
        "terminal.toml); по умолчанию папка пользователя или $BETSHOP_DATA_DIR",
    )
    found.add_argument("--terminal", metavar="NAME", help="имя этого терминала, например К2")
    commands = found.add_subparsers(dest="command", metavar="command")
    commands.add_parser("run", help="открыть окно кассы (по умолчанию)")
    commands.add_parser("demo", help="добавить демо-линию и демо-пользователей в существующую базу")
    create = commands.add_parser(
        "create-user", help="добавить кассира или менеджера пункта, или руководителя сети"
    )
    create.add_argument("login")
    create.add_argument("--role", choices=["cashier", "manager", "head"], default="cashier")
    create.add_argument("--pin", help="PIN (если не указан, будет запрошен)")
    create.add_argument("--office", metavar="КОД", help="пункт (по умолчанию пункт терминала)")
    create.add_argument(
        "--name",
        metavar="ФИО",
        help="фамилия, имя и отчество, как подписывается журнал (печатается на документах)",
    )
    office = commands.add_parser("add-office", help="добавить пункт приёма ставок в сеть")
    office.add_argument("code", metavar="КОД", help="код пункта, например M2")
    office.add_argument("--name", required=True, help="название пункта")
    office.add_argument("--address", required=True, help="адрес пункта (печатается на купонах)")
    register = commands.add_parser(
        "register-terminal", help="зарегистрировать терминал (ПК кассира) в пункте"
    )
    register.add_argument("name", metavar="ТЕРМИНАЛ", help="имя терминала, например К5")
    register.add_argument("--office", required=True, metavar="КОД", help="код пункта")
    register.add_argument("--register", metavar="СЕРИЙНЫЙ", help="заводской номер кассы")
    assign = commands.add_parser(
        "assign-user", help="назначить пользователя в пункт (другие его пункты остаются)"
    )
    assign.add_argument("login")
    assign.add_argument("--office", required=True, metavar="КОД", help="код пункта")
    assign.add_argument(
        "--role", choices=["cashier", "manager", "none"], required=True,
        help="роль в пункте; none — больше не работает в нём",
    )  # fmt: skip
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
    journal.add_argument(
        "--office", metavar="КОД", help="журнал этого пункта (по умолчанию пункт терминала)"
    )
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
    report.add_argument(
        "--office",
        metavar="КОД",
        help="отчёт этого пункта, * — всей сети (по умолчанию пункт терминала)",
    )
    # Listed for --help only: main.py starts it before this parser, with its own options.
    simulator = commands.add_parser(
        "skks-simulator",
        help="учебный контроллер СККС для проверки связи (python main.py skks-simulator --help)",
        add_help=False,
    )
    simulator.add_argument("options", nargs="*", help="--port N, --host, --cert, --client-ca")
    return found
