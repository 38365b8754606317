"""What the register of claims takes as typed: the claim's words, the player's documents,
the decision's reason, each checked before it is stored (issue 15's rules, pos.core.inputs)."""

from __future__ import annotations

from pos.claims.errors import TooMuchEvidence
from pos.core.input_errors import InvalidText
from pos.core.inputs import clean_text

# The columns' lengths (db.tables.claims).
TEXT = 1000
EVIDENCE = 200
REASON = 500
REMEDY = 300
MOST_EVIDENCE = 20  # items of one claim: a page pasted line by line is not a list of papers


def claim_text(value: object) -> str:
    """What the player claims, as stored ("" when nothing was typed)."""
    return clean_text(value, "claim_text", TEXT)


def evidence_items(value: object) -> tuple[str, ...]:
    """The documents the player presented: a list of items, or text with one item a line;
    empty items left out.

    Raises:
        InvalidText: an item that is not text or does not fit; TooMuchEvidence.
    """
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.splitlines()
    if not isinstance(value, list | tuple):
        raise InvalidText("claim_evidence", "not_text")
    if len(value) > MOST_EVIDENCE * 4:  # before cleaning thousands of blank lines
        raise TooMuchEvidence(len(value), MOST_EVIDENCE)
    items = tuple(
        item for item in (clean_text(v, "claim_evidence", EVIDENCE) for v in value) if item
    )
    if len(items) > MOST_EVIDENCE:
        raise TooMuchEvidence(len(items), MOST_EVIDENCE)
    return items


def reason_text(value: object) -> str:
    """The decision's reason as stored ("" when none: the decision refuses it, p.15)."""
    return clean_text(value, "claim_reason", REASON)


def remedy_text(value: object) -> str:
    """What is to be done next through the ordinary use cases, as stored ("" for nothing)."""
    return clean_text("" if value is None else value, "claim_remedy", REMEDY)


def upheld_flag(value: object) -> bool:
    """The decision itself: upheld (True) or not (False), nothing else.

    Raises:
        InvalidText: anything but a bool.
    """
    if not isinstance(value, bool):
        raise InvalidText("claim_upheld", "unknown")
    return value
