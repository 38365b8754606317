"""Which office a terminal works in (DESIGN.md, "A chain of offices"): a manager registers a
terminal in an office; while the database has one office, a new terminal joins it by itself."""

from __future__ import annotations

from pos.core.ports import UnitOfWork
from pos.offices.errors import TerminalNotRegistered


def office_of_terminal(uow: UnitOfWork, terminal: str) -> tuple[str, bool]:
    """The code of the office `terminal` works in, and whether it joined it just now (the
    only office of the database; the caller records that and commits).

    Raises:
        TerminalNotRegistered: the chain has several offices and none registered it.
    """
    code = uow.offices.of_terminal(terminal)
    if code is not None:
        return code, False
    offices = uow.offices.list()
    if len(offices) != 1:
        raise TerminalNotRegistered(terminal)
    uow.offices.register_terminal(terminal, offices[0].code)
    return offices[0].code, True
