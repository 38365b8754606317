"""The API's path to the shop (DESIGN.md: `pos.services.Shop`); it lives in pos.shop.services."""

from pos.core.terminal import DEFAULT_TERMINAL
from pos.shop.services import Shop, terminal_name

__all__ = ["DEFAULT_TERMINAL", "Shop", "terminal_name"]
