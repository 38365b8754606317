"""The terminal's print station: layouts rendered to bytes, each job sent in one write.

It implements `pos.core.ports.PrintStation` for the use cases in pos/till.py. A slip and its
receipt on one printer go out as one job (slip, cut, receipt, cut), so that a link dropped
mid-job cannot leave a receipt without its slip; with a separate fiscal printer the slip
goes first and the receipt after it (`print_slip` says whether the receipt went out).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from escpos.escpos import Escpos

from pos.betting.slips import Slip
from pos.core.devices import PreviewLine
from pos.core.documents import PrintedDocument
from pos.core.errors import PrinterUnavailable
from pos.core.printers import PrinterConfig
from pos.core.settings import ShopSettings
from pos.payouts.rules import PayoutNote
from pos.till.day_reports import DayReport
from pos.till.fiscal import FiscalReceipt
from pos.till.shifts import CashTransfer
from printing.devices import Device, open_device
from printing.documents import document_layout
from printing.escpos_object import device_for
from printing.layout import Item
from printing.payouts import payout_note_layout
from printing.preview import to_preview
from printing.receipts import receipt_layout, report_layout, test_page_layout, transfer_layout
from printing.render import Capabilities, model_capabilities, render_job
from printing.slips import slip_layout

log = logging.getLogger(__name__)


class _Printer:
    """One device with the settings its jobs are rendered for."""

    def __init__(self, device: Device, config: PrinterConfig) -> None:
        self.device = device
        self.config = config

    @property
    def where(self) -> str:
        return self.device.where

    @property
    def capabilities(self) -> Capabilities | None:
        """What its model can do; None for a model escpos does not know (its jobs are
        refused when sent, in the words of the setting)."""
        try:
            return model_capabilities(self.device.profile)
        except PrinterUnavailable:
            return None

    def layout(
        self,
        make: Callable[..., list[Item]],
        document: object,
        settings: ShopSettings,
        **extra: object,
    ) -> list[Item]:
        """`document` laid out by `make` for this printer's code page and line width."""
        config = self.config
        return make(document, settings, code_page=config.code_page, width=config.columns, **extra)

    def send(self, documents: list[list[Item]], name: str) -> None:
        config = self.config
        # Rendered in full before the device is touched, then sent in one write.
        job = render_job(
            self.device.profile,
            documents,
            code_page=config.code_page,
            cancel_chinese=config.cancel_chinese,
        )
        if config.status_check:
            self.device.check_ready()
        self.device.send(job, name)


class EscposStation:
    """A slip printer and, optionally, a fiscal printer of its own."""

    def __init__(self, slip: _Printer, fiscal: _Printer | None) -> None:
        self._slip = slip
        self._fiscal = fiscal

    @property
    def virtual(self) -> bool:
        return self._slip.device.virtual

    @property
    def separate_fiscal(self) -> bool:
        return self._fiscal is not None

    @property
    def fiscal_where(self) -> str:
        return self._receipts.where

    @property
    def _receipts(self) -> _Printer:
        return self._fiscal or self._slip

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
        laid = self._slip.layout(
            slip_layout, slip, settings, copy=copy, copied_by=copied_by, copied_at=copied_at
        )
        documents = [laid]
        # On one printer the receipt goes out in the slip's job: never one without the other.
        together = receipt is not None and self._fiscal is None
        if together:
            documents.append(self._slip.layout(receipt_layout, receipt, settings))
        self._slip.send(documents, f"slip-{slip.number}" + (f"-copy{copy}" if copy else ""))
        if receipt is None or together:
            return None
        try:
            self.print_receipts([receipt], settings)
        except PrinterUnavailable as failure:
            log.warning("receipt %s did not print: %s", receipt.number, failure)
            return failure
        return None

    def print_receipts(self, receipts: Sequence[FiscalReceipt], settings: ShopSettings) -> None:
        printer = self._receipts
        documents = [printer.layout(receipt_layout, r, settings) for r in receipts]
        first, last = receipts[0].number, receipts[-1].number
        printer.send(documents, f"receipt-{first}" + (f"-{last}" if last != first else ""))

    def print_report(self, report: DayReport, settings: ShopSettings) -> None:
        printer = self._receipts
        kind = "z" if report.closing else "x"
        printer.send([printer.layout(report_layout, report, settings)], f"{kind}-{report.day_no}")

    def print_payout_note(self, note: PayoutNote, settings: ShopSettings) -> None:
        job = [self._slip.layout(payout_note_layout, note, settings)]
        self._slip.send(job, f"payout-{note.journal_no}-note")

    def print_document(self, document: PrintedDocument, settings: ShopSettings) -> None:
        job = [self._slip.layout(document_layout, document, settings)]
        self._slip.send(job, document.job_name)

    def print_cash_transfer(
        self, transfer: CashTransfer, terminal: str, settings: ShopSettings
    ) -> None:
        printer = self._receipts
        job = [printer.layout(transfer_layout, transfer, settings, terminal=terminal)]
        printer.send(job, f"cash-{transfer.kind.value}-{transfer.shift_id}")

    def print_test_page(self, settings: ShopSettings, *, fiscal: bool = False) -> None:
        printer = self._receipts if fiscal else self._slip
        items = test_page_layout(
            settings,
            code_page=printer.config.code_page,
            width=printer.config.columns,
            where=printer.where,
            capabilities=printer.capabilities,
        )
        printer.send([items], "test-page")

    def preview_slip(
        self,
        slip: Slip,
        settings: ShopSettings,
        *,
        copy: int = 0,
        receipt: FiscalReceipt | None = None,
    ) -> list[PreviewLine]:
        lines = to_preview(self._slip.layout(slip_layout, slip, settings, copy=copy))
        if receipt is not None:
            lines += self.preview_receipt(receipt, settings)
        return lines

    def preview_receipt(self, receipt: FiscalReceipt, settings: ShopSettings) -> list[PreviewLine]:
        return to_preview(self._receipts.layout(receipt_layout, receipt, settings))

    def preview_report(self, report: DayReport, settings: ShopSettings) -> list[PreviewLine]:
        return to_preview(self._receipts.layout(report_layout, report, settings))

    def preview_payout(
        self, note: PayoutNote, receipt: FiscalReceipt, settings: ShopSettings
    ) -> list[PreviewLine]:
        lines = self.preview_receipt(receipt, settings)
        return lines + to_preview(self._slip.layout(payout_note_layout, note, settings))

    def preview_document(
        self, document: PrintedDocument, settings: ShopSettings
    ) -> list[PreviewLine]:
        return to_preview(self._slip.layout(document_layout, document, settings))

    def close(self) -> None:
        self._slip.device.close()
        if self._fiscal is not None:
            self._fiscal.device.close()


def build_station(
    slip: PrinterConfig,
    fiscal: PrinterConfig | None,
    *,
    printer: object = None,
    fiscal_printer: object = None,
    jobs_dir: str,
) -> EscposStation:
    """The station for these settings, or around the escpos objects given to `main.open_shop`.

    Each given object wins over its setting on its own (their code page and width still come
    from the settings): a `fiscal_printer` given alone gets the receipts while the slips go
    where the settings say; receipts go to `printer` when no `fiscal_printer` is given.

    Args:
        slip: the slip printer's settings.
        fiscal: the fiscal printer's settings (None: receipts on the slip printer).
        printer: a python-escpos object for the slips, or None.
        fiscal_printer: a python-escpos object for the receipts, or None.
        jobs_dir: where a printer set up as files (or none) writes its jobs.

    Returns:
        The station over the given objects and the devices the settings name.

    Raises:
        TypeError: a given object is not a python-escpos printer.
    """
    folder = Path(jobs_dir)
    slip_device = open_device(slip, folder) if printer is None else device_for(_escpos(printer))
    if fiscal_printer is not None:  # issue 34: it was ignored without `printer`
        fiscal_device: Device | None = device_for(_escpos(fiscal_printer))
    elif printer is not None or fiscal is None:
        fiscal_device = None  # receipts on the slip printer
    else:
        fiscal_device = open_device(fiscal, folder)
    return EscposStation(
        _Printer(slip_device, slip),
        None if fiscal_device is None else _Printer(fiscal_device, fiscal or slip),
    )


def _escpos(printer: object) -> Escpos:
    if not isinstance(printer, Escpos):
        raise TypeError(f"expected a python-escpos printer object, got {type(printer).__name__}")
    return printer
