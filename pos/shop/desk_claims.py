"""The register of claims at the desk (issue 37, p.14–p.16)."""

from __future__ import annotations

from pos.claims import use_cases as claims_cases
from pos.core.context import use_case


class ClaimsDesk:
    """The desk's use cases of this trade; `pos.shop.desk.Desk` inherits them."""

    record_claim = use_case(claims_cases.record_claim)  # every user takes a claim (p.14)
    decide_claim = use_case(claims_cases.decide_claim)  # a manager's, final (p.15, p.16)
    claim = use_case(claims_cases.claim)
    claims = use_case(claims_cases.claims)
    print_claim_answer = use_case(claims_cases.print_claim_answer)
    print_claims = use_case(claims_cases.print_claims)
    export_claims_pdf = use_case(claims_cases.export_claims_pdf)
