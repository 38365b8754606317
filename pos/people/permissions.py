"""Who may do what: the written matrix of a cashier's and a manager's permissions (issue #7).

Every use case that is not for everyone asks `require(user, Permission.…)` before it does
anything; a refusal names the action in Russian. A manager can allow one action on a
cashier's terminal with their PIN (`Desk.authorised_by`): the cashier's desk is then granted
that one permission, once. The README prints this matrix (`matrix_rows`).
"""

from __future__ import annotations

import enum

from pos.core.errors import NotPermitted
from pos.people.users import Role, User


class Permission(enum.StrEnum):
    """An action the matrix gives to some roles and not to others."""

    ACCEPT_BETS = "accept_bets"
    CANCEL_IN_WINDOW = "cancel_in_window"
    REPRINT_IN_WINDOW = "reprint_in_window"
    PAY_OUT = "pay_out"
    VIEW_LINE = "view_line"
    X_REPORT = "x_report"
    AGREE_IN_PLAY = "agree_in_play"
    REPRINT_AFTER_WINDOW = "reprint_after_window"
    EDIT_LINE = "edit_line"
    RECORD_RESULTS = "record_results"
    CORRECT_RESULTS = "correct_results"
    SETTLE = "settle"
    VIEW_JOURNAL = "view_journal"
    EXPORT_JOURNAL = "export_journal"
    CORRECT_JOURNAL = "correct_journal"
    SETTINGS = "settings"
    PRINTERS = "printers"
    USERS = "users"
    CASH_OUT = "cash_out"
    REPORTS = "reports"
    DRAWS = "draws"
    OFFICES = "offices"
    CHAIN = "chain"
    ACCOUNTS = "accounts"
    BLOCK_ACCOUNTS = "block_accounts"
    SELF_EXCLUSION = "self_exclusion"
    SPREAD_BETS = "spread_bets"
    QUOTES = "quotes"
    EXCHANGE = "exchange"
    TRANSFERS = "transfers"  # bank transfers onto and off players' accounts (issue 37, p.7)
    CLAIMS = "claims"  # the register of claims: decisions, answers, the list (issue 37)
    RISK = "risk"  # the risk desk: referred stakes decided, the liability board (issue 38)


# What a refusal calls each action (NotPermitted: «Действие «…» доступно только менеджеру.»).
WORDS: dict[Permission, str] = {
    Permission.ACCEPT_BETS: "приём ставок",
    Permission.CANCEL_IN_WINDOW: "отмена купона в течение 5 минут",
    Permission.REPRINT_IN_WINDOW: "повторная печать купона в течение 5 минут",
    Permission.PAY_OUT: "выплата выигрыша",
    Permission.VIEW_LINE: "просмотр линии",
    Permission.X_REPORT: "X-отчёт",
    Permission.AGREE_IN_PLAY: "ставка после начала события (согласование)",
    Permission.REPRINT_AFTER_WINDOW: "повторная печать купона после 5 минут",
    Permission.EDIT_LINE: "изменение линии",
    Permission.RECORD_RESULTS: "ввод результатов",
    Permission.CORRECT_RESULTS: "исправление результата",
    Permission.SETTLE: "расчёт ставок",
    Permission.VIEW_JOURNAL: "просмотр журнала выплат",
    Permission.EXPORT_JOURNAL: "выгрузка журнала выплат",
    Permission.CORRECT_JOURNAL: "исправление записи журнала выплат",
    Permission.SETTINGS: "изменение настроек",
    Permission.PRINTERS: "настройка принтеров",
    Permission.USERS: "управление пользователями",
    Permission.CASH_OUT: "изъятие наличных из кассы",
    Permission.REPORTS: "отчёты (обороты, обязательства, отмены, невыплаченные)",
    Permission.DRAWS: "ввод результатов и отмена тиражей игр",
    Permission.OFFICES: "пункты сети: добавление, терминалы, сотрудники",
    Permission.CHAIN: "журналы и отчёты всех пунктов сети",
    Permission.ACCOUNTS: "счета игроков: открытие, пополнение, выплата",
    Permission.BLOCK_ACCOUNTS: "блокировка счёта игрока",
    Permission.SELF_EXCLUSION: "загрузка реестра самоограничения",
    Permission.SPREAD_BETS: "ставки «Спрэдбет»",
    Permission.QUOTES: "финансовые активы и котировки «Спрэдбет»",
    Permission.EXCHANGE: "пари «Спрэдбетэкс»: предложения и их принятие",
    Permission.TRANSFERS: "банковские переводы на счета игроков и со счетов",
    Permission.CLAIMS: "претензии игроков: решения и ответы (п. 15)",
    Permission.RISK: "крупные ставки и обязательства по исходам",
}

_CASHIER = frozenset(
    {
        Permission.ACCEPT_BETS,
        Permission.CANCEL_IN_WINDOW,
        Permission.REPRINT_IN_WINDOW,
        Permission.PAY_OUT,
        Permission.VIEW_LINE,
        Permission.X_REPORT,
        Permission.ACCOUNTS,
        Permission.SPREAD_BETS,
        Permission.EXCHANGE,
    }
)
# A manager can do all a cashier can, and everything else; a head everything in every
# office of a chain (issue 18).
MATRIX: dict[Role, frozenset[Permission]] = {
    Role.CASHIER: _CASHIER,
    Role.MANAGER: frozenset(Permission),
    Role.HEAD: frozenset(Permission),
}
# The chain's: once it has a second office, only a head keeps the line, the results and the
# settlement and sees the other offices (DESIGN.md, "A chain of offices"); in a database of
# one office its manager does, as before.
CHAIN_ONLY = frozenset(
    {
        Permission.EDIT_LINE,
        Permission.RECORD_RESULTS,
        Permission.CORRECT_RESULTS,
        Permission.SETTLE,
        Permission.CHAIN,
        Permission.QUOTES,  # the organiser's quotes, the same in every office
    }
)


def allowed(role: Role, permission: Permission, *, chain: bool = False) -> bool:
    """True when the matrix gives `permission` to `role`; `chain`: the database has more
    than one office, and the chain's permissions are a head's."""
    if chain and permission in CHAIN_ONLY and role is not Role.HEAD:
        return False
    return permission in MATRIX[role]


def require(user: User, permission: Permission) -> None:
    """Refuse unless the matrix gives `permission` to the user's role.

    Raises:
        NotPermitted: naming the action.
    """
    if not allowed(user.role, permission):
        raise NotPermitted(WORDS[permission])


def matrix_rows() -> list[tuple[str, bool, bool, bool, bool]]:
    """The matrix as a table, in the enum's order: (action, cashier may, manager may,
    manager of an office in a chain of several may, head may)."""
    return [
        (
            WORDS[p],
            allowed(Role.CASHIER, p),
            allowed(Role.MANAGER, p),
            allowed(Role.MANAGER, p, chain=True),
            allowed(Role.HEAD, p),
        )
        for p in Permission
    ]
