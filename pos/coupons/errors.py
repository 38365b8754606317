"""The remote coupons' refusals (p.17, issue 37), each rendering one Russian sentence."""

from __future__ import annotations

from datetime import date

from pos.core.errors import DomainError
from pos.core.wording import display_slip_number

_FIELDS = {
    "number": "номер купона (буквы, цифры, «-» или «/», до 20 знаков)",
    "paid_by": "способ оплаты ставки: перевод со счёта или карты либо почтовый перевод",
    "paid_how": "способ выплаты: платёжное поручение или почтовый перевод",
    "player": "документ игрока, указанный в купоне",
    "legs": "список ставок: код события и исход через пробел, ставки через «;»",
    "bank_account": "банковский счёт игрока, с которого пришла ставка",
}


class InvalidCoupon(DomainError):
    """A coupon's field as typed that is not one (`field`: a key of _FIELDS)."""

    def __init__(self, field: str, text: str) -> None:
        self.field = field
        self.text = text
        super().__init__()

    def message(self) -> str:
        typed = f"«{self.text}»" if self.text else "пусто"
        return f"Купон не зарегистрирован ({typed}): нужен {_FIELDS[self.field]}."


class CouponRegistered(DomainError):
    """The same coupon registered twice: it made a slip already."""

    def __init__(self, number: str, slip_number: str) -> None:
        self.number = number
        self.slip_number = slip_number
        super().__init__()

    def message(self) -> str:
        slip = display_slip_number(self.slip_number)
        return (
            f"Купон № {self.number} уже зарегистрирован: по нему выдан купон ставки № {slip}, "
            "второй раз он не принимается."
        )


class CouponOrderRecorded(DomainError):
    """A payment order already recorded as another coupon's stake (once among all transfers)."""

    def __init__(self, number: str, on: date, coupon: str) -> None:
        self.number = number
        self.on = on
        self.coupon = coupon
        super().__init__()

    def message(self) -> str:
        return (
            f"Платёжное поручение № {self.number} от {self.on:%d.%m.%Y} уже записано как "
            f"ставка по купону № {self.coupon}: одно поручение зачисляется один раз."
        )


class NotACoupon(DomainError):
    """A coupon's payment asked for a slip that was not registered from a coupon."""

    def __init__(self, slip_number: str) -> None:
        self.slip_number = slip_number
        super().__init__()

    def message(self) -> str:
        slip = display_slip_number(self.slip_number)
        return (
            f"Купон ставки № {slip} принят не по купону игрока: он выплачивается в кассе, "
            "на странице выплат."
        )


class PaidAsCoupon(DomainError):
    """A coupon's slip brought to the cash payouts page: it is paid where its stake came from
    (p.17), never by the ordinary cash payout."""

    def __init__(self, slip_number: str, coupon: str, bank_account: str) -> None:
        self.slip_number = slip_number
        self.coupon = coupon
        self.bank_account = bank_account  # "" when the stake came by postal order
        super().__init__()

    def message(self) -> str:
        slip = display_slip_number(self.slip_number)
        if self.bank_account:
            return (
                f"Купон № {slip} принят по купону № {self.coupon} со ставкой переводом: "
                f"выигрыш перечисляется только на счёт {self.bank_account}, с которого "
                "пришла ставка, наличными он не выплачивается."
            )
        return (
            f"Купон № {slip} принят по купону № {self.coupon} со ставкой почтовым переводом: "
            "выигрыш выплачивается платёжным поручением, почтовым переводом или наличными по "
            "ведомости на странице «Купоны»."
        )


class WrongBankAccount(DomainError):
    """A coupon's win sent by order elsewhere than p.17 allows."""

    def __init__(self, coupon: str, expected: str, chosen: str) -> None:
        self.coupon = coupon
        self.expected = expected  # the stake's bank account ("" a postal coupon)
        self.chosen = chosen
        super().__init__()

    def message(self) -> str:
        if self.expected:
            other = f"на счёт {self.chosen}" if self.chosen else "почтовым переводом"
            return (
                f"Выигрыш по купону № {self.coupon} не перечисляется {other}: ставка пришла со "
                f"счёта {self.expected}, выигрыш возвращается только на него."
            )
        return (
            f"Для выплаты по купону № {self.coupon} платёжным поручением укажите банковский "
            "счёт игрока (или выплатите почтовым переводом либо по ведомости)."
        )


class NotCouponPlayer(DomainError):
    """The document shown at the till for a payment list is not the coupon's player's."""

    def __init__(self, coupon: str, player: str) -> None:
        self.coupon = coupon
        self.player = player
        super().__init__()

    def message(self) -> str:
        return (
            f"Документ не совпадает с документом из купона № {self.coupon} (игрок "
            f"{self.player}): по ведомости выплачивается только ему."
        )
