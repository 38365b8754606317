"""The published conditions at the desk (issue 37, p.6)."""

from __future__ import annotations

from pos.conditions import use_cases as conditions_cases
from pos.core.context import use_case


class ConditionsDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""

    # Everyone reads and prints them: a cashier shows them to a player (p.6, p.9).
    conditions = use_case(conditions_cases.conditions)
    print_conditions = use_case(conditions_cases.print_conditions)
