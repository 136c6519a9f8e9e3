"""Run one command and write its CPU seconds, wall seconds and peak RSS (MB) to a JSON file.

bench/run.py starts every measured run through this small process: Linux gives a
forked child the peak memory of the process it was forked from, so forking runs
from the bench itself (which has loaded fwdata) would inflate every small peak.

Usage: python bench/measure.py RESULT.json COMMAND...
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time


def main() -> None:
    result, command = sys.argv[1], sys.argv[2:]
    started = time.perf_counter()
    process = subprocess.Popen(command)
    _, status, usage = os.wait4(process.pid, 0)
    wall_s = time.perf_counter() - started
    with open(result, "w", encoding="utf-8") as out:
        json.dump({"exit": os.waitstatus_to_exitcode(status), "cpu_s": usage.ru_utime + usage.ru_stime,
                   "wall_s": wall_s, "peak_mb": usage.ru_maxrss / 1024}, out)


if __name__ == "__main__":
    main()
