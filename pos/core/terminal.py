"""This computer's own settings as values: its terminal name and database, and the sign-in list
the last start kept (`main.py` reads and writes their files, terminal.toml and sign-in.json), and
the refusal of a second window on this computer."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pos.core.errors import DomainError

DATABASE_NAME = "shop.db"
DEFAULT_TERMINAL = "К1"


@dataclass(frozen=True)
class TerminalConfig:
    """Settings that belong to this computer rather than to the shop."""

    terminal: str = DEFAULT_TERMINAL
    database: str = ""
    reports_database: str = ""  # a read-only replica for the reports (a chain's standby)
    # The files of this terminal's certificate for the СККС (issue 35): its certificate (PEM,
    # with its key or apart from it) and the centre's CA; empty: none, or the system's CAs.
    skks_cert: str = ""
    skks_key: str = ""
    skks_ca: str = ""

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


class WindowAlreadyOpen(DomainError):
    """The window already runs on this computer, over this data folder: a second start is
    refused and the running one is brought forward (issue 34)."""

    def __init__(self, data_dir: str, *, brought_forward: bool) -> None:
        self.data_dir = data_dir
        self.brought_forward = brought_forward
        super().__init__()

    def message(self) -> str:
        where = "её окно выведено на передний план" if self.brought_forward else "найдите её окно"
        return (
            f"Касса уже открыта на этом компьютере (папка данных {self.data_dir}): {where}, "
            "второе окно не открывается."
        )
