"""Start-up of whole `aos` commands against the bare Typer+Rich program, as a ratio table.

Each command and `bare_typer_rich.py` run alternately as whole processes, N times (paired run
by run), and the table gives each command's median wall time and the median of its per-pair
ratios (and of CPU times, steadier on a busy machine). Goal: every ratio within 1.3. Commands
that change a game run on a fresh copy of a prepared games database each time (not timed). The
content cache is the run's own, warmed while preparing: another checkout of aos using the same
user cache cannot make it cold between runs.

    python benchmarks/startup_ratios.py            # every command, 15 pairs each
    python benchmarks/startup_ratios.py -n 30 status shoot
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
BARE = [sys.executable, str(HERE / "bare_typer_rich.py")]
AOS = [sys.executable, "-m", "aos_cli"]

PREPARE: dict[str, tuple[str | None, list[list[str]]]] = {
    "hero-phase": (
        None,
        [["game", "new", "--system", "aos2", "--seed", "1"],
         ["priority", "--seed", "1", "--first", "Player One"]],
    ),
    "movement-phase": ("hero-phase", [["next"]]),
    "shooting-phase": ("movement-phase", [["move", "liberators"], ["next"]]),
    "middle-earth": (None, [["hero", "new-force", "Fellowship", "--models", "9"]]),
}  # fmt: skip
"""Games databases the in-game commands run on: name → (database it starts from, commands)."""

COMMANDS: dict[str, tuple[str | None, list[str]]] = {
    "help": (None, ["--help"]),
    "next": ("hero-phase", ["next"]),
    "move": ("movement-phase", ["move", "liberators"]),
    "shoot": (
        "shooting-phase",
        ["shoot", "judicators", "--target", "chainrasps", "--seed", "3", "--no-engaged",
         "--no-cover", "--no-target-engaged", "--in-range"],
    ),
    "status": ("shooting-phase", ["status"]),
    "score": ("shooting-phase", ["score"]),
    "undo": ("shooting-phase", ["undo"]),
    "game list": ("shooting-phase", ["game", "list"]),
    "game log": ("shooting-phase", ["game", "log"]),
    "game report": ("shooting-phase", ["game", "report"]),
    "hero list": ("middle-earth", ["hero", "list"]),
    "warscroll list": (None, ["warscroll", "list"]),
    "warscroll show": (None, ["warscroll", "show", "liberators"]),
    "battleplan list": (None, ["battleplan", "list"]),
    "rules show": (None, ["rules", "show", "phases"]),
    "roll attack": (None, ["roll", "attack", "10x2/3+/4+/-1/D3", "--save", "4+"]),
    "roll charge": (None, ["roll", "charge", "--distance", "8"]),
    "odds attack": (None, ["odds", "attack", "10x2/3+/4+/-1/D3", "--save", "4+"]),
    "odds charge": (None, ["odds", "charge", "--distance", "8"]),
}  # fmt: skip
"""Name → (games database it needs, arguments)."""


def _environment(db: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "PYTHONPATH")}
    cache = str(db.parent / "cache")
    return {**keep, "NO_COLOR": "1", "COLUMNS": "100", "AOS_DB": str(db), "AOS_CACHE_DIR": cache}


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds one process takes from start to exit; it must succeed."""
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, stdin=subprocess.DEVNULL)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode().strip()}")
    return took, _cpu() - cpu


def prepare(folder: Path) -> dict[str, Path]:
    """Build each prepared games database in `folder`."""
    databases: dict[str, Path] = {}
    for name, (start, steps) in PREPARE.items():
        db = folder / f"{name}.db"
        if start is not None:
            shutil.copyfile(databases[start], db)
        for step in steps:
            _run([*AOS, *step], _environment(db))
        databases[name] = db
    return databases


def measure(names: list[str], pairs: int) -> list[tuple[str, float, float, float, float]]:
    """Per command: median bare time, median command time, median paired ratio of wall
    times, and of CPU times (steadier than wall time on a busy machine)."""
    rows = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        databases = prepare(folder)
        work = folder / "work.db"
        for name in names:
            needs, arguments = COMMANDS[name]
            bare_times, times, ratios, cpu_ratios = [], [], [], []
            for _ in range(pairs):
                if needs is not None:
                    shutil.copyfile(databases[needs], work)
                env = _environment(work)
                bare, bare_cpu = _run(BARE, env)
                took, cpu = _run([*AOS, *arguments], env)
                bare_times.append(bare)
                times.append(took)
                ratios.append(took / bare)
                cpu_ratios.append(cpu / bare_cpu)
            rows.append(
                (name, statistics.median(bare_times), statistics.median(times),
                 statistics.median(ratios), statistics.median(cpu_ratios))
            )  # fmt: skip
            print(f"  {name}: {statistics.median(ratios):.2f}", file=sys.stderr)
    return rows


def main() -> None:
    """Parse the arguments, measure, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--pairs", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument("commands", nargs="*", help=f"some of: {', '.join(COMMANDS)}")
    options = parser.parse_args()
    names = options.commands or list(COMMANDS)
    unknown = [n for n in names if n not in COMMANDS]
    if unknown:
        parser.error(f"unknown command {unknown[0]!r}")
    rows = measure(names, max(1, min(options.pairs, 500)))
    print(f"{'command':<16} {'bare ms':>8} {'aos ms':>8} {'ratio':>6} {'cpu ratio':>9}")
    for name, bare, took, ratio, cpu in rows:
        flag = "" if ratio <= 1.3 else "  over 1.3"
        print(f"{name:<16} {bare * 1000:>8.0f} {took * 1000:>8.0f} {ratio:>6.2f} {cpu:>9.2f}{flag}")


if __name__ == "__main__":
    main()
