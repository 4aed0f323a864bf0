"""Kill `aos` in the middle of writing, again and again, and count what went wrong (issue 32).

    python benchmarks/kill_loop.py [--kills 120] [--seed 1]

Each round starts one mutating command (`next`, `priority`, `undo`, `adjust`) or one import
(`warscroll import` of the test catalogues into a content folder, `army import` of the test
roster to an army file) and, after a seeded delay drawn from that command's measured running
time, kills it with SIGKILL, until the wanted number of processes were really killed. After
every round it checks:

- lost: a command that finished (exit 0) whose action is not in the log (the game's revision
  did not move by exactly one);
- duplicated: a revision that moved by more than one for one command, or live sequence numbers
  that are not 1..N without repeats;
- differing replays: the game replayed twice in this process giving different states, or (at
  the end) `aos status --json` differing under two PYTHONHASHSEED values; an integrity check
  of the database that is not `ok`;
- left-over files: temporary files of imports left once the next import into the same folder
  has finished, and written files that do not read back whole (an army list or a content file
  cut short).

It prints the counts; the process exits 1 when any is not zero. Slow by design (one Python
start per round): a benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "content" / "importers" / "fixtures"
ROSTER = FIXTURES / "rosters" / "test-host.ros"
TEMP_GLOB = ".aos-import-*.tmp"
sys.path.insert(0, str(ROOT))  # replay with this checkout's aos_cli, as the commands run it


class Loop:
    """One temporary world: a games database, a data folder, an army folder."""

    def __init__(self, base: Path, seed: int) -> None:
        self.base = base
        self.rng = random.Random(seed)
        self.db = base / "games.sqlite3"
        self.data = base / "data"
        self.armies = base / "armies"
        self.armies.mkdir()
        self.env = {
            **os.environ,
            "AOS_DB": str(self.db),
            "AOS_DATA_DIR": str(self.data),
            "AOS_CACHE_DIR": str(base / "cache"),
            "AOS_LANG": "en",
            "NO_COLOR": "1",
        }
        self.counts = {"kills": 0, "finished": 0, "refused": 0, "lost": 0, "duplicated": 0,
                       "differing_replays": 0, "left_over_files": 0, "rounds": 0}  # fmt: skip
        self.by_command: dict[str, int] = {}
        self.verbose = False
        self.times: dict[str, float] = {}

    def commands(self) -> dict[str, list[str]]:
        content = self.data / "content"
        return {
            "next": ["next"],
            "priority": ["priority"],
            "undo": ["undo"],
            "adjust": ["adjust", "liberators", "--wounds", "1"],
            "warscroll-import": ["warscroll", "import", str(FIXTURES), "--out", str(content)],
            "army-import": ["army", "import", str(ROSTER), "-o", str(self.armies / "army.yaml")],
        }

    def run(self, argv: list[str], kill_after: float | None = None) -> int:
        process = subprocess.Popen(
            [sys.executable, "-m", "aos_cli", *argv],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        if kill_after is None:
            _, err = process.communicate(timeout=300)
            if b"Traceback" in err:
                print(err.decode(), file=sys.stderr)
            return process.returncode
        try:
            process.wait(timeout=kill_after)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
        process.communicate(timeout=300)
        return process.returncode

    def revision(self) -> int:
        conn = sqlite3.connect(self.db, timeout=30)
        try:
            return int(conn.execute("SELECT revision FROM games WHERE id = 1").fetchone()[0])
        finally:
            conn.close()

    def live(self) -> int:
        conn = sqlite3.connect(self.db, timeout=30)
        try:
            query = "SELECT COUNT(*) FROM actions WHERE game_id = 1 AND undone = 0"
            return int(conn.execute(query).fetchone()[0])
        finally:
            conn.close()

    def check_log(self) -> None:
        """Live sequence numbers 1..N without repeats; the database intact; replays agree."""
        conn = sqlite3.connect(self.db, timeout=30)
        try:
            seqs = [r[0] for r in conn.execute(
                "SELECT seq FROM actions WHERE game_id = 1 AND undone = 0 ORDER BY seq"
            )]  # fmt: skip
            if seqs != list(range(1, len(seqs) + 1)):
                self.counts["duplicated"] += 1
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                self.counts["differing_replays"] += 1
        finally:
            conn.close()
        from aos_cli.app.games import load
        from aos_cli.store import Store
        from aos_cli.views.game import status_json

        with Store(self.db) as store:
            first = json.dumps(status_json(load(store, 1).state, 1), sort_keys=True)
            second = json.dumps(status_json(load(store, 1).state, 1), sort_keys=True)
        if first != second:
            self.counts["differing_replays"] += 1

    def check_files(self) -> None:
        """Every written file reads back whole; no temporary file outlives a finished import."""
        for folder in (self.data / "content", self.armies):
            if not folder.is_dir():
                continue
            self.counts["left_over_files"] += len(list(folder.glob(TEMP_GLOB)))
            for path in folder.glob("*.yaml"):
                try:
                    data = yaml.safe_load(path.read_text())
                except (yaml.YAMLError, UnicodeDecodeError):
                    data = None
                if not isinstance(data, dict):
                    self.counts["left_over_files"] += 1

    def start(self) -> None:
        assert self.run(["game", "new", "--seed", "1"]) == 0
        assert self.run(["priority"]) == 0
        for name, argv in self.commands().items():
            began = time.monotonic()
            self.run(argv)
            self.times[name] = time.monotonic() - began

    def round(self) -> None:
        name = self.rng.choice(sorted(self.commands()))
        argv = self.commands()[name]
        # late in the run (mid-write, not start-up), from the running time measured lately
        delay = self.times[name] * self.rng.uniform(0.6, 1.15)
        before = self.revision()
        live = self.live()
        began = time.monotonic()
        code = self.run(argv, kill_after=delay)
        if code != -signal.SIGKILL:  # follow the machine's load: the last finished run's time
            self.times[name] = time.monotonic() - began
        after = self.revision()
        moved = after - before
        self.counts["rounds"] += 1
        if code == -signal.SIGKILL:
            self.counts["kills"] += 1
            self.by_command[name] = self.by_command.get(name, 0) + 1
            if moved not in (0, 1):
                self.counts["duplicated"] += 1
        elif code == 0:
            self.counts["finished"] += 1
            expected = 0 if name == "undo" and live == 0 else 1
            if name in ("next", "priority", "undo", "adjust") and moved != expected:
                self.counts["lost" if moved < 1 else "duplicated"] += 1
        else:
            self.counts["refused"] += 1
            if moved:
                self.counts["duplicated"] += 1
        if name.endswith("import") and code == -signal.SIGKILL:
            # a later import of the same kind cleans up what this one left
            assert self.run(argv) in (0, 1)
        self.check_files()
        self.check_log()
        if self.verbose:
            shown = {k: v for k, v in self.counts.items() if v}
            print(f"{name}: exit {code} after {delay:.2f} s; {shown}", file=sys.stderr)

    def final(self) -> None:
        """Replays under two hash seeds agree with each other."""
        outputs = []
        for hash_seed in ("0", "4242"):
            env = {**self.env, "PYTHONHASHSEED": hash_seed}
            done = subprocess.run(
                [sys.executable, "-m", "aos_cli", "status", "--json"], env=env,
                capture_output=True, timeout=300,
            )  # fmt: skip
            outputs.append(done.stdout)
        if outputs[0] != outputs[1] or not outputs[0]:
            self.counts["differing_replays"] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-rounds", type=int, default=1000)
    parser.add_argument("--verbose", action="store_true", help="a line per round on stderr")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="aos-kill-loop-") as folder:
        loop = Loop(Path(folder), args.seed)
        loop.verbose = args.verbose
        loop.start()
        while loop.counts["kills"] < args.kills and loop.counts["rounds"] < args.max_rounds:
            loop.round()
        loop.final()
    print(json.dumps({**loop.counts, "kills_by_command": loop.by_command}, indent=2))
    bad = sum(
        loop.counts[k] for k in ("lost", "duplicated", "differing_replays", "left_over_files")
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
