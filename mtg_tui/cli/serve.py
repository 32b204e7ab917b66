"""`mtg-tui serve`: the client in a browser, through textual-serve. Each page that connects gets
its own client process, `python -m mtg_tui` run by the server's own interpreter (so a venv, a
normal or an editable install serve the package they run), with the server's environment: the
same saves, settings and imported cards as the terminal client of the user who started it."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import shlex
import socket
import sys
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # pragma: no cover
    from aiohttp import web
    from textual_serve.server import Server

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TITLE = "mtg-tui"
SESSION_END_WAIT = 10.0  # seconds Ctrl+C waits for the open pages' clients to quit


def client_command() -> str:
    """The shell command each browser session runs: this interpreter, this package, the main menu
    (textual-serve runs it through the shell, hence the quoting)."""
    return shlex.join([sys.executable, "-m", "mtg_tui"])


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach `host`: `localhost`, or a loopback address."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name other than localhost: it may be anyone's
        return False


def url_for(host: str, port: int) -> str:
    """The address to open; an IPv6 address goes in brackets."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def port_problem(host: str, port: int) -> str | None:
    """Why the server couldn't listen on host:port (taken, no such address), or None: tried
    before serving, so a refusal is one line and not the web server's traceback."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        return f"no address for host {host!r}: {e.strerror}"
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
            try:
                probe.bind(address)
            except OSError as e:
                return f"can't listen on {url_for(host, port)}: {e.strerror or e} (--port chooses another)"
    return None


def is_every_address(host: str) -> bool:
    """Whether `host` means all of this machine's addresses (0.0.0.0, ::): no page can open it as such."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def where_to_open(host: str, port: int) -> str:
    """The address a browser opens: for every address, this machine's own and its name on the network."""
    if is_every_address(host):
        return f"{url_for(DEFAULT_HOST, port)} here, or http://{socket.gethostname()}:{port} from another machine"
    return url_for(host, port)


def announcement(host: str, port: int) -> list[str]:
    """What `serve` says as it starts: where to open it and who can."""
    lines = [f"mtg-tui in a browser: open {where_to_open(host, port)}"]
    if is_loopback(host):
        lines.append(f"Listening on {host} only: browsers on this computer can open it, no other machine can "
                     "(--host ADDRESS serves others).")
    else:
        lines.append(f"Listening on {host}: anyone who can reach this machine on port {port} can open it.")
    lines.append("Each page runs its own client, with your saves and settings. Ctrl+C stops the server.")
    return lines


def exposure_warning(host: str) -> str | None:
    """The warning for a host other machines can reach: no password, and the pages play as you."""
    if is_loopback(host):
        return None
    return (f"Warning: {host} is not a loopback address. The pages have no password, and every one runs "
            "the client as you: it reads and writes your saves and settings.")


def make_server(host: str, port: int) -> Server:
    """A textual-serve Server for the client, saying its own lines at startup and giving each page
    the websocket address the browser reached it by (so `--host 0.0.0.0` works from other machines)."""
    from textual_serve.server import Server  # the web server loads only for `serve`

    sessions: set[asyncio.Task[Any]] = set()

    class ClientServer(Server):
        def initialize_logging(self) -> None:
            super().initialize_logging()
            # a line per request (page, script, font) would bury what matters: errors still show
            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

        async def on_startup(self, app: web.Application) -> None:
            for line in announcement(host, port):
                click.echo(line)
            warning = exposure_warning(host)
            if warning:
                click.echo(warning, err=True)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            # a page's session, remembered so that stopping the server can end it
            session = asyncio.current_task()
            assert session is not None  # aiohttp runs every handler in a task
            sessions.add(session)
            try:
                return await super().handle_websocket(request)
            finally:
                sessions.discard(session)

        async def on_shutdown(self, app: web.Application) -> None:
            # Ctrl+C with pages open: each session is cancelled, which tells its client to quit
            # (textual-serve's own cleanup); the server would otherwise wait a minute for them
            for session in sessions:
                session.cancel()
            if sessions:
                await asyncio.wait(sessions, timeout=SESSION_END_WAIT)

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            # the page's links and websocket: the address in the request, not the one bound
            # (no await before the template reads it: no other request can change it meanwhile)
            self.public_url = f"{request.scheme}://{request.host}"
            response: web.StreamResponse = await super().handle_index(request)
            return response

    return ClientServer(client_command(), host=host, port=port, title=TITLE)


def check_port(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """A port is 1-65535 (0 would let the system choose one nobody is told)."""
    if not 1 <= value <= 65535:
        raise click.ClickException(f"--port must be between 1 and 65535, not {value}")
    return value


@click.command(name="serve")
@click.option("--port", type=int, default=DEFAULT_PORT, show_default=True, callback=check_port,
              help="The port to listen on.")
@click.option("--host", default=DEFAULT_HOST, show_default=True,
              help="The address to listen on. The default lets only this computer in; 0.0.0.0 lets in any "
                   "machine that can reach this one (there is no password).")
def serve_command(port: int, host: str) -> None:
    """The client in a browser: serves the main menu, as `mtg-tui` opens it, through textual-serve.

    Each page opened runs its own client, as you, with your saves and settings. Only this computer
    can connect unless --host says otherwise. Ctrl+C stops it."""
    problem = port_problem(host, port)
    if problem:
        raise click.ClickException(problem)
    server = make_server(host, port)
    try:
        server.serve()
    except OSError as e:  # taken between the check and the server's own bind
        raise click.ClickException(f"can't listen on {url_for(host, port)}: {e.strerror or e}") from None
    click.echo("Stopped.")
