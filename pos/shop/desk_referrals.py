"""Big stakes referred to a manager at the desk (issue 38)."""

from __future__ import annotations


class ReferralsDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""
