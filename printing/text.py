"""Text for a printer's one code page: what CP866 or CP1251 cannot encode becomes a close fallback.

python-escpos left to itself switches code page mid-line for every character the first one
lacks (« via CP437, і via CP855), which many printers cannot follow, and a forced code page
prints "?" instead (notes/libraries.md §1). So the slip forces one code page and every text
goes through `for_code_page` first.
"""

from __future__ import annotations

import codecs
import functools
import re
import sys
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _codecs import _EncodingMap  # what codecs.charmap_build gives, in typeshed only

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
NBSP = "\u00a0"  # as pos.core.money joins an amount's digit groups and its currency
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
    return text.translate(_table(code_page, keep_nbsp=False))


@lru_cache(maxsize=16)
def fitting(code_page: str) -> Callable[[str], str]:
    """`for_code_page` for the layout: the same text, but U+00A0 is left as it is.

    The layout wraps by the no-break space and turns it into a space itself
    (printing.layout); no other character becomes one, so the text is that of the parts
    between no-break spaces fitted one by one. A text the code page prints as it is, the
    most of a slip's, is recognised by one regular-expression search and returned whole:
    `str.translate` with a table looks every character up, a tenth of a slip's printing
    (issue 34).

    Args:
        code_page: the code page the printer was switched to, e.g. "CP866".

    Returns:
        A function from text to text whose every character encodes in `code_page`.

    Raises:
        LookupError: Python has no codec of that name.
    """
    return _fitting(codecs.lookup(code_page).name)


@lru_cache(maxsize=16)
def _fitting(codec: str) -> Callable[[str], str]:
    table = _table(codec, keep_nbsp=True)
    chars = _single_byte_table(codec)
    if chars is None:  # not a single-byte code page: every text through the table
        return functools.partial(_translated, table=table)
    # The characters that stay themselves; the table learns each as it is asked.
    kept = sorted({ch for ch in chars if ch != _UNDEFINED and table[ord(ch)] == ch})
    changing = re.compile("[^" + "".join(re.escape(ch) for ch in kept) + "]")
    return functools.partial(
        _fitted, changing=changing, replaced=lambda found: table[ord(found[0])]
    )


def _fitted(text: str, changing: re.Pattern[str], replaced: Callable[[re.Match[str]], str]) -> str:
    # Only the characters that change are looked up (issue 34: `str.translate` looked up
    # every character of a line, 7 µs for a leg's line with its dash, against 2.5).
    if changing.search(text) is None:
        return text
    return changing.sub(replaced, text)


def _translated(text: str, table: _Table) -> str:
    return text.translate(table)


def _table(code_page: str, *, keep_nbsp: bool) -> _Table:
    table = _TABLES.get((code_page, keep_nbsp))
    if table is None:  # first use of this spelling: the codec's table, shared by its spellings
        codec = codecs.lookup(code_page).name
        table = _TABLES.get((codec, keep_nbsp))
        if table is None:
            table = _Table(codec)
            if keep_nbsp:
                table[ord(NBSP)] = NBSP
            _TABLES[(codec, keep_nbsp)] = table
        _TABLES[(code_page, keep_nbsp)] = table
    return table


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


# By code page, as spelt by the caller and as Python names its codec ("CP866", "cp866"), and
# by whether the no-break space is kept.
_TABLES: dict[tuple[str, bool], _Table] = {}
_KEPT = 4096


def encoder(code_page: str) -> Callable[[str], bytes]:
    """`str.encode` in the code page, "?" for what it lacks, as python-escpos prints it.

    Python's CP866 codec looks every character up in a dict, a tenth of a slip's printing
    (issue 34); a single-byte code page is encoded here by the codec's own table compiled
    by `codecs.charmap_build`, which gives the very same bytes and is many times faster.

    Args:
        code_page: e.g. "CP866" or "CP1251".

    Returns:
        A function from text to its bytes in the code page.

    Raises:
        LookupError: Python has no codec of that name.
    """
    return _encoder(codecs.lookup(code_page).name)


@lru_cache(maxsize=16)
def _encoder(codec: str) -> Callable[[str], bytes]:
    table = _single_byte_table(codec)
    if table is None:  # not a single-byte code page: its own codec
        return functools.partial(_encode, codec=codec)
    return functools.partial(_charmap_encode, table=codecs.charmap_build(table))


def _single_byte_table(codec: str) -> str | None:
    """The decoding table of a charmap codec (Lib/encodings/cp866.py and its like: 256
    characters, U+FFFE for a byte without one), or None for any other codec or a table that
    would encode a character otherwise than the codec does."""
    module = sys.modules.get(getattr(codecs.lookup(codec).encode, "__module__", "") or "")
    table = getattr(module, "decoding_table", None)
    if not isinstance(table, str) or len(table) != 256:
        return None
    defined = "".join(ch for ch in table if ch != _UNDEFINED)
    if len(set(defined)) != len(defined):  # two bytes of one character: the codec chooses
        return None
    try:
        built = codecs.charmap_encode(defined, "strict", codecs.charmap_build(table))[0]
        same = built == defined.encode(codec)
    except (UnicodeError, ValueError, TypeError):
        return None
    return table if same else None


_UNDEFINED = "\ufffe"  # what codecs.charmap_build takes for a byte without a character


def _encode(text: str, codec: str) -> bytes:
    return text.encode(codec, errors="replace")


def _charmap_encode(text: str, table: dict[int, int] | _EncodingMap) -> bytes:
    encoded: bytes = codecs.charmap_encode(text, "replace", table)[0]
    return encoded


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
