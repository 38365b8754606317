"""The paper: every job a worker's printer took, one file per job, and what is read back.

`PaperPrinter` is an escpos `Dummy` whose `_raw` appends the job's bytes to a new file in its
paper folder (`000042-receipt-17.bin`: a sequence number and the job's name), a few hundred
bytes at a time with a short pause between (a printer takes a job at its own pace, so a kill
can land in the middle: part of a receipt on paper), then fsyncs it. With `Faults` it fails
now and then as printers do: it refuses before writing anything (`DeviceNotFoundError`, as
escpos says when it cannot open the device), it cuts the job at a random byte
(`ConnectionResetError` after part of it is on paper), or it prints the whole job and loses
the answer (`TimeoutError` after all of it is on paper).

`read_folder` reads the files back as a person reads the paper: each document (slip,
receipt, payout note, report) ends with the cut command; the document a job broke off in is
partial. A receipt is known by «Чек № N» under its title (`РАСХОД`, `ПРИХОД`, `ВОЗВРАТ
ПРИХОДА`, printing.receipts.receipt_layout), a slip by «Купон № …» (printing.slips).
"""

from __future__ import annotations

import os
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from escpos.exceptions import DeviceNotFoundError
from escpos.printer import Dummy

# printing.layout.render_items ends every document with escpos `cut()`: ESC d 6, GS V 0.
CUT = b"\x1dV\x00"
PROFILE = "TM-T20II"
CHUNK = 256  # bytes written at a time
_TITLES = (("ВОЗВРАТ ПРИХОДА", "return"), ("ПРИХОД", "income"), ("РАСХОД", "expense"))
_SLIP = r"(\d{8})-(\d{3})-(\d{2})"
# The number counts only when something follows it: a job cut inside «Чек № 112» reads «11»,
# which is no receipt's number (issue 34: the soak called it receipt 11 on paper twice).
_RECEIPT_NO = re.compile(r"Чек № (\d+)(?=\D)")
_RECEIPT_SLIP = re.compile(r"купону №\s*" + _SLIP + r"|счёта игрока №\s*(\d{6})-(\d{3})-(\d{2})")
_TOTAL = re.compile(r"ИТОГО\s*([\d \xa0]+,\d\d) руб")
_SLIP_NO = re.compile(r"Купон № " + _SLIP)
_COPY = re.compile(r"КОПИЯ \d+")
_NOTE = "Кассовый чек (расход) №"
_NAME = re.compile(r"[^\w.-]+")


class Faults:
    """When and how a printer fails: each job fails with probability `rate`, one of
    `refuse`, `cut` or `lost` chosen evenly."""

    KINDS = ("refuse", "cut", "lost")

    def __init__(self, rate: float, seed: int) -> None:
        self.rate = rate
        self._random = random.Random(seed)
        self.counts: Counter[str] = Counter()

    def draw(self) -> str | None:
        """The failure of the next job, or None when it prints."""
        if self.rate <= 0 or self._random.random() >= self.rate:
            return None
        kind = self._random.choice(self.KINDS)
        self.counts[kind] += 1
        return kind

    def cut_point(self, size: int) -> int:
        """How many bytes of a job of `size` reach the paper before the link breaks."""
        return self._random.randint(1, max(size - 1, 1))


class PaperPrinter(Dummy):
    """An escpos printer whose paper is a folder: one fsync'ed file per job."""

    def __init__(self, folder: Path, *, pace: float = 0.001, faults: Faults | None = None) -> None:
        super().__init__(profile=PROFILE)
        self.folder = folder
        self.pace = pace
        self.faults = faults
        folder.mkdir(parents=True, exist_ok=True)
        self._next = 1 + max((_sequence(p) for p in folder.glob("*.bin")), default=0)

    def _raw(self, msg: bytes) -> None:
        job = bytes(msg)
        fault = self.faults.draw() if self.faults is not None else None
        if fault == "refuse":
            raise DeviceNotFoundError("принтер не отвечает (soak)")
        if fault == "cut":
            assert self.faults is not None
            job = job[: self.faults.cut_point(len(job))]
        self._write(job, _job_name())
        if fault == "cut":
            raise ConnectionResetError("связь оборвалась посреди задания (soak)")
        if fault == "lost":
            raise TimeoutError("задание напечатано, ответ потерян (soak)")

    def _write(self, job: bytes, name: str) -> None:
        path = self.folder / f"{self._next:06d}-{name}.bin"
        self._next += 1
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            for start in range(0, len(job), CHUNK):
                os.write(fd, job[start : start + CHUNK])
                if self.pace:
                    time.sleep(self.pace)
            os.fsync(fd)
        finally:
            os.close(fd)


def _job_name() -> str:
    """The name the station gave the job (printing.devices passes it to its `_send`)."""
    frame = sys._getframe(2)  # _raw's caller: _EscposObjectDevice._send(self, job, name)
    name = frame.f_locals.get("name")
    return _NAME.sub("_", name)[:60] if isinstance(name, str) and name else "job"


def _sequence(path: Path) -> int:
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdecimal() else 0


@dataclass(frozen=True)
class ReceiptOnPaper:
    """A fiscal receipt read back from the paper (`whole`: its document ends with the cut)."""

    number: int
    kind: str  # a pos.till.fiscal.ReceiptKind value
    slip_number: str | None  # canonical: a slip's 13 digits, or an account's 11
    amount: Decimal | None  # None when the job broke before the total
    whole: bool
    job: str


@dataclass(frozen=True)
class SlipOnPaper:
    """A betting slip read back from the paper."""

    number: str  # canonical, 13 digits
    copy: bool
    whole: bool
    job: str


@dataclass
class Job:
    """One file of the paper folder: the documents its bytes hold."""

    name: str
    size: int
    receipts: list[ReceiptOnPaper] = field(default_factory=list)
    slips: list[SlipOnPaper] = field(default_factory=list)
    notes: int = 0
    partial: bool = False  # the job did not end with a cut


def read_job(path: Path) -> Job:
    """What the job file at `path` put on paper."""
    data = path.read_bytes()
    parts = data.split(CUT)
    job = Job(path.name, len(data), partial=bool(parts[-1]))
    for index, part in enumerate(parts):
        if not part:
            continue
        whole = index < len(parts) - 1
        text = part.decode("cp866", errors="replace")
        _read_document(job, text, whole)
    return job


def _read_document(job: Job, text: str, whole: bool) -> None:
    number = _RECEIPT_NO.search(text)
    if number is not None:
        job.receipts.append(_receipt(text, number, whole, job.name))
        return
    slip = _SLIP_NO.search(text)
    if slip is not None:
        copy = _COPY.search(text) is not None
        job.slips.append(SlipOnPaper("".join(slip.groups()), copy, whole, job.name))
        return
    if _NOTE in text:
        job.notes += 1


def _receipt(text: str, number: re.Match[str], whole: bool, name: str) -> ReceiptOnPaper:
    head = text[: number.start()]
    kind = next((kind for title, kind in _TITLES if title in head), "unknown")
    slip = _RECEIPT_SLIP.search(text, number.end())
    total = _TOTAL.search(text, number.end())
    amount = None
    if total is not None:
        digits = total.group(1).replace(" ", "").replace("\xa0", "").replace(",", ".")
        amount = Decimal(digits)
    return ReceiptOnPaper(
        int(number.group(1)),
        kind,
        "".join(g for g in slip.groups() if g) if slip else None,
        amount,
        whole,
        name,
    )


def read_folder(folder: Path, *, last: int | None = None) -> list[Job]:
    """The jobs of a paper folder in the order printed (only the `last` ones if given)."""
    paths = sorted(folder.glob("*.bin")) if folder.is_dir() else []
    if last is not None:
        paths = paths[-last:]
    return [read_job(path) for path in paths]


def receipts_of(jobs: list[Job]) -> list[ReceiptOnPaper]:
    return [receipt for job in jobs for receipt in job.receipts]


def slips_of(jobs: list[Job]) -> list[SlipOnPaper]:
    return [slip for job in jobs for slip in job.slips]
