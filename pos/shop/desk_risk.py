"""The risk desk at the desk (issue 38): the liability board and the outcomes' caps."""

from __future__ import annotations


class LiabilityDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""
