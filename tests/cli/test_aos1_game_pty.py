"""A whole guided AoS1 game in `aos play` on a pseudo-terminal, from the set-up questions to
the battle report, with seeded dice and a fixed answering policy (issue 18)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.cli.test_aos1_play import prompt
from tests.cli.test_play_pty import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

WANTED = (
    "choose who takes the first turn",
    "Roll off for priority",
    "Unbind ",
    "Let ",
    ": cast Arcane Bolt",
    ": shoot",
    ": charge",
    ": fight",
    ": pass",
    "Take the battleshock test",
)
"""What the policy picks from a menu, first come first served; else it ends the phase."""

ONCE_A_PHASE = (": charge",)
"""What the policy does with one unit a phase: a charge from within reach (5", AoS1 §10.1)."""


def choose(menu: str, tried: set[str]) -> tuple[str, str]:
    """The menu key and label the policy picks (`n` when none is left): each option once a
    phase, one charge a phase, and a pass whenever it is the only way on (AoS1 §10.2: the
    other side then fights on)."""
    options = re.findall(r"\[(\d+)\] ([^\r\n]+)", menu)
    for wanted in WANTED:
        if wanted in ONCE_A_PHASE and any(wanted in label for label in tried):
            continue
        for key, label in options:
            if wanted in label and (label not in tried or wanted == ": pass"):
                return key, label
    return "n", ""


def answer(question: str, menu: str) -> str:
    """The policy's answer to a question on the way."""
    if "set up a unit" in question.lower() or (
        question.startswith("Battle") and "[y/n]" not in question
    ):
        return "1"
    if "general" in question.lower() or question.startswith("Name a terrain"):
        return ""
    if "Target" in question:
        found = re.findall(r"^\s+\[(\d+)\] ", menu, re.MULTILINE)
        return found[-1] if found else "1"
    if "wholly on or within" in question:
        return "n"
    if "end the battle now" in question:  # AoS1 §5.1: the players choose; one round here
        return "y"
    if "[y/n]" in question:
        return "y"
    if "how far" in question.lower():  # beyond 3" and within 12" (AoS1 §10.1)
        return "5"
    if "how many" in question.lower():
        return "3"
    return ""


def test_aos1_whole_guided_game_from_set_up_to_result(tmp_path: Path) -> None:
    """AoS1 §4-§13 in one run: set-up (territories roll-off, units set up in turn, who
    finished first, generals), then a battle round with priority, spells, shooting, a charge
    a turn from 5" away, combat (a side with no eligible unit passes, the other fights on)
    and battleshock; the players end the battle after it (§5.1) and the battle report names
    the result."""
    db = tmp_path / "games.sqlite3"
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--system", "aos1",
         "--dice", "auto", "--seed", "4"]
    )  # fmt: skip
    tried: set[str] = set()
    phase = ""
    kinds: set[str] = set()
    for _ in range(150):
        try:
            line = prompt(term, 90)
        except AssertionError:
            if "Battle report" in term.seen:  # the battle is over and play has ended
                break
            raise
        header = re.findall(r"Round \d+ · [^\r\n]+ phase", term.seen)
        if header and header[-1] != phase:
            phase, tried = header[-1], set()
        if line.rstrip() == "Choose:":
            assert "Traceback" not in term.seen, term.seen[-2000:]
            key, label = choose(term.seen, tried)
            tried.add(label)
            kinds.update(w for w in WANTED if w in label)
            term.type(key)
        else:
            term.type(answer(line, term.seen))
    else:
        raise AssertionError("the game never ended")
    assert "victory" in term.seen.lower() or "draw" in term.seen.lower()
    assert {": shoot", ": fight", ": cast Arcane Bolt", ": charge"} <= kinds
    assert term.close() == 0
