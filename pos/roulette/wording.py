"""A roulette bet and a spin in words, as the screen and the slip show them (issue 36)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from pos.roulette.bets import Bet, Kind
from pos.roulette.draws import TITLE, spin_number
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


# --- a draw at the shop (issue 36): the board's words, the read-back, the audit trail -------

# What the croupier says at a draw's start, and the board after it until the number is in.
NO_MORE_BETS = "Ставок больше нет"


def spin_words(code: int, number: int) -> str:
    """The read-back a manager confirms before a spin's number is recorded.

    Args:
        code: the draw's event code.
        number: the number that came up, 0–36.

    Returns:
        «Записать: тираж № 512, выпало 17 — чёрное, нечет, 1–18?»
    """
    return f"Записать: тираж № {spin_number(code)}, выпало {number_words(number)}?"


def draw_state_words(
    starts_at: datetime, *, started: bool, came_up: int | None, cancelled: str | None
) -> str:
    """A draw on the board: «Ставки до 12:03», «Ставок больше нет», «Выпало 17 — чёрное,
    нечет, 1–18», «Отменён: шарик вылетел» (`starts_at` in the shop's zone)."""
    if cancelled is not None:
        return f"Отменён: {cancelled}"
    if came_up is not None:
        return f"Выпало {number_words(came_up)}"
    return NO_MORE_BETS if started else f"Ставки до {starts_at:%H:%M}"


def spun_detail(code: int, came_up: int | None, reason: str = "") -> str:
    """A draw's result as the audit trail keeps it: «тираж № 512: выпало 17 — чёрное, …»,
    «тираж № 512: отменён (шарик вылетел)»."""
    if came_up is None:
        return f"тираж № {spin_number(code)}: отменён ({reason})"
    return f"тираж № {spin_number(code)}: выпало {number_words(came_up)}"


def file_detail(name: str, numbers: Sequence[int]) -> str:
    """A studio's file as the audit trail keeps it: «результаты из файла spins.csv: тиражи
    512, 513»."""
    return f"результаты из файла {name}: тиражи {', '.join(map(str, numbers)) or 'нет'}"


def spin_source(login: str, *, from_file: bool = False) -> str:
    """Where a spin's number came from, kept with its result: «Рулетка: число введено (boss)»,
    «Рулетка: файл студии (boss)» (the audit trail names the file)."""
    how = "файл студии" if from_file else "число введено"
    return f"{TITLE}: {how} ({login})"


# --- the board's page in the window (issue 36) ----------------------------------------------


def countdown_words(starts_at: datetime, now: datetime) -> str:
    """The draw's countdown, read again each second: «Ставки до 12:03, ещё 2:05», then
    «Ставок больше нет» from its start (`starts_at` in the shop's zone)."""
    left = int((starts_at - now).total_seconds())
    if left <= 0:
        return NO_MORE_BETS
    return f"Ставки до {starts_at:%H:%M}, ещё {left // 60}:{left % 60:02d}"


def recorded_words(number: int, state: str) -> str:
    """What the manager reads once a draw's number or its cancellation is recorded:
    «Тираж № 512: выпало 17 — чёрное, нечет, 1–18.» (`state`: the board's words of the draw)."""
    return f"Тираж № {number}: {state[0].lower()}{state[1:]}."


def import_words(recorded: Sequence[int], skipped: Sequence[tuple[int, str]]) -> str:
    """What a studio's file did: «Записаны тиражи: 512, 513. Пропущены: № 9 — результат уже
    записан.»"""
    text = f"Записаны тиражи: {', '.join(map(str, recorded)) or 'нет'}."
    if not skipped:
        return text
    return f"{text} Пропущены: {'; '.join(f'№ {n} — {why}' for n, why in skipped)}."
