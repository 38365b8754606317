"""Composition root: reads this PC's settings, opens the database, starts the window or a tool."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

START = time.perf_counter()

from pos.core.clock import Clock, SystemClock, ZonedLogFormatter  # noqa: E402
from pos.core.errors import DataFolderReadOnly, InvalidTerminalConfig, PosError  # noqa: E402
from pos.core.terminal import DEFAULT_TERMINAL, RememberedSignIn, TerminalConfig  # noqa: E402
from ui.command_line import COMMANDS, Exit, parser  # noqa: E402

if TYPE_CHECKING:
    from pos.core.devices import PinHasher
    from pos.core.ports import Storage
    from pos.shop.services import Shop

log = logging.getLogger("main")

# Set by the startup benchmark: say when the window is shown and ready, then quit.
STARTUP_PROBE_VARIABLE = "BETSHOP_STARTUP_PROBE"


@dataclass(frozen=True)
class Setup:
    """What every command needs: where the data is and how to open the shop."""

    data_dir: Path
    url: str
    terminal: str
    reports_url: str | None = None  # a chain's replica for the reports (terminal.toml)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app or a command; returns the process exit code."""
    args = parser().parse_args(argv)
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
        return COMMANDS[command](shop, args)
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
        data_dir,
        args.db or config.database_url(data_dir),
        args.terminal or config.terminal,
        config.reports_database or None,
    )


def open_shop(
    url: str,
    *,
    clock: Clock | None = None,
    terminal: str | None = None,
    printer: object = None,
    fiscal_printer: object = None,
    pin_hasher: PinHasher | None = None,
    jobs_dir: Path | None = None,
    reports_url: str | None = None,
) -> Shop:
    """The shop on the database at `url`, created or migrated first: the entry the window,
    the commands, integrations and the tests use.

    `reports_url`, a read-only replica of a chain's PostgreSQL (a streaming standby), is where
    the reports read from; the shop works without it when it cannot be used.

    With `terminal=None` the terminal name comes from this computer's terminal.toml.
    `printer` and `fiscal_printer` are python-escpos printer objects (a `Dummy` in tests);
    fiscal receipts go to `printer` when no `fiscal_printer` is given. Without them the
    printers set up for this terminal are used, and with none set up the jobs go to files in
    `jobs_dir` (the data folder's "prints") and are shown on screen.

    Raises:
        DeviceOrStorageError: the database cannot be opened (unreadable, too new,
            unreachable, read-only).
        InvalidText: a terminal name no database can store.
    """
    from db.bootstrap import open_replica, open_storage  # noqa: PLC0415 - the window shows first
    from pos.shop.services import terminal_name  # noqa: PLC0415

    if terminal is None:
        terminal = load_terminal_config(default_data_dir()).terminal
    name = terminal_name(terminal)  # refused before the database is opened
    storage = open_storage(url)
    replica = open_replica(reports_url) if reports_url else None
    try:
        return assemble_shop(
            storage,
            clock=clock,
            terminal=name,
            printer=printer,
            fiscal_printer=fiscal_printer,
            pin_hasher=pin_hasher,
            jobs_dir=jobs_dir,
            reports=replica,
        )
    except BaseException:  # a terminal no office registered, say: nothing is left open
        storage.close()
        if replica is not None:
            replica.close()
        raise


def assemble_shop(
    storage: Storage,
    *,
    clock: Clock | None = None,
    terminal: str | None = None,
    printer: object = None,
    fiscal_printer: object = None,
    pin_hasher: PinHasher | None = None,
    jobs_dir: Path | None = None,
    reports: Storage | None = None,
) -> Shop:
    """The shop over an opened storage (a fake in unit tests): the printers, the PDF writers,
    the PIN hasher and the clock built and handed to it, as `open_shop` does; `reports`, a
    replica the reports read from."""
    from db.pins import Argon2PinHasher  # noqa: PLC0415 - the window shows before these load
    from pos.core.devices import Adapters  # noqa: PLC0415
    from pos.shop.services import Shop  # noqa: PLC0415
    from printing.journal import write_journal_pdf  # noqa: PLC0415
    from printing.reports import write_report_pdf  # noqa: PLC0415
    from printing.station import build_station  # noqa: PLC0415

    folder = jobs_dir or default_data_dir() / "prints"
    adapters = Adapters(
        storage=storage,
        build_station=partial(
            build_station, printer=printer, fiscal_printer=fiscal_printer, jobs_dir=str(folder)
        ),
        write_journal=write_journal_pdf,
        write_report=write_report_pdf,
        pins=pin_hasher or Argon2PinHasher(),
        reports=reports,
    )
    return Shop(adapters, clock=clock or SystemClock(), terminal=terminal or DEFAULT_TERMINAL)


def _open_shop(setup: Setup, clock: Clock | None = None) -> Shop:
    shop = open_shop(
        setup.url,
        clock=clock,
        terminal=setup.terminal,
        jobs_dir=setup.data_dir / "prints",
        reports_url=setup.reports_url,
    )
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
    from ui.start import run  # noqa: PLC0415

    clock = SystemClock()  # one clock for the window and the shop
    first = first_start(setup)  # looked at before the worker creates the database

    def open_and_seed() -> Shop:
        # Runs on the window's worker thread, after the window is shown.
        shop = _open_shop(setup, clock)
        if shop.is_empty():
            added = shop.seed_demo(played_yesterday=True, chain=True, spread=True)
            log.info("new database: demo users and %d demo events added", added)
        if probe:
            _probe("opened")  # a sign-in can be answered from now on (tests/bench)
        return shop

    probe = bool(os.environ.get(STARTUP_PROBE_VARIABLE))
    return run(
        open_and_seed,
        terminal=setup.terminal,
        clock=clock,
        log_dir=setup.data_dir,
        on_shown=(lambda: _probe("shown")) if probe else None,
        on_ready=(lambda: _probe("ready", finished=True)) if probe else None,
        remembered=lambda: read_sign_in(setup.data_dir) or (first() if first else None),
        remember=lambda remembered: write_sign_in(setup.data_dir, remembered),
    )


def first_start(setup: Setup) -> Callable[[], RememberedSignIn | None] | None:
    """On the very first start, with no database file yet, what lists the demo's users before
    the demo is seeded (pos.shop.demo_sign_in, issue 34); None otherwise (a file, a server)."""
    if not setup.url.startswith(SQLITE_URL) or Path(setup.url.removeprefix(SQLITE_URL)).exists():
        return None

    def demo_users() -> RememberedSignIn | None:
        from pos.shop.demo_sign_in import demo_sign_in  # noqa: PLC0415 - a first start only

        return demo_sign_in(setup.terminal)

    return demo_users


def _probe(moment: str, *, finished: bool = False) -> None:
    """Tell the startup benchmark that the window is shown or ready (tests/bench)."""
    sys.stdout.write(f"{moment} {time.perf_counter() - START:.4f}\n")
    sys.stdout.flush()
    if finished:
        from PySide6.QtCore import QCoreApplication, QTimer  # noqa: PLC0415

        QTimer.singleShot(0, QCoreApplication.quit)


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


# --- this computer's own files: the data folder, terminal.toml, sign-in.json ------------------

DATA_DIR_VARIABLE = "BETSHOP_DATA_DIR"
CONFIG_NAME = "terminal.toml"

TEMPLATE = """\
# Settings of this cashier PC. The shop's own settings (limits, licence) are in the database.
# Terminal name, printed on slips and recorded with every operation; unique in the shop.
terminal = {terminal}
# Database: leave empty for the embedded SQLite file in this folder; several terminals
# share a PostgreSQL database, e.g. "postgresql://pos:secret@192.168.1.10/shop".
database = {database}
# A chain's reports may read from a streaming replica of that database (README, "A chain of
# offices"), e.g. "postgresql://reports:secret@192.168.1.11/shop"; empty: the database above.
reports_database = {reports_database}
"""


def default_data_dir() -> Path:
    """The user's data folder (or $BETSHOP_DATA_DIR): the database, logs and printouts live here."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    # Only when no folder is given: not imported before the window shows (issue 34, startup).
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("betshop-pos", appauthor=False))


def load_terminal_config(data_dir: Path) -> TerminalConfig:
    """Read `terminal.toml` from the data folder; a missing file means the defaults.

    Raises:
        InvalidTerminalConfig: the file exists but is not valid TOML or has wrong values.
    """
    path = data_dir / CONFIG_NAME
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return TerminalConfig()
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
        raise InvalidTerminalConfig(str(path), str(exc)) from exc
    terminal, database = raw.get("terminal", DEFAULT_TERMINAL), raw.get("database", "")
    reports = raw.get("reports_database", "")
    if not isinstance(terminal, str) or not terminal.strip() or not isinstance(database, str):
        raise InvalidTerminalConfig(str(path), "terminal и database должны быть строками")
    if not isinstance(reports, str):
        raise InvalidTerminalConfig(str(path), "reports_database должен быть строкой")
    return TerminalConfig(terminal.strip(), database.strip(), reports.strip())


def write_default_config(data_dir: Path, config: TerminalConfig) -> Path:
    """Write a commented terminal.toml if there is none yet, so a technician can find it."""
    path = data_dir / CONFIG_NAME
    if not path.exists():
        path.write_text(
            # A JSON string literal is a valid TOML basic string: quotes and backslashes escaped.
            TEMPLATE.format(
                terminal=json.dumps(config.terminal, ensure_ascii=False),
                database=json.dumps(config.database, ensure_ascii=False),
                reports_database=json.dumps(config.reports_database, ensure_ascii=False),
            ),
            encoding="utf-8",
        )
    return path


# The sign-in list as the database last gave it, kept beside terminal.toml (pos.core.terminal).
SIGN_IN_NAME = "sign-in.json"
SQLITE_URL = "sqlite:///"  # the default database: a file in the data folder


def read_sign_in(data_dir: Path) -> RememberedSignIn | None:
    """The list kept by the last start, or None when there is none or it cannot be read."""
    try:
        raw = json.loads((data_dir / SIGN_IN_NAME).read_text(encoding="utf-8"))
        shop_name, logins = raw["shop_name"], raw["logins"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(shop_name, str) or not isinstance(logins, list):
        return None
    if not logins or not all(isinstance(login, str) and login for login in logins):
        return None
    return RememberedSignIn(shop_name, tuple(logins))


def write_sign_in(data_dir: Path, remembered: RememberedSignIn) -> None:
    """Keep the list for the next start (written whole, then renamed: never half a file)."""
    if read_sign_in(data_dir) == remembered:
        return
    text = json.dumps(
        {"shop_name": remembered.shop_name, "logins": list(remembered.logins)},
        ensure_ascii=False,
    )
    path = data_dir / SIGN_IN_NAME
    partial = path.with_suffix(".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):  # the next start simply waits for the database
            partial.unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
