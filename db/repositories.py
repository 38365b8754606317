"""The repositories over one SQLAlchemy session, by the name they had before each took its module.

Each implements a repository protocol of `pos.core.ports` in the module of its room
(`tests/fakes.py`
holds the in-memory twin whose behaviour they follow); this module keeps the old import path.
"""

from __future__ import annotations

from db.audit import SqlAuditLog
from db.fiscal import SqlFiscalRepository
from db.line import SqlLineRepository
from db.settings import SqlSettingsRepository
from db.slips import MOVE_DRAWER, SqlSlipRepository
from db.statements import SLIP_ID_OF_NUMBER, inserting, run
from db.users import SqlUserRepository

__all__ = [
    "MOVE_DRAWER",
    "SLIP_ID_OF_NUMBER",
    "SqlAuditLog",
    "SqlFiscalRepository",
    "SqlLineRepository",
    "SqlSettingsRepository",
    "SqlSlipRepository",
    "SqlUserRepository",
    "inserting",
    "run",
]
