"""A Middle-earth game walked through in `aos play` on a pseudo-terminal: the demo forces,
each turn's phases, powers, duels and losses, until a force is reduced to a quarter
(issue 18: a whole guided game of each system)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from aos_cli.store import Store
from tests.cli.test_aos1_play import prompt
from tests.cli.test_play_pty import Terminal
from tests.conftest import RunCli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _menu_pick(menu: str, phase: str, done: set[str]) -> str:
    """The policy: in the Move phase each hero casts once, in the Fight phase one duel and
    warriors lost on both sides; then on to the next phase."""
    options = re.findall(r"\[(\d+)\] ([^\r\n]+)", menu.rsplit("phase ─", 1)[-1])
    wanted = {
        "Move": (": cast a magical power",),
        "Fight": ("A duel between two heroes", ": warriors slain"),
    }.get(phase, ())
    for key, label in options:
        if any(w in label for w in wanted) and label not in done:
            done.add(label)
            return key
    return "n"


def _reply(question: str, menu: str) -> str:
    """The policy's answer to a question on the way."""
    if question.startswith("Power"):
        found = re.search(r"\[(\d+)\] Sap Will", menu)
        return found.group(1) if found else "1"
    if "slain" in question:
        return "3"
    if "channelled" in question:
        return "n"  # the plain version of each power (mesbg §2.6)
    if "Might" in question or "resist" in question or "Fate" in question:
        return "1" if "(0-0)" not in question else "0"
    return "1"


def test_mesbg_whole_guided_game_from_set_up_to_result(run_cli: RunCli, tmp_path: Path) -> None:
    """mesbg §2 and §5 in one run: Priority each turn, powers cast in the Move phase (once per
    hero, the target asked to resist), duels between heroes spending Might and Fate, warriors
    lost, the End phase, until a force is reduced to a quarter of its models."""
    db = tmp_path / "games.sqlite3"
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--system", "mesbg",
         "--seed", "3"]
    )  # fmt: skip
    done: set[str] = set()
    turn_phase = ""
    for _ in range(400):
        try:
            line = prompt(term, 60)
        except AssertionError:
            if "Battle report" in term.seen:
                break
            raise
        phases = re.findall(r"Turn (\d+) · (\w+) phase", term.seen)
        if phases and " ".join(phases[-1]) != turn_phase:
            turn_phase, done = " ".join(phases[-1]), set()
        if line.rstrip() == "Choose:":
            assert "nothing was recorded" not in term.seen, term.seen[-2000:]
            term.type(_menu_pick(term.seen, phases[-1][1] if phases else "", done))
        else:
            term.type(_reply(line, term.seen))
    else:
        raise AssertionError("the game never ended")
    assert "The battle ends:" in term.seen and "wins" in term.seen
    assert term.close() == 0
    with Store(db) as store:
        ops = {record.payload.get("op") for record in store.actions(1)}
    assert {"priority", "phase", "cast", "duel", "lose", "end_phase"} <= ops
    listed = run_cli("hero", "list", "--db", str(db))
    assert listed.exit_code == 0 and "Broken" in listed.stdout


def test_aos_play_resumes_a_middle_earth_game(run_cli: RunCli, tmp_path: Path) -> None:
    """A Middle-earth game left with `q` goes on with plain `aos play`, in the phase it was
    left in (the Move phase, after the Priority roll), not in the game engine's play loop."""
    db = str(tmp_path / "games.sqlite3")
    first = run_cli("play", "--db", db, "--system", "mesbg", "--seed", "1", input="n\nq\n")
    assert first.exit_code == 0, first.stderr
    assert "has Priority this turn" in first.stdout
    again = run_cli("play", "--db", db, input="q\n")
    assert again.exit_code == 0, again.stderr
    assert "Turn 1 · Move phase" in again.stdout and "cast a magical power" in again.stdout
