"""What a cashier types for a roulette bet, read into the bet's canonical code (DESIGN.md, the
table of bets): numbers in any order, Russian or Latin letters."""

from __future__ import annotations

import re

from pos.core.errors import PosError
from pos.roulette.bets import BY_CODE, LOSES_ALL, Bet, Kind, ZeroRule
from pos.roulette.errors import NotANumber, NotARouletteBet, NotOnLayout, NumberTwice
from pos.roulette.layout import INSIDE

# A Cyrillic letter and the Latin one that looks like it are the same letter (DESIGN.md), so
# «С1», «C1», «К1» and «K1» are all column 1; Ё is Е.
_LOOK_ALIKE = str.maketrans("АВЕЁКМНОРСТХ", "ABEEKMHOPCTX")
# Typed words to canonical codes; the keys are folded (Latin where a letter has a twin).
_WORDS = {
    "KP": "RED",
    "ЧE": "BLACK",
    "ЧT": "EVEN",
    "HЧ": "ODD",
    "M": "LOW",
    "Б": "HIGH",
    "BЗ": "VOISINS",
    "TЬ": "TIERS",
    "OP": "ORPHELINS",
    "ЗШ": "ZERO",
    **{code: code for code in ("RED", "BLACK", "EVEN", "ODD", "LOW", "HIGH")},
    **{code: code for code in ("VOISINS", "TIERS", "ORPHELINS", "ZERO")},
}
_DOZEN = re.compile(r"[ДD]([1-3])")
_COLUMN = re.compile(r"[KC]([1-3])")
_NEIGHBOURS = re.compile(r"[HN](\d{1,2})")
_NUMBERS = re.compile(r"\d{1,3}(?:/\d{1,3})*")


def parse_bet(typed: object, zero_rule: ZeroRule = ZeroRule.HALF) -> Bet:
    """The bet a cashier typed ("17/20", "д1", "кр", "вз", "н17"), with an even chance marked
    as losing whole on zero when that rule is in force now.

    Raises:
        NotARouletteBet: no bet of the table is typed so.
        NotANumber, NumberTwice, NotOnLayout: numbers that are no chip's.
    """
    raw = typed if isinstance(typed, str) else ""
    code = "".join(raw.split()).upper().translate(_LOOK_ALIKE).replace(",", "/").replace("-", "/")
    bet = _numbers(raw, code) if _NUMBERS.fullmatch(code) else BY_CODE.get(_canonical(code))
    if bet is None:
        raise NotARouletteBet(raw.strip())
    if bet.kind is Kind.EVEN_CHANCE and zero_rule == ZeroRule.ALL:
        return BY_CODE[bet.code + LOSES_ALL]
    return bet


def bet_of(code: str) -> Bet:
    """The bet of a canonical code, as a leg stores it.

    Raises:
        NotARouletteBet: not a code this game ever sold.
    """
    bet = BY_CODE.get(code)
    if bet is None:
        raise NotARouletteBet(code)
    return bet


def is_bet(typed: object) -> bool:
    """True when `typed` reads as a roulette bet (the betting page's look-up order)."""
    try:
        parse_bet(typed)
    except PosError:
        return False
    return True


def _canonical(code: str) -> str:
    if match := _DOZEN.fullmatch(code):
        return f"D{match[1]}"
    if match := _COLUMN.fullmatch(code):
        return f"C{match[1]}"
    if match := _NEIGHBOURS.fullmatch(code):
        return f"N{int(match[1])}"
    return _WORDS.get(code, "")


def _numbers(raw: str, code: str) -> Bet:
    shown = raw.strip()
    numbers: list[int] = []
    for part in code.split("/"):
        number = int(part)
        if number > 36:
            raise NotANumber(shown, number)
        if number in numbers:
            raise NumberTwice(shown, number)
        numbers.append(number)
    chosen = frozenset(numbers)
    if len(chosen) > 1 and chosen not in INSIDE.get(len(chosen), ()):
        raise NotOnLayout(shown, len(chosen))
    return BY_CODE["/".join(str(number) for number in sorted(chosen))]
