"""The dialogs of the «Спрэдбетэкс» page (issue 20), each a DeskCallDialog around one use case:
an offer made, one accepted in whole or in part, the unaccepted part changed or withdrawn. The
facts each reads back come from pos; the checks are all pos's."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from pos.accounts.use_cases import AccountView
from pos.core.money import format_money, format_roubles
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, Pari
from pos.shop.desk import Desk
from ui.dialogs.account_forms import account_line
from ui.dialogs.desk_call import DeskCallDialog
from ui.models.exchange_models import coefficient_text, coefficient_words, side_meaning
from ui.tasks import TaskRunner

SIDES = ("бэк", "лэй")  # as pos reads them (pos.exchange.terms.parse_side: also «за», «против»)


def _tr(text: str) -> str:
    return QCoreApplication.translate("exchange", text)


# --- the desk calls (module functions: a dialog's worker call never holds a widget) -----------


def _offer(number: str, desk: Desk, texts: tuple[str, ...]) -> Offer:
    event, market, side, coefficient, stake = texts
    return desk.offer_pari(
        number, event=event, market=market, side=side, coefficient=coefficient, stake=stake
    )


def _accept(account: str, offer: str, desk: Desk, texts: tuple[str, ...]) -> Pari:
    return desk.accept_pari(account, offer, stake=texts[0])


def _change(number: str, shown: tuple[str, str], desk: Desk, texts: tuple[str, ...]) -> Offer:
    # A term left as it was shown is not sent: another player may have accepted more of the
    # offer since, and resending the open stake read then would offer it again (p.44).
    coefficient, stake = (
        None if text == was else text for text, was in zip(texts, shown, strict=True)
    )
    return desk.change_offer(number, coefficient=coefficient, stake=stake)


def _withdraw(number: str, desk: Desk, _texts: tuple[str, ...]) -> Offer:
    return desk.withdraw_offer(number)


# --- the facts read back ----------------------------------------------------------------------


def offer_facts(offer: Offer, about: str) -> str:
    """«Предложение № 0000001-234-56», the event and outcome, then its terms."""
    return "\n".join(
        (
            _tr("Предложение № {number}").format(number=display_exchange_number(offer.number)),
            about,
            _tr("Предложено: {side}, {coefficient}; открыто {open} из {stake}").format(
                side=side_meaning(offer.side),
                coefficient=coefficient_words(offer.coefficient),
                open=format_roubles(offer.stake_open),
                stake=format_roubles(offer.stake),
            ),
        )
    )


# --- the dialogs ------------------------------------------------------------------------------


def offer_dialog(
    desk: Desk,
    runner: TaskRunner,
    view: AccountView,
    typed: tuple[str, str],
    parent: QWidget,
) -> DeskCallDialog:
    """A new offer (p.41): the event and outcome (`typed`: those of the offer chosen on the
    board, if any), the side, the coefficient and the stake, in one dialog."""
    dialog = DeskCallDialog(
        desk, runner, partial(_offer, view.number), name="offer_dialog",
        title=_tr("Предложение пари"), heading=_tr("Предложить пари «Спрэдбетэкс»"),
        action=_tr("Предложить (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts(account_line(view))
    dialog.set_note(
        _tr(
            "Бэк — исход наступит, лэй — не наступит. Коэффициент k — выигрыш бэка на рубль "
            "ставки; в линии тот же шанс — кф k + 1 (k 1,50 — кф 2,50). Блокируется: у бэка "
            "ставка, у лэя ставка × k. Предложение действует до начала события (п. 46)."
        )
    )
    event, market = typed
    code = dialog.add_field("offer_event", _tr("Событие (код)"), event, "101")
    dialog.add_field("offer_market", _tr("Исход (как в купоне)"), market, "1, X, Б2,5, Ф1-1,5")
    side = dialog.add_choice("offer_side", _tr("Сторона: бэк или лэй"), list(SIDES), SIDES[0])
    side.setMaximumWidth(code.maximumWidth())  # as narrow as the fields around it
    dialog.add_field("offer_coefficient", _tr("Коэффициент k"), placeholder="1,50")
    dialog.add_field("offer_stake", _tr("Ставка, руб."), placeholder="0,00")
    return dialog


def accept_dialog(
    desk: Desk,
    runner: TaskRunner,
    view: AccountView,
    offer: Offer,
    about: str,
    parent: QWidget,
) -> DeskCallDialog:
    """The offer chosen on the board accepted for the account shown, all that is open or a
    part (p.42, p.43): the pari is concluded at once and never cancelled (p.45)."""
    dialog = DeskCallDialog(
        desk, runner, partial(_accept, view.number, offer.number), name="accept_dialog",
        title=_tr("Принятие пари"), heading=_tr("Принять пари: сторона {side}").format(
            side=side_meaning(offer.side.opposite)
        ),
        action=_tr("Заключить пари (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts("\n".join((offer_facts(offer, about), account_line(view))))
    dialog.set_note(
        _tr(
            "Можно принять часть открытой ставки. Бэк рискует ставкой, лэй — ставкой × k. "
            "Пари заключается в момент принятия и отмене не подлежит (п. 45 Правил)."
        )
    )
    dialog.add_field("accept_stake", _tr("Ставка пари, руб."), format_money(offer.stake_open))
    return dialog


def change_dialog(
    desk: Desk, runner: TaskRunner, offer: Offer, about: str, parent: QWidget
) -> DeskCallDialog:
    """The unaccepted part's coefficient or stake changed by its offerer (p.44); the parts
    accepted keep theirs."""
    shown = (coefficient_text(offer.coefficient), format_money(offer.stake_open))
    dialog = DeskCallDialog(
        desk, runner, partial(_change, offer.number, shown), name="change_dialog",
        title=_tr("Изменение предложения"), heading=_tr("Изменить непринятую часть"),
        action=_tr("Изменить (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts(offer_facts(offer, about))
    dialog.set_note(
        _tr(
            "Меняются только условия непринятой части; заключённые пари остаются при своих "
            "(п. 44, п. 45 Правил). Ставка 0 — отозвать."
        )
    )
    dialog.add_field("change_coefficient", _tr("Коэффициент k"), shown[0])
    dialog.add_field("change_stake", _tr("Открытая ставка, руб."), shown[1])
    return dialog


def withdraw_dialog(
    desk: Desk, runner: TaskRunner, offer: Offer, about: str, parent: QWidget
) -> DeskCallDialog:
    """The unaccepted part withdrawn by its offerer (p.44), its money released."""
    dialog = DeskCallDialog(
        desk, runner, partial(_withdraw, offer.number), name="withdraw_offer_dialog",
        title=_tr("Отзыв предложения"), heading=_tr("Отозвать предложение?"),
        action=_tr("Отозвать (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts(offer_facts(offer, about))
    dialog.set_note(
        _tr(
            "Отзывается непринятая часть, её деньги освобождаются. Заключённые по предложению "
            "пари остаются в силе и отмене не подлежат (п. 45 Правил)."
        )
    )
    return dialog
