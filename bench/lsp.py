"""Benchmark of `fwdata lsp`: from a didChange of a card in a generated pack to that card's publishDiagnostics.

Usage: python bench/lsp.py [--cards 1000] [--edits 10]

Generates a pack (bench/generate_pack.py: N fw cards, N/5 scenarios, the fw tables), starts
`python -m fwdata lsp` from this checkout over pipes (bench/lsp_client.py), opens one card
and times the first diagnostics (the cold check: the whole pack and the base library parsed),
then breaks and fixes one number of the card `--edits` times each, one change at a time, and
times each change to the card's next publishDiagnostics (the server's debounce included): the
changes come one after another, so each is answered by the check of the edited card alone
(fwdata/lsp/server.py). Last it opens a scenario naming the card, renames the card's id and
times the change to the scenario's diagnostics: what the whole check after a pause publishes.
Prints the median and the slowest latency, the median as a ratio to the cold check and to
the 300 ms target of issue 33, and the server's peak RSS (VmHWM) against the 300 MB target.
Figures are printed, never asserted: a slow machine is not a failure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_pack import generate  # noqa: E402
from lsp_client import LspProcess  # noqa: E402

TARGET_MS = 300
TARGET_MB = 300


def peak_rss_mb(pid: int) -> float:
    """Return the peak resident set size of a running process (VmHWM), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/PID/status")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fwdata-bench-lsp-") as folder:
        pack = generate(Path(folder) / "pack", cards=args.cards)
        card = pack / "cards" / "fw" / "p-51d-n1.yaml"
        text = card.read_text(encoding="utf-8")
        broken = text.replace("climb_rate_fpm: ", "climb_rate_fpm: fast", 1)
        server = LspProcess(Path(folder))
        try:
            server.initialize(pack)
            sent = time.monotonic()
            uri = server.open(card, text)
            arrived, _ = server.wait_for_diagnostics(uri, timeout_s=600)
            cold_s = arrived - sent
            latencies_s = []
            version = 1
            for _ in range(args.edits):
                for new_text, expect_error in ((broken, True), (text, False)):
                    version += 1
                    sent = server.change(uri, new_text, version)
                    arrived, diagnostics = server.wait_for_diagnostics(uri, timeout_s=600)
                    if any(d["code"] == "SCHEMA" for d in diagnostics) != expect_error:
                        raise SystemExit("bench/lsp.py: the diagnostics do not follow the edit")
                    latencies_s.append(arrived - sent)
            scenario = pack / "scenarios" / "fw" / "bomber-intercept-n1.yaml"
            scenario_uri = server.open(scenario)
            server.wait_for_diagnostics(scenario_uri, timeout_s=600)
            sent = server.change(uri, text.replace("id: p-51d-n1", "id: p-51d-renamed", 1), version + 1)
            arrived, diagnostics = server.wait_for_diagnostics(scenario_uri, timeout_s=600)
            if not any(d["code"] == "REF-UNKNOWN" for d in diagnostics):
                raise SystemExit("bench/lsp.py: the renamed card did not break the scenario")
            elsewhere_s = arrived - sent
            peak_mb = peak_rss_mb(server.process.pid)
        finally:
            server.close()
    median_ms = statistics.median(latencies_s) * 1000
    print(f"fwdata lsp, pack of {args.cards} cards, {len(latencies_s)} changes of one card (break, fix)")
    print(f"  cold check (didOpen to diagnostics): {cold_s:.2f} s")
    print(f"  didChange to publishDiagnostics: median {median_ms:.0f} ms, slowest {max(latencies_s) * 1000:.0f} ms"
          f" ({median_ms / (cold_s * 1000):.3f} of the cold check; {median_ms / TARGET_MS:.2f} x the {TARGET_MS} ms"
          " target)")
    print(f"  didChange of the card to the broken scenario's diagnostics (after the pause and the whole check): "
          f"{elsewhere_s * 1000:.0f} ms")
    print(f"  server peak RSS: {peak_mb:.0f} MB ({peak_mb / TARGET_MB:.2f} x the {TARGET_MB} MB target)")


if __name__ == "__main__":
    main()
