"""The port of the register of remote coupons (p.17; issue 37): what pos/ needs stored."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the room's type the port carries; core imports no room (README)
    from pos.coupons.rules import Coupon


class CouponRepository(Protocol):
    """Every coupon registered, once by its number and once by the slip it made."""

    def add(self, coupon: Coupon) -> None:
        """Record a coupon (its unique number and slip are the last guard of "once")."""
        ...

    def get(self, number: str) -> Coupon | None:
        """The coupon of this number, or None."""
        ...

    def of_slip(self, slip_number: str) -> Coupon | None:
        """The coupon that made this slip (its full number), or None."""
        ...

    def listed(self, limit: int = 200) -> list[Coupon]:
        """The last coupons registered, newest first."""
        ...
