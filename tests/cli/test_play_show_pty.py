"""What `aos play` shows, and when, in a real pseudo-terminal (issue 13 items 9 and 13):
each result printed where it happens, every dice prompt naming its unit, weapon and die."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.cli.test_play_pty import GOLDEN, Terminal, _menu_key, _stormcast_first

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_priority_dice_are_shown_before_the_first_turn_question(tmp_path: Path) -> None:
    """Issue 13 item 13 (AoS2 §6): the roll-off is shown, then the winner is asked."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    term = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--dice", "manual"])
    term.expect("Choose")
    term.type("1")
    term.expect("Roll 2 dice")
    term.type("6 1")
    term.expect("take the first turn")
    assert "Priority: Stormcast 6, Nighthaunt 1; Stormcast chooses." in term.seen
    term.type("y")
    term.expect("Choose")
    assert "Priority:" not in term.seen  # said once, where it happened
    term.type("q")
    assert term.close() == 0


def test_look_out_sir_is_shown_before_the_hit_dice_it_changes(tmp_path: Path) -> None:
    """Issue 13 items 9 and 13 (AoS2 §9 Look Out, Sir!): the -1 to hit is shown before the
    players roll the hits, and the prompt names the unit, the weapon and the modified roll."""
    _, term = _stormcast_first(tmp_path)
    for line in ("n", "n"):  # to the shooting phase
        term.expect("Choose")
        term.type(line)
    term.expect("Judicators: shoot")
    term.expect("Choose")
    term.type(_menu_key(term.seen, "Judicators: shoot"))
    term.expect("Target")
    term.type(_menu_key(term.seen, "Guardian of Souls"))
    term.expect('within 3" of an enemy unit?')
    term.type("n")
    term.expect("friendly unit of 3 or more models?")
    term.type("y")
    term.expect("wholly on or within a terrain feature?")
    assert "Look Out, Sir!: -1 to hit." in term.seen
    term.type("n")
    term.expect("Roll 5 dice for Judicators, Skybolt Bow: hit rolls (3+ -1)")
    term.type("6 6 1 1 1")
    term.expect("wound rolls")
    assert "Look Out, Sir!" not in term.seen
    term.type("1 1")
    term.expect("Choose")
    assert "Judicators, Skybolt Bow: hit 3+ -1: 6 6 1 1 1 → 2 hits; wound 3+: 1 1 → 0" in (
        term.seen
    )
    term.type("q")
    assert term.close() == 0


def test_a_rolled_scenery_rule_is_shown_right_after_its_roll(tmp_path: Path) -> None:
    """Issue 13 item 13 (AoS2 §4.3): the scenery roll's result comes before the next
    question, not after the whole terrain list."""
    db = tmp_path / "games.sqlite3"
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--system", "aos2",
         "--seed", "5"]
    )  # fmt: skip
    for prompt, answer in (("Battleplan", ""), ("Realm", ""), ("Name a terrain", "Old Ruins")):
        term.expect(prompt)
        term.type(answer)
    term.expect("Scenery rule of Old Ruins")
    term.type("")  # roll for it
    term.expect("Can Old Ruins be garrisoned?")
    assert "Old Ruins: rolled " in term.seen
    term.type("n")
    term.expect("Name a terrain feature")
    term.type("")
    term.expect("Deployment roll-off")
    assert "Old Ruins: rolled" not in term.seen
    os.write(term.master, b"\x04")
    term.close()
