"""How this terminal's printers are reached and what they can print (issue #4).

A terminal has a slip printer and, optionally, a separate fiscal printer; without one the
fiscal receipts go to the slip printer. The settings are kept per terminal in the database
(as JSON text) so that a manager can set them up from the settings page; the printing
adapter (printing/) builds the connections from them. `PrinterConfig()` is the default: no
printer, jobs written to files in the data folder and shown on screen, so the program runs
on any machine.
"""

from __future__ import annotations

import enum
import json
import re
from dataclasses import asdict, dataclass, replace

from pos.core.errors import InvalidPrinterSetting
from pos.core.input_errors import InvalidNumber, InvalidText
from pos.core.inputs import clean_text, parse_code, shown


class PrinterKind(enum.StrEnum):
    """How a printer is connected."""

    NONE = "none"  # no paper: files in the data folder and a preview on screen
    FILE = "file"  # a device file (/dev/usb/lp0) or any file
    NETWORK = "network"  # raw TCP, port 9100 on most printers
    USB = "usb"  # vendor:product ids, through libusb (python-escpos[usb])
    SERIAL = "serial"  # COM3 or /dev/ttyUSB0 (python-escpos[serial])
    WINDOWS = "windows"  # a Windows printer by name, raw through the spooler (pywin32)


KIND_WORDS = {
    PrinterKind.NONE: "нет принтера (файлы и просмотр на экране)",
    PrinterKind.FILE: "файл или устройство",
    PrinterKind.NETWORK: "сетевой (порт 9100)",
    PrinterKind.USB: "USB",
    PrinterKind.SERIAL: "последовательный порт (COM)",
    PrinterKind.WINDOWS: "принтер Windows",
}
CODE_PAGES = ("CP866", "CP1251")
PAPER_WIDTHS = (80, 58)
NARROW_COLUMNS = 32  # font A on 58 mm paper


@dataclass(frozen=True)
class PrinterModel:
    """A printer model the settings offer, by the python-escpos capability profile its jobs
    are rendered for.

    Only models whose documents print as their profile says are offered (issue 16): the
    printing tests render every document of each one, at each paper width it takes and in
    each code page it offers, and read the bytes back.
    """

    profile: str  # "" chooses one by the paper width (printing.devices)
    words: str  # as the settings name it
    papers: tuple[int, ...]  # the paper widths it takes, in mm
    code_pages: tuple[str, ...] = CODE_PAGES  # those of CODE_PAGES its tables have
    wide_columns: int = 48  # characters of font A per line on 80 mm paper


PRINTER_MODELS = (
    PrinterModel("", "по ширине бумаги (Epson TM-T20II или Seiko RP-F10)", PAPER_WIDTHS),
    PrinterModel("TM-T20II", "Epson TM-T20II", PAPER_WIDTHS),
    PrinterModel("TM-T88V", "Epson TM-T88V", (80,), wide_columns=42),
    PrinterModel("RP-F10-80mm", "Seiko RP-F10, 80 мм", (80,)),
    PrinterModel("RP-F10-58mm", "Seiko RP-F10, 58 мм", (58,)),
    # No cutter, no QR code or barcode of their own: the paper is torn off, the codes go
    # out as pictures.
    PrinterModel("POS-5890", "Zjiang POS-5890 и совместимые (без ножа)", (58,)),
    PrinterModel("NT-5890K", "Netum NT-5890K (без ножа)", (58,)),
    PrinterModel("ZJ-5870", "ZiJiang ZJ-5870 (без ножа)", (58,), ("CP866",)),
)
_MODELS = {model.profile.upper(): model for model in PRINTER_MODELS}
DEFAULT_PORT = 9100
DEFAULT_BAUDRATE = 9600
BAUDRATES = (2400, 4800, 9600, 19200, 38400, 57600, 115200)
_USB_ID = re.compile(r"^\s*(?:0x)?([0-9a-fA-F]{1,4})\s*:\s*(?:0x)?([0-9a-fA-F]{1,4})\s*$")
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}$")


@dataclass(frozen=True)
class PrinterConfig:
    """One printer of a terminal.

    `target` depends on `kind`: a path (file), "host" or "host:port" (network),
    "04b8:0202" vendor:product ids in hex (USB), "COM3" or "/dev/ttyUSB0" (serial), the
    printer's name (Windows); empty for none.
    """

    kind: PrinterKind = PrinterKind.NONE
    target: str = ""
    code_page: str = "CP866"
    paper_mm: int = 80
    cancel_chinese: bool = False  # send FS . for clone printers that start in Chinese mode
    status_check: bool = True  # ask paper and online status where the printer answers
    baudrate: int = DEFAULT_BAUDRATE
    profile: str = ""  # a python-escpos capability profile; "" picks one by paper width

    @property
    def is_virtual(self) -> bool:
        """True when no paper comes out (files and the preview on screen)."""
        return self.kind is PrinterKind.NONE

    @property
    def columns(self) -> int:
        """Characters per line of the normal font: 32 on 58 mm paper; on 80 mm 48, or the
        model's own (42 on an Epson TM-T88V)."""
        if self.paper_mm != 80:
            return NARROW_COLUMNS
        model = _MODELS.get(self.profile.upper())
        return 48 if model is None else model.wide_columns

    @property
    def host_port(self) -> tuple[str, int]:
        """A network printer's host and port."""
        host, _, port = self.target.partition(":")
        return host, int(port) if port else DEFAULT_PORT

    @property
    def usb_ids(self) -> tuple[int, int]:
        """A USB printer's vendor and product ids."""
        found = _USB_ID.match(self.target)
        assert found is not None  # checked by make_printer_config
        return int(found.group(1), 16), int(found.group(2), 16)

    @property
    def where(self) -> str:
        """The printer as a message names it."""
        if self.kind is PrinterKind.NONE:
            return "(без принтера)"
        return f"{KIND_WORDS[self.kind]} {self.target}".strip()


def make_printer_config(**fields: object) -> PrinterConfig:
    """A checked printer configuration from what the settings page or a file gives.

    Raises:
        InvalidPrinterSetting: a field does not fit; the sentence names it.
    """
    unknown = set(fields) - set(PrinterConfig.__dataclass_fields__)
    if unknown:
        raise InvalidPrinterSetting("kind", f"неизвестные поля: {', '.join(sorted(unknown))}")
    config = PrinterConfig()
    kind_text = shown(fields.get("kind", PrinterKind.NONE.value)).strip().lower()
    try:
        kind = PrinterKind(kind_text)
    except ValueError:
        raise InvalidPrinterSetting(
            "kind", f"неизвестный способ подключения «{kind_text}»"
        ) from None
    target = _text(fields.get("target", ""), "target")
    config = replace(config, kind=kind, target=_check_target(kind, target))
    code_page = shown(fields.get("code_page", config.code_page)).strip().upper()
    if code_page not in CODE_PAGES:
        raise InvalidPrinterSetting("code_page", "выберите CP866 или CP1251")
    paper = _whole(fields.get("paper_mm", config.paper_mm), "paper_mm")
    if paper not in PAPER_WIDTHS:
        raise InvalidPrinterSetting("paper_mm", "ширина бумаги 80 или 58 мм")
    baudrate = _whole(fields.get("baudrate", config.baudrate), "baudrate")
    if baudrate not in BAUDRATES:
        raise InvalidPrinterSetting(
            "baudrate", "скорость одна из " + ", ".join(str(b) for b in BAUDRATES)
        )
    model = _model(_text(fields.get("profile", ""), "profile"), paper, code_page)
    return replace(
        config,
        code_page=code_page,
        paper_mm=paper,
        cancel_chinese=_flag(fields.get("cancel_chinese", config.cancel_chinese), "cancel_chinese"),
        status_check=_flag(fields.get("status_check", config.status_check), "status_check"),
        baudrate=baudrate,
        profile=model.profile,
    )


def to_text(config: PrinterConfig) -> str:
    """The configuration as stored (JSON)."""
    return json.dumps(asdict(config), ensure_ascii=False, sort_keys=True)


def from_text(text: str | None) -> PrinterConfig:
    """A stored configuration; None or unreadable text gives the default (no printer).

    A damaged stored value must not stop the till: it falls back to files and the preview,
    which the settings page then shows for the manager to correct.
    """
    if not text:
        return PrinterConfig()
    try:
        fields = json.loads(text)
        return _stored(fields)
    except (ValueError, TypeError, InvalidPrinterSetting):
        return PrinterConfig()


def _stored(fields: dict[str, object]) -> PrinterConfig:
    try:
        return make_printer_config(**fields)
    except InvalidPrinterSetting:
        if not fields.get("profile"):
            raise
    # A model saved before the settings offered their list (issue 16): the printer keeps
    # printing, with the model its paper width chooses, until a manager picks one.
    return make_printer_config(**{**fields, "profile": ""})


def _model(name: str, paper: int, code_page: str) -> PrinterModel:
    """The offered model of this name (any case), checked against the paper and code page.

    Raises:
        InvalidPrinterSetting: a model the settings do not offer, or one that cannot print
            on this paper or in this code page.
    """
    model = _MODELS.get(name.strip().upper())
    if model is None:
        offered = ", ".join(m.profile for m in PRINTER_MODELS if m.profile)
        raise InvalidPrinterSetting("profile", f"выберите одну из моделей: {offered}")
    if paper not in model.papers:
        papers = " или ".join(str(width) for width in model.papers)
        raise InvalidPrinterSetting(
            "paper_mm", f"модель {model.profile} печатает на бумаге {papers} мм"
        )
    if code_page not in model.code_pages:
        pages = " или ".join(model.code_pages)
        raise InvalidPrinterSetting("code_page", f"у модели {model.profile} есть только {pages}")
    return model


def _check_target(kind: PrinterKind, target: str) -> str:
    if kind is PrinterKind.NONE:
        return ""
    if not target:
        raise InvalidPrinterSetting("target", _TARGET_HINTS[kind])
    if len(target) > 200:
        raise InvalidPrinterSetting("target", "не длиннее 200 знаков")
    if kind is PrinterKind.NETWORK:
        host, _, port = target.partition(":")
        if not _HOST.match(host) or (port and not _port(port)):
            raise InvalidPrinterSetting("target", _TARGET_HINTS[kind])
    if kind is PrinterKind.USB:
        found = _USB_ID.match(target)
        if found is None:
            raise InvalidPrinterSetting("target", _TARGET_HINTS[kind])
        return f"{int(found.group(1), 16):04x}:{int(found.group(2), 16):04x}"
    return target


_TARGET_HINTS = {
    PrinterKind.FILE: "укажите путь к файлу или устройству, например /dev/usb/lp0",
    PrinterKind.NETWORK: "укажите адрес принтера, например 192.168.1.50 или 192.168.1.50:9100",
    PrinterKind.USB: "укажите коды производителя и модели через двоеточие, например 04b8:0202",
    PrinterKind.SERIAL: "укажите порт, например COM3 или /dev/ttyUSB0",
    PrinterKind.WINDOWS: "укажите имя принтера, как оно записано в Windows",
}


def _whole(value: object, name: str) -> int:
    try:
        return parse_code(value, "setting", low=0)
    except InvalidNumber:
        raise InvalidPrinterSetting(name, "введите целое число") from None


def _port(text: str) -> bool:
    # ASCII digits only: "²" passes str.isdigit() and fails int() (issue 15).
    try:
        parse_code(text, "printer_port", 65535)
    except InvalidNumber:
        return False
    return True


def _text(value: object, name: str) -> str:
    """The target or the model name as stored (the JSON of the terminal's row), or refused.

    Raises:
        InvalidPrinterSetting: a control character or text no database can store.
    """
    try:
        return clean_text(value, f"printer_{name}", 1000)  # the lengths have their own hints
    except InvalidText as refused:
        raise InvalidPrinterSetting(name, refused.problem()) from None


def _flag(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    text = shown(value).strip().lower()
    if text in ("1", "true", "yes", "да", "on"):
        return True
    if text in ("0", "false", "no", "нет", "off", ""):
        return False
    raise InvalidPrinterSetting(name, "ответ должен быть «да» или «нет»")
