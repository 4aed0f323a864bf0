"""CPU time of importing modules (or running an `aos` command) in whole processes, one checkout
against another, paired run by run: the median CPU seconds of each and the median ratio.

    python benchmarks/import_cpu.py /tmp/before /work/wt-x aos_cli.core.events
    python benchmarks/import_cpu.py /tmp/before /work/wt-x -n 15 aos_cli.systems.mesbg.rules
    python benchmarks/import_cpu.py /tmp/before /work/wt-x --run "hero list --db g.sqlite3"

CPU time (user + system of the child) is steadier than wall time on a shared, loaded machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys


def cpu_seconds(tree: str, args: list[str]) -> float:
    """One whole process's CPU time, with `tree` first on the import path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": tree}
    subprocess.run([sys.executable, *args], env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("modules", nargs="*")
    parser.add_argument("-n", type=int, default=11, help="pairs of runs")
    parser.add_argument("--run", action="append", default=[], help="an `aos` command line")
    options = parser.parse_intermixed_args()
    cases = [(m, ["-c", f"import {m}"]) for m in options.modules]
    cases += [(f"aos {r}", ["-m", "aos_cli", *shlex.split(r)]) for r in options.run]
    print("| what | before CPU s | after CPU s | ratio |\n|---|---|---|---|")
    for name, args in cases:
        first, second = [], []
        for _ in range(options.n):
            first.append(cpu_seconds(options.before, args))
            second.append(cpu_seconds(options.after, args))
        ratio = statistics.median(b / a for a, b in zip(first, second, strict=True))
        print(
            f"| `{name}` | {statistics.median(first):.3f} | {statistics.median(second):.3f} "
            f"| {ratio:.2f} |"
        )


if __name__ == "__main__":
    main()
