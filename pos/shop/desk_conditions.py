"""The published conditions at the desk (issue 37, p.6)."""

from __future__ import annotations


class ConditionsDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""
