"""This computer's own files in the data folder: terminal.toml (its terminal name, database and
СККС certificates) and sign-in.json (the sign-in list the last start kept). `main.py` reads and
writes them; the values are pos.core.terminal's."""

from __future__ import annotations

import contextlib
import json
import os
import tomllib
from pathlib import Path

from pos.core.errors import InvalidTerminalConfig
from pos.core.terminal import DEFAULT_TERMINAL, RememberedSignIn, TerminalConfig

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
# The СККС controller's certificates for this terminal (README, "СККС"): uncomment and set.
# skks_cert = "C:/betshop/kiz/terminal.pem"
# skks_key = "C:/betshop/kiz/terminal.key"
# skks_ca = "C:/betshop/kiz/ca.pem"
"""


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
    certs = {name: raw.get(name, "") for name in ("skks_cert", "skks_key", "skks_ca")}
    if not all(isinstance(value, str) for value in certs.values()):
        raise InvalidTerminalConfig(str(path), "skks_cert, skks_key и skks_ca должны быть строками")
    return TerminalConfig(
        terminal.strip(),
        database.strip(),
        reports.strip(),
        **{k: v.strip() for k, v in certs.items()},
    )


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
