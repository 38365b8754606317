"""Composition root: reads this PC's settings, opens the database, starts the window or a tool."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

START = time.perf_counter()

from pos.core.clock import Clock, SystemClock, ZonedLogFormatter  # noqa: E402
from pos.core.errors import DataFolderReadOnly, PosError  # noqa: E402
from pos.core.terminal import DEFAULT_TERMINAL, RememberedSignIn, TerminalConfig  # noqa: E402
from pos.core.terminal_files import (  # noqa: E402
    SQLITE_URL,
    load_terminal_config,
    read_sign_in,
    write_default_config,
    write_sign_in,
)
from ui.command_line import COMMANDS, Exit, parser  # noqa: E402

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from pos.core.devices import PinHasher
    from pos.core.ports import Storage
    from pos.games.registry import Games
    from pos.shop.services import Shop
    from pos.skks.link import ControllerLink, LinkConfig
    from ui.games import GameUi

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
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["skks-simulator"]:  # issue 35: a stand-in controller, no shop opened
        from tests.skks_simulator import main as simulate  # noqa: PLC0415 - a tool, not the app

        return simulate(given[1:])
    args = parser().parse_args(given)
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
    storage = open_storage(url, stores=dict(game_stores()))
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
    from pos.games.registry import install  # noqa: PLC0415
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
        build_link=_build_link,
    )
    install(games())  # the house's rules ask the installed games (pos.games.registry)
    return Shop(adapters, clock=clock or SystemClock(), terminal=terminal or DEFAULT_TERMINAL)


def games() -> Games:
    """The draw games the shop sells (issue 36): a new game is its room and a line here."""
    from pos.games.registry import Games  # noqa: PLC0415 - the window shows before these load
    from pos.poker.game import POKER  # noqa: PLC0415
    from pos.roulette.game import ROULETTE  # noqa: PLC0415

    return Games([POKER, ROULETTE])


def game_stores() -> tuple[tuple[str, Callable[[Session], object]], ...]:
    """The games' own repositories in the database, by store key (issue 36: db.games)."""
    from db.games.poker import STORES as POKER  # noqa: PLC0415 - SQLAlchemy, when opening

    return (*POKER,)


def game_uis() -> tuple[GameUi, ...]:
    """The games' boards in the window, one for each of `games()` that has one (issue 36)."""
    from ui.games.poker import UI as POKER  # noqa: PLC0415 - Qt, for the window only
    from ui.games.roulette import UI as ROULETTE  # noqa: PLC0415

    return (POKER, ROULETTE)


def _build_link(config: LinkConfig) -> ControllerLink:
    """The link to the СККС controller, with this terminal's certificates from terminal.toml
    (read when a controller is first reached: a shop without one never reads them)."""
    from db.skks_link import build_link  # noqa: PLC0415

    local = load_terminal_config(default_data_dir())
    return build_link(
        dataclasses.replace(
            config, client_cert=local.skks_cert, client_key=local.skks_key, ca_file=local.skks_ca
        )
    )


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
        boards=game_uis(),
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
    # httpx says every request at INFO: a line per СККС message would flood pos.log (issue 35).
    logging.getLogger("httpx").setLevel(logging.WARNING)


def _tell(message: str, *, gui: bool) -> None:
    """Show a start-up refusal: on stderr always, and in a dialog when the window was wanted."""
    sys.stderr.write(message + "\n")
    if gui:
        from ui.fatal import show_fatal_error  # noqa: PLC0415

        show_fatal_error(message)


# --- this computer's own files: the data folder, terminal.toml, sign-in.json ------------------

DATA_DIR_VARIABLE = "BETSHOP_DATA_DIR"


def default_data_dir() -> Path:
    """The user's data folder (or $BETSHOP_DATA_DIR): the database, logs and printouts live here."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    # Only when no folder is given: not imported before the window shows (issue 34, startup).
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("betshop-pos", appauthor=False))


if __name__ == "__main__":
    sys.exit(main())
