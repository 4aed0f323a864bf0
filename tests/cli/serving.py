"""Helpers for the tests of `aos serve`: a game seeded in its own database by a real `aos`
process, and `aos serve` running as a process of its own on a free loopback port."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
ARMIES = ROOT / "warscrolls" / "armies"
HOSTILE_UNIT = (
    "<img src=x onerror=\"document.title='pwned'\">"
    "<script>document.title='pwned'</script> Chainrasps & Co"
)
"""A unit name from a hostile roster: markup and a script, which the page must show as text."""
HOSTILE_ARMY = "<b>Shrouded</b> Procession"

TO_SHOOTING = (
    ("priority", "--first", "Player One", "--seed", "1"),
    ("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps", "--target-in-range",
     "--seed", "1"),
    ("unbind", "--pass", "--seed", "1"),
    ("next",),
    ("move", "liberators"),
    ("next",),
)  # fmt: skip
"""The README's game up to Player One's shooting phase."""
SHOOT = ("shoot", "judicators", "--target", "chainrasps", "--no-cover", "--no-engaged",
         "--in-range", "--seed", "1")  # fmt: skip
STARTED = 60.0
"""Seconds to wait, at most, for a process to start or stop (a guard, not a measure)."""


def environment(db: Path, cache: Path) -> dict[str, str]:
    """The environment of an `aos` process of the tests: its own database, English, no colour."""
    env = {
        **os.environ,
        "AOS_DB": str(db),
        "AOS_CACHE_DIR": str(cache),
        "AOS_DATA_DIR": str(db.parent / "data"),
        "AOS_LANG": "en",
        "NO_COLOR": "1",
        "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }
    env.pop("AOS_CONTENT", None)
    return env


def aos(db: Path, cache: Path, *steps: tuple[str, ...]) -> None:
    """Run `aos` commands one after the other in one new process (each must succeed)."""
    code = (
        "import json, sys\n"
        "from aos_cli.cli.app import main\n"
        "for step in json.loads(sys.argv[1]):\n"
        "    main(step)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps([list(step) for step in steps])],
        capture_output=True,
        text=True,
        env=environment(db, cache),
        timeout=STARTED * 2,
    )
    assert done.returncode == 0, done.stderr


def hostile_army(folder: Path) -> Path:
    """The demo Nighthaunt army, its Chainrasps and the army itself named with markup."""
    data = yaml.safe_load((ARMIES / "nighthaunt-demo.yaml").read_text())
    data["army"]["name"] = HOSTILE_ARMY
    for unit in data["army"]["units"]:
        if unit["id"] == "chainrasps":
            unit["name"] = HOSTILE_UNIT
    path = folder / "hostile.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


def seed_game(folder: Path, cache: Path, *, hostile: bool = False) -> Path:
    """A database holding the README's game, at Player One's shooting phase."""
    db = folder / "games.sqlite3"
    other = hostile_army(folder) if hostile else ARMIES / "nighthaunt-demo.yaml"
    new = ("game", "new", "--battleplan", "first-blood",
           "--army", str(ARMIES / "stormcast-demo.yaml"), "--army", str(other))  # fmt: skip
    aos(db, cache, new, *TO_SHOOTING)
    return db


@dataclass
class Served:
    """A running `aos serve`: its process and the address it printed."""

    process: subprocess.Popen[str]
    url: str
    printed: str

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, then its exit code and what it printed on stderr."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=STARTED)
        assert self.process.stderr is not None
        return self.process.returncode, self.process.stderr.read()


@contextmanager
def serving(db: Path, cache: Path, *args: str) -> Iterator[Served]:
    """`aos serve --port 0` on the database, until the block ends (then stopped if running)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "aos_cli", "serve", "--port", "0", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(db, cache),
    )
    try:
        served = Served(process, *_address(process))
        yield served
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=STARTED)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()


def _address(process: subprocess.Popen[str]) -> tuple[str, str]:
    """The address `aos serve` prints, read line by line as it starts (by a thread, so a
    server that hangs cannot hang the test)."""
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    out = process.stdout
    threading.Thread(target=lambda: [lines.put(line) for line in out], daemon=True).start()
    printed: list[str] = []
    while True:
        try:
            line = lines.get(timeout=STARTED)
        except queue.Empty:
            raise AssertionError(f"aos serve printed no address: {printed}") from None
        printed.append(line)
        if "Ctrl-C" in line:
            url = next(part for text in printed for part in text.split() if "://" in part)
            return url, "".join(printed)
