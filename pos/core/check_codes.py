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


def keyed_code(serial: int, secret: bytes, digits: int, purpose: str = "") -> str:
    """`digits` digits of an HMAC-SHA256 of the serial (after `purpose`) under `secret`."""
    message = f"{purpose}{serial}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:8], 'big') % 10**digits:0{digits}d}"


def check_digits(body: str) -> str:
    """The two ISO 7064 MOD 97-10 check digits that make `body` + them ≡ 1 (mod 97)."""
    return f"{98 - (int(body) * 100) % 97:02d}"


def digits_that_check(text: object, length: int) -> str | None:
    """The `length` digits typed or scanned as `text` (spaces, tabs and dashes ignored) when
    their check digits hold, else None."""
    raw = text if isinstance(text, str) else ""
    digits = "".join(ch for ch in raw if ch not in " -\t")
    if len(digits) != length or not digits.isascii() or not digits.isdigit():
        return None
    return digits if int(digits) % 97 == 1 else None
