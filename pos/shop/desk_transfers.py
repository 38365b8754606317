"""Cashless money at the desk (issue 37, p.7, p.17): transfers and remote coupons."""

from __future__ import annotations


class TransfersDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""
