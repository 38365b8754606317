"""No module over 400 lines (issue 17), migrations aside: `make lint` runs this.

A module that grows past the limit is split by what its parts do, as README's Architecture
says; a database migration is a record of what was done once and stays whole.
"""

from __future__ import annotations

import sys
from pathlib import Path

LIMIT = 400
ROOTS = ("main.py", "pos", "db", "printing", "ui", "tests")
EXEMPT = ("db/migrations/",)


def too_long(top: Path) -> list[tuple[str, int]]:
    """The modules under `top` over the limit, with their lengths."""
    found = []
    for root in ROOTS:
        path = top / root
        for module in [path] if path.is_file() else sorted(path.rglob("*.py")):
            name = module.relative_to(top).as_posix()
            if name.startswith(EXEMPT):
                continue
            lines = len(module.read_text(encoding="utf-8").splitlines())
            if lines > LIMIT:
                found.append((name, lines))
    return found


def main() -> int:
    found = too_long(Path.cwd())
    for name, lines in found:
        advice = "split it by what its parts do"
        sys.stdout.write(f"{name}: {lines} lines (at most {LIMIT}; {advice})\n")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
