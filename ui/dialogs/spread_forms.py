"""The dialogs of the «Спрэдбет» page (issue 19), each a DeskCallDialog around one use case:
a bet's stake, its close and cancellation, a manager's quote and asset (the account's deposit
and block are ui.dialogs.account_forms'). The facts each reads back come from pos; the checks
are all pos's."""

from __future__ import annotations

from decimal import Decimal
from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from pos.accounts.use_cases import AccountView
from pos.core.money import format_money
from pos.shop.desk import Desk
from pos.spread.assets import Asset, AssetKind, Quote
from pos.spread.bets import Closing, Direction, SpreadBet, close_price, open_price
from pos.spread.numbers import display_spread_number
from pos.spread.papers import DIRECTION_WORDS, price_text
from pos.spread.quotes import QuoteSet
from pos.spread.use_cases import AssetQuote, Position
from ui.dialogs.account_forms import account_line
from ui.dialogs.desk_call import DeskCallDialog
from ui.models.spread_models import price_in, quote_words, signed_money
from ui.tasks import TaskRunner

KIND_WORDS = {AssetKind.FUTURE: "фьючерс", AssetKind.SHARE: "акция", AssetKind.INDEX: "индекс"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("spread", text)


def _amount(value: Decimal) -> str:
    """A price, a point or a level as typed back into a field: 0.01 → "0,01"."""
    return price_text(value)


# --- the desk calls (module functions: a dialog's worker call never holds a widget) -----------


def _open_spread(
    number: str, code: str, direction: Direction, desk: Desk, texts: tuple[str, ...]
) -> SpreadBet:
    return desk.open_spread(number, code, direction.value, stake=texts[0])


def _close_spread(number: str, desk: Desk, texts: tuple[str, ...]) -> Closing:
    return desk.close_spread(number, stake=texts[0])


def _cancel_spread(number: str, desk: Desk, _texts: tuple[str, ...]) -> SpreadBet:
    return desk.cancel_spread(number)


def _set_quote(code: str, desk: Desk, texts: tuple[str, ...]) -> QuoteSet:
    return desk.set_quote(code, bid=texts[0], ask=texts[1])


def _add_asset(desk: Desk, texts: tuple[str, ...]) -> Asset:
    code, name, kind, point, margin, maintenance, low, high = texts
    return desk.add_asset(
        code,
        name=name,
        kind=kind,
        point=point,
        margin_points=margin,
        maintenance=maintenance,
        min_stake=low,
        max_stake=high,
    )


# --- the facts read back ----------------------------------------------------------------------


def bet_line(bet: SpreadBet) -> str:
    """«Ставка 0000001-234-56 · BRENT · вверх (покупка)»"""
    return _tr("Ставка {number} · {asset} · {direction}").format(
        number=display_spread_number(bet.number),
        asset=bet.asset,
        direction=DIRECTION_WORDS[bet.direction],
    )


def _asset_facts(asset: Asset, quote: Quote | None) -> str:
    return _tr("{code} — {name}, пункт {point}\nБид / аск: {quote}").format(
        name=asset.name,
        code=asset.code,
        point=price_text(asset.point),
        quote=quote_words(quote, asset.point),
    )


# --- the counter's dialogs ----------------------------------------------------------------------


def stake_dialog(
    desk: Desk,
    runner: TaskRunner,
    view: AccountView,
    listed: AssetQuote,
    direction: Direction,
    parent: QWidget,
) -> DeskCallDialog:
    """A new bet up (at the ask) or down (at the bid) on the asset, per point (p.28–p.30)."""
    asset, quote = listed.asset, listed.quote
    call = partial(_open_spread, view.number, asset.code, direction)
    dialog = DeskCallDialog(
        desk, runner, call, name="stake_dialog", title=_tr("Ставка «Спрэдбет»"),
        heading=_tr("Ставка {direction}: {code}").format(
            direction=DIRECTION_WORDS[direction], code=asset.code
        ),
        action=_tr("Открыть ставку (Enter)"), parent=parent,
    )  # fmt: skip
    price = price_in(open_price(direction, quote), asset.point) if quote else "—"
    dialog.set_facts(
        "\n".join(
            (
                account_line(view),
                _asset_facts(asset, quote),
                _tr("Ставка откроется по цене {price}.").format(price=price),
            )
        )
    )
    dialog.set_note(
        _tr(
            "Ставка за пункт от {low} до {high} руб. На счёте блокируется маржа: "
            "{points} пунктов на каждый рубль ставки."
        ).format(
            low=format_money(asset.min_stake),
            high=format_money(asset.max_stake),
            points=asset.margin_points,
        )
    )
    dialog.add_field("stake_per_point", _tr("Ставка за пункт, руб."), placeholder="0,00")
    return dialog


def close_dialog(
    desk: Desk,
    runner: TaskRunner,
    position: Position,
    quote: Quote | None,
    parent: QWidget,
) -> DeskCallDialog:
    """The whole open stake or a part of it closed at the quote in force (p.31–p.35)."""
    bet = position.bet
    dialog = DeskCallDialog(
        desk, runner, partial(_close_spread, bet.number), name="close_dialog",
        title=_tr("Закрытие ставки"), heading=_tr("Закрыть ставку"),
        action=_tr("Закрыть (Enter)"), parent=parent,
    )  # fmt: skip
    now = price_in(close_price(bet.direction, quote), bet.point) if quote else "—"
    result = "—" if position.open_result is None else signed_money(position.open_result)
    dialog.set_facts(
        "\n".join(
            (
                bet_line(bet),
                _tr("Открыта по {price}; открыто {open} из {stake} руб. за пункт.").format(
                    price=price_in(bet.open_price, bet.point),
                    open=format_money(bet.stake_open),
                    stake=format_money(bet.stake),
                ),
                _tr("Закрытие по цене {price}: результат открытой части {result} руб.").format(
                    price=now, result=result
                ),
            )
        )
    )
    dialog.set_note(_tr("Можно закрыть часть ставки: результат части сразу идёт на счёт."))
    dialog.add_field("close_stake", _tr("Закрыть за пункт, руб."), format_money(bet.stake_open))
    return dialog


def cancel_dialog(
    desk: Desk, runner: TaskRunner, bet: SpreadBet, parent: QWidget
) -> DeskCallDialog:
    """A claim within 5 minutes of the confirmation (p.8): the bet void, its margin free."""
    dialog = DeskCallDialog(
        desk, runner, partial(_cancel_spread, bet.number), name="cancel_spread_dialog",
        title=_tr("Отмена ставки"), heading=_tr("Отменить ставку?"),
        action=_tr("Отменить ставку (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts(bet_line(bet))
    dialog.set_note(
        _tr(
            "Претензии принимаются в течение 5 минут после выдачи подтверждения (п. 8 Правил): "
            "ставка аннулируется, маржа освобождается."
        )
    )
    return dialog


# --- the manager's dialogs ----------------------------------------------------------------------


def quote_dialog(
    desk: Desk, runner: TaskRunner, listed: AssetQuote, parent: QWidget
) -> DeskCallDialog:
    """A new version of the asset's quote; pos closes the bets it takes below maintenance."""
    asset, quote = listed.asset, listed.quote
    dialog = DeskCallDialog(
        desk, runner, partial(_set_quote, asset.code), name="quote_dialog",
        title=_tr("Котировка"), heading=_tr("Новая котировка: {code}").format(code=asset.code),
        action=_tr("Установить (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts(_asset_facts(asset, quote))
    dialog.set_note(
        _tr(
            "Цены — целое число пунктов, аск выше бида. Ставки, у которых маржа с результатом "
            "окажется ниже уровня поддержания, букмекер закроет по этой котировке (п. 36)."
        )
    )
    point = asset.point
    bid, ask = (price_in(quote.bid, point), price_in(quote.ask, point)) if quote else ("", "")
    dialog.add_field("quote_bid", _tr("Бид (продажа)"), bid)
    dialog.add_field("quote_ask", _tr("Аск (покупка)"), ask)
    return dialog


def asset_dialog(
    desk: Desk, runner: TaskRunner, asset: Asset | None, parent: QWidget
) -> DeskCallDialog:
    """A new asset (None) or the terms of one (its point, margin and maintenance only while
    no bet on it is open: pos says so)."""
    dialog = DeskCallDialog(
        desk, runner, _add_asset, name="asset_dialog", title=_tr("Актив"),
        heading=_tr("Новый актив") if asset is None else _tr("Условия актива {code}").format(
            code=asset.code
        ),
        action=_tr("Сохранить (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_note(_tr("Пункт — шаг цены; маржа — пунктов на рубль ставки (п. 25–27)."))
    code = dialog.add_field("asset_code", _tr("Код"), asset.code if asset else "", "BRENT")
    code.setReadOnly(asset is not None)
    texts = _asset_texts(asset)
    name = dialog.add_field("asset_name", _tr("Название"), texts[0], wide=True)
    dialog.add_choice("asset_kind", _tr("Вид"), list(KIND_WORDS.values()), texts[1])
    labels = (
        ("asset_point", _tr("Пункт"), "0,01"),
        ("asset_margin", _tr("Маржа, пунктов"), "100"),
        ("asset_maintenance", _tr("Уровень поддержания"), "0,5"),
        ("asset_min_stake", _tr("Мин. ставка за пункт, руб."), "0,10"),
        ("asset_max_stake", _tr("Макс. ставка за пункт, руб."), "50,00"),
    )
    for (field, label, example), text in zip(labels, texts[2:], strict=True):
        dialog.add_field(field, label, text, example)
    if asset is not None:  # the code is kept: the cursor starts at the name
        name.setFocus()
        name.selectAll()
    return dialog


def _asset_texts(asset: Asset | None) -> tuple[str, ...]:
    if asset is None:
        return ("", KIND_WORDS[AssetKind.FUTURE], "", "", "", "", "")
    return (
        asset.name,
        KIND_WORDS[asset.kind],
        _amount(asset.point),
        str(asset.margin_points),
        _amount(asset.maintenance),
        format_money(asset.min_stake),
        format_money(asset.max_stake),
    )
