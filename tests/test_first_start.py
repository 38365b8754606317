"""The window's very first start lists the demo's users before the database exists (issue 34)."""

from __future__ import annotations

from pathlib import Path

from main import Setup, first_start
from pos.core.terminal import RememberedSignIn


def _setup(folder: Path, url: str, terminal: str = "К1") -> Setup:
    return Setup(folder, url, terminal)


def test_an_empty_data_folder_lists_the_demos_users_at_once(tmp_path: Path) -> None:
    first = first_start(_setup(tmp_path, f"sqlite:///{tmp_path / 'shop.db'}"))

    assert first is not None
    listed = first()
    assert isinstance(listed, RememberedSignIn) and listed.logins == ("anna", "boss")


def test_an_existing_database_or_a_server_gives_its_own_list(tmp_path: Path) -> None:
    (tmp_path / "shop.db").write_bytes(b"")

    assert first_start(_setup(tmp_path, f"sqlite:///{tmp_path / 'shop.db'}")) is None
    assert first_start(_setup(tmp_path, "postgresql://till@server/shop")) is None


def test_a_terminal_of_the_demos_second_office_waits_for_the_database(tmp_path: Path) -> None:
    first = first_start(_setup(tmp_path, f"sqlite:///{tmp_path / 'shop.db'}", terminal="К3"))

    assert first is not None and first() is None
