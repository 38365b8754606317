"""No module outside a game's own room names a game (issue 36): `make lint` runs this, and
tests/unit/test_game_names.py in `make test`.

The games are those `main.games()` lists, each with its room (the paths of its modules) and
the words that name it. Every other module of pos/, db/, printing/ and ui/ is read token by
token — names, strings and comments: a comment naming Bet-on-Poker in a shared room counts — and
each word matched. Migrations are a record of the past and keep their words. While the seam
is built (docs/games_plan.md), `BASELINE` lists the modules that still name a game; the check
fails on any other, and on a module listed that no longer does (strike it off).
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from collections.abc import Iterable
from pathlib import Path

from main import games

ROOTS = ("pos", "db", "printing", "ui")
EXEMPT = ("db/migrations/",)
WORDS = (tokenize.NAME, tokenize.STRING, tokenize.COMMENT)
# The modules that still name a game outside its room: none since the seam's step 12
# (docs/games_plan.md, §2); a module naming one is a failure, not a line to add here.
BASELINE: frozenset[str] = frozenset()


def offenders(top: Path) -> dict[str, list[tuple[int, str]]]:
    """Each module outside the games' rooms naming one: its lines and the words found."""
    listed = list(games())
    rooms = tuple(path for game in listed for path in game.room)
    pattern = re.compile("|".join(re.escape(name) for game in listed for name in game.names), re.I)
    found: dict[str, list[tuple[int, str]]] = {}
    for module in _modules(top):
        name = module.relative_to(top).as_posix()
        if name.startswith(rooms + EXEMPT):
            continue
        hits = list(_words(module.read_text(encoding="utf-8"), pattern))
        if hits:
            found[name] = hits
    return found


def _modules(top: Path) -> Iterable[Path]:
    for root in ROOTS:
        yield from sorted((top / root).rglob("*.py"))


def _words(source: str, pattern: re.Pattern[str]) -> Iterable[tuple[int, str]]:
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in WORDS and (match := pattern.search(token.string)):
            yield token.start[0], match[0]


def problems(top: Path) -> list[str]:
    """What the check reports: a module naming a game that is not in the baseline, and a
    module in the baseline that names none any more."""
    found = offenders(top)
    named = [
        f"{name}:{line}: names «{word}» outside the game's room (issue 36)"
        for name, hits in sorted(found.items())
        if name not in BASELINE
        for line, word in hits
    ]
    cleared = [
        f"{name}: names no game any more: strike it off tests/game_names.py's BASELINE"
        for name in sorted(BASELINE - set(found))
    ]
    return named + cleared


def main() -> int:
    found = problems(Path.cwd())
    for line in found:
        sys.stdout.write(line + "\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
