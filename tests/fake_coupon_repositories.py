"""The register of remote coupons in memory (pos.core.coupon_ports; issue 37, p.17)."""

from __future__ import annotations

from pos.coupons.rules import Coupon

try:  # tests.fakes
    from tests.fake_repositories import FakeData
except ImportError:  # fakes, with tests/ on sys.path (python tests/screenshots.py)
    from fake_repositories import FakeData  # type: ignore[no-redef]


class FakeCoupons:
    """Coupons in the order registered, once by number and once by slip."""

    def __init__(self, data: FakeData) -> None:
        self._data = data

    def add(self, coupon: Coupon) -> None:
        if self.get(coupon.number) or self.of_slip(coupon.slip_number):
            raise AssertionError("the unique number or slip would refuse it")
        self._data.coupons.append(coupon)

    def get(self, number: str) -> Coupon | None:
        return next((c for c in self._data.coupons if c.number == number), None)

    def of_slip(self, slip_number: str) -> Coupon | None:
        return next((c for c in self._data.coupons if c.slip_number == slip_number), None)

    def listed(self, limit: int = 200) -> list[Coupon]:
        return list(reversed(self._data.coupons))[:limit]
