"""`mtg-tui serve` without a browser: its options, its one-line refusals, what it says it binds to,
and a real server answering the page and stopping on Ctrl+C."""

from __future__ import annotations

import shlex
import signal
import socket
import sys
import urllib.request

import pytest
from click.testing import CliRunner

from mtg_tui.cli.commands import main
from mtg_tui.cli.serve import announcement, client_command, exposure_warning, is_loopback

from serving import free_port, serve_process, stop


def test_serve_is_a_command_with_port_and_host() -> None:
    assert "serve" in CliRunner().invoke(main, ["--help"]).output
    out = CliRunner().invoke(main, ["serve", "--help"]).output
    assert "--port" in out and "--host" in out and "127.0.0.1" in out


@pytest.mark.parametrize(("port", "said"), [("0", "--port must be between 1 and 65535, not 0"),
                                            ("70000", "--port must be between 1 and 65535, not 70000"),
                                            ("http", "'http' is not a valid integer")])
def test_a_port_that_is_no_port_is_refused_in_one_line(port: str, said: str) -> None:
    r = CliRunner().invoke(main, ["serve", "--port", port])
    assert r.exit_code != 0 and said in r.output and "Traceback" not in r.output


def test_a_taken_port_is_refused_in_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert r.exit_code == 1
    assert r.output.strip() == (f"Error: can't listen on http://127.0.0.1:{port}: Address already in use "
                                "(--port chooses another)")


def test_an_unknown_host_is_refused_in_one_line() -> None:
    r = CliRunner().invoke(main, ["serve", "--host", "no-such-host.invalid"])
    assert r.exit_code == 1 and r.output.startswith("Error: no address for host 'no-such-host.invalid'")
    assert len(r.output.strip().splitlines()) == 1


def test_each_page_runs_this_interpreter_on_this_package() -> None:
    assert shlex.split(client_command()) == [sys.executable, "-m", "mtg_tui"]


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                                ("127.0.0.2", True), ("0.0.0.0", False), ("::", False),
                                                ("192.168.1.20", False), ("example.org", False)])
def test_only_loopback_addresses_count_as_this_computer_only(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback
    assert (exposure_warning(host) is None) is loopback
    assert ("only" in announcement(host, 8000)[1]) is loopback


def test_the_server_says_it_binds_to_localhost_serves_the_page_and_stops_on_ctrl_c() -> None:
    port = free_port()
    server, said = serve_process(port)
    try:
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read().decode()
    finally:
        out, err = stop(server, signal.SIGINT)
    assert said[0] == f"mtg-tui in a browser: open http://127.0.0.1:{port}"
    assert said[1].startswith("Listening on 127.0.0.1 only")
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    assert server.returncode == 0 and "Stopped." in out and "Traceback" not in out + err


def test_a_server_others_can_reach_warns_and_gives_pages_the_address_they_used() -> None:
    port = free_port()
    server, said = serve_process(port, host="0.0.0.0")
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": f"table.example:{port}"})
        page = urllib.request.urlopen(request, timeout=10).read().decode()
    finally:
        out, err = stop(server, signal.SIGTERM)
    assert said[0] == (f"mtg-tui in a browser: open http://127.0.0.1:{port} here, "
                       f"or http://{socket.gethostname()}:{port} from another machine")
    assert said[1] == f"Listening on 0.0.0.0: anyone who can reach this machine on port {port} can open it."
    assert "Warning: 0.0.0.0 is not a loopback address" in err
    # the page's websocket goes back to the address the browser used, not to 0.0.0.0
    assert f'data-session-websocket-url="ws://table.example:{port}/ws"' in page
    assert server.returncode == 0
