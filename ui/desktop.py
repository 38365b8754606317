"""What a desktop must have before Qt is loaded: the system libraries its platform plugin needs.

Qt aborts the process when its xcb platform plugin cannot load a library («xcb-cursor0 or
libxcb-cursor0 is needed…», then SIGABRT), which on a fresh Debian is the first thing a new
shop sees. So the window's start asks the dynamic loader for each library first, and a missing
one is a Russian sentence naming the Debian packages to install (README, "Two commands").
This module imports no Qt.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

# The libraries PySide6's QtGui and QtWidgets link on Linux, whatever the platform: soname →
# the Debian package that ships it (`ldd` of libQt6Gui.so.6, PySide6-Essentials 6.11).
GUI_LIBRARIES: Mapping[str, str] = {
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libX11.so.6": "libx11-6",
    "libxcb.so.1": "libxcb1",
}
# …and what the xcb platform plugin (the X11 desktop) adds (`ldd` of libQt6XcbQpa.so.6);
# libxcb-cursor is loaded by the plugin itself and is the one Qt aborts on.
XCB_LIBRARIES: Mapping[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-util.so.1": "libxcb-util1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-render.so.0": "libxcb-render0",
}

Loader = Callable[[str], object]


def platform_plugin(environ: Mapping[str, str]) -> str:
    """The Qt platform the window will start on: QT_QPA_PLATFORM's first choice, else Qt's own."""
    chosen = environ.get("QT_QPA_PLATFORM", "").replace(";", ":").split(":")[0].strip()
    if chosen:
        return chosen
    return "wayland" if environ.get("XDG_SESSION_TYPE") == "wayland" else "xcb"


def missing_packages(
    environ: Mapping[str, str] | None = None,
    *,
    load: Loader = ctypes.CDLL,
    system: str = sys.platform,
) -> list[str]:
    """The Debian packages whose libraries the dynamic loader cannot find, in install order.

    Only Linux is checked: PySide6 carries what it needs on Windows and macOS.
    """
    if not system.startswith("linux"):
        return []
    environ = os.environ if environ is None else environ
    wanted = dict(GUI_LIBRARIES)
    if platform_plugin(environ) == "xcb":
        wanted.update(XCB_LIBRARIES)
    return [package for soname, package in wanted.items() if not _loads(soname, load)]


def missing_sentence(packages: list[str]) -> str:
    """What the cashier (or whoever set up the PC) reads instead of a Qt abort."""
    names = " ".join(packages)
    return (
        f"Для окна кассы в системе не хватает библиотек ({names}) — установите их командой "
        f"«sudo apt install {names}» и запустите программу снова."
    )


def _loads(soname: str, load: Loader) -> bool:
    try:
        load(soname)
    except OSError:
        return False
    return True
