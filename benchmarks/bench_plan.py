"""Speed of the phase planner (issue 29): the full plan (every pair's exact odds, every set of
attackers on every target, the three best assignments) for 6 attackers against 5 targets, and
how it grows with attackers (2-10) and targets.

Run on demand: `python benchmarks/bench_plan.py` prints the growth tables;
`python -m pytest benchmarks/bench_plan.py --benchmark-columns=mean,stddev` times 6 × 5.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.app.plan_armies import shooting_game


def plan_once(state: Any) -> Any:
    from aos_cli.app.planner import plan_phase

    return plan_phase(state)


def timed(shooters: int, targets: int, repeats: int = 5) -> tuple[float, float, float]:
    """Median and best wall time and best CPU time of the whole plan (the game already set
    up, content warm). CPU time is the steadier figure on a shared machine."""
    state = shooting_game(shooters, targets)
    plan_once(state)  # content cache and imports warm, as at the table after the first command
    walls, cpus = [], []
    for _ in range(repeats):
        started, cpu = time.perf_counter(), time.process_time()
        plan_once(state)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), min(walls), min(cpus)


def test_plan_6_attackers_5_targets(benchmark: Any) -> None:
    state = shooting_game(6, 5)
    plan_once(state)
    plan = benchmark(plan_once, state)
    assert plan.choices


def main() -> None:
    from aos_cli.app import planner

    planner.MAX_ATTACKERS = 10  # measured beyond the limit a command takes
    print("| attackers x targets | wall median (ms) | wall best (ms) | CPU best (ms) |")
    print("|---|---|---|---|")
    for shooters in range(2, 11):
        median, best, cpu = timed(shooters, 5, 5 if shooters < 9 else 3)
        print(f"| {shooters} x 5 | {median * 1000:.1f} | {best * 1000:.1f} | {cpu * 1000:.1f} |")
    for targets in (2, 3, 4, 6, 8):
        median, best, cpu = timed(6, targets)
        print(f"| 6 x {targets} | {median * 1000:.1f} | {best * 1000:.1f} | {cpu * 1000:.1f} |")


if __name__ == "__main__":
    main()
