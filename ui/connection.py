"""The shop as the window reaches it: opened on the worker after the window is shown.

Opening the database (importing SQLAlchemy, connecting, checking the schema) takes longer than
showing the window, and a PostgreSQL server may take seconds to answer; the sign-in page is
on screen meanwhile and lists the users once the shop is open (issue #2, startup benchmark).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from pos.core.clock import Clock
from pos.core.terminal import RememberedSignIn

if TYPE_CHECKING:
    from pos.shop.services import Shop  # the window starts before the services are loaded


class ShopConnection:
    """Knows the terminal and the clock at once, and opens the shop once, when first needed.

    `remembered` gives the sign-in list the last start kept (None: none), shown while the
    database opens; `remember` keeps the list the database gives, for the next start.
    """

    def __init__(
        self,
        terminal: str,
        clock: Clock,
        open_shop: Callable[[], Shop],
        *,
        remembered: Callable[[], RememberedSignIn | None] = lambda: None,
        remember: Callable[[RememberedSignIn], None] = lambda _remembered: None,
    ) -> None:
        self.terminal = terminal
        self.clock = clock
        self._open_shop = open_shop
        self._shop: Shop | None = None
        self._lock = threading.Lock()
        self.remembered = remembered
        self.remember = remember

    @classmethod
    def of(cls, shop: Shop) -> ShopConnection:
        """A connection to a shop that is already open (tests, screenshots)."""
        connection = cls(shop.terminal, shop.clock, lambda: shop)
        connection._shop = shop
        return connection

    @property
    def is_open(self) -> bool:
        """True once the shop has been opened."""
        return self._shop is not None

    def open(self) -> Shop:
        """The shop, opening it on the first call; called on the worker thread.

        Raises:
            DeviceOrStorageError: the database cannot be opened; the next call tries again.
        """
        with self._lock:
            if self._shop is None:
                self._shop = self._open_shop()
            return self._shop
