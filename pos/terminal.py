"""This computer's own settings: its terminal name and database, read from terminal.toml."""

from __future__ import annotations

import contextlib
import json
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

from pos.errors import InvalidTerminalConfig

DATA_DIR_VARIABLE = "BETSHOP_DATA_DIR"
CONFIG_NAME = "terminal.toml"
DATABASE_NAME = "shop.db"
DEFAULT_TERMINAL = "К1"

TEMPLATE = """\
# Settings of this cashier PC. The shop's own settings (limits, licence) are in the database.
# Terminal name, printed on slips and recorded with every operation; unique in the shop.
terminal = {terminal}
# Database: leave empty for the embedded SQLite file in this folder; several terminals
# share a PostgreSQL database, e.g. "postgresql://pos:secret@192.168.1.10/shop".
database = {database}
"""


@dataclass(frozen=True)
class TerminalConfig:
    """Settings that belong to this computer rather than to the shop."""

    terminal: str = DEFAULT_TERMINAL
    database: str = ""

    def database_url(self, data_dir: Path) -> str:
        """The database URL: the configured one, else SQLite in the data folder."""
        return self.database or f"sqlite:///{data_dir / DATABASE_NAME}"


def default_data_dir() -> Path:
    """The user's data folder (or $BETSHOP_DATA_DIR): the database, logs and printouts live here."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(user_data_dir("betshop-pos", appauthor=False))


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
    if not isinstance(terminal, str) or not terminal.strip() or not isinstance(database, str):
        raise InvalidTerminalConfig(str(path), "terminal и database должны быть строками")
    return TerminalConfig(terminal.strip(), database.strip())


def write_default_config(data_dir: Path, config: TerminalConfig) -> Path:
    """Write a commented terminal.toml if there is none yet, so a technician can find it."""
    path = data_dir / CONFIG_NAME
    if not path.exists():
        path.write_text(
            # A JSON string literal is a valid TOML basic string: quotes and backslashes escaped.
            TEMPLATE.format(
                terminal=json.dumps(config.terminal, ensure_ascii=False),
                database=json.dumps(config.database, ensure_ascii=False),
            ),
            encoding="utf-8",
        )
    return path


# The sign-in list as the database last gave it, kept beside terminal.toml: the next start
# lists the users from it at once, while the database is opened behind the window (issue 16:
# importing SQLAlchemy and opening the database take most of a start). Only the shop's name
# and the logins, which the sign-in page shows anyway; the database has the last word.
SIGN_IN_NAME = "sign-in.json"


@dataclass(frozen=True)
class RememberedSignIn:
    """What the sign-in page showed last time: the shop's name and who may sign in."""

    shop_name: str
    logins: tuple[str, ...]


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
