"""How a referral is told to the cashier, the manager and the report (issue 38)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos.core.money import format_money, format_roubles
from pos.core.wording import total_odds_words
from pos.risk.liability import OutcomeLiability
from pos.risk.liability_wording import outcome_name
from pos.risk.referrals import Decision, Referral, ReferralState

REPORT_TITLE = "Крупные ставки: решения менеджеров"
# The report's columns: a kind of decision each.
REPORT_COLUMNS = (
    (ReferralState.ACCEPTED, "Согласовано"),
    (ReferralState.CUT, "Снижена ставка"),
    (ReferralState.REFUSED, "Отклонено"),
    (ReferralState.LAPSED, "Без ответа"),
    (ReferralState.WITHDRAWN, "Отозвано"),
)
STATE_WORDS = {
    ReferralState.REFERRED: "ждёт решения",
    ReferralState.ACCEPTED: "согласована",
    ReferralState.CUT: "согласована с меньшей ставкой",
    ReferralState.REFUSED: "отклонена",
    ReferralState.LAPSED: "без ответа — отказ",
    ReferralState.WITHDRAWN: "отозвана кассиром",
    ReferralState.ISSUED: "купон выдан",
}


def decider_words(decision: Decision) -> str:
    """Who ended a referral, as the report's row names them."""
    if decision.state is ReferralState.LAPSED:
        return "время истекло"
    if decision.state is ReferralState.WITHDRAWN:
        return f"кассир {decision.decided_by}"
    return decision.decided_by


def referral_sentence(referral: Referral, now: datetime) -> str:  # noqa: PLR0911 - a state each
    """The one sentence the cashier's waiting view shows for the referral as it stands."""
    state = referral.state
    if state is ReferralState.REFERRED:
        return (
            f"Ставка {format_roubles(referral.stake)} ждёт решения менеджера: осталось "
            f"{referral.seconds_left(now)} с."
        )
    stake = referral.accepted_stake
    if state is ReferralState.CUT and stake is not None:
        return (
            f"Менеджер согласовал {format_money(stake)} вместо "
            f"{format_money(referral.stake)}. Enter — выдать купон, Esc — отказаться."
        )
    if state is ReferralState.ACCEPTED:
        return f"Менеджер согласовал ставку {format_roubles(referral.stake)}: купон выдаётся."
    if state is ReferralState.REFUSED:
        why = referral.decision.reason if referral.decision else ""
        return "Менеджер отклонил ставку" + (f": {why}." if why else ".")
    if state is ReferralState.LAPSED:
        return "Менеджер не ответил вовремя или событие началось: ставка не принята."
    if state is ReferralState.WITHDRAWN:
        return "Ставка отозвана: игрок не ждёт решения."
    return f"По крупной ставке № {referral.number} купон выдан."


def player_day_words(referrals: int, asked: Decimal, slips: int, staked: Decimal) -> str:
    """The player's day on the manager's page (pos.risk.referral_board.PlayerDay)."""
    if not referrals:
        return "сегодня других крупных ставок не было"
    return (
        f"сегодня к менеджеру: {referrals} на {format_roubles(asked)}; "
        f"выдано купонов: {slips} на {format_roubles(staked)}"
    )


def liability_words(row: OutcomeLiability) -> str:
    """One outcome's liability beside a referral: the chain's payout if it happens, and cap."""
    return (
        f"{outcome_name(row)}: купонов {row.chain.slips}, выплата, если сыграет, "
        f"{format_roubles(row.chain.payout)} (предел {format_roubles(row.cap)})"
    )


def seconds_words(seconds: int) -> str:
    """A countdown's cell: «45 с»."""
    return f"{seconds} с"


NONE_WAITING = "Крупных ставок, ждущих решения, нет."


def decided_words(referral: Referral) -> str:
    """The manager's page after a decision: what was decided and where it goes."""
    return (
        f"Крупная ставка № {referral.number} {STATE_WORDS[referral.state]}: решение ушло на "
        f"кассу {referral.terminal}."
    )


def terms_words(referral: Referral) -> str:
    """«5 000,00 × 2,10 = 10 500,00»: the stake asked, its odds and payout when sent."""
    return (
        f"{format_money(referral.stake)} × {total_odds_words(referral.total_odds)} = "
        f"{format_money(referral.possible_payout)}"
    )


def waiting_notice(count: int) -> str:
    """The manager's window's status bar while referrals wait («Крупные ставки», F-key)."""
    return f"Крупные ставки ждут: {count}"
