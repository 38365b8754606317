"""The papers a terminal without a printer writes to files, kept for its window (issue 34)."""

from pos.core.documents import PaperTray, PrintedDocument
from pos.till.papers import paper_heading


def _paper(title: str, number: str | None = None, shown: str = "") -> PrintedDocument:
    return PrintedDocument(title=title, number=number, number_shown=shown)


def test_each_paper_is_taken_once_oldest_first() -> None:
    tray = PaperTray()
    first, second = _paper("КАРТА СЧЁТА ИГРОКА"), _paper("ВЫПИСКА ПО СЧЁТУ ИГРОКА")
    tray.put(first)
    tray.put(second)

    assert tray.take() == [first, second]
    assert tray.take() == []


def test_a_full_tray_keeps_the_latest() -> None:
    tray = PaperTray(size=2)
    papers = [_paper(f"ВЫПИСКА {n}") for n in range(3)]
    for paper in papers:
        tray.put(paper)

    assert tray.take() == papers[1:]


def test_a_heading_says_the_title_as_a_sentence_with_its_number() -> None:
    assert paper_heading(_paper("КАРТА СЧЁТА ИГРОКА", "00000140166", "000001-401-66")) == (
        "Карта счёта игрока 000001-401-66"
    )
    assert paper_heading(_paper("СТАВКА «СПРЭДБЕТ»", "0000004689", "0000004-689-96")) == (
        "Ставка «Спрэдбет» 0000004-689-96"
    )
    assert paper_heading(_paper("ВЫПИСКА ПО СЧЁТУ ИГРОКА")) == "Выписка по счёту игрока"
