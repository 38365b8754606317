"""A game's own storage in the unit of work (issue 36): `uow.store(key)`, typed by its key."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class StoreKey(Generic[T]):
    """The name of a game's repository in a unit of work, and its type: `uow.store(DRAWS)` is
    a `DrawRepository` when `DRAWS = StoreKey[DrawRepository]("<game>.draws")`.

    The storage builds the repository from the factory `main.py` registered under `name`
    (db.uow), the house never naming the game whose it is.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"StoreKey({self.name!r})"


class UnknownStore(LookupError):
    """A store no game registered with the storage: a wiring mistake, not the user's."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"no store {name!r} is registered with this storage")
