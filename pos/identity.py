"""The API's path to the player's document (DESIGN.md: `pos.identity.IdDocument`); it lives in
pos.people.identity."""

from pos.people.identity import IdDocument

__all__ = ["IdDocument"]
