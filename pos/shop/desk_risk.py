"""The risk desk at the desk (issue 38): the liability board and the outcomes' caps."""

from __future__ import annotations

from pos.core.context import use_case
from pos.risk import liability_cases


class LiabilityDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""

    liability = use_case(liability_cases.liability)  # managers' (Permission.RISK)
    set_liability_cap = use_case(liability_cases.set_liability_cap)  # Permission.EDIT_LINE
    suspend_outcome = use_case(liability_cases.suspend_outcome)
    resume_outcome = use_case(liability_cases.resume_outcome)
    export_liability = use_case(liability_cases.export_liability)
