"""What `aos play` shows, and when, in a real pseudo-terminal (issue 13 items 9 and 13):
each result printed where it happens, every dice prompt naming its unit, weapon and die."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.cli.test_play_pty import GOLDEN, Terminal, _menu_key, _pick_at, _stormcast_first

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_priority_dice_are_shown_before_the_first_turn_question(tmp_path: Path) -> None:
    """Issue 13 item 13 (AoS2 §6): the roll-off is shown, then the winner is asked."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    term = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--dice", "manual"])
    term.expect("Choose")
    term.type("1")
    term.expect("Roll 2 dice for the priority roll-off (Stormcast, then Nighthaunt)")
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
    _pick_at(term, "Judicators: shoot", "Guardian of Souls")
    term.expect('within 3" of an enemy unit?')
    term.type("n")
    term.expect("friendly unit of 3 or more models?")
    term.type("y")  # the target was picked without `c`: not in cover, not asked
    term.expect("Roll 5 dice for Judicators, Skybolt Bow: hit rolls (3+ -1)")
    assert term.seen.index("Look Out, Sir!: -1 to hit.") < term.seen.index("Roll 5 dice")
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
    term.expect("Is Old Ruins an obstacle?")  # AoS2 §4.4
    term.type("n")
    term.expect("Name a terrain feature")
    term.type("")
    term.expect("Deployment roll-off")
    assert "Old Ruins: rolled" not in term.seen
    term.settle()  # Ctrl-D at the next prompt (a key typed before it would be dropped)
    os.write(term.master, b"\x04")
    term.close()


def test_charge_odds_under_the_option_key(tmp_path: Path) -> None:
    """Issue 13 item 8 (AoS2 §10, §7.2): `?N` on a charge gives P(2D6 >= the roll each gap
    needs), and with Forward to Victory's re-roll when a command point is in hand. By hand:
    a 7" gap needs 7, 21 of the 36 rolls; with one re-roll 21/36 + 15/36 x 21/36 =
    1071/1296; a 12" gap needs 12: 1/36; a 3" gap needs 3 (ending within ½"): 35/36."""
    _, term = _stormcast_first(tmp_path)
    for line in ("n", "n", "n", "y"):  # to the charge phase (Judicators left unshot)
        term.expect("Choose" if line != "y" else "End the shooting phase?")
        term.type(line)
    term.expect("Liberators: charge")
    term.expect("Choose")
    term.type("?" + _menu_key(term.seen, "Liberators: charge"))
    term.expect("Choose")
    assert "Charge of Liberators: 2D6 must reach the gap" in term.seen
    assert "With a re-roll: Forward to Victory, 1 CP" in term.seen
    assert '7" away: 58.3% (21/36); with the re-roll 82.6% (1071/1296)' in term.seen
    assert '12" away: 2.8% (1/36)' in term.seen
    assert '3" away: 97.2% (35/36); with the re-roll 99.9% (1295/1296)' in term.seen
    term.type("q")
    assert term.close() == 0


def test_cast_odds_under_the_option_key_with_the_unbind_chance(tmp_path: Path) -> None:
    """Issue 13 item 8 (AoS2 §15): `?N` on a spell gives P(2D6 >= its casting value) and,
    with an enemy wizard that can unbind, P(cast and not unbound). By hand for Arcane Bolt
    (5): 30/36 cast; not unbound = sum over casting totals t >= 5 of P(t) x P(2D6 <= t) =
    (4x10 + 5x15 + 6x21 + 5x26 + 4x30 + 3x33 + 2x35 + 1x36)/1296 = 696/1296."""
    import subprocess

    db = tmp_path / "games.sqlite3"
    made = subprocess.run(
        [sys.executable, "-m", "aos_cli", "game", "new", "--db", str(db), "--seed", "1"],
        capture_output=True, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    term = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--dice", "manual"])
    term.expect("Choose")
    term.type("1")
    term.expect("Roll 2 dice")
    term.type("1 6")
    term.expect("take the first turn")
    term.type("y")
    term.expect("Choose")
    label = "Guardian of Souls with Nightmare Lantern: cast Arcane Bolt"
    term.type("?" + _menu_key(term.seen, label))
    term.expect("Choose")
    assert "cast (casting value 5): 83.3% (30/36)" in term.seen
    assert "cast and not unbound, if Knight-Incantor tries" in term.seen
    assert "53.7% (696/1296)" in term.seen
    term.type("q")
    assert term.close() == 0


def test_unbind_odds_under_the_option_key(tmp_path: Path) -> None:
    """Issue 13 item 8 (AoS2 §15): an unbind must beat the casting roll; against a casting
    roll of 8, 2D6 of 9 or more: 4 + 3 + 2 + 1 = 10 of 36."""
    import subprocess

    db = tmp_path / "games.sqlite3"
    for command in (["game", "new", "--seed", "1"], ["priority", "--dice", "manual"],
                    ["cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
                     "--target-in-range", "--answer", "arcane=no", "--dice", "manual"]):  # fmt: skip
        made = subprocess.run(
            [sys.executable, "-m", "aos_cli", *command, "--db", str(db)],
            input=b"6 1\n" if command[0] == "priority" else b"4 4\n",
            capture_output=True, check=False,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
    term = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db)])
    term.expect("Choose")
    term.type("?" + _menu_key(term.seen, "Unbind Arcane Bolt with Guardian of Souls"))
    term.expect("Choose")
    assert "2D6 must beat 8." in term.seen and "unbound: 27.8% (10/36)" in term.seen
    term.type("?" + _menu_key(term.seen, "Let Arcane Bolt through"))
    term.expect("Choose")
    assert "No odds are worked out for this option." in term.seen
    term.type("q")
    assert term.close() == 0


def test_run_odds_under_the_option_key(tmp_path: Path) -> None:
    """Issue 13 item 8 (AoS2 §8.4, §7.2): a run adds a D6: at least +4" on 4, 5 or 6, 3 of 6;
    At the Double is offered as a sure +6" with a command point in hand."""
    _, term = _stormcast_first(tmp_path)
    term.expect("Choose")
    term.type("n")  # to the movement phase
    term.expect("Liberators: run")
    term.expect("Choose")
    term.type("?" + _menu_key(term.seen, "Liberators: run"))
    term.expect("Choose")
    assert 'Run of Liberators: Move 5" plus D6.' in term.seen
    assert 'at least +4": 50.0% (3/6)' in term.seen and 'at least +6": 16.7% (1/6)' in term.seen
    assert 'At the Double (1 CP, a Hero in command range): +6" for sure.' in term.seen
    term.type("q")
    assert term.close() == 0
