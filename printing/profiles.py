"""The printer models python-escpos knows: the profile a printer's jobs are rendered for,
and a Dummy printer of one.
"""

from __future__ import annotations

from escpos import capabilities
from escpos.escpos import Escpos
from escpos.printer import Dummy

from pos.core.errors import PrinterUnavailable
from pos.core.printers import PrinterConfig

# Epson's 80 mm model: CP866 in slot 17, CODE128 in hardware, native QR, a cutter, and a
# real media width (the "default" profile has none and makes escpos print to stdout).
DEFAULT_PROFILE = "TM-T20II"
# Seiko's 58 mm model: CP866 in the Epson slot 17 and nowhere else, CODE128 and QR in
# hardware, a real media width. POS-5890 (the Chinese 58 mm clones) lists CP866 twice, and
# has no cutter and no QR or CODE128 of its own (printing.render prints by what a profile
# says, and selects a code page's first slot).
DEFAULT_PROFILE_58MM = "RP-F10-58mm"
_PROFILE_BY_PAPER = {80: DEFAULT_PROFILE, 58: DEFAULT_PROFILE_58MM}


def profile_for(config: PrinterConfig) -> str:
    """The python-escpos capability profile to render this printer's jobs for.

    Args:
        config: the printer's settings; an empty `profile` picks one by paper width.

    Returns:
        A profile name escpos knows, e.g. "TM-T20II".

    Raises:
        PrinterUnavailable: escpos knows no profile of the configured name.
    """
    name = config.profile or _PROFILE_BY_PAPER.get(config.paper_mm, DEFAULT_PROFILE)
    if name not in capabilities.CAPABILITIES["profiles"]:
        raise PrinterUnavailable(config.where, f"неизвестная модель принтера «{name}»")
    return name


def dummy_printer(profile: str = DEFAULT_PROFILE) -> Dummy:
    """A printer that only collects the bytes of a job (`.output`).

    Raises:
        PrinterUnavailable: escpos has no profile of that name.
    """
    try:
        return Dummy(profile=profile)
    except KeyError as exc:
        raise PrinterUnavailable(profile, f"неизвестная модель принтера «{profile}»") from exc


def profile_name(printer: Escpos) -> str:
    """The name of the escpos profile an escpos printer object was made with ("default" if none)."""
    data = printer.profile.profile_data
    for name, candidate in capabilities.CAPABILITIES["profiles"].items():
        if candidate is data:
            return str(name)
    return "default"  # an escpos.capabilities.Profile of the integrator's own
