"""Cash-out at the desk (issue 38): the offer for an open slip and its payment."""

from __future__ import annotations


class CashoutDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""
