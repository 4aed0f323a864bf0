"""`aos play` at the table, round three (issue 31): menus that hold still across a resume,
same-named units told apart, the modifiers prompt, a tall menu on a short terminal and keys
typed ahead, each in a real pseudo-terminal."""

from __future__ import annotations

import copy
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.store import Store
from tests.cli.test_play_pty import GOLDEN, Terminal, _menu_key, _new_demo_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _golden(twins: bool = False, crowd: int = 0) -> dict[str, Any]:
    """The small golden set-up; with `twins`, a second unit of Judicators (and of Chainrasp
    Horde) of the same name; with `crowd`, that many more units of Liberators."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    units = setup["sides"][0]["units"]
    for number in range(2, crowd + 2):
        more = copy.deepcopy(next(u for u in units if u["id"] == "liberators"))
        more["id"] = f"liberators-{number}"
        units.append(more)
    if twins:
        units = setup["sides"][0]["units"]
        second = copy.deepcopy(next(u for u in units if u["id"] == "judicators"))
        second["id"] = "judicators-2"
        units.append(second)
        enemy = setup["sides"][1]["units"]
        other = copy.deepcopy(next(u for u in enemy if u["id"] == "chainrasps"))
        other["id"] = "chainrasps-2"
        enemy.append(other)
    return setup


def _play(db: Path, *extra: str, env: dict[str, str] | None = None) -> Terminal:
    command = [sys.executable, "-m", "aos_cli", "play", "--db", str(db), *extra]
    return Terminal(command, env=env)


def _first_turn(
    tmp_path: Path, twins: bool = False, env: dict[str, str] | None = None, crowd: int = 0
) -> Any:
    """A game of the golden armies, the Stormcast taking the first turn with the players'
    dice, then the tool rolling (seeded)."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.create_game("golden", _golden(twins, crowd))
    term = _play(db, "--dice", "manual", "--seed", "3", env=env)
    for prompt, line in (("Choose", "1"), ("Roll 2 dice", "6 1"), ("first turn", "y")):
        term.expect(prompt)
        term.type(line)
    term.expect("Choose")
    term.type("d")  # the tool rolls from here
    term.expect("Choose")
    return db, term


def _numbers(screen: str) -> dict[str, str]:
    """The last menu's options by label: their numbers."""
    last = screen.rsplit("Clock:", 1)[-1]
    return {label.strip(): key for key, label in re.findall(r"\[(\d+)\] ([^\n]+)", last)}


def test_menu_numbers_are_the_same_after_a_resume(tmp_path: Path) -> None:
    """Issue 31 item 3: an option keeps its number for the whole phase and across a resume
    (the numbers come from the phase as it was played, not from what is left)."""
    db, term = _first_turn(tmp_path)
    term.type("n")  # to the movement phase
    term.expect("movement phase")
    term.expect("Choose")
    before = _numbers(term.seen)
    term.type(before["Liberators: move"])
    term.expect("Choose")
    shown = _numbers(term.seen)
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    again = _play(db)
    again.expect("Choose")
    after = _numbers(again.seen)
    assert "Liberators: move" not in after
    assert after == shown
    assert after["Lord-Relictor: move"] == before["Lord-Relictor: move"] != "1"
    again.type("q")
    again.expect("Resume with `aos play`")
    assert again.close() == 0


def test_an_unbind_never_reuses_a_number_of_the_phase(tmp_path: Path) -> None:
    """Issue 31 item 3: within one phase a number means one option: the unbind menu that
    comes between casts is numbered after the casts, not from 1 again."""
    db = _new_demo_game(tmp_path)
    term = _play(db, "--dice", "manual", "--seed", "3")
    for prompt, line in (("Choose", "1"), ("Roll 2 dice", "6 1"), ("first turn", "y")):
        term.expect(prompt)
        term.type(line)
    term.expect("Choose")
    hero = _numbers(term.seen)
    term.type(hero["Knight-Incantor: cast Arcane Bolt"])
    term.expect("Target of Knight-Incantor")  # the prompt says what the target must be
    assert 'within 18", visible to it' in term.seen
    term.type(_menu_key(term.seen, "Chainrasp Horde"))
    term.expect("Roll 2 dice")
    term.type("6 6")
    term.expect("Arcane Lineage")  # the Stardrake may change the roll (AoS2 §27.3)
    term.type("n")
    term.expect("Choose")
    unbind = _numbers(term.seen)
    assert set(unbind.values()).isdisjoint(hero.values())
    label = next(label for label in unbind if label.startswith("Unbind Arcane Bolt"))
    assert 'within 30" of' in label  # picking it tells the range
    assert "Knight-Incantor" in term.seen.split(label)[-1].split("[")[0]
    term.type(unbind[label])
    term.expect("Roll 2 dice")
    assert '30" of Knight-Incantor? [y/n]' not in term.seen
    term.type("1 1")
    term.expect("Roll 1 die")
    term.type("2")
    term.expect("ward rolls (6+)")  # Deathless Spirits: a Nighthaunt unit's ward
    term.type("1")
    term.expect("Choose")
    assert "visible to it? [y/n]" not in term.seen  # picking the target told it
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0


def test_same_named_units_are_told_apart_in_options_and_targets(tmp_path: Path) -> None:
    """Issue 31 item 3: two units of Judicators read `Judicators #1` and `Judicators #2` in
    the menu, and two Chainrasp Hordes likewise in the target list."""
    db, term = _first_turn(tmp_path, twins=True)
    for line in ("n", "n"):  # to the shooting phase
        term.type(line)
        term.expect("Choose")
    menu = _numbers(term.seen)
    assert any(label.startswith("Judicators #1: shoot") for label in menu)
    assert any(label.startswith("Judicators #2: shoot") for label in menu)
    term.type(next(k for label, k in menu.items() if label.startswith("Judicators #2: shoot")))
    term.expect("Target")
    assert "Chainrasp Horde #1 (20 models)" in term.seen
    assert "Chainrasp Horde #2 (20 models)" in term.seen
    term.type(_menu_key(term.seen, "Chainrasp Horde #2") + "c")  # in cover
    term.expect('within 3" of an enemy unit?')
    term.type("n")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        shot = store.actions(1)[-1]
    assert (shot.payload["unit"], shot.payload["target"]) == ("judicators-2", "chainrasps-2")
    assert shot.payload["answers"]["cover"] is True


def test_modifiers_per_model_dice_and_a_typo_asked_again(tmp_path: Path) -> None:
    """Issue 31 item 2: `2 m` at the target opens the modifiers; `extra-attacks=1` counts per
    model (5 Judicators: 5 attacks), a typo re-asks that field alone and keeps the rest."""
    db, term = _first_turn(tmp_path)
    for line in ("n", "n"):  # to the shooting phase
        term.type(line)
        term.expect("Choose")
    term.type(_menu_key(term.seen, "Judicators: shoot"))
    term.expect("Target")
    assert "(2c: in cover; 2 m: with modifiers)" in term.seen
    term.type(_menu_key(term.seen, "Chainrasp Horde") + " m")
    term.expect("Modifiers (Enter for none)")
    assert "adds 1 per model (5 models: 5 attacks)" in term.seen
    term.type("extra-attacks=1 hit-mod=one reroll-hits=ones")
    term.expect("hit-mod= (Enter to leave it out)")
    term.type("1")
    term.expect('within 3" of an enemy unit?')  # one bow: no weapon to choose
    term.type("n")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        shot = store.actions(1)[-1].payload
    assert shot["extra_attacks"] == 5
    assert shot["hit_mod"] == 1
    assert shot["reroll_hits"] == "ones"
    assert "modifiers_weapon" not in shot


def test_a_menu_taller_than_a_30_line_terminal_folds_to_a_line_per_unit(tmp_path: Path) -> None:
    """Issue 31 item 3: on a 30-line terminal the movement menu of 9 units (27 options) is
    one line per unit, every option keeping its number."""
    env = {**os.environ, "LINES": "30"}
    _db, term = _first_turn(tmp_path, twins=True, env=env, crowd=5)
    term.type("n")  # to the movement phase
    term.expect("movement phase")
    term.expect("Choose")
    menu = term.seen.rsplit("Clock:", 1)[-1]
    assert re.search(r"Judicators #2: \[\d+\] move  \[\d+\] run", menu)
    assert re.search(r"Liberators #6: \[\d+\] move", menu)
    assert len(menu.splitlines()) < 30
    folded = re.findall(r"\[(\d+)\] run\b", menu)
    assert all(len(line) <= 100 for line in menu.splitlines())  # one line each
    term.type(folded[0])
    term.expect("runs")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0


def test_keys_typed_before_a_prompt_are_not_its_answer(tmp_path: Path) -> None:
    """Issue 31 item 4: `1` and `n` typed at once: the `n` was typed before the target list
    appeared, so it is dropped, not taken as an answer (nor as the next phase)."""
    db, term = _first_turn(tmp_path)
    for line in ("n", "n"):  # to the shooting phase
        term.type(line)
        term.expect("Choose")
    key = _menu_key(term.seen, "Judicators: shoot")
    term.seen = ""
    os.write(term.master, f"{key}\nn\n".encode())
    term.expect("Target")
    term.expect(": ")
    assert "No such target" not in term.seen
    term.type(_menu_key(term.seen, "Chainrasp Horde"))
    term.expect('within 3" of an enemy unit?')
    term.type("n")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        shot = store.actions(1)[-1]
    assert shot.kind == "shoot" and shot.payload["answers"]["cover"] is False
