"""The sign-in list of a demo about to be seeded, known before its database exists (issue 34):
the window's very first start lists these users at once, as issue 16's remembered list, while
the database is created and the demo seeded behind the window; Enter waits for both."""

from __future__ import annotations

from pos.core.settings import ShopSettings
from pos.core.terminal import RememberedSignIn
from pos.shop.demo import DEMO_OFFICES, DEMO_USERS


def demo_sign_in(terminal: str) -> RememberedSignIn | None:
    """What the sign-in page of a new demo database lists at `terminal`.

    Args:
        terminal: this terminal's name; a new database puts it in the demo's first office.

    Returns:
        The shop's name and the first office's staff with the chain's head, by login (as
        `Shop.user_logins` gives them once the demo is seeded); None at a terminal the demo
        places elsewhere, where the page waits for the database.
    """
    if terminal not in DEMO_OFFICES[0][3]:
        return None
    logins = sorted(login for login, _pin, _role in DEMO_USERS)
    return RememberedSignIn(ShopSettings().shop_name, tuple(logins))
