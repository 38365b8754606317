"""This PC's files, which main.py reads: terminal.toml (defaults, the written template, bad
files) and the sign-in list the last start kept."""

from pathlib import Path

import pytest

from main import default_data_dir
from pos.core.errors import InvalidTerminalConfig
from pos.core.terminal import RememberedSignIn, TerminalConfig
from pos.core.terminal_files import (
    SIGN_IN_NAME,
    load_terminal_config,
    read_sign_in,
    write_default_config,
    write_sign_in,
)


def test_no_file_means_terminal_k1_on_sqlite_in_the_data_folder(tmp_path: Path) -> None:
    config = load_terminal_config(tmp_path)
    assert config == TerminalConfig("К1", "")
    assert config.database_url(tmp_path) == f"sqlite:///{tmp_path / 'shop.db'}"


def test_the_written_template_reads_back_the_same(tmp_path: Path) -> None:
    wanted = TerminalConfig('К"2\\', "postgresql://pos:s@host/shop")
    write_default_config(tmp_path, wanted)
    assert load_terminal_config(tmp_path) == wanted
    write_default_config(tmp_path, TerminalConfig("К9"))  # never overwrites a technician's file
    assert load_terminal_config(tmp_path) == wanted


@pytest.mark.parametrize("text", ["terminal = ", "terminal = 5", 'terminal = "  "', b"\xff\xfe"])
def test_a_bad_file_is_refused_with_its_path(tmp_path: Path, text: str | bytes) -> None:
    path = tmp_path / "terminal.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidTerminalConfig, match=r"terminal\.toml"):
        load_terminal_config(tmp_path)


def test_the_data_folder_can_be_moved_by_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("BETSHOP_DATA_DIR", str(tmp_path))
    assert default_data_dir() == tmp_path
    monkeypatch.delenv("BETSHOP_DATA_DIR")
    assert default_data_dir().name == "betshop-pos"


def test_the_sign_in_list_is_kept_for_the_next_start(tmp_path: Path) -> None:
    assert read_sign_in(tmp_path) is None
    remembered = RememberedSignIn("Контора «Ставка»", ("anna", "boss"))

    write_sign_in(tmp_path, remembered)

    assert read_sign_in(tmp_path) == remembered
    assert not list(tmp_path.glob("*.partial"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        '{"shop_name": "x"}',
        '{"shop_name": 5, "logins": ["anna"]}',
        '{"shop_name": "x", "logins": "anna"}',
        '{"shop_name": "x", "logins": []}',
        '{"shop_name": "x", "logins": ["anna", ""]}',
        '{"shop_name": "x", "logins": [null]}',
    ],
)
def test_a_damaged_sign_in_list_is_no_list_the_start_waits_for_the_database(
    tmp_path: Path, text: str
) -> None:
    (tmp_path / SIGN_IN_NAME).write_text(text, encoding="utf-8")

    assert read_sign_in(tmp_path) is None


def test_a_sign_in_list_that_cannot_be_written_is_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "gone"  # no such folder: the write fails, nothing is raised

    write_sign_in(folder, RememberedSignIn("x", ("anna",)))

    assert read_sign_in(folder) is None
