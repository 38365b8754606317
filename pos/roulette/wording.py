"""A roulette bet and a spin in words, as the screen and the slip show them (issue 36)."""

from __future__ import annotations

from collections import Counter

from pos.roulette.bets import Bet, Kind
from pos.roulette.layout import RED

_INSIDE = {
    Kind.STRAIGHT: "Номер",
    Kind.SPLIT: "Сплит",
    Kind.STREET: "Стрит",
    Kind.CORNER: "Каре",
    Kind.SIX_LINE: "Шесть номеров",
}
# Each outside and announced bet: its name and the code a cashier types on a Russian layout.
_NAMED = {
    "D1": ("Дюжина 1–12", "Д1"),
    "D2": ("Дюжина 13–24", "Д2"),
    "D3": ("Дюжина 25–36", "Д3"),
    "C1": ("Колонна 1", "К1"),
    "C2": ("Колонна 2", "К2"),
    "C3": ("Колонна 3", "К3"),
    "RED": ("Красное", "КР"),
    "BLACK": ("Чёрное", "ЧЁ"),
    "EVEN": ("Чёт", "ЧТ"),
    "ODD": ("Нечет", "НЧ"),
    "LOW": ("1–18", "М"),
    "HIGH": ("19–36", "Б"),
    "VOISINS": ("Вуазен де зеро", "ВЗ"),
    "TIERS": ("Тьер", "ТЬ"),
    "ORPHELINS": ("Орфелины", "ОР"),
    "ZERO": ("Зеро шпиль", "ЗШ"),
}
LOSES_ALL_WORDS = "на зеро проигрывает целиком"


def bet_words(bet: Bet) -> str:
    """The bet as the slip names it, with the code a cashier types for it where the name is
    not that code: «Сплит 17/20», «Красное (КР)», «Номер 17 и соседи (Н17)»; an even chance
    sold under seed 003's rule says so."""
    if bet.kind is Kind.SIX_LINE:
        first, *_, last = sorted(bet.chips[0].numbers)
        return f"{_INSIDE[bet.kind]} {first}–{last} ({bet.code})"
    if bet.kind in _INSIDE:
        return f"{_INSIDE[bet.kind]} {bet.code}"
    if bet.code.startswith("N"):
        return f"Номер {bet.code[1:]} и соседи (Н{bet.code[1:]})"
    name, typed = _NAMED[bet.code.rstrip("!")]
    words = f"{name} ({typed})"
    return f"{words}, {LOSES_ALL_WORDS}" if bet.zero_loses_all else words


def chips_words(bet: Bet) -> str:
    """An announced bet's chips as the slip lists them: «0/2/3 ×2, 4/7, 12/15, …»; "" for a
    bet of one chip."""
    if len(bet.chips) == 1:
        return ""
    counts = Counter("/".join(str(n) for n in sorted(chip.numbers)) for chip in bet.chips)
    return ", ".join(chip if count == 1 else f"{chip} ×{count}" for chip, count in counts.items())


def number_words(number: int) -> str:
    """A spin's number with what it is: «17 — красное, нечет, 1–18»; «0 — зеро»."""
    if number == 0:
        return "0 — зеро"
    colour = "красное" if number in RED else "чёрное"
    parity = "чёт" if number % 2 == 0 else "нечет"
    half = "1–18" if number <= 18 else "19–36"
    return f"{number} — {colour}, {parity}, {half}"
