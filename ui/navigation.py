"""The workspace's navigation (tabs across the top, or a side list by trade, issue 34) and going
between its pages by keyboard (numbered tabs, Alt+1…9, Ctrl+Tab), the page's first field taking
the cursor (issue 16)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from ui.widgets.side_tabs import SideTabs

NUMBERED_TABS = 9  # Alt+1 … Alt+9
# As many tabs as fit beside «Выйти» in 1366 pixels at the full size; more are made smaller
# (a cashier's eight since «Спрэдбетэкс», issue 20; a manager's fifteen).
ROOMY_TABS = 7
# More pages than the cashier's ten (eight, a game's board, issue 36, and «Условия», issue 37;
# the manager's nineteen) do not fit across 1366 pixels: they are listed down the side, under
# their trades' headings (issue 34).
TOP_TABS = 10


def tab_text(index: int, title: str) -> str:
    """A tab's words: «1 Ставки» for the tabs Alt and a digit open, the name alone after."""
    if index >= NUMBERED_TABS:
        return title
    return QCoreApplication.translate("MainWindow", "{number} {title}").format(
        number=index + 1, title=title
    )


def page_tabs(
    titles: Sequence[str], headings: Sequence[str], keys: Sequence[int | None] | None = None
) -> QTabBar:
    """The workspace's navigation, one numbered tab per title (smaller ones when there are
    more than ROOMY_TABS); more than TOP_TABS also go down the side when the window has room,
    with `headings` (each title's trade) over their groups (WorkspaceFrame decides). A tab is
    numbered with its Alt key from `keys` (by default its place; None: no key, issue 36)."""
    numbered = [
        title if key is None else tab_text(key - 1, title)
        for key, title in zip(_in_order(len(titles)) if keys is None else keys, titles, strict=True)
    ]
    navigation = SideTabs(numbered, headings) if len(titles) > TOP_TABS else QTabBar()
    navigation.setObjectName("navigation")
    navigation.setExpanding(False)
    navigation.setDrawBase(False)
    # Where they do not fit, arrows scroll them, the current one always in sight (issue 16).
    navigation.setUsesScrollButtons(True)
    navigation.setElideMode(Qt.TextElideMode.ElideNone)
    navigation.setProperty("compact", "true" if len(titles) > ROOMY_TABS else "false")
    if not isinstance(navigation, SideTabs):
        for text in numbered:
            navigation.addTab(text)
    return navigation


class WorkspaceFrame(QWidget):
    """The pages with their navigation: the tabs and «Выйти» in a bar over them; a side list
    (SideTabs) beside them, «Выйти» at its foot, whenever the window is wide enough for the
    list and the widest page (issue 34). Narrower (1024 pixels: the pages need them all), the
    side list's tabs go back across the top."""

    def __init__(self, navigation: QTabBar, pages: QWidget, sign_out: QPushButton) -> None:
        super().__init__()
        self._navigation, self._pages, self._sign_out = navigation, pages, sign_out
        self._row, self._column = QHBoxLayout(), QVBoxLayout()
        self._top = _bar("top_bar", self._row)
        self._side = _bar("side_bar", self._column)
        row = QHBoxLayout()
        row.setSpacing(0)
        row.addWidget(self._side)
        row.addWidget(pages, 1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self._top)
        column.addLayout(row, 1)
        self._place(side=False)

    @property
    def on_side(self) -> bool:
        """True while the pages are listed down the side."""
        return not self._side.isHidden()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # Never the list that keeps the window wide: narrower, it goes to the top (resizeEvent).
        return QSize(self._pages.minimumSizeHint().width(), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        navigation = self._navigation
        if isinstance(navigation, SideTabs):
            needed = self._pages.minimumSizeHint().width() + navigation.side_width()
            side = event.size().width() >= needed
            if side != self.on_side:
                self._place(side=side)

    def _place(self, *, side: bool) -> None:
        navigation, sign_out = self._navigation, self._sign_out
        if isinstance(navigation, SideTabs):
            navigation.set_side(side)
        for layout in (self._row, self._column):
            layout.removeWidget(navigation)
            layout.removeWidget(sign_out)
        if side:
            self._side.setFixedWidth(navigation.sizeHint().width())
            self._column.insertWidget(0, navigation, 1)
            self._column.addWidget(sign_out, 0, Qt.AlignmentFlag.AlignHCenter)
        else:
            self._row.insertWidget(0, navigation, 0, Qt.AlignmentFlag.AlignBottom)
            self._row.addWidget(sign_out, 0, Qt.AlignmentFlag.AlignVCenter)
        self._side.setVisible(side)
        self._top.setVisible(not side)


def _bar(name: str, layout: QHBoxLayout | QVBoxLayout) -> QWidget:
    bar = QWidget()
    bar.setObjectName(name)
    bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    bar.setLayout(layout)
    if isinstance(layout, QHBoxLayout):
        layout.setContentsMargins(16, 8, 16, 0)
        layout.addStretch(1)  # between the tabs and «Выйти»
    else:
        layout.setContentsMargins(0, 8, 0, 10)
    return bar


def add_page_keys(
    workspace: QWidget, navigation: QTabBar, keys: Sequence[int | None] | None = None
) -> None:
    """Ctrl+Tab and Ctrl+Shift+Tab go round the tabs, Alt+1…9 open the numbered ones (each
    tab's key from `keys`, as page_tabs numbered it; by default its place).

    The keys belong to `workspace`, so they are dead while the screen lock hides it.
    """
    control, shift = Qt.Modifier.CTRL, Qt.Modifier.SHIFT
    shortcuts: list[tuple[QKeySequence, Callable[[], None]]] = [
        (QKeySequence(control | Qt.Key.Key_Tab), _stepper(navigation, 1)),
        # Shift+Tab arrives as Backtab; a layout may also send Tab with Shift held.
        (QKeySequence(control | shift | Qt.Key.Key_Backtab), _stepper(navigation, -1)),
        (QKeySequence(control | shift | Qt.Key.Key_Tab), _stepper(navigation, -1)),
    ]
    for index, number in enumerate(_in_order(navigation.count()) if keys is None else keys):
        if number is not None:
            key = Qt.Key(Qt.Key.Key_1.value + number - 1)
            shortcuts.append((QKeySequence(Qt.Modifier.ALT | key), _opener(navigation, index)))
    for sequence, handler in shortcuts:
        QShortcut(sequence, workspace, handler)


def focus_first_field(page: QWidget) -> None:
    """The page's first field takes the cursor: its focus proxy (the pick field of «Ставки»),
    else the first widget in the Tab order that takes the keyboard.

    Never left where Qt put it when the last page was hidden: the next widget in the chain,
    anywhere on the new page.
    """
    if page.focusProxy() is not None:
        page.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return
    widget = page.nextInFocusChain()
    while widget is not None and widget is not page:
        # A scroll area holds the fields; it is not one itself.
        takes_keys = bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        field = takes_keys and not isinstance(widget, QScrollArea)
        if page.isAncestorOf(widget) and field and widget.isVisible() and widget.isEnabled():
            widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        widget = widget.nextInFocusChain()


def _in_order(count: int) -> list[int | None]:
    """The keys of `count` tabs numbered by their places: Alt+1…9, then none."""
    return [index + 1 if index < NUMBERED_TABS else None for index in range(count)]


def _stepper(navigation: QTabBar, step: int) -> Callable[[], None]:
    def go() -> None:
        if navigation.count():
            navigation.setCurrentIndex((navigation.currentIndex() + step) % navigation.count())

    return go


def _opener(navigation: QTabBar, index: int) -> Callable[[], None]:
    return lambda: navigation.setCurrentIndex(index)
