"""A player's claim and its rules (p.14–p.16): what a video is, and that a decision is final."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from pos.claims.errors import ClaimDecided, ClaimReasonRequired, ClaimTextRequired

# p.14: «Видеопросмотр доказательством не является». An item names a video when it says so
# (видео…, video, ролик), is a recording of a camera («запись камеры», «камеры наблюдения»),
# or is a video file by its extension; it is kept in the claim, marked as no evidence.
_VIDEO = re.compile(
    r"видео|video|ролик|запис\w*\s+(?:\w+\s+)?камер|камер\w*\s+(?:видео)?наблюден"
    r"|\.(?:mp4|avi|mov|mkv|wmv|3gp|webm|m4v|mpe?g|flv)\b",
    re.IGNORECASE,
)


class ClaimState(enum.StrEnum):
    """Where a claim stands: waiting for the bookmaker, or decided one way (p.15)."""

    OPEN = "open"
    UPHELD = "upheld"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Evidence:
    """One thing the player presented, as written; `counts` False: a video, no evidence."""

    text: str
    counts: bool


@dataclass(frozen=True)
class Decision:
    """The bookmaker's decision on a claim (p.15): upheld or not, why, what is to be done with
    the money through the ordinary use cases (`remedy`), who decided and when."""

    upheld: bool
    reason: str
    decided_by: str
    decided_at: datetime
    remedy: str = ""


@dataclass(frozen=True)
class Claim:
    """A claim in the register of an office, numbered 1..N there without gaps.

    Attributes:
        slip_number: the slip it is about (canonical digits).
        payout: the number of the journal entry it is about (None: about the slip).
        decision: None while the claim waits; once made it is final (p.16).
    """

    office: str
    number: int
    received_at: datetime
    slip_number: str
    text: str
    evidence: tuple[Evidence, ...]
    recorded_by: str
    terminal: str
    payout: int | None = None
    decision: Decision | None = None

    @property
    def state(self) -> ClaimState:
        if self.decision is None:
            return ClaimState.OPEN
        return ClaimState.UPHELD if self.decision.upheld else ClaimState.REJECTED

    @property
    def taken(self) -> tuple[str, ...]:
        """What the player presented that is evidence (p.14)."""
        return tuple(item.text for item in self.evidence if item.counts)

    @property
    def not_taken(self) -> tuple[str, ...]:
        """What the player presented that is no evidence: videos (p.14)."""
        return tuple(item.text for item in self.evidence if not item.counts)


def is_video(text: str) -> bool:
    """True when an item of evidence names a video (p.14: a video is no evidence)."""
    return _VIDEO.search(text) is not None


def evidence_of(items: Iterable[str]) -> tuple[Evidence, ...]:
    """The items as kept, empty ones left out, each marked whether it counts (p.14)."""
    return tuple(Evidence(item, not is_video(item)) for item in items if item)


def require_text(text: str) -> str:
    """The claim's words, which it cannot be without.

    Raises:
        ClaimTextRequired: nothing said.
    """
    if not text:
        raise ClaimTextRequired()
    return text


def decided(claim: Claim, decision: Decision) -> Claim:
    """The claim with its decision (p.15).

    Raises:
        ClaimDecided: it was decided before; the decision is final (p.16: then the courts).
        ClaimReasonRequired: no reason given.
    """
    if claim.decision is not None:
        raise ClaimDecided(claim.number)
    if not decision.reason:
        raise ClaimReasonRequired()
    return replace(claim, decision=decision)
