"""The one shape of a use case: a function of its room taking the context (this terminal's view
of the outside world) and the actor (who asks, with a manager's one-time grant), then its
command.

    def set_odds(ctx: Context, actor: Actor, code: int, market: str, odds: object) -> OddsQuote:
        actor.require(Permission.EDIT_LINE)
        with ctx.unit_of_work() as uow:
            ...
            actor.audit(ctx, uow, AuditAction.ODDS_SET, detail)
            uow.commit()

The window calls them through the signed-in `Desk` (`desk.set_odds(...)`: `use_case` binds
the desk's context and actor), the command line and the tests through `Shop` as the system
(`SYSTEM`, who may do everything at this PC), and tests may call the functions themselves.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Concatenate, Generic, ParamSpec, Protocol, TypeVar, cast, overload

from pos.core import printers as printer_settings
from pos.core import settings as shop_settings
from pos.core.documents import PaperTray

if TYPE_CHECKING:
    from pos.core.clock import Clock
    from pos.core.devices import Adapters, JournalWriter, PinHasher, PrintStation, ReportWriter
    from pos.core.ports import Storage, UnitOfWork
    from pos.core.printers import PrinterConfig
    from pos.core.settings import ShopSettings
    from pos.people.actor import Actor
    from pos.skks.link import ControllerLink, LinkConfig

P = ParamSpec("P")
R = TypeVar("R")


class Context:
    """This terminal's view of the shop: its database, clock, printers and writers.

    The printers are set up here, from this terminal's printer settings: a device is opened
    only when a job is sent to it.
    """

    def __init__(self, adapters: Adapters, *, clock: Clock, terminal: str, office: str) -> None:
        self._adapters = adapters
        self.clock = clock
        self.terminal = terminal
        self.office = office  # the office the terminal works in (pos.offices.terminals)
        self._station_lock = threading.Lock()
        self._print_lock = threading.Lock()
        self._station = adapters.build_station(*self.printers())
        # The papers written to files without a printer, for the window to show (issue 34).
        self.tray = PaperTray()
        # Called when a user's printed name changed here (a shop's NameBook forgets its names).
        self.names_changed: Callable[[], None] = _nothing
        # Print jobs that broke in this process, each of which may have spoiled a receipt whose
        # void notice then waits (pos.till.void_notices); and how many had broken when the
        # notices were last found all printed (None: not looked yet since the start).
        self.print_troubles = 0
        self.notices_clear_at: int | None = None
        # This terminal's channel to the СККС controller (pos.skks.sending), made when first
        # used.
        self.skks_channel: object | None = None

    @property
    def storage(self) -> Storage:
        """The database (tests and tools reach its engine through it)."""
        return self._adapters.storage

    @property
    def description(self) -> str:
        """Where the data lives, for the status bar and the log."""
        return self._adapters.storage.description

    @property
    def build_link(self) -> Callable[[LinkConfig], ControllerLink] | None:
        """How to reach the СККС controller (None: this build cannot)."""
        return self._adapters.build_link

    @property
    def pins(self) -> PinHasher:
        return self._adapters.pins

    @property
    def write_journal(self) -> JournalWriter:
        return self._adapters.write_journal

    @property
    def write_report(self) -> ReportWriter:
        return self._adapters.write_report

    def unit_of_work(self) -> UnitOfWork:
        """A new transaction on this shop's database."""
        return self._adapters.storage.unit_of_work()

    def reports_unit_of_work(self) -> UnitOfWork:
        """A transaction for reading the reports: on the replica when there is one."""
        return (self._adapters.reports or self._adapters.storage).unit_of_work()

    def settings(self) -> ShopSettings:
        """The settings in force in this terminal's office."""
        with self.unit_of_work() as uow:
            return shop_settings.from_text(uow.settings.load(self.office))

    def settings_written(
        self, uow: UnitOfWork, by: str, offices: Sequence[str] | None = None
    ) -> None:
        """Called in the transaction that changed settings a published document reads (the
        organiser's, an office's, a sport's limit), before its commit: the shop keeps the
        version of its conditions they make (issue 37, p.6: pos.shop.services.Shop does).

        Args:
            by: who changed them.
            offices: the offices whose settings changed; None: the organiser's, every one's.
        """

    @property
    def station(self) -> PrintStation:
        """This terminal's printers."""
        with self._station_lock:
            return self._station

    @contextmanager
    def printing(self) -> Iterator[PrintStation]:
        """The station, for one job at a time: two windows' jobs never interleave. A job that
        breaks out of it counts as a print trouble (`print_troubles`)."""
        with self._print_lock:
            whole = False
            try:
                yield self.station
                whole = True
            finally:
                if not whole:
                    self.print_troubles += 1

    def printers(self) -> tuple[PrinterConfig, PrinterConfig | None]:
        """This terminal's configured slip printer and separate fiscal printer (None: same)."""
        with self.unit_of_work() as uow:
            slip, fiscal_printer = uow.settings.printer_texts(self.terminal)
        separate = printer_settings.from_text(fiscal_printer) if fiscal_printer else None
        return printer_settings.from_text(slip), separate

    def reload_printers(self) -> None:
        """Rebuild the station after the printer settings changed."""
        station = self._adapters.build_station(*self.printers())
        with self._print_lock, self._station_lock:
            self._station.close()
            self._station = station

    def close(self) -> None:
        """Release the printers and the database connections."""
        with self._station_lock:
            self._station.close()
        close_channel = getattr(self.skks_channel, "close", None)
        if close_channel is not None:
            close_channel()
        self._adapters.storage.close()
        if self._adapters.reports is not None:
            self._adapters.reports.close()


def _nothing() -> None:
    return None


class _Bound(Protocol):
    """What `use_case` binds: a context and an actor (pos.shop.desk.Desk)."""

    @property
    def context(self) -> Context: ...

    @property
    def actor(self) -> Actor: ...


class use_case(Generic[P, R]):  # noqa: N801 - used as a decorator-like attribute maker
    """A use case as a method of a facade (`Desk.set_odds = use_case(line_desk.set_odds)`):
    called on the facade, it runs with the facade's context and actor."""

    def __init__(self, function: Callable[Concatenate[Context, Actor, P], R]) -> None:
        self.function = function
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, facade: None, owner: type) -> use_case[P, R]: ...

    @overload
    def __get__(self, facade: _Bound, owner: type) -> Callable[P, R]: ...

    def __get__(self, facade: _Bound | None, owner: type) -> use_case[P, R] | Callable[P, R]:
        if facade is None:
            return self
        bound = functools.partial(self.function, facade.context, facade.actor)
        return cast("Callable[P, R]", functools.update_wrapper(bound, self.function))
