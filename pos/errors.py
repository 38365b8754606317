"""The API's path to the error roots (DESIGN.md: `pos.errors.PosError`); each room keeps its
own refusals in its errors.py, all below these roots (pos.core.errors)."""

from pos.core.errors import DeviceOrStorageError, DomainError, PosError

__all__ = ["DeviceOrStorageError", "DomainError", "PosError"]
