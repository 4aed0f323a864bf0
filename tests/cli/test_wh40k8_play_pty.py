"""A whole guided 40k game in `aos play` on a pseudo-terminal, set-up to result (issue 18)."""

from __future__ import annotations

import os
import re
import select
import sys
import time
from pathlib import Path

import pytest

from tests.cli.test_play_pty import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def read_more(term: Terminal, timeout: float) -> bool:
    """Add what the program printed within `timeout` to `term.seen`; False once it ended."""
    ready, _, _ = select.select([term.master], [], [], timeout)
    if not ready:
        return True
    try:
        chunk = os.read(term.master, 4096)
    except OSError:
        chunk = b""
    term.seen += chunk.decode(errors="replace")
    return bool(chunk)


def expect_any(term: Terminal, texts: tuple[str, ...], timeout: float = 30.0) -> str:
    """Wait for the first of `texts` to appear; which one it was."""
    deadline = time.monotonic() + timeout
    while True:
        for text in texts:
            if text in term.seen:
                return text
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"never saw any of {texts!r}; saw:\n{term.seen[-2000:]}")
        if not read_more(term, left):
            raise AssertionError(f"process ended before {texts!r}:\n{term.seen[-2000:]}")


PROMPT = re.compile(r"(Choose|Target[^\n]*|\[y/n\]|\]|\?|\)|sets up[^\n]*\]): $")
"""How every question of `aos play` ends: the menu, a target, yes/no, a numbered pick with
its Enter default, a number asked, the modifiers line."""

MENU = re.compile(r"^\s*\[(\d+)\] (.+)$", re.MULTILINE)

WANTED = (
    "chooses who goes first", "Deny ", "arrive", "disembark", ": move", "manifest Smite",
    "throw a Frag grenade", ": shoot", ": charge", "Heroic Intervention", "fight (charged)",
    ": fight", "Take the morale tests", ": pass",
)  # fmt: skip
"""What the policy player does first when the menu offers it, in this order."""


def read_prompt(term: Terminal, timeout: float = 60.0) -> str:
    """Everything shown up to the next question (or the end of the game)."""
    deadline = time.monotonic() + timeout
    while not PROMPT.search(term.seen[-200:]):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no question came; saw:\n{term.seen[-2000:]}")
        if not read_more(term, left):
            return term.seen
    return term.seen


def yes_or_no(question: str, phase: str) -> str:
    """The policy's answer to a yes/no question: close enough to act, never in cover; within
    1" of the enemy only in the fight phase."""
    lowered = question.lower()
    if "terrain" in lowered or "half range" in lowered:
        return "n"
    if 'within 1"' in lowered and "fight phase" not in phase:
        return "n"
    if "was" in lowered and "start of the phase" in lowered:
        return "n"
    return "y"


def policy_answer(screen: str, phase: str, acted: dict[str, int]) -> str:
    """What the policy player types at the question that ends `screen` in `phase`."""
    last = screen.rstrip().splitlines()[-1]
    if "[y/n]" in last:
        return yes_or_no(last, phase)
    if last.startswith("Modifiers"):
        return ""
    if "models are within" in last:  # Player One holds Objective 1, nobody else any
        return "1" if "Player One models" in last and "Objective 1 " in last else "0"
    if "how many" in last.lower():
        return "0"
    if "how far" in last.lower():
        return "3"
    options = MENU.findall(screen)
    if last.startswith("Target"):
        return options[-1][0] if options else "1"
    if "sets up" in last:
        special = [k for k, label in options if "teleportarium" in label or "embarked" in label]
        transports = [k for k, label in options if "Rhino" in label]
        return (special or transports or [options[0][0]])[0]
    if last.startswith("Mission") or "Warlord Trait for" in last or "where is it?" in last:
        return ""  # Only War; markers placed (40k8 §17.3); no Warlord Trait (40k8 §16)
    if last.startswith("Choose"):
        menu = MENU.findall(screen[max(0, screen.rfind("Clock:")) :])
        for wanted in WANTED:
            for key, label in menu:
                tried = acted.get(label, 0)
                if wanted in label and tried < 2:
                    acted[label] = tried + 1
                    return key
        return "n"
    raise AssertionError(f"an unexpected question: {last!r}")


def play_whole_game(db: str, seed: int, *, verbose: bool = False) -> tuple[list[str], str]:
    """A whole 40k game in `aos play` (tool's dice, seeded) played by the policy player, from
    set-up to the battle report; the answers typed and the whole screen."""
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", db, "--system", "wh40k8",
         "--dice", "auto", "--seed", str(seed)]
    )  # fmt: skip
    typed: list[str] = []
    screen_all = ""
    acted: dict[str, int] = {}
    phase = ""
    for _ in range(1500):
        screen = read_prompt(term)
        screen_all += screen
        if "Battle report" in screen:
            break
        header = re.findall(r"Round \d+ · [^\n]*? phase", screen)
        if header and header[-1] != phase:
            phase, acted = header[-1], {}
        answer = policy_answer(screen, phase, acted)
        typed.append(answer)
        if verbose:
            print(screen[-300:], ">>>", repr(answer))
        term.type(answer)
    else:
        raise AssertionError(f"the game never ended:\n{screen_all[-3000:]}")
    assert term.close() == 0
    return typed, screen_all


def test_wh40k8_whole_game_from_set_up_to_result(tmp_path: Path) -> None:
    """Issue 18 (items 1, 2 and the whole game): a whole game of Only War with the demo armies in `aos play`, set-up to
    result: the roll-off and the D3 primary objective (40k8 §17.4), deployment one unit at a
    time with the Lord of Contagion in a teleportarium and the Tactical Squad in its Rhino
    (§17.5, §4.7, §12), the Underdog (§17.6), then every phase of every turn, each question
    asked where it arises, until the battle report."""
    _, seen = play_whole_game(str(tmp_path / "games.sqlite3"), 5)
    text = " ".join(seen.split())
    assert "rolls the D3 on the primary objectives table" in text
    assert "Lord of Contagion in a teleportarium chamber" in text
    assert "Tactical Squad embarked in Rhino" in text
    assert "is the Underdog (Power Level 15 against 19" in text
    assert "arrives at the end of the Movement phase" in text
    assert "disembarks from Rhino" in text
    assert "Battle report" in text and "Player One wins" in text
    assert text.count("models are within") >= 8  # asked at the end of each turn (40k8 §17.4)
    for never in ("nothing was recorded", "Traceback", "is not a number of inches"):
        assert never not in text, never
