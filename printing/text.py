"""Text for a printer's one code page: what CP866 or CP1251 cannot encode becomes a close fallback.

python-escpos left to itself switches code page mid-line for every character the first one
lacks (« via CP437, і via CP855), which many printers cannot follow, and a forced code page
prints "?" instead (notes/libraries.md §1). So the slip forces one code page and every text
goes through `for_code_page` first.
"""

from __future__ import annotations

import codecs
import unicodedata
from functools import lru_cache

# Tried in order for a character the code page lacks; CP1251 has most of these natively.
_REPLACEMENTS = {
    "«": '"',
    "»": '"',
    "„": '"',
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "‚": "'",
    "—": "-",
    "–": "-",
    "‒": "-",
    "−": "-",  # U+2212 MINUS SIGN, as in "Фора 1 (−1,5)"
    "‐": "-",
    "‑": "-",
    "…": "...",
    "₽": "руб.",
    "€": "EUR",
    "№": "N",
    # Belarusian і/І: CP866 lacks them (CP1251 has them); the Latin letters look the same.
    "і": "i",
    "І": "I",
    "•": "*",
    "×": "x",
}
# Printed as a plain space: a printer's NBSP glyph differs by model, and U+202F is in neither.
_SPACES = frozenset("\u00a0\u202f\u2009\u2007\u2002\u2003\u2008\t")
UNKNOWN = "?"


def for_code_page(text: str, code_page: str) -> str:
    """`text` with every character the code page cannot encode replaced by a close fallback.

    « » → ", — – − → -, ₽ → "руб.", NBSP and U+202F → space, і/І → i/I where missing
    (CP866); accented letters lose their accents; control characters other than a line
    break are dropped, so that shop data can never smuggle a printer command in. "?" is
    the last resort.

    Args:
        text: what is to be printed.
        code_page: the code page the printer was switched to, e.g. "CP866" or "CP1251".

    Returns:
        Text whose every character encodes in `code_page`.

    Raises:
        LookupError: Python has no codec of that name.
    """
    codec = codecs.lookup(code_page).name
    table = _TABLES.get(codec)
    if table is None:
        table = _TABLES.setdefault(codec, _Table(codec))
    return text.translate(table)


class _Table(dict[int, str]):
    """What each character becomes in a code page, filled in as characters are met (for
    str.translate, which runs in C: a slip is laid out on every bet)."""

    def __init__(self, codec: str) -> None:
        super().__init__()
        self.codec = codec

    def __missing__(self, code: int) -> str:
        value = _char(chr(code), self.codec)
        if len(self) < _KEPT:  # bounded, whatever shop data brings
            self[code] = value
        return value


_TABLES: dict[str, _Table] = {}
_KEPT = 4096


@lru_cache(maxsize=4096)
def _char(ch: str, codec: str) -> str:
    if ch in _SPACES:
        return " "
    if unicodedata.category(ch) == "Cc" and ch != "\n":
        return ""
    if _encodable(ch, codec):
        return ch
    if ch in _REPLACEMENTS:
        return "".join(_char(part, codec) for part in _REPLACEMENTS[ch])
    # "ї" → "і" + diaeresis, "ﬁ" → "fi": keep the base letters the code page has.
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if base and base != ch:
        return "".join(_char(part, codec) for part in base)
    return UNKNOWN


def _encodable(ch: str, codec: str) -> bool:
    try:
        ch.encode(codec)
    except UnicodeEncodeError:
        return False
    return True
