"""The register of claims as shop rules (issue 37, p.14–p.16): what a video is, that a decision
needs its reason and is final, and the desk's cases on the fakes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from pos.claims import wording
from pos.claims.claims import (
    Claim,
    ClaimState,
    Decision,
    decided,
    evidence_of,
    is_video,
)
from pos.claims.errors import ClaimDecided, ClaimReasonRequired, TooMuchEvidence
from pos.claims.inputs import MOST_EVIDENCE, evidence_items
from pos.core.input_errors import InvalidText
from pos.shop.desk import Desk
from pos.shop.services import Shop

AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "item",
    [
        "видеозапись с камеры зала",
        "Видео с телефона",
        "запись камеры наблюдения",
        "записи с камеры у кассы",
        "камеры видеонаблюдения",
        "ролик трансляции",
        "match.MP4",
        "clip.mov на флешке",
        "video from the stream",
    ],
)
def test_p14_a_video_is_no_evidence(item: str) -> None:
    assert is_video(item)
    (kept,) = evidence_of([item])
    assert (kept.text, kept.counts) == (item, False)  # kept in the claim, not taken


@pytest.mark.parametrize(
    "item",
    ["чек 17", "купон № 00000004-149-67", "протокол матча", "паспорт MP1234567", "фото табло",
     "выписка по счёту", "запись в журнале выплат № 3"],
)  # fmt: skip
def test_p14_documents_are_evidence(item: str) -> None:
    assert not is_video(item)
    assert evidence_of([item, ""])[0].counts


def _claim() -> Claim:
    return Claim("M1", 7, AT, "0000000412345", "спор", evidence_of(["чек", "видео"]), "anna", "К1")


def test_p15_a_decision_needs_its_reason() -> None:
    with pytest.raises(ClaimReasonRequired):
        decided(_claim(), Decision(True, "", "boss", AT))


def test_p16_a_decision_is_final() -> None:
    once = decided(_claim(), Decision(False, "нет оснований", "boss", AT))
    assert once.state is ClaimState.REJECTED and once.taken == ("чек",)
    with pytest.raises(ClaimDecided, match="суде"):
        decided(once, Decision(True, "передумали", "boss", AT))


def test_the_players_documents_are_listed_one_a_line_and_not_without_end() -> None:
    assert evidence_items("чек 17\n\n  купон  \n") == ("чек 17", "купон")
    assert evidence_items(None) == ()
    with pytest.raises(TooMuchEvidence):
        evidence_items([f"чек {n}" for n in range(MOST_EVIDENCE + 1)])
    with pytest.raises(InvalidText):
        evidence_items(17)


def test_p15_an_upheld_claim_says_the_money_goes_the_usual_way() -> None:
    upheld = decided(_claim(), Decision(True, "ошибка ввода результата", "boss", AT))
    said = wording.decided(upheld)
    assert "окончательное" in said and "исправлением результата" in said
    assert "исправлением" not in wording.decided(
        decided(_claim(), Decision(False, "нет оснований", "boss", AT))
    )


def test_p14_a_cashier_records_and_a_manager_decides_on_the_fakes(demo_shop: Shop) -> None:
    anna: Desk = demo_shop.login("anna", "4821")
    boss: Desk = demo_shop.login("boss", "9911")
    slip = anna.accept_bet([(101, "1")], stake="5").number
    first = anna.record_claim(slip, text="спор", evidence=["чек", "видео.mp4"])
    second = anna.record_claim(slip, text="ещё спор")
    assert (first.number, second.number, first.not_taken) == (1, 2, ("видео.mp4",))
    assert boss.decide_claim(2, upheld=True, reason="ошибка").state is ClaimState.UPHELD
    assert [c.state for c in boss.claims(AT.date(), AT.date())] == [
        ClaimState.OPEN,
        ClaimState.UPHELD,
    ]
