"""This computer's own settings: its terminal name and database, read from terminal.toml."""

from __future__ import annotations

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
