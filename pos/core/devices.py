"""The ports to the devices and documents outside pos: the print station with its previews, the
PDF writers, the PIN hasher, and the adapters `main.py` builds and hands to the shop."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, BinaryIO, Protocol
from zoneinfo import ZoneInfo

from pos.core.audit import ChainHead
from pos.core.errors import PrinterUnavailable

if TYPE_CHECKING:  # the rooms' types the ports carry; core imports no room (README)
    from pos.betting.slips import Slip
    from pos.core.documents import PrintedDocument
    from pos.core.printers import PrinterConfig
    from pos.core.settings import ShopSettings
    from pos.payouts.journal import JournalEntry, JournalHeading
    from pos.payouts.rules import PayoutNote
    from pos.reports.tables import Report
    from pos.skks.link import ControllerLink, LinkConfig
    from pos.till.day_reports import DayReport
    from pos.till.fiscal import FiscalReceipt
    from pos.till.shifts import CashTransfer
from pos.core.ports import Storage


class JournalWriter(Protocol):
    """How the printing adapter writes the journal as PDF."""

    def __call__(
        self,
        path_or_file: str | os.PathLike[str] | BinaryIO,
        entries: Sequence[JournalEntry],
        heading: JournalHeading,
        *,
        date_from: date,
        date_to: date,
        zone: ZoneInfo,
        printed_at: datetime,
        chain_head: ChainHead | None = None,
    ) -> int: ...


class ReportWriter(Protocol):
    """How the printing adapter writes a report as PDF."""

    def __call__(
        self,
        path_or_file: str | os.PathLike[str] | BinaryIO,
        report: Report,
        *,
        shop_name: str,
        licence: str,
        address: str,
    ) -> int:
        """Write the PDF; return its number of pages."""
        ...


class PinHasher(Protocol):
    """Hashes PINs and checks them against a stored hash."""

    def hash(self, pin: str) -> str: ...
    def verify(self, pin_hash: str, pin: str) -> bool: ...


@dataclass(frozen=True)
class PreviewLine:
    """One line of a print preview: text as the printer prints it, or a barcode or QR code."""

    text: str
    bold: bool = False
    center: bool = False
    tall: bool = False
    kind: str = "text"  # "text", "barcode" (CODE128 of `text`) or "qr" (QR of `text`)
    # A code's modules as the printer draws them, "1" dark: one row of bars for a barcode,
    # the rows of the square for a QR code (issue 16: the screen shows the real code).
    modules: tuple[str, ...] = ()


class PrintStation(Protocol):
    """This terminal's slip printer and fiscal printer (the printing adapter).

    Every job is rendered to bytes first and sent to a device in one write. Failures are
    `pos.errors.PrinterUnavailable`. The papers carry the cashier's login; the shop wraps its
    station so that they print the name the cashier signs with (pos.people.signatures).
    """

    @property
    def virtual(self) -> bool:
        """True when no paper comes out: jobs go to files and are shown on screen."""
        ...

    @property
    def separate_fiscal(self) -> bool:
        """True when fiscal receipts go to a printer of their own."""
        ...

    @property
    def fiscal_where(self) -> str:
        """The fiscal printer as a message names it."""
        ...

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
        """Print a slip and its receipt; returns the receipt's failure when the slip came out
        but the receipt (on a separate fiscal printer) did not. A copy (`copy` > 0) says who
        printed it and when (`copied_by`, `copied_at`; issue 34).

        Raises PrinterUnavailable when the slip's job failed (its `sent` says whether bytes
        may have gone out).
        """
        ...

    def print_receipts(self, receipts: Sequence[FiscalReceipt], settings: ShopSettings) -> None:
        """Print fiscal receipts on the fiscal printer, in one write."""
        ...

    def print_report(self, report: DayReport, settings: ShopSettings) -> None:
        """Print an X or Z report on the fiscal printer."""
        ...

    def print_payout_note(self, note: PayoutNote, settings: ShopSettings) -> None:
        """Print the player's payout note on the slip printer."""
        ...

    def print_document(self, document: PrintedDocument, settings: ShopSettings) -> None:
        """Print a document (an account card, a spread bet's confirmation, a statement) on the
        slip printer.

        Raises:
            PrinterUnavailable: the job failed (its `sent` says whether bytes may have gone out).
        """
        ...

    def print_test_page(self, settings: ShopSettings, *, fiscal: bool = False) -> None:
        """Print the code-page, barcode and width test on the slip (or fiscal) printer."""
        ...

    def print_cash_transfer(
        self, transfer: CashTransfer, terminal: str, settings: ShopSettings
    ) -> None:
        """Print the document of cash put in or taken out (on the fiscal printer)."""
        ...

    def preview_slip(
        self,
        slip: Slip,
        settings: ShopSettings,
        *,
        copy: int = 0,
        receipt: FiscalReceipt | None = None,
    ) -> list[PreviewLine]: ...

    def preview_receipt(
        self, receipt: FiscalReceipt, settings: ShopSettings
    ) -> list[PreviewLine]: ...

    def preview_report(self, report: DayReport, settings: ShopSettings) -> list[PreviewLine]: ...

    def preview_payout(
        self, note: PayoutNote, receipt: FiscalReceipt, settings: ShopSettings
    ) -> list[PreviewLine]: ...

    def preview_document(
        self, document: PrintedDocument, settings: ShopSettings
    ) -> list[PreviewLine]: ...

    def close(self) -> None: ...


class StationBuilder(Protocol):
    """How the printing adapter builds this terminal's station from its printer settings.

    `main.py` binds what the settings do not say: the escpos printer objects an integration
    or a test hands in (they win over the settings) and the folder for the jobs of a
    terminal without a printer.
    """

    def __call__(self, slip: PrinterConfig, fiscal: PrinterConfig | None) -> PrintStation: ...


@dataclass(frozen=True)
class Adapters:
    """What the composition root (`main.py`) hands the shop: the outside world, built."""

    storage: Storage
    build_station: StationBuilder
    write_journal: JournalWriter
    write_report: ReportWriter
    pins: PinHasher
    # A read-only replica the reports read from (a chain's standby); None: the storage.
    reports: Storage | None = None
    # The link to the СККС controller, built for the office's address (db.skks_link, issue
    # 35); None: this build reports to no controller.
    build_link: Callable[[LinkConfig], ControllerLink] | None = None
