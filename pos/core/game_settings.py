"""The settings the installed games declare (issue 36), as the shop's settings read them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Protocol, TypeVar

T_co = TypeVar("T_co", covariant=True)


class GameSetting(Protocol[T_co]):
    """A setting a game declares (pos.games.settings.SettingSpec is one): its name in the
    settings table, its label, its value when none is stored, and how typed text is read."""

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def default(self) -> T_co: ...

    @property
    def parse(self) -> Callable[[object], T_co]: ...

    @property
    def office(self) -> bool: ...


# Set by pos.games.registry.install: the composition root's games, so that the settings read
# from the table (pos.core.settings.from_text, called by every room) keep theirs. The rooms
# below pos.games cannot ask it, as pure rules ask `installed()`.
_declared: dict[str, GameSetting[object]] = {}
_generation = 0


def declare(specs: Iterable[GameSetting[object]]) -> None:
    """Make `specs` the games' settings (pos.games.registry.install does, with its games)."""
    global _generation  # noqa: PLW0603 - one registry per process, as pos.games.registry's
    _declared.clear()
    _declared.update((spec.name, spec) for spec in specs)
    _generation += 1


def declared() -> Mapping[str, GameSetting[object]]:
    """The games' settings by name."""
    return _declared


def generation() -> int:
    """A number that changes when other settings are declared (settings read and cached
    before are not those of the games now)."""
    return _generation


def defaults() -> tuple[tuple[str, object], ...]:
    """Each declared setting with its value when none is stored, by name."""
    return tuple(sorted((name, spec.default) for name, spec in _declared.items()))


def label(name: str) -> str | None:
    """The label of a declared setting (None: no game declares `name`)."""
    spec = _declared.get(name)
    return None if spec is None else spec.label
