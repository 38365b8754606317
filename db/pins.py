"""PIN hashing with argon2id (argon2-cffi), the pos.core.ports.PinHasher `main.py` builds; tests
may inject a cheaper hasher."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


class Argon2PinHasher:
    """argon2id with the OWASP minimum cost (19 MiB, t=2), so that a sign-in stays under 0.2 s.

    A 4–8 digit PIN cannot be protected offline by any hash; the real protection is the
    lock after five wrong PINs (notes/reliability.md, finding 9).
    """

    def __init__(self, *, time_cost: int = 2, memory_cost: int = 19_456, parallelism: int = 1):
        self._hasher = PasswordHasher(
            time_cost=time_cost, memory_cost=memory_cost, parallelism=parallelism
        )

    def hash(self, pin: str) -> str:
        return str(self._hasher.hash(pin))

    def verify(self, pin_hash: str, pin: str) -> bool:
        try:
            return bool(self._hasher.verify(pin_hash, pin))
        except (VerificationError, InvalidHashError):
            return False
