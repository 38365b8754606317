"""Core statements compiled once for a driver: their SQL, their values in order, their rows typed.

SQLAlchemy compiles a statement from its cache at every execution and wraps the driver's
rows in its own result; for the statements a bet or a payout sends some thirty times, that
is most of their cost (issue 34: a bet on SQLite took 8.7 times what plain `sqlite3` takes
for the same writes). A statement built once, as a module constant, is compiled here once
per dialect and kept by its identity: db.pipeline sends it through libpq on PostgreSQL,
db.statements on SQLite's own cursor. What the compiled form cannot give by itself (values
computed at execution, a column's Python-side default) is left to SQLAlchemy (`binds` None).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from sqlalchemy import Executable
from sqlalchemy.engine import Dialect
from sqlalchemy.engine.result import SimpleResultMetaData
from sqlalchemy.exc import InvalidRequestError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import ExpandedState, SQLCompiler

_COMPILED: dict[tuple[int, str], Prepared] = {}
# Module constants number a few hundred; a statement built per call by mistake must not
# grow the cache without end (it is then compiled at each use, as SQLAlchemy would).
_MOST_KEPT = 5_000
_MOST_SHAPES = 64  # the lengths of a statement's IN lists kept expanded (a bet has 1 to 20)
_MISSING = object()


def compiled_for(statement: Executable, dialect: Dialect) -> Prepared:
    """The statement prepared for the dialect's driver, compiled once (kept by the
    statement's identity: statements sent here are built once, as module constants)."""
    key = (id(statement), dialect.name)
    found = _COMPILED.get(key)
    if found is not None and found.statement is statement:
        return found
    assert isinstance(statement, ClauseElement)
    compiled = statement.compile(dialect=dialect)
    assert isinstance(compiled, SQLCompiler)
    processors = {
        name: processor
        for name, bind in compiled.binds.items()
        if (processor := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
    }
    columns = compiled._result_columns
    # An IN list is expanded by SQLAlchemy at execution: here for each set of values.
    expanding = "POSTCOMPILE" in compiled.string
    every = _binds(compiled, processors)
    binds = None if expanding else every
    keys = tuple(column.keyname for column in columns)
    results = tuple(column.type._cached_result_processor(dialect, None) for column in columns)
    positions = _in_order(compiled, binds)
    prepared = Prepared(
        statement,
        compiled,
        processors,
        expanding,
        keys,
        SimpleResultMetaData(keys),
        results,
        binds,
        positions,
        _lists(compiled, every) if expanding and compiled.positional else None,
        tuple((at, p) for at, p in enumerate(results) if p is not None),
        _taken(positions),
    )
    if len(_COMPILED) < _MOST_KEPT:
        _COMPILED[key] = prepared
    return prepared


@dataclass(frozen=True)
class _Bind:
    """One bound value of a statement: given by its key (or its compiled name), else the
    value the statement was built with; converted as its type binds it."""

    name: str
    key: str
    default: object  # _MISSING: a value is required
    processor: Callable[[Any], Any] | None

    def value(self, params: Mapping[str, object]) -> object:
        # `raw` written out: this runs for every value of every statement of a bet.
        value = params.get(self.key, _MISSING)
        if value is _MISSING:
            value = params.get(self.name, self.default)
            if value is _MISSING:
                raise InvalidRequestError(f"A value is required for bind parameter {self.key!r}")
        return value if self.processor is None else self.processor(value)

    def raw(self, params: Mapping[str, object]) -> object:
        """The value as given, not yet converted (an IN list's items are, one by one)."""
        value = params.get(self.key, _MISSING)
        if value is _MISSING:
            value = params.get(self.name, self.default)
            if value is _MISSING:
                raise InvalidRequestError(f"A value is required for bind parameter {self.key!r}")
        return value


def _binds(
    compiled: SQLCompiler, processors: Mapping[str, Callable[[Any], Any]]
) -> tuple[_Bind, ...] | None:
    """How SQLAlchemy's construct_params finds each value, worked out once; None where it
    does more than that (escaped names, values computed at execution, collected values,
    a column's default filled in)."""
    if compiled.escaped_bind_names or getattr(compiled, "_collected_params", None):
        return None
    if compiled.insert_prefetch or compiled.update_prefetch:
        return None
    binds = []
    for bind, name in compiled.bind_names.items():
        if bind.callable is not None:
            return None
        default = _MISSING if bind.required else bind.value
        binds.append(_Bind(name, bind.key, default, processors.get(name)))
    return tuple(binds)


def _lists(compiled: SQLCompiler, binds: tuple[_Bind, ...] | None) -> _Lists | None:
    """How the values of a positional statement with IN lists are found (`Prepared.lists`)."""
    if binds is None:
        return None
    by_name = {bind.name: bind for bind in binds}
    # By the name each list is rendered with (`binds` holds a list of literal values under
    # its anonymous key too).
    lists = tuple(by_name[name] for bind, name in compiled.bind_names.items() if bind.expanding)
    return _Lists(by_name, lists, {})


@dataclass(frozen=True)
class _Lists:
    """A positional statement's binds by name, those that are IN lists, and the statement
    expanded for each length of its lists (issue 34: SQLAlchemy's expansion at every
    execution cost a bet's three IN lists more than their statements)."""

    by_name: Mapping[str, _Bind]
    lists: tuple[_Bind, ...]
    # By the lists' lengths: the SQL and, for each `?`, its bind and the item of its list
    # (None: a single value); None where a `?` does not stand for one value of them.
    shapes: dict[tuple[int, ...], tuple[str, tuple[tuple[_Bind, int | None], ...]] | None]

    def shape(
        self, compiled: SQLCompiler, params: Mapping[str, object]
    ) -> tuple[str, tuple[tuple[_Bind, int | None], ...]] | None:
        """The expanded SQL and its `?`s for these values, expanded once per length."""
        lengths = []
        for bind in self.lists:
            items = bind.raw(params)
            if not isinstance(items, list | tuple) or any(
                isinstance(item, list | tuple) for item in items
            ):
                return None  # a tuple IN, or a set: SQLAlchemy expands it
            lengths.append(len(items))
        key = tuple(lengths)
        if key in self.shapes:
            return self.shapes[key]
        found = self._spots(compiled.construct_expanded_state(dict(params)))
        if len(self.shapes) < _MOST_SHAPES:
            self.shapes[key] = found
        return found

    def _spots(
        self, state: ExpandedState
    ) -> tuple[str, tuple[tuple[_Bind, int | None], ...]] | None:
        """The expanded SQL and, for each `?`, its bind and the item of its list."""
        items_of = {
            each: (name, i)
            for name, names in state.parameter_expansion.items()
            for i, each in enumerate(names)
        }
        spots: list[tuple[_Bind, int | None]] = []
        for name in state.positiontup or ():
            source, item = items_of.get(name, (name, None))
            spot = self.by_name.get(source)
            if spot is None:
                return None
            spots.append((spot, item))
        return state.statement, tuple(spots)


@dataclass(frozen=True)
class _Taken:
    """A positional statement's values taken from the caller's mapping in one C call, by
    their keys in the order of the `?`s, and those its types convert converted: what
    `_Bind.value` does for each, without a Python call per value (issue 34)."""

    take: Callable[[Mapping[str, object]], tuple[object, ...]]
    converting: tuple[tuple[int, Callable[[Any], Any]], ...]

    def values(self, params: Mapping[str, object]) -> tuple[object, ...]:
        """The values, converted as their types bind them.

        Raises:
            KeyError: a key is not given (`_Bind.value` then finds it by its name or default).
        """
        values = self.take(params)
        if not self.converting:
            return values
        converted = list(values)
        for at, processor in self.converting:
            converted[at] = processor(converted[at])
        return tuple(converted)


def _taken(positions: tuple[_Bind, ...] | None) -> _Taken | None:
    """How `Prepared.positional` takes a statement's values at once (statements of two values
    or more: an itemgetter of one key gives the value, not a tuple)."""
    if positions is None or len(positions) < 2:
        return None
    converting = tuple(
        (at, bind.processor) for at, bind in enumerate(positions) if bind.processor is not None
    )
    return _Taken(itemgetter(*(bind.key for bind in positions)), converting)


def _in_order(compiled: SQLCompiler, binds: tuple[_Bind, ...] | None) -> tuple[_Bind, ...] | None:
    """The binds in the order of a positional statement's placeholders (SQLite's `?`)."""
    if binds is None or not compiled.positional or compiled.positiontup is None:
        return None
    by_name = {bind.name: bind for bind in binds}
    if any(name not in by_name for name in compiled.positiontup):
        return None
    return tuple(by_name[name] for name in compiled.positiontup)


@dataclass(frozen=True)
class Prepared:
    """A Core statement compiled for a driver: its SQL and parameters for a set of values,
    and its rows' values as SQLAlchemy would give them (each column's type applied)."""

    statement: Executable
    compiled: SQLCompiler
    processors: Mapping[str, Callable[[Any], Any]]
    expanding: bool
    keys: tuple[str, ...]
    metadata: SimpleResultMetaData  # the rows' keys, for a Result of them
    results: tuple[Callable[[Any], Any] | None, ...]
    binds: tuple[_Bind, ...] | None  # how each value is found, where that is all there is
    positions: tuple[_Bind, ...] | None  # the same in the order of `?` (SQLite)
    lists: _Lists | None = None  # a positional statement with IN lists: its expansions
    # The columns whose type converts the driver's value, with its processor (issue 34: a
    # payout's legs' rows went through every column of every row).
    converting: tuple[tuple[int, Callable[[Any], Any]], ...] = ()
    taken: _Taken | None = None  # `positions`' values taken at once, when all are given

    def sql(self, params: Mapping[str, object]) -> tuple[str, dict[str, object]]:
        """The SQL and the driver's parameters for these values (bound values filled in,
        each converted as its type binds it, IN lists expanded)."""
        if self.binds is not None:
            return self.compiled.string, {bind.name: bind.value(params) for bind in self.binds}
        if not self.expanding:
            values = dict(self.compiled.construct_params(dict(params)))
            return self.compiled.string, self._converted(values, {})
        state = self.compiled.construct_expanded_state(dict(params))
        return state.statement, self._converted(dict(state.parameters), state.parameter_expansion)

    def positional(self, params: Mapping[str, object]) -> tuple[str, tuple[object, ...]] | None:
        """The SQL and the values in the order of its `?` placeholders (SQLite), IN lists
        expanded; None when the statement needs SQLAlchemy at execution."""
        positions = self.positions
        if positions is not None:
            taken = self.taken
            if taken is not None:
                try:
                    return self.compiled.string, taken.values(params)
                except KeyError:  # a value left to its bind's name or default
                    pass
            return self.compiled.string, tuple([bind.value(params) for bind in positions])
        if not self.expanding or not self.compiled.positional:
            return None
        shape = None if self.lists is None else self.lists.shape(self.compiled, params)
        if shape is not None:
            sql, spots = shape
            return sql, tuple([_spot_value(bind, item, params) for bind, item in spots])
        state = self.compiled.construct_expanded_state(dict(params))
        values = self._converted(dict(state.parameters), state.parameter_expansion)
        assert state.positiontup is not None
        return state.statement, tuple([values[name] for name in state.positiontup])

    def _converted(
        self, values: dict[str, object], expanded: Mapping[str, list[str]]
    ) -> dict[str, object]:
        for name, processor in self.processors.items():
            for each in expanded.get(name, (name,)):
                if each in values:
                    values[each] = processor(values[each])
        return values

    def rows(self, raw: Sequence[Sequence[Any]]) -> list[tuple[Any, ...]]:
        """The driver's rows with each column's type applied."""
        converting = self.converting
        if not converting:
            return [tuple(row) for row in raw]
        if len(raw) == 1:  # most reads of a bet or a payout: no loop set up
            values = list(raw[0])
            for at, processor in converting:
                values[at] = processor(values[at])
            return [tuple(values)]
        typed = []
        for row in raw:
            values = list(row)
            for at, processor in converting:
                values[at] = processor(values[at])
            typed.append(tuple(values))
        return typed


def _spot_value(bind: _Bind, item: int | None, params: Mapping[str, object]) -> object:
    """The value of one `?` of an expanded statement: a single value, or an IN list's item."""
    if item is None:
        return bind.value(params)
    value = bind.raw(params)[item]  # type: ignore[index]
    return value if bind.processor is None else bind.processor(value)
