"""What the coupons page says after each action, and the words of its table (p.17, issue 37)."""

from __future__ import annotations

from pos.accounts.transfer_rules import Transfer
from pos.betting.slips import Slip, SlipStatus
from pos.core.money import format_roubles
from pos.core.wording import display_slip_number, plural
from pos.coupons.rules import Coupon, PaidBy
from pos.payouts.journal import JournalEntry

STATUS_WORDS = {
    SlipStatus.OPEN: "принят",
    SlipStatus.WON: "выигрыш к выплате",
    SlipStatus.REFUND: "возврат ставки к выплате",
    SlipStatus.LOST: "проигрыш",
    SlipStatus.PAID: "выплачен",
    SlipStatus.CANCELLED: "отменён",
    SlipStatus.CASHED_OUT: "выкуплен",  # issue 38
}


def paid_by_words(coupon: Coupon) -> str:
    """How the coupon's stake came: «перевод со счёта BY…» or «почтовый перевод»."""
    if coupon.paid_by is PaidBy.TRANSFER:
        return f"перевод со счёта {coupon.bank_account}"
    return "почтовый перевод"


def status_words(slip: Slip) -> str:
    """The coupon's slip as the table says it."""
    return STATUS_WORDS.get(slip.status, slip.status.value)


def registered(slip: Slip) -> str:
    """After `register_coupon`."""
    return (
        f"Купон № {slip.coupon} зарегистрирован: выдан купон ставки "
        f"№ {display_slip_number(slip.number)}, ставка {format_roubles(slip.stake)}, "
        f"возможный выигрыш {format_roubles(slip.possible_payout)}; отправьте его игроку."
    )


def paid_by_order(transfer: Transfer) -> str:
    """After `pay_coupon`."""
    where = f"на счёт {transfer.bank_account}" if transfer.bank_account else "почтовым переводом"
    return (
        f"Выигрыш по купону № {transfer.reference} {format_roubles(transfer.amount)} "
        f"отправлен {where}, поручение № {transfer.order.number} от "
        f"{transfer.order.on:%d.%m.%Y}."
    )


def paid_in_cash(entry: JournalEntry) -> str:
    """After `pay_coupon_in_cash`."""
    return (
        f"Выплачено по ведомости {format_roubles(entry.amount)}: купон ставки "
        f"№ {display_slip_number(entry.slip_number)}, запись журнала № {entry.number}."
    )


def listed(count: int) -> str:
    """The list read."""
    if not count:
        return "Купонов пока нет."
    return f"В списке {plural(count, 'купон', 'купона', 'купонов')}, последние сверху."
