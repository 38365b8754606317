"""How bet kinds are named in Russian, on the screen and the slip."""

from __future__ import annotations

from pos.betting.bets import BetKind, BetType


def kind_words(kind: BetKind, *, blocks: bool = False) -> str:
    """The bet kind in words: Ординар, Экспресс, Система 2/3, Сложная система 2/3."""
    if kind.type is BetType.SINGLE:
        return "Ординар"
    if kind.type is BetType.EXPRESS:
        return "Экспресс"
    words = "Сложная система" if blocks else "Система"
    return f"{words} {kind.size}/{kind.of}"
