"""The workspace's tab bar and going between its pages by keyboard (numbered tabs, Alt+1…9,
Ctrl+Tab), the page's first field taking the cursor (issue 16)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QScrollArea, QTabBar, QWidget

NUMBERED_TABS = 9  # Alt+1 … Alt+9
# As many tabs as fit beside «Выйти» in 1366 pixels at the full size; more are made smaller
# (a cashier's eight since «Спрэдбетэкс», issue 20; a manager's fifteen).
ROOMY_TABS = 7


def tab_text(index: int, title: str) -> str:
    """A tab's words: «1 Ставки» for the tabs Alt and a digit open, the name alone after."""
    if index >= NUMBERED_TABS:
        return title
    return QCoreApplication.translate("MainWindow", "{number} {title}").format(
        number=index + 1, title=title
    )


def page_tabs(titles: Sequence[str]) -> QTabBar:
    """The workspace's tab bar, one numbered tab per title, smaller ones when there are more
    than ROOMY_TABS."""
    navigation = QTabBar()
    navigation.setObjectName("navigation")
    navigation.setExpanding(False)
    navigation.setDrawBase(False)
    # Where they do not fit, arrows scroll them, the current one always in sight (issue 16).
    navigation.setUsesScrollButtons(True)
    navigation.setElideMode(Qt.TextElideMode.ElideNone)
    navigation.setProperty("compact", "true" if len(titles) > ROOMY_TABS else "false")
    for index, title in enumerate(titles):
        navigation.addTab(tab_text(index, title))
    return navigation


def add_page_keys(workspace: QWidget, navigation: QTabBar) -> None:
    """Ctrl+Tab and Ctrl+Shift+Tab go round the tabs, Alt+1…9 open the numbered ones.

    The keys belong to `workspace`, so they are dead while the screen lock hides it.
    """
    control, shift = Qt.Modifier.CTRL, Qt.Modifier.SHIFT
    keys: list[tuple[QKeySequence, Callable[[], None]]] = [
        (QKeySequence(control | Qt.Key.Key_Tab), _stepper(navigation, 1)),
        # Shift+Tab arrives as Backtab; a layout may also send Tab with Shift held.
        (QKeySequence(control | shift | Qt.Key.Key_Backtab), _stepper(navigation, -1)),
        (QKeySequence(control | shift | Qt.Key.Key_Tab), _stepper(navigation, -1)),
    ]
    for index in range(min(navigation.count(), NUMBERED_TABS)):
        key = Qt.Key(Qt.Key.Key_1.value + index)
        keys.append((QKeySequence(Qt.Modifier.ALT | key), _opener(navigation, index)))
    for sequence, handler in keys:
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


def _stepper(navigation: QTabBar, step: int) -> Callable[[], None]:
    def go() -> None:
        if navigation.count():
            navigation.setCurrentIndex((navigation.currentIndex() + step) % navigation.count())

    return go


def _opener(navigation: QTabBar, index: int) -> Callable[[], None]:
    return lambda: navigation.setCurrentIndex(index)
