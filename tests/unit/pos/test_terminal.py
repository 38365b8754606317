"""This PC's terminal.toml: defaults, the written template, and bad files."""

from pathlib import Path

import pytest

from pos.errors import InvalidTerminalConfig
from pos.terminal import (
    TerminalConfig,
    default_data_dir,
    load_terminal_config,
    write_default_config,
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
