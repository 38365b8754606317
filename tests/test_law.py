"""docs/law.md checked (issue 37): every paragraph of the bookmaker rules has its entry, and
each names code and tests that exist, or says why it needs no test.

The check reads files and parses Python with `ast`; it imports nothing of the application.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
LAW = TOP / "docs" / "law.md"

# Seed 000 numbers two paragraphs 24: the payout's (first) and the void events' (second).
# The appendix is the cash payout journal's form (item 47 of the office's regulation).
PARAGRAPHS: tuple[str, ...] = (
    *(f"p.{n}" for n in range(1, 24)),
    "p.24 (first)",
    "p.24 (second)",
    *(f"p.{n}" for n in range(25, 54)),
    "Appendix",
)

# The paragraphs whose code is being written (issue 37 listed p.6, p.7, p.14–p.17 until they
# landed): an entry marked «- Status: being built (issue 37)» may name paths not there yet.
BEING_BUILT: frozenset[str] = frozenset()
STATUS = "being built (issue 37)"

_HEADING = re.compile(r"^### (p\.\d+(?: \((?:first|second)\))?|Appendix)(?: — .+)?$")
_BULLET = re.compile(r"^- (Code|Tests|No test|Status|Gap):(.*)$")
_PATH = re.compile(r"`([^`]+)`")


@dataclass
class Entry:
    """One paragraph's entry as written: its gist and its bullets by name."""

    key: str
    gist: list[str] = field(default_factory=list)
    bullets: dict[str, str] = field(default_factory=dict)

    def paths(self, bullet: str) -> list[str]:
        """The backquoted paths of a bullet, in order."""
        return _PATH.findall(self.bullets.get(bullet, ""))

    @property
    def building(self) -> bool:
        return self.bullets.get("Status", "").strip() == STATUS


def parse(text: str) -> tuple[dict[str, Entry], list[str]]:
    """The entries of a law.md text by paragraph, and what is malformed in it."""
    entries: dict[str, Entry] = {}
    problems: list[str] = []
    entry: Entry | None = None
    last = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("### "):
            heading = _HEADING.match(line)
            if heading is None:
                problems.append(f"line {number}: a heading that names no paragraph: {line!r}")
                entry = None
                continue
            key = heading.group(1)
            if key in entries:
                problems.append(f"{key}: a second entry at line {number}")
            entry = entries.setdefault(key, Entry(key))
            last = ""
        elif line.startswith("## "):
            entry = None
        elif entry is not None:
            last = _entry_line(entry, line, last, problems)
    return entries, problems


def _entry_line(entry: Entry, line: str, last: str, problems: list[str]) -> str:
    """Add one line to `entry`; the bullet it belongs to (continuations are indented)."""
    bullet = _BULLET.match(line)
    if bullet is not None:
        name = bullet.group(1)
        if name in entry.bullets:
            problems.append(f"{entry.key}: «- {name}:» twice")
        entry.bullets[name] = bullet.group(2).strip()
        return name
    if last and line.startswith("  ") and line.strip():
        entry.bullets[last] += " " + line.strip()
        return last
    if line.startswith("- "):
        problems.append(f"{entry.key}: an unknown bullet {line.partition(':')[0]!r}")
    elif line.strip():
        entry.gist.append(line.strip())
    return ""


def missing_entries(entries: dict[str, Entry]) -> list[str]:
    """The paragraphs without an entry."""
    return [f"{key}: no entry in docs/law.md" for key in PARAGRAPHS if key not in entries]


def unknown_entries(entries: dict[str, Entry]) -> list[str]:
    """Entries of no paragraph of the rules (p.54; p.24 without «(first)» or «(second)»)."""
    return [f"{key}: not a paragraph of the rules" for key in entries if key not in PARAGRAPHS]


def unproved(entries: dict[str, Entry]) -> list[str]:
    """Entries with no gist, or neither tests nor a reason for none, or both."""
    problems = []
    for key, entry in entries.items():
        tests = bool(entry.paths("Tests"))
        reason = len(entry.bullets.get("No test", "")) >= 10
        if not entry.gist:
            problems.append(f"{key}: no gist of the paragraph")
        if not tests and not reason:
            problems.append(f"{key}: neither «- Tests:» nor a «- No test:» reason")
        if tests and "No test" in entry.bullets:
            problems.append(f"{key}: both «- Tests:» and «- No test:»")
        if not entry.paths("Code") and not reason:
            problems.append(f"{key}: no «- Code:» path")
    return problems


def statuses(entries: dict[str, Entry]) -> list[str]:
    """A «being built» status only on the paragraphs being built, and spelt as agreed."""
    problems = []
    for key, entry in entries.items():
        if "Status" not in entry.bullets:
            continue
        if key not in BEING_BUILT:
            problems.append(f"{key}: «- Status:» is only for {sorted(BEING_BUILT)}")
        elif not entry.building:
            problems.append(f"{key}: the status must read «{STATUS}»")
    return problems


@functools.cache
def _names(path: Path) -> frozenset[str]:
    """What a Python module defines at its top level, and `Class.member` for its classes
    (read once per run: the files do not change under the tests)."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError, ValueError):  # not Python we can read: no names
        return frozenset()
    names: set[str] = set()
    for node in tree.body:
        names.update(_defined(node))
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                names.update(f"{node.name}.{name}" for name in _defined(member))
    return frozenset(names)


def _defined(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def missing_path(reference: str, top: Path = TOP) -> str | None:
    """Why `path`, `path/` or `path::name` is not in the repository; None when it is."""
    name = reference.partition("::")[2]
    written = reference.partition("::")[0]
    if not written or written.startswith(("/", "~")) or ".." in written.split("/"):
        return f"not a path in the repository: {reference}"
    path = top / written
    if reference.endswith("/"):
        return None if _is(path, folder=True) else f"no folder {reference}"
    if not _is(path, folder=False):
        return f"no file {written}"
    if name and path.suffix == ".py" and name.replace("::", ".") not in _names(path):
        return f"no {name} in {written}"
    return None


def _is(path: Path, *, folder: bool) -> bool:
    """Whether `path` is a folder (or a file); a name the system cannot even look up is not."""
    try:
        return path.is_dir() if folder else path.is_file()
    except (OSError, ValueError):  # too long a name, a NUL in it
        return False


def broken_paths(entries: dict[str, Entry], top: Path = TOP) -> list[str]:
    """Code and test paths that are not in the repository (tests named `file::test_…`)."""
    problems = []
    for key, entry in entries.items():
        early = entry.building and key in BEING_BUILT
        for bullet in ("Code", "Tests"):
            for reference in entry.paths(bullet):
                problems.extend(_path_problems(key, bullet, reference, early, top))
    return problems


def _path_problems(key: str, bullet: str, reference: str, early: bool, top: Path) -> list[str]:
    problems = []
    if bullet == "Tests" and not reference.startswith("tests/"):
        problems.append(f"{key}: a test outside tests/: {reference}")
    if bullet == "Tests" and not early and "::test" not in reference:
        problems.append(f"{key}: a test is named `tests/….py::test_…`: {reference}")
    why = missing_path(reference, top)
    if why is not None and not early:
        problems.append(f"{key}: {why}")
    return problems


def check(text: str, top: Path = TOP) -> list[str]:
    """Everything wrong with a law.md text, each problem naming its paragraph."""
    entries, problems = parse(text)
    problems += missing_entries(entries)
    problems += unknown_entries(entries)
    problems += unproved(entries)
    problems += statuses(entries)
    problems += broken_paths(entries, top)
    return problems


def _law() -> dict[str, Entry]:
    assert LAW.is_file(), "docs/law.md is missing (issue 37)"
    return parse(LAW.read_text(encoding="utf-8"))[0]


def _report(problems: list[str]) -> str:
    return "docs/law.md:\n" + "\n".join(problems)


# --- docs/law.md itself --------------------------------------------------------------------


def test_law_md_is_well_formed() -> None:
    assert LAW.is_file(), "docs/law.md is missing (issue 37)"
    entries, problems = parse(LAW.read_text(encoding="utf-8"))
    problems += unknown_entries(entries)
    assert not problems, _report(problems)


def test_every_paragraph_of_the_rules_and_the_appendix_has_an_entry() -> None:
    problems = missing_entries(_law())
    assert not problems, _report(problems)


def test_every_entry_has_its_gist_code_and_tests_or_says_why_it_needs_none() -> None:
    problems = unproved(_law())
    assert not problems, _report(problems)


def test_only_the_paragraphs_being_built_carry_a_status() -> None:
    problems = statuses(_law())
    assert not problems, _report(problems)


def test_every_code_path_and_test_named_exists() -> None:
    problems = broken_paths(_law())
    assert not problems, _report(problems)
