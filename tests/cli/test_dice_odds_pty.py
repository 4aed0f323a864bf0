"""Odds that follow the dice in `aos play`, in a real pseudo-terminal (issue 29 item 4): with
typed dice the chance to destroy the target is said between the hit and the wound prompts, and
between the wound and the save prompts; with the tool's dice both lines are in the report."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from aos_cli.store import Store
from tests.cli.test_play_pty import Terminal, _menu_key, _stormcast_first, golden_setup

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _shooting(tmp_path: Path) -> tuple[Path, Terminal]:
    """The golden game in `aos play` (typed dice), the Stormcast first, in the shooting phase,
    the Guardian of Souls with Wounds 3 so that 5 Skybolt Bow shots may slay it."""
    setup = golden_setup()
    guardian = next(u for u in setup["sides"][1]["units"] if u["id"] == "guardian-of-souls")
    guardian["wounds"] = 3
    db, term = _stormcast_first(tmp_path, setup, ("--seed", "29"))
    for _step in ("hero", "movement"):
        term.expect("Choose")
        term.type("n")
    term.expect("shooting phase")
    term.expect("Choose")
    return db, term


def _shoot_the_guardian(term: Terminal) -> None:
    """Judicators shoot the Guardian of Souls; Look Out, Sir! does not apply."""
    term.type(_menu_key(term.seen, "Judicators: shoot"))
    term.expect("Target")
    term.type(_menu_key(term.seen, "Guardian of Souls"))
    for question in ('within 3" of an enemy unit?', "3 or more models?"):
        term.expect(question)
        term.type("n")


def test_typed_dice_show_the_chance_between_the_prompts(tmp_path: Path) -> None:
    """5 shots hitting and wounding on 3+, saved on 5+ (4+, Rend -1): a shot does a damage
    with 8/27, the Guardian (Wounds 3) falls to 3 of 5 with 2270208/14348907 = 15.8%. Hits
    6 5 4 1 2 leave 3 hits: (4/9)³ = 8.8%, shown before the wound rolls are asked; wound rolls
    6 5 4 leave 3 wounds: (2/3)³ = 29.6%, shown before the save rolls are asked."""
    db, term = _shooting(tmp_path)
    _shoot_the_guardian(term)
    term.expect("hit rolls (3+)")
    term.type("6 5 4 1 2")
    term.expect("wound rolls (3+)")
    hit_line = (
        "Chance to destroy Guardian of Souls: 15.8% before the hit rolls → 8.8% now (3 hits; "
    )
    assert hit_line in term.seen
    assert term.seen.index(hit_line) < term.seen.index("wound rolls")
    term.type("6 5 4")
    term.expect("save rolls")
    wound_line = (
        "Chance to destroy Guardian of Souls: 8.8% before the wound rolls → 29.6% now (3 wounds; "
    )
    assert wound_line in term.seen
    assert term.seen.index(wound_line) < term.seen.index("save rolls")
    term.type("1 1 1")
    term.expect("Choose")
    assert "Guardian of Souls" in term.seen and "slain" in term.seen
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        assert store.actions(1)[-1].kind == "shoot"


def test_the_tools_dice_put_both_lines_in_the_report(tmp_path: Path) -> None:
    """With the tool's (seeded) dice, the attack's report says the chance before and after
    the hit rolls and the wound rolls; no question is added."""
    _db, term = _shooting(tmp_path)
    term.type("d")
    term.expect("Dice: the tool rolls.")
    term.expect("Choose")
    _shoot_the_guardian(term)
    term.expect("Choose")
    assert "15.8% before the hit rolls → " in term.seen
    assert "before the wound rolls → " in term.seen
    assert term.seen.index("before the wound rolls") < term.seen.index("Judicators → Guardian")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
