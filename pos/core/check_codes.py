"""Numbers people type or scan, guarded twice: a keyed code and an ISO 7064 check.

A printed number is a serial, then a few digits of an HMAC of the serial under the shop's
secret (a forged number is caught 999 times in 1000 without the secret at three digits),
then 2 check digits of ISO 7064 MOD 97-10 over the rest (every single-digit typo and every
swap of two neighbouring digits is caught). Slip numbers (pos.betting.numbers) and account
numbers (pos.accounts.numbers) are both made so, each with a purpose of its own in the HMAC,
so that one is never the other's valid code.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass


@dataclass(frozen=True)
class NumberScheme:
    """How one kind of number is made: digits of serial, of keyed code, and the HMAC's
    purpose (empty for slips, whose numbers were made so first)."""

    serial_digits: int
    key_digits: int
    purpose: str = ""

    @property
    def length(self) -> int:
        return self.serial_digits + self.key_digits + 2

    def make(self, serial: int, secret: bytes) -> str:
        """The printed number of this serial.

        Raises:
            ValueError: the serial is not from 1 to what its digits hold.
        """
        if not 1 <= serial < 10**self.serial_digits:
            raise ValueError(f"serial out of range: {serial}")
        body = f"{serial:0{self.serial_digits}d}{self._key(serial, secret)}"
        return body + f"{98 - (int(body) * 100) % 97:02d}"

    def parse(self, text: object, secret: bytes) -> str | None:
        """The number typed or scanned as `text` when both its codes hold, else None."""
        digits = self.checked(text)
        if digits is None:
            return None
        serial = int(digits[: self.serial_digits])
        if serial == 0 or digits[self.serial_digits : -2] != self._key(serial, secret):
            return None
        return digits

    def checked(self, text: object) -> str | None:
        """The digits typed or scanned as `text` (spaces, tabs and dashes ignored) when their
        check digits hold, else None (the keyed code needs the secret: `parse`)."""
        raw = text if isinstance(text, str) else ""
        digits = "".join(ch for ch in raw if ch not in " -\t")
        if len(digits) != self.length or not digits.isascii() or not digits.isdigit():
            return None
        return digits if int(digits) % 97 == 1 else None

    def _key(self, serial: int, secret: bytes) -> str:
        message = f"{self.purpose}{serial}".encode()
        digest = hmac.new(secret, message, hashlib.sha256).digest()
        return f"{int.from_bytes(digest[:8], 'big') % 10**self.key_digits:0{self.key_digits}d}"
