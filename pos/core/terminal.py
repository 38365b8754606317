"""This computer's own settings as values: its terminal name and database, and the sign-in list
the last start kept (`main.py` reads and writes their files, terminal.toml and sign-in.json)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DATABASE_NAME = "shop.db"
DEFAULT_TERMINAL = "К1"


@dataclass(frozen=True)
class TerminalConfig:
    """Settings that belong to this computer rather than to the shop."""

    terminal: str = DEFAULT_TERMINAL
    database: str = ""
    reports_database: str = ""  # a read-only replica for the reports (a chain's standby)

    def database_url(self, data_dir: Path) -> str:
        """The database URL: the configured one, else SQLite in the data folder."""
        return self.database or f"sqlite:///{data_dir / DATABASE_NAME}"


@dataclass(frozen=True)
class RememberedSignIn:
    """What the sign-in page showed last time: the shop's name and who may sign in.

    Kept beside terminal.toml, the next start lists the users from it at once while the
    database is opened behind the window (issue 16: importing SQLAlchemy and opening the
    database take most of a start). Only what the sign-in page shows anyway; the database has
    the last word.
    """

    shop_name: str
    logins: tuple[str, ...]
