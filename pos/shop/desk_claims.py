"""The register of claims at the desk (issue 37, p.14–p.16)."""

from __future__ import annotations


class ClaimsDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""
