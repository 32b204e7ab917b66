"""Measures the client in a real pseudo-terminal (not a pytest test; run it by hand):

    python tests/tui/measure.py [RUNS]

The measurement itself is mtg_tui/cli/bench_client.py (startup to the first frame, and key press
to updated screen on a 30-permanent board); this prints its report.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's mtg_tui, not the installed one
from mtg_tui.cli.bench_client import measure_client, report_lines  # noqa: E402

if __name__ == "__main__":
    print("\n".join(report_lines(measure_client(int(sys.argv[1]) if len(sys.argv) > 1 else 5))))
