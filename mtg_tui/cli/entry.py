"""The `mtg-tui` command: the cycle collector is paused while the modules load (memory),
then the command line is read (cli)."""

from __future__ import annotations

from .. import memory


def main() -> None:
    memory.pause_collector()
    from .commands import main as cli_main

    cli_main()
