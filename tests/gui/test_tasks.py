"""The worker: results on the GUI thread, refusals to on_failure, bugs to the crash hook."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

import ui.errors
from pos.core.errors import PosError, StorageUnavailable
from pos.people.errors import UnknownUser
from ui.tasks import TaskRunner


def test_the_call_runs_on_the_worker_and_the_result_arrives_on_the_gui_thread(
    qtbot: QtBot, runner: TaskRunner
) -> None:
    results: list[tuple[int, int]] = []

    runner.run(
        threading.get_ident,
        on_success=lambda worker: results.append((worker, threading.get_ident())),
    )

    qtbot.waitUntil(lambda: bool(results))
    worker, callback = results[0]
    assert worker != threading.get_ident()
    assert callback == threading.get_ident()


def test_a_refusal_goes_to_the_failure_callback_only(qtbot: QtBot, runner: TaskRunner) -> None:
    successes: list[object] = []
    failures: list[PosError] = []

    def refuse() -> None:
        raise UnknownUser("nobody")

    runner.run(refuse, on_success=successes.append, on_failure=failures.append)

    qtbot.waitUntil(lambda: bool(failures))
    assert str(failures[0]) == str(UnknownUser("nobody"))
    assert successes == []


def test_a_refusal_without_a_failure_callback_is_shown_as_a_message(
    qtbot: QtBot, runner: TaskRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[PosError] = []
    monkeypatch.setattr(ui.errors, "show_error", lambda _parent, exc: shown.append(exc))

    def refuse() -> None:
        raise UnknownUser("nobody")

    runner.run(refuse)

    qtbot.waitUntil(lambda: bool(shown))
    assert isinstance(shown[0], UnknownUser)


@pytest.mark.warns_in_log
def test_a_storage_failure_is_logged_as_a_warning(
    qtbot: QtBot, runner: TaskRunner, caplog: pytest.LogCaptureFixture
) -> None:
    failures: list[PosError] = []

    def fail() -> None:
        raise StorageUnavailable("disk I/O error")

    runner.run(fail, on_failure=failures.append)

    qtbot.waitUntil(lambda: bool(failures))
    assert any(r.levelname == "WARNING" and r.name == "ui.tasks" for r in caplog.records)


def test_a_bug_goes_to_the_crash_handler_not_to_the_failure_callback(qtbot: QtBot) -> None:
    crashes: list[BaseException] = []
    failures: list[PosError] = []
    task_runner = TaskRunner(on_crash=crashes.append)

    task_runner.run(lambda: 1 / 0, on_failure=failures.append)

    qtbot.waitUntil(lambda: bool(crashes))
    task_runner.shutdown()
    assert isinstance(crashes[0], ZeroDivisionError)
    assert failures == []


def test_busy_is_reported_while_calls_are_queued(qtbot: QtBot, runner: TaskRunner) -> None:
    states: list[bool] = []
    runner.busy_changed.connect(states.append)
    gate = threading.Event()

    runner.run(lambda: gate.wait(5))
    runner.run(lambda: None)
    assert runner.busy
    gate.set()

    qtbot.waitUntil(lambda: not runner.busy)
    assert states == [True, False]


def test_a_quiet_poll_runs_in_turn_but_leaves_the_runner_free_for_the_user_s_keys(
    qtbot: QtBot, runner: TaskRunner
) -> None:
    states: list[bool] = []
    runner.busy_changed.connect(states.append)
    gate = threading.Event()
    order: list[str] = []

    runner.run(lambda: (gate.wait(5), order.append("poll")), quiet=True)
    assert not runner.busy
    runner.run(lambda: order.append("key"), on_success=lambda _: order.append("shown"))
    assert runner.busy
    gate.set()

    qtbot.waitUntil(lambda: "shown" in order)
    assert order == ["poll", "key", "shown"]
    assert states == [True, False]


def test_a_shut_down_runner_takes_no_more_work(qtbot: QtBot) -> None:
    task_runner = TaskRunner()
    task_runner.shutdown()

    with pytest.raises(RuntimeError):
        task_runner.run(lambda: None)


def test_the_answer_is_dropped_when_its_widget_is_gone(qtbot: QtBot, runner: TaskRunner) -> None:
    owner = QWidget()
    answers: list[object] = []
    gate = threading.Event()
    runner.run(lambda: gate.wait(5), on_success=answers.append, owner=owner)

    gone: list[bool] = []
    owner.destroyed.connect(lambda: gone.append(True))
    owner.deleteLater()
    qtbot.waitUntil(lambda: bool(gone))
    gate.set()

    qtbot.waitUntil(lambda: not runner.busy)
    assert answers == []
