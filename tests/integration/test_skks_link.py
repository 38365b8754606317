"""The link to the СККС controller (db.skks_link) against the simulator on loopback (issue 35)."""

from __future__ import annotations

import json
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
import trustme

from db.skks_link import HttpLink, build_link
from pos.skks.link import LinkConfig, LinkDown, Refused, Registered
from tests.skks_simulator import SimulatedController, Total, control, fetch_log, fetch_totals

TIMEOUT = 1.0
MARGIN = 0.5  # a loaded 2-core box: what "within the timeout" may take beyond it


def body(sequence: int = 1, *, kind: str = "bet_accepted", **fields: object) -> str:
    message: dict[str, object] = {
        "id": f"К1-{sequence:010d}",
        "terminal": "К1",
        "office": "M1",
        "kind": kind,
        "at": "2026-12-05T23:30:00+03:00",
    }
    message.update(fields or {"slip": f"A{sequence}", "stake": 1050, "potential_payout": 2100})
    return json.dumps(message, ensure_ascii=False)


@pytest.fixture
def sim() -> Iterator[SimulatedController]:
    with SimulatedController() as controller:
        yield controller


@pytest.fixture
def link(sim: SimulatedController) -> Iterator[HttpLink]:
    opened = HttpLink(LinkConfig(url=sim.url, timeout=TIMEOUT))
    yield opened
    opened.close()


def test_a_message_is_registered_with_the_controllers_number(sim, link) -> None:
    assert link.send(body(1), timeout=TIMEOUT) == Registered("R000001")
    assert link.send(body(2), timeout=TIMEOUT) == Registered("R000002")
    assert [entry["id"] for entry in sim.log()] == ["К1-0000000001", "К1-0000000002"]


def test_the_same_message_again_is_registered_once_under_the_same_number(sim, link) -> None:
    first = link.send(body(1), timeout=TIMEOUT)
    again = link.send(body(1), timeout=TIMEOUT)
    assert first == again == Registered("R000001")
    assert len(sim.log()) == 1


def test_the_same_id_with_other_content_is_a_conflict(sim, link) -> None:
    link.send(body(1), timeout=TIMEOUT)
    answer = link.send(body(1, slip="A1", stake=2000, potential_payout=4000), timeout=TIMEOUT)
    assert isinstance(answer, Refused)
    assert answer.conflict
    assert answer.error == "conflict"
    assert len(sim.log()) == 1


def test_a_refused_kind_is_refused_with_the_controllers_reason(sim, link) -> None:
    sim.refuse_kinds = {"bet_accepted": "Касса не зарегистрирована в СККС"}
    answer = link.send(body(1), timeout=TIMEOUT)
    assert answer == Refused("refused", "Касса не зарегистрирована в СККС")
    assert sim.log() == []
    assert link.send(body(2, kind="cash_in", amount=5000, cash=5000), timeout=TIMEOUT) == (
        Registered("R000001")
    )


def test_an_answer_on_loopback_takes_a_millisecond_not_a_delayed_ack(sim, link) -> None:
    # 40 ms a message when the answer's headers and body left in two segments held by
    # Nagle's algorithm until the client's delayed ACK (tests/bench/skks_drain.py, issue 35).
    link.send(body(1), timeout=TIMEOUT)  # the connection opened
    seconds = []
    for sequence in range(2, 32):
        started = time.perf_counter()
        link.send(body(sequence), timeout=TIMEOUT)
        seconds.append(time.perf_counter() - started)
    assert statistics.median(seconds) < 0.015


def test_a_controller_that_is_down_is_no_answer_at_once(sim, link) -> None:
    sim.down = True
    started = time.monotonic()
    with pytest.raises(LinkDown):
        link.send(body(1), timeout=TIMEOUT)
    assert time.monotonic() - started < TIMEOUT
    assert sim.log() == []
    sim.down = False
    assert link.send(body(1), timeout=TIMEOUT) == Registered("R000001")


def test_a_controller_that_resets_connections_is_no_answer(sim, link) -> None:
    sim.down, sim.reset = True, True
    with pytest.raises(LinkDown):
        link.send(body(1), timeout=TIMEOUT)


def test_nobody_listening_is_no_answer_at_once() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    link = build_link(LinkConfig(url=f"http://127.0.0.1:{port}", timeout=TIMEOUT))
    started = time.monotonic()
    try:
        with pytest.raises(LinkDown):
            link.send(body(1), timeout=TIMEOUT)
    finally:
        link.close()
    assert time.monotonic() - started < TIMEOUT


def test_an_answer_later_than_the_timeout_is_no_answer_within_it(sim, link) -> None:
    sim.delay = 3 * TIMEOUT
    started = time.monotonic()
    with pytest.raises(LinkDown):
        link.send(body(1), timeout=TIMEOUT)
    assert time.monotonic() - started < TIMEOUT + MARGIN
    sim.delay = 0
    # The controller registered it before its answer was late: the retry gets the same number.
    assert link.send(body(1), timeout=TIMEOUT) == Registered("R000001")
    assert len(sim.log()) == 1


def test_a_dropped_answer_then_the_resend_registers_the_message_once(sim, link) -> None:
    sim.drop = 1.0
    with pytest.raises(LinkDown):
        link.send(body(1), timeout=TIMEOUT)
    assert len(sim.log()) == 1  # registered, then the answer was lost
    sim.drop = 0.0
    assert link.send(body(1), timeout=TIMEOUT) == Registered("R000001")
    assert [entry["id"] for entry in sim.log()] == ["К1-0000000001"]


def test_the_switches_and_the_reads_work_over_http_for_a_soak_in_another_process(sim) -> None:
    control(sim.url, down=True, delay=0.25, drop=0.5, refuse_kinds=["win_paid"])
    assert (sim.down, sim.delay, sim.drop) == (True, 0.25, 0.5)
    assert set(sim.refuse_kinds) == {"win_paid"}
    control(sim.url, down=False, delay=0, drop=0, refuse_kinds=[])
    with HttpLink(LinkConfig(url=sim.url, timeout=TIMEOUT)) as link:
        link.send(body(1), timeout=TIMEOUT)
    assert fetch_log(sim.url) == sim.log()
    assert fetch_totals(sim.url, "К1", date(2026, 12, 5)) == {"bet_accepted": Total(1, 1050)}


def test_a_control_or_a_read_it_cannot_understand_is_answered_400(sim) -> None:
    for path, data in [("/control", b"{not json"), ("/control", b'{"delay": "soon"}')]:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(sim.url + path, data=data), timeout=5)
        refused.value.close()
        assert refused.value.code == 400
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{sim.url}/v1/totals?terminal=K1&day=5.12.2026", timeout=5)
    refused.value.close()
    assert refused.value.code == 400
    assert sim.delay == 0


def test_totals_count_what_stands_registered_on_the_messages_own_day(sim, link) -> None:
    link.send(body(1), timeout=TIMEOUT)
    link.send(body(2, slip="A2", stake=2000, potential_payout=3000), timeout=TIMEOUT)
    link.send(body(3, kind="win_paid", slip="A1", amount=2100), timeout=TIMEOUT)
    # 00:30 in Minsk is the 6th there, though still the 5th in UTC.
    late = body(4, slip="A4", stake=700, potential_payout=900)
    late = late.replace("2026-12-05T23:30", "2026-12-06T00:30")
    link.send(late, timeout=TIMEOUT)
    link.send(body(5, kind="annul", of="К1-0000000002"), timeout=TIMEOUT)

    assert sim.totals("К1", date(2026, 12, 5)) == {
        "bet_accepted": Total(1, 1050),
        "win_paid": Total(1, 2100),
    }
    assert sim.totals("К1", "2026-12-05") == fetch_totals(sim.url, "К1", date(2026, 12, 5))
    assert sim.totals("К1", date(2026, 12, 6)) == {"bet_accepted": Total(1, 700)}
    assert sim.totals("К2", date(2026, 12, 5)) == {}
    assert sim.annulled("К1-0000000002")
    assert [entry["kind"] for entry in sim.log()][-1] == "annul"


def test_an_annulment_of_an_id_never_registered_is_answered_too(sim, link) -> None:
    answer = link.send(body(1, kind="annul", of="К1-0000000099"), timeout=TIMEOUT)
    assert isinstance(answer, Registered)
    # The annulled id arriving late stands annulled: it counts in no total.
    link.send(body(99), timeout=TIMEOUT)
    assert sim.totals("К1", date(2026, 12, 5)) == {}


def test_amounts_that_are_not_integer_kopecks_are_refused(sim, link) -> None:
    answer = link.send(body(1, slip="A1", stake=10.5, potential_payout=21), timeout=TIMEOUT)
    assert isinstance(answer, Refused)
    assert answer.error == "malformed"


# --- HTTPS with the terminal's client certificate (the centre's connection) ---------------


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("pki")
    ca = trustme.CA()
    files = {name: str(folder / f"{name}.pem") for name in ("ca", "server", "terminal")}
    ca.cert_pem.write_to_path(files["ca"])
    ca.issue_cert("127.0.0.1", "localhost").private_key_and_cert_chain_pem.write_to_path(
        files["server"]
    )
    ca.issue_cert("terminal-k1").private_key_and_cert_chain_pem.write_to_path(files["terminal"])
    return files


@pytest.fixture
def tls_sim(pki: dict[str, str]) -> Iterator[SimulatedController]:
    with SimulatedController(cert=pki["server"], client_ca=pki["ca"]) as controller:
        yield controller


def test_https_with_the_terminals_certificate_is_registered(tls_sim, pki) -> None:
    assert tls_sim.url.startswith("https://")
    config = LinkConfig(tls_sim.url, TIMEOUT, client_cert=pki["terminal"], ca_file=pki["ca"])
    with HttpLink(config) as link:
        assert link.send(body(1), timeout=TIMEOUT) == Registered("R000001")
        assert link.send(body(2), timeout=TIMEOUT) == Registered("R000002")


def test_https_without_a_client_certificate_is_no_answer(tls_sim, pki) -> None:
    link = HttpLink(LinkConfig(tls_sim.url, TIMEOUT, ca_file=pki["ca"]))
    with link, pytest.raises(LinkDown):
        link.send(body(1), timeout=TIMEOUT)
    assert tls_sim.log() == []


def test_https_to_a_controller_not_signed_by_the_centre_is_no_answer(tls_sim, pki) -> None:
    other_ca = trustme.CA()
    path = Path(pki["ca"]).with_name("other-ca.pem")
    other_ca.cert_pem.write_to_path(str(path))
    config = LinkConfig(tls_sim.url, TIMEOUT, client_cert=pki["terminal"], ca_file=str(path))
    with HttpLink(config) as link, pytest.raises(LinkDown):
        link.send(body(1), timeout=TIMEOUT)


@pytest.mark.parametrize("url", ["http://[::1", "kiz.example", "ftp://kiz.example/", ""])
def test_an_address_that_is_not_a_controllers_is_said_when_the_link_is_built(url) -> None:
    with pytest.raises(LinkDown, match="адрес СККС"):
        build_link(LinkConfig(url))


def test_a_certificate_file_that_cannot_be_read_is_said_when_the_link_is_built(tmp_path) -> None:
    config = LinkConfig("https://127.0.0.1:1", client_cert=str(tmp_path / "missing.pem"))
    with pytest.raises(LinkDown, match=r"missing\.pem"):
        build_link(config)


def test_main_py_serves_the_simulator_until_ctrl_c_and_logs_each_message() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        [sys.executable, str(root / "main.py"), "skks-simulator", "--port", str(port)],
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert process.stdout is not None
        assert f"http://127.0.0.1:{port}" in process.stdout.readline()
        with HttpLink(LinkConfig(f"http://127.0.0.1:{port}", TIMEOUT)) as link:
            assert link.send(body(1), timeout=TIMEOUT) == Registered("R000001")
        assert "К1-0000000001 bet_accepted -> 200" in process.stdout.readline()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdout.close()
