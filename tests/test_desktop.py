"""A desktop without Qt's system libraries gets one Russian sentence, not a Qt abort (issue 16)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ui import desktop

ROOT = Path(__file__).resolve().parent.parent


def _loader_without(*missing: str) -> desktop.Loader:
    def load(soname: str) -> object:
        if soname in missing:
            raise OSError(f"{soname}: cannot open shared object file")
        return soname

    return load


def test_the_packages_of_the_missing_libraries_are_named() -> None:
    load = _loader_without("libxcb-icccm.so.4", "libxcb-keysyms.so.1")

    found = desktop.missing_packages({"DISPLAY": ":0"}, load=load, system="linux")

    assert found == ["libxcb-icccm4", "libxcb-keysyms1"]


def test_an_offscreen_window_needs_no_x11_plugin_libraries() -> None:
    load = _loader_without("libxcb-cursor.so.0")

    assert desktop.missing_packages({"QT_QPA_PLATFORM": "offscreen"}, load=load) == []
    assert desktop.missing_packages({"QT_QPA_PLATFORM": "xcb"}, load=load, system="linux") == [
        "libxcb-cursor0"
    ]


def test_other_systems_are_not_checked() -> None:
    load = _loader_without(*desktop.GUI_LIBRARIES)

    assert desktop.missing_packages({}, load=load, system="win32") == []


@pytest.mark.parametrize(
    ("environ", "plugin"),
    [
        ({}, "xcb"),
        ({"XDG_SESSION_TYPE": "wayland"}, "wayland"),
        ({"QT_QPA_PLATFORM": "xcb;offscreen"}, "xcb"),
        ({"QT_QPA_PLATFORM": "offscreen:fontengine=freetype"}, "offscreen"),
    ],
)
def test_the_platform_is_the_one_qt_will_try_first(environ: dict[str, str], plugin: str) -> None:
    assert desktop.platform_plugin(environ) == plugin


def test_the_real_loader_misses_a_library_that_is_not_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(desktop, "XCB_LIBRARIES", {"libbetshop-absent.so.9": "libbetshop9"})

    found = desktop.missing_packages({"QT_QPA_PLATFORM": "xcb"}, system="linux")

    assert found == ["libbetshop9"]


def test_make_run_without_the_libraries_says_what_to_install_and_loads_no_qt(
    tmp_path: Path,
) -> None:
    script = textwrap.dedent(
        f"""
        import sys
        import main
        from ui import desktop
        desktop.XCB_LIBRARIES = {{"libbetshop-absent.so.9": "libbetshop9"}}
        code = main.main(["--data-dir", {str(tmp_path)!r}, "run"])
        loaded = [name for name in sys.modules if name.startswith("PySide6")]
        print("exit", code, "qt", loaded)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"QT_QPA_PLATFORM": "xcb", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.stdout.strip() == "exit 5 qt []", done.stderr
    assert "sudo apt install" in done.stderr
    assert "libbetshop9" in done.stderr
    assert "Traceback" not in done.stderr
