"""The house names no game outside its room, but for the modules still listed (issue 36)."""

from __future__ import annotations

from pathlib import Path

from tests.game_names import BASELINE, offenders, problems

TOP = Path(__file__).resolve().parents[2]


def test_no_module_outside_a_game_s_room_names_a_game_but_those_listed() -> None:
    assert problems(TOP) == []


def test_a_game_named_in_a_shared_room_is_found_in_names_strings_and_comments(
    tmp_path: Path,
) -> None:
    shared = tmp_path / "pos" / "betting"
    shared.mkdir(parents=True)
    (shared / "odd.py").write_text(
        'from pos.poker.events import draw_code  # a draw\nWORDS = "Ставка на Покер"\n',
        encoding="utf-8",
    )
    (tmp_path / "pos" / "poker").mkdir()
    (tmp_path / "pos" / "poker" / "own.py").write_text('KEY = "poker"\n', encoding="utf-8")

    found = offenders(tmp_path)

    assert found == {"pos/betting/odd.py": [(1, "poker"), (2, "Покер")]}
    assert "pos/betting/odd.py" not in BASELINE
