"""Count the questions `aos play` asks in one battle round of the demo armies (issue 13).

A pseudo-terminal drives `aos play --system aos2 --seed 3` with a fixed answering policy: Enter
at every set-up question (defaults), then each battle-round step in order: every wizard casts
Arcane Bolt at the first target and the enemy tries to unbind; every unit moves, shoots,
charges and fights (first target) once; the battleshock tests are taken; every question about
the table is answered the same way (not within 3" of an enemy except in the combat phase,
within 12", 7" away, not in cover, in range, no re-roll; Enter at the modifiers). It stops at
the priority roll of battle round 2 and prints the questions by kind.

    python benchmarks/count_play_questions.py [--python PATH]
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import select
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

WANTED = (": cast Arcane Bolt", ": move", ": shoot", ": charge", ": fight")
"""The menu options the policy takes, once each per phase."""


class Terminal:
    """A child process on a pseudo-terminal: read up to the next prompt, type a line."""

    def __init__(self, command: list[str]) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = ""

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
                return None
            self.seen += chunk.decode(errors="replace")

    def type(self, line: str) -> None:
        self.seen = ""
        os.write(self.master, (line + "\n").encode())


def kind_of(question: str) -> str:
    """The kind a question is counted under."""
    for needle, kind in KINDS:
        if needle in question:
            return kind
    return question[-70:]


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


def count(command: list[str]) -> tuple[int, collections.Counter[str]]:
    """Play one battle round; the number of set-up prompts and the battle questions by kind."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        term = Terminal([*command, "play", "--system", "aos2", "--seed", "3", "--db", str(db)])
        setup, questions = 0, collections.Counter[str]()
        phase, done = "", set[str]()
        while (text := term.prompt()) is not None:
            last = text.rstrip().splitlines()[-1]
            if not phase and not last.startswith("Choose"):
                setup += 1
                term.type("")
            elif last.startswith("Choose"):
                menu = re.findall(r"\[(\d+)\] ([^\n]+)", text.split("Clock:")[-1])
                priority = re.search(r"Roll priority for battle round (\d+)", text)
                if priority:
                    if priority.group(1) != "1":
                        term.type("q")
                        break
                    phase = "priority"
                    term.type(menu[0][0])
                    continue
                heads = re.findall(r"Round \d+ . [^\n]*?(\w+) phase", text)
                if heads and heads[-1] != phase:
                    phase, done = heads[-1], set()
                pick = next(
                    (
                        key for key, label in menu
                        if label.strip() not in done
                        and (label.strip().endswith(WANTED) or label.startswith(("Take the battleshock", "Unbind")))
                    ),
                    None,
                )  # fmt: skip
                if pick is None:
                    term.type("n")
                else:
                    done.add(dict(menu)[pick].strip())
                    term.type(pick)
            elif last.startswith("Target"):
                term.type(re.findall(r"\[(\d+)\]", text)[0])
            elif "End the" in last or "take the first turn" in last:
                term.type("y")
            else:
                questions[kind_of(last)] += 1
                term.type(answer(last, phase))
        term.process.wait(timeout=30)
        return setup, questions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="The Python that runs aos.")
    args = parser.parse_args()
    setup, questions = count([args.python, "-m", "aos_cli"])
    for kind, times in questions.most_common():
        print(f"{times:4d}  {kind}")
    print(f"set-up prompts: {setup}; battle questions: {sum(questions.values())}")


if __name__ == "__main__":
    main()
