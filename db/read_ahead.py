"""A transaction's first reads sent together: one round trip on PostgreSQL instead of one each.

A use case names the reads it will make first (pos.core.ports UnitOfWork.read_ahead), in the
order it makes them. Each is called once here while recording: the statements it sends
through db.statements.read are captured instead of sent, and answered with no rows. The
captured statements go out in one pipeline (db.pipeline), behind the transaction's BEGIN and
any deferred writes, and each answer is kept on the connection until the same read asks for
it (once), or the transaction ends.

Nothing changes but when the rows are read: the statements run in the order the use case
would have run them, in its transaction, a lock taken by one before the next one reads (at
READ COMMITTED each sees what committed before it started, as it would have later). A read
whose answer is never asked for costs nothing but its rows. SQLite has no round trips to
save: there nothing is read ahead.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping

from sqlalchemy import Executable
from sqlalchemy.engine.result import IteratorResult, SimpleResultMetaData
from sqlalchemy.exc import NoResultFound
from sqlalchemy.orm import Session

from db.compiled import compiled_for
from db.pipeline import piped, send
from db.statements import ANSWERS, RECORDING, answer_key, connection_of


def read_ahead(session: Session, reads: Iterable[Callable[[], object]]) -> None:
    """Send the statements `reads` would send through db.statements.read in one round trip
    (PostgreSQL only). Each read is called here while recording: its statements are
    recorded and answered with no rows, so a statement that needs an earlier one's rows is
    not recorded (it is sent when it is made).

    Raises:
        DBAPIError: a statement failed (the transaction is then aborted), as SQLAlchemy
            would raise it.
    """
    if not piped(session):
        return
    batch: list[tuple[Executable, Mapping[str, object]]] = []
    connection = connection_of(session)
    connection.info[RECORDING] = batch
    try:
        for call in reads:
            recorded = len(batch)
            with contextlib.suppress(NoResultFound):  # a read that wants a row got none
                call()
            assert len(batch) > recorded, f"{call} read nothing through db.statements.read"
    finally:
        del connection.info[RECORDING]
    answers = connection.info.setdefault(ANSWERS, {})
    for (statement, params), rows in zip(batch, send(session, batch), strict=True):
        prepared = compiled_for(statement, connection.dialect)
        answers[answer_key(statement, params)] = IteratorResult(
            SimpleResultMetaData(prepared.keys), iter(prepared.rows(rows))
        )
