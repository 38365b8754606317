"""Reads the ESC/POS bytes of a job back into commands, as a printer would, for the tests.

Only the commands python-escpos sends for our documents are known; any other byte below
0x20 fails the reading, so a test notices a command it did not expect. Text is decoded with
the code page the last ESC t selected, through the profile's own slot table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from escpos import capabilities

from printing.layout import Barcode, Item, QrCode, Text

ESC, GS, FS = 0x1B, 0x1D, 0x1C
# ESC and GS commands with one parameter byte that change no document content here.
_STYLE = {
    (ESC, ord("!")),  # text mode
    (ESC, ord("E")),  # bold
    (ESC, ord("a")),  # justification
    (ESC, ord("3")),  # line spacing
    (GS, ord("!")),  # character size
    (GS, ord("h")),  # barcode height
    (GS, ord("f")),  # barcode HRI font
    (GS, ord("H")),  # barcode HRI position
}


@dataclass
class Image:
    """A bit image: its width in dots and the columns that have a black dot."""

    how: str  # "raster" (GS v 0) or "column" (ESC *)
    width: int
    black: set[int] = field(default_factory=set)

    @property
    def ink(self) -> tuple[int, int]:
        """The first and the last column with ink."""
        return min(self.black), max(self.black)


@dataclass
class Job:
    """What a job's bytes told the printer to do, in order."""

    profile: str
    code_pages: list[str] = field(default_factory=list)  # the table each ESC t selected
    slots: list[int] = field(default_factory=list)  # ... and its number
    lines: list[str] = field(default_factory=list)  # text, decoded in the selected table
    cuts: int = 0
    feeds: list[int] = field(default_factory=list)  # ESC d n
    resets: int = 0
    barcodes: list[tuple[int, bytes]] = field(default_factory=list)  # GS w module, GS k data
    qr_codes: list[bytes] = field(default_factory=list)  # GS ( k data stored for printing
    images: list[Image] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # "text", "cut", "barcode", "qr", "image"
    # Each line's (bold, centred, double height), as ESC E, ESC a and ESC ! last set them.
    styles: list[tuple[bool, bool, bool]] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.lines)


class _Reader:
    def __init__(self, data: bytes, profile: str) -> None:
        self.data = data
        self.at = 0
        self.job = Job(profile)
        self.table = capabilities.CAPABILITIES["profiles"][profile]["codePages"]
        self.encoding: str | None = None
        self.module = 0
        self.pending = bytearray()
        self.bold = self.center = self.tall = False

    def take(self, count: int) -> bytes:
        chunk = self.data[self.at : self.at + count]
        if len(chunk) != count:
            raise AssertionError(f"the job ends inside a command at byte {self.at}")
        self.at += count
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def read(self) -> Job:
        while self.at < len(self.data):
            first = self.byte()
            if first == ESC:
                self.esc(self.byte())
            elif first == GS:
                self.gs(self.byte())
            elif first == FS:
                if self.byte() != ord("."):
                    raise AssertionError(f"unknown FS command at byte {self.at}")
            elif first == 0x0A:
                self.line()
            elif first < 0x20:
                raise AssertionError(f"control byte {first:#x} at byte {self.at - 1}")
            else:
                self.pending.append(first)
        if self.pending:
            raise AssertionError(f"text without its line feed: {bytes(self.pending)!r}")
        return self.job

    def line(self) -> None:
        if self.encoding is None:
            raise AssertionError("text before any ESC t: the printer's own table is unknown")
        self.job.lines.append(bytes(self.pending).decode(self.encoding))
        self.job.styles.append((self.bold, self.center, self.tall))
        self.job.events.append("text")
        self.pending.clear()

    def esc(self, command: int) -> None:
        if command in (ord("E"), ord("a"), ord("!")):
            self.style(command, self.byte())
        elif (ESC, command) in _STYLE:
            self.byte()
        elif command == ord("@"):
            self.job.resets += 1
            self.encoding = None  # ESC @ puts the printer back on its power-on table
        elif command == ord("t"):
            slot = self.byte()
            name = self.table[str(slot)]
            self.job.slots.append(slot)
            self.job.code_pages.append(name)
            self.encoding = name.lower()
        elif command == ord("d"):
            self.job.feeds.append(self.byte())
        elif command == ord("2"):
            pass  # default line spacing
        elif command == ord("*"):
            self.column_image()
        else:
            raise AssertionError(f"unknown ESC {command:#x} at byte {self.at}")

    def style(self, command: int, value: int) -> None:
        if command == ord("E"):
            self.bold = bool(value & 1)
        elif command == ord("a"):
            self.center = value in (1, ord("1"))
        else:
            self.tall = bool(value & 0x10)

    def gs(self, command: int) -> None:
        if (GS, command) in _STYLE:
            self.byte()
        elif command == ord("w"):
            self.module = self.byte()
        elif command == ord("V"):
            self.cut()
        elif command == ord("k"):
            self.barcode()
        elif command == ord("("):
            self.two_dimensional()
        elif command == ord("v"):
            self.raster_image()
        else:
            raise AssertionError(f"unknown GS {command:#x} at byte {self.at}")

    def cut(self) -> None:
        mode = self.byte()
        if mode in (ord("A"), ord("B"), 65, 66):
            self.byte()
        elif mode not in (0, 1, ord("0"), ord("1")):
            raise AssertionError(f"unknown cut mode {mode}")
        self.job.cuts += 1
        self.job.events.append("cut")

    def barcode(self) -> None:
        kind = self.byte()
        if kind < 65:
            raise AssertionError("a function A barcode (NUL-terminated) was not expected")
        data = self.take(self.byte())
        self.job.barcodes.append((self.module, data))
        self.job.events.append("barcode")

    def two_dimensional(self) -> None:
        if self.byte() != ord("k"):
            raise AssertionError(f"unknown GS ( command at byte {self.at}")
        low, high = self.take(2)
        body = self.take(low + 256 * high)
        if body[:2] == b"1P":  # cn=49 fn=80: store the data
            self.job.qr_codes.append(body[3:])
        elif body[:2] == b"1Q":  # fn=81: print it
            self.job.events.append("qr")

    def raster_image(self) -> None:
        if self.byte() != ord("0"):
            raise AssertionError(f"unknown GS v command at byte {self.at}")
        self.byte()  # density
        x_low, x_high, y_low, y_high = self.take(4)
        row_bytes, rows = x_low + 256 * x_high, y_low + 256 * y_high
        data = self.take(row_bytes * rows)
        image = Image("raster", row_bytes * 8)
        for row in range(rows):
            for index, value in enumerate(data[row * row_bytes : (row + 1) * row_bytes]):
                image.black |= {index * 8 + bit for bit in range(8) if value & (0x80 >> bit)}
        self._add(image)

    def column_image(self) -> None:
        density = self.byte()
        low, high = self.take(2)
        width = low + 256 * high
        column = 3 if density & 32 else 1
        data = self.take(width * column)
        image = Image("column", width)
        image.black = {x for x in range(width) if any(data[x * column : (x + 1) * column])}
        if self.byte() != 0x0A:
            raise AssertionError("a column image stripe without its line feed")
        if self.job.images and self.job.events[-1] == "image":
            self.job.images[-1].black |= image.black  # the next stripe of the same image
            return
        self._add(image)

    def _add(self, image: Image) -> None:
        if not image.black:
            return  # a blank fragment
        self.job.images.append(image)
        self.job.events.append("image")


def read_job(data: bytes, profile: str) -> Job:
    """The commands of `data` as a printer of `profile` would take them.

    Raises:
        AssertionError: a byte sequence the reader does not know, or text before any ESC t.
    """
    return _Reader(data, profile).read()


def code128_modules(data: bytes) -> int:
    """The width in modules of a hardware CODE128 symbol of this GS k data ({A/{B/{C sets).

    Start, data symbols (each code set switch is one), the check symbol and the stop with
    its final bar: 11 + 11 * n + 11 + 13.
    """
    symbols, at, code_set = 0, 0, ""
    while at < len(data):
        if data[at] == ord("{") and at + 1 < len(data) and data[at + 1] in b"ABC":
            if code_set:
                symbols += 1  # a switch is a symbol; the first selection is the start
            code_set = chr(data[at + 1])
            at += 2
            continue
        symbols += 1
        at += 1
    return 11 + 11 * symbols + 11 + 13


def code128_digits(data: bytes) -> str:
    """The digits a scanner reads from GS k data in code sets B and C."""
    digits, at, code_set = [], 0, ""
    while at < len(data):
        if data[at] == ord("{") and data[at + 1] in b"ABC":
            code_set = chr(data[at + 1])
            at += 2
            continue
        digits.append(f"{data[at]:02d}" if code_set == "C" else chr(data[at]))
        at += 1
    return "".join(digits)


def items_of(job: Job) -> list[Item]:
    """The job drawn back into layout items, in the order the printer took them: each text
    line with its style, each barcode as the digits a scanner reads, each QR code as its
    data (for pictures of the paper drawn from the bytes, tests/screenshots_slip.draw)."""
    lines = iter(zip(job.lines, job.styles, strict=True))
    barcodes, codes = iter(job.barcodes), iter(job.qr_codes)
    items: list[Item] = []
    for event in job.events:
        if event == "text":
            text, (bold, center, tall) = next(lines)
            items.append(Text(text, bold=bold, center=center, tall=tall))
        elif event == "barcode":
            items.append(Barcode(code128_digits(next(barcodes)[1])))
        elif event == "qr":
            items.append(QrCode(next(codes).decode("ascii")))
    return items
