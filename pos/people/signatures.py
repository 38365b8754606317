"""Papers name the cashier as the journal is signed: the login turned into «Иванова А. С.» once,
on its way to the printer (issue 34).

The rooms build their papers with the login (slips, receipts and transfers keep it, the audit
trail records it); the shop's print station looks the logins up as a job goes out, so every
paper and preview — a slip reprinted a week later too — prints the name kept today.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, TypeVar

from pos.core.devices import Adapters, PreviewLine, PrintStation
from pos.core.errors import PrinterUnavailable, StorageUnavailable
from pos.core.ports import Storage
from pos.people.names import signed_name

if TYPE_CHECKING:
    from pos.betting.slips import Slip
    from pos.core.documents import PrintedDocument
    from pos.core.printers import PrinterConfig
    from pos.core.settings import ShopSettings
    from pos.payouts.rules import PayoutNote
    from pos.till.day_reports import DayReport
    from pos.till.fiscal import FiscalReceipt
    from pos.till.shifts import CashTransfer

log = logging.getLogger(__name__)

Names = Callable[[Iterable[str]], dict[str, str]]


class _Signed(Protocol):
    @property
    def cashier(self) -> str: ...


P = TypeVar("P", bound=_Signed)


def printed_names(storage: Storage, logins: Iterable[str]) -> dict[str, str]:
    """The printed name of each login (pos.people.names.signed_name): the login itself for
    one no user has (the system's) or when the database cannot be read — a paper is not to
    stay in the printer for want of a name.
    """
    wanted = sorted({login for login in logins if login})
    if not wanted:
        return {}
    try:
        with storage.unit_of_work() as uow:
            users = {login: uow.users.get(login) for login in wanted}
    except StorageUnavailable as failure:
        log.warning("names for papers not read, logins printed: %s", failure)
        return {login: login for login in wanted}
    return {
        login: login if user is None else signed_name(user.full_name, login)
        for login, user in users.items()
    }


class NameBook:
    """The printed names this terminal looked up, kept for KEPT_SECONDS.

    A bet prints a slip and its receipt: reading the cashier's name from the database for
    each would cost every bet a transaction more (one more round trip to a chain's server).
    Names change seldom: a sign-in writes the user's name in (`learn`), a rename at this
    terminal wipes the book (`forget`), and a rename at another terminal reaches this one's
    papers within KEPT_SECONDS.
    """

    KEPT_SECONDS = 60.0

    def __init__(self, storage: Storage, *, now: Callable[[], float] = time.monotonic) -> None:
        self._storage = storage
        self._now = now
        self._lock = threading.Lock()
        self._names: dict[str, tuple[str, float]] = {}  # login -> (printed name, looked up at)

    def learn(self, login: str, full_name: str) -> None:
        """The name `login` signs with, as the sign-in just read it."""
        with self._lock:
            self._names[login] = (signed_name(full_name, login), self._now())

    def forget(self) -> None:
        """Look every name up again: one was changed here."""
        with self._lock:
            self._names.clear()

    def names(self, logins: Iterable[str]) -> dict[str, str]:
        """The printed name of each login, from the book while it is fresh, else looked up."""
        wanted = {login for login in logins if login}
        now = self._now()
        with self._lock:
            known = {
                login: entry[0]
                for login in wanted
                if (entry := self._names.get(login)) and now - entry[1] < self.KEPT_SECONDS
            }
        missing = wanted - known.keys()
        if missing:
            found = printed_names(self._storage, missing)
            with self._lock:
                self._names.update({login: (name, now) for login, name in found.items()})
            known.update(found)
        return known


def signing(adapters: Adapters, book: NameBook) -> Adapters:
    """The adapters with a station builder whose stations print the cashier's name from
    `book`."""
    build = adapters.build_station

    def build_signed(slip: PrinterConfig, fiscal: PrinterConfig | None) -> PrintStation:
        return SignedStation(build(slip, fiscal), book.names)

    return dataclasses.replace(adapters, build_station=build_signed)


def _sign(paper: P, names: dict[str, str]) -> P:
    """The paper with its cashier's printed name in place of the login."""
    name = names.get(paper.cashier)
    if name is None:
        return paper
    # Every paper is a frozen dataclass with a `cashier`; a Protocol cannot say "dataclass".
    return dataclasses.replace(paper, cashier=name)  # type: ignore[type-var]


class SignedStation:
    """A print station (pos.core.devices.PrintStation) whose papers name their cashier by
    the name they sign with; the login stays in what the rooms keep."""

    def __init__(self, station: PrintStation, names: Names) -> None:
        self._station = station
        self._names = names

    @property
    def virtual(self) -> bool:
        return self._station.virtual

    @property
    def separate_fiscal(self) -> bool:
        return self._station.separate_fiscal

    @property
    def fiscal_where(self) -> str:
        return self._station.fiscal_where

    def print_slip(
        self,
        slip: Slip,
        settings: ShopSettings,
        *,
        copy: int = 0,
        receipt: FiscalReceipt | None = None,
        copied_by: str = "",
        copied_at: datetime | None = None,
    ) -> PrinterUnavailable | None:
        names = self._names([slip.cashier, copied_by, *([receipt.cashier] if receipt else [])])
        return self._station.print_slip(
            _sign(slip, names),
            settings,
            copy=copy,
            receipt=None if receipt is None else _sign(receipt, names),
            copied_by=names.get(copied_by, copied_by),
            copied_at=copied_at,
        )

    def print_receipts(self, receipts: Sequence[FiscalReceipt], settings: ShopSettings) -> None:
        self._station.print_receipts(self._all_signed(receipts), settings)

    def print_report(self, report: DayReport, settings: ShopSettings) -> None:
        self._station.print_report(self._signed(report), settings)

    def print_payout_note(self, note: PayoutNote, settings: ShopSettings) -> None:
        self._station.print_payout_note(self._signed(note), settings)

    def print_document(self, document: PrintedDocument, settings: ShopSettings) -> None:
        self._station.print_document(self._signed(document), settings)

    def print_test_page(self, settings: ShopSettings, *, fiscal: bool = False) -> None:
        self._station.print_test_page(settings, fiscal=fiscal)

    def print_cash_transfer(
        self, transfer: CashTransfer, terminal: str, settings: ShopSettings
    ) -> None:
        self._station.print_cash_transfer(self._signed(transfer), terminal, settings)

    def preview_slip(
        self,
        slip: Slip,
        settings: ShopSettings,
        *,
        copy: int = 0,
        receipt: FiscalReceipt | None = None,
    ) -> list[PreviewLine]:
        names = self._names([slip.cashier, *([receipt.cashier] if receipt else [])])
        signed = None if receipt is None else _sign(receipt, names)
        return self._station.preview_slip(_sign(slip, names), settings, copy=copy, receipt=signed)

    def preview_receipt(self, receipt: FiscalReceipt, settings: ShopSettings) -> list[PreviewLine]:
        return self._station.preview_receipt(self._signed(receipt), settings)

    def preview_report(self, report: DayReport, settings: ShopSettings) -> list[PreviewLine]:
        return self._station.preview_report(self._signed(report), settings)

    def preview_payout(
        self, note: PayoutNote, receipt: FiscalReceipt, settings: ShopSettings
    ) -> list[PreviewLine]:
        names = self._names([note.cashier, receipt.cashier])
        return self._station.preview_payout(_sign(note, names), _sign(receipt, names), settings)

    def preview_document(
        self, document: PrintedDocument, settings: ShopSettings
    ) -> list[PreviewLine]:
        return self._station.preview_document(self._signed(document), settings)

    def close(self) -> None:
        self._station.close()

    def _signed(self, paper: P) -> P:
        return _sign(paper, self._names([paper.cashier]))

    def _all_signed(self, papers: Sequence[P]) -> list[P]:
        names = self._names(paper.cashier for paper in papers)
        return [_sign(paper, names) for paper in papers]
