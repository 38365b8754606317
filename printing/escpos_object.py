"""A device around an escpos printer object given from outside: a Dummy in tests, or an
integrator's own (`main.open_shop(url, printer=...)`).
"""

from __future__ import annotations

from escpos.escpos import Escpos
from escpos.exceptions import DeviceNotFoundError

from pos.core.errors import PrinterUnavailable
from printing.device_errors import close_quietly, detail_of, device_errors
from printing.devices import Device
from printing.printer_status import escpos_ask, judge_status
from printing.profiles import profile_name


def device_for(printer: Escpos) -> Device:
    """A device around an escpos printer object (a Dummy in tests, or an integrator's own).

    `send` writes each job with `printer._raw` (a Dummy collects it in `.output`) and then
    closes the printer; `check_ready` asks the status only of printers that can read.
    """
    return _EscposObjectDevice(printer)


class _EscposObjectDevice(Device):
    """An escpos printer object given from outside (`main.open_shop(url, printer=Dummy())`)."""

    def __init__(self, printer: Escpos) -> None:
        super().__init__(_object_where(printer), profile_name(printer))
        self.printer = printer

    def _check_ready(self) -> None:
        # Escpos._read raises NotImplementedError; asking would also leave the question's
        # bytes in a Dummy's output.
        if type(self.printer)._read is Escpos._read:
            return
        try:
            problem = judge_status(escpos_ask(self.printer))
        finally:
            close_quietly(self.printer)
        if problem is not None:
            raise PrinterUnavailable(self.where, problem)

    def _send(self, job: bytes, name: str) -> None:
        # escpos raises DeviceNotFoundError when it cannot open its device: nothing went out.
        # Any other failure may come after some of the job was written.
        try:
            self.printer._raw(job)
            self.printer.close()
        except device_errors() as exc:
            sent = not isinstance(exc, DeviceNotFoundError)
            raise PrinterUnavailable(self.where, detail_of(exc), sent=sent) from exc
        finally:
            close_quietly(self.printer)

    def close(self) -> None:
        close_quietly(self.printer)


def _object_where(printer: Escpos) -> str:
    kind = type(printer).__name__
    host = getattr(printer, "host", "")
    if host:
        return f"{kind} {host}:{getattr(printer, 'port', '')}".rstrip(":")
    place = getattr(printer, "devfile", "") or getattr(printer, "printer_name", "")
    return f"{kind} {place or profile_name(printer)}"
