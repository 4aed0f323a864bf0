"""Count the prompts `aos play` asks per shot, fight, spell and set-up in a seeded two-round
game of the demo armies (issues 13 and 31).

A pseudo-terminal drives `aos play --system aos2 --seed 3` (and `--quick` for the quick
set-up) with a fixed answering policy: Enter at every set-up question (defaults), then each
battle-round step in order: every wizard casts its first spell at the first target and the
enemy tries to unbind; every unit moves, shoots, charges and fights (first target) once; the
battleshock tests are taken; every question about the table is answered the same way (not
within 3" of an enemy except in the combat phase, within 12", 7" away, not in cover, in range,
no re-roll; Enter at the modifiers). It stops at the priority roll of battle round 3 and prints,
for each kind of step, how many were played and the prompts each took (the menu choice and
the target included; a spell counts the enemy's unbind with it), then the questions by kind.

    python benchmarks/count_play_questions.py [--python PATH] [--transcript FILE]
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

KINDS = (
    ("Modifiers from", "attack modifiers (abilities the tool cannot see)"),
    ('within 3" of an enemy unit', 'within 3" of an enemy'),
    ('within 12" of an enemy unit', 'within 12" of an enemy'),
    ("nearest enemy (inches)", "charge distance"),
    ("terrain feature", "cover"),
    ("garrison", "garrison"),
    ('within 3" of a friendly unit', "Look Out, Sir!"),
    ("re-roll it with", "re-roll a failed charge"),
    ("within 30", "unbind range"),
    ('6" of a friendly Hero', "command range"),
    ("no unit left", "no eligible unit (pass)"),
)
"""How a question is counted: the first kind whose text it contains."""

WANTED = (": cast", ": move", ": shoot", ": charge", ": fight")
"""The menu options the policy takes, once each per phase (the first spell of a wizard)."""

STEPS = (
    (": shoot", "shot"),
    (": fight", "fight"),
    (": cast", "spell"),
    (": move", "move"),
    (": charge", "charge"),
    ("battleshock", "battleshock"),
    ("Unbind", "unbind"),
)
"""The kind of step a menu option starts, by its label."""


class Terminal:
    """A child process on a pseudo-terminal: read up to the next prompt, type a line."""

    def __init__(self, command: list[str]) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "LINES": "50"}
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = ""
        self.transcript: list[str] = []

    def prompt(self, timeout: float = 60.0) -> str | None:
        """The text up to a prompt (a line ending in ": " with nothing after it); None at exit."""
        deadline = time.monotonic() + timeout
        while True:
            text = ANSI.sub("", self.seen)
            if text.endswith(": ") and not select.select([self.master], [], [], 0.05)[0]:
                return text
            if not select.select([self.master], [], [], max(0.01, deadline - time.monotonic()))[0]:
                if time.monotonic() > deadline:
                    raise TimeoutError(text[-2000:])
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.transcript.append(ANSI.sub("", self.seen))
                return None
            self.seen += chunk.decode(errors="replace")

    def type(self, line: str) -> None:
        self.transcript.append(ANSI.sub("", self.seen).replace("\r\n", "\n"))
        self.seen = ""
        os.write(self.master, (line + "\n").encode())


def kind_of(question: str) -> str:
    """The kind a question is counted under."""
    for needle, kind in KINDS:
        if needle in question:
            return kind
    return question[-70:]


def step_of(label: str) -> str:
    """The kind of step a menu option starts."""
    for needle, kind in STEPS:
        if needle in label:
            return kind
    return "other"


def answer(question: str, phase: str) -> str:
    """The policy's answer to a question about the table."""
    if question.startswith("Modifiers from"):
        return ""
    if "(inches)" in question:
        return "7"
    if 'within 3" of an enemy' in question:
        return "y" if phase == "combat" else "n"
    if "re-roll it with" in question:
        return "n"
    if "[y/n]" in question and ("within" in question or "no unit left" in question):
        return "y"
    return "n" if "[y/n]" in question else "7"


class Count:
    """The prompts of one game: set-up, each step's, the questions by kind."""

    def __init__(self) -> None:
        self.setup = 0
        self.steps: list[tuple[str, int]] = []
        self.questions = collections.Counter[str]()
        self.transcript = ""

    def start(self, kind: str) -> None:
        if kind == "unbind" and self.steps and self.steps[-1][0] == "spell":
            self.steps[-1] = ("spell", self.steps[-1][1] + 1)
        else:
            self.steps.append((kind, 1))

    def more(self) -> None:
        if self.steps:
            kind, prompts = self.steps[-1]
            self.steps[-1] = (kind, prompts + 1)


def count(command: list[str], quick: bool, rounds: int = 2) -> Count:
    """Play `rounds` battle rounds; the prompts of the set-up and of every step."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        extra = ["--quick"] if quick else []
        term = Terminal(
            [*command, "play", "--system", "aos2", "--seed", "3", "--db", str(db), *extra]
        )
        tally = Count()
        phase, done = "", set[str]()
        while (text := term.prompt()) is not None:
            last = text.rstrip().splitlines()[-1]
            if not phase and not last.startswith("Choose"):
                tally.setup += 1
                term.type("")
            elif last.startswith("Choose"):
                menu = re.findall(r"\[(\d+)\] ([^\n]+)", text.split("Clock:")[-1])
                priority = re.search(r"Roll priority for battle round (\d+)", text)
                if priority:
                    if int(priority.group(1)) > rounds:
                        term.type("q")
                        break
                    phase = "priority"
                    term.type(menu[0][0])
                    continue
                heads = re.findall(r"Round \d+ . [^\n]*?(\w+) phase", text)
                if heads and heads[-1] != phase:
                    phase, done = heads[-1], set()
                casters = {label.split(":")[0] for label in done if ": cast" in label}
                pick = next(
                    (
                        key for key, label in menu
                        if label.strip() not in done
                        and not (": cast" in label and label.split(":")[0] in casters)
                        and (any(w + " " in label.strip() + " " for w in WANTED) or ": cast " in label
                             or label.startswith(("Take the battleshock", "Unbind")))
                    ),
                    None,
                )  # fmt: skip
                passing = next(
                    (key for key, label in menu if label.strip().endswith(": pass")), None
                )
                if pick is None and passing is not None:
                    term.type(passing)  # the other player, with no unit left to fight, passes
                elif pick is None:
                    term.type("n")
                else:
                    label = dict(menu)[pick].strip()
                    done.add(label)
                    tally.start(step_of(label))
                    term.type(pick)
            elif last.startswith("Target"):
                tally.more()
                term.type(re.findall(r"\[(\d+)\]", text)[0])
            elif "End the" in last or "take the first turn" in last:
                term.type("y")
            else:
                tally.more()
                tally.questions[kind_of(last)] += 1
                term.type(answer(last, phase))
        term.process.wait(timeout=30)
        tally.transcript = "".join(term.transcript)
        return tally


def table(tally: Count) -> list[str]:
    """One line per kind of step: how many, the prompts each took (typical, fewest, most)."""
    by_kind: dict[str, list[int]] = collections.defaultdict(list)
    for kind, prompts in tally.steps:
        by_kind[kind].append(prompts)
    lines = [f"{'step':12} {'played':>6} {'typical':>7} {'fewest':>6} {'most':>4}"]
    for kind in ("shot", "fight", "spell", "move", "charge", "battleshock", "other"):
        seen = by_kind.get(kind)
        if seen:
            typical = int(statistics.median_low(seen))
            lines.append(f"{kind:12} {len(seen):6d} {typical:7d} {min(seen):6d} {max(seen):4d}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="The Python that runs aos.")
    parser.add_argument("--transcript", type=Path, help="Write the whole screen output here.")
    args = parser.parse_args()
    command = [args.python, "-m", "aos_cli"]
    quick = count(command, quick=True)
    wizard = count(command, quick=False)
    print(f"set-up prompts: {wizard.setup} (wizard), {quick.setup} (--quick)")
    for line in table(wizard):
        print(line)
    print("questions about the table (wizard game):")
    for kind, times in wizard.questions.most_common():
        print(f"{times:4d}  {kind}")
    if args.transcript:
        args.transcript.write_text(wizard.transcript, encoding="utf-8")


if __name__ == "__main__":
    main()
