"""Age of Sigmar 2nd edition by the book (issue 26): the pre-battle roll-off when both armies
have pre-battle abilities (seed 000 p.14, "A CSATA ELŐTTI KÉPESSÉGEK")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.core.errors import RuleError
from aos_cli.core.guide import options
from aos_cli.core.legality import COALITION_REVISION
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines
from tests.core.test_stormcast_allegiance import CHAMBER, act
from tests.core.test_unit_attacks import army

STRATEGIST: dict[str, Any] = {
    "allegiance": "Stormcast Eternals",
    "command_trait": "Cunning Strategist",
}
OTHERS = [{**u, "id": f"{u['id']}-b"} for u in CHAMBER]
"""A second Stormcast army, its units named apart."""


def both_strategists(tmp_path: Path, revision: int = COALITION_REVISION) -> GameState:
    """Two Stormcast armies whose generals are Cunning Strategists, before round one."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    paths = [
        army(tmp_path, "Hammers", CHAMBER, **STRATEGIST),
        army(tmp_path, "Anvils", OTHERS, **STRATEGIST),
    ]
    setup = build_setup(paths, "first-blood")
    setup["rules_revision"] = revision
    return new_game(setup)


def test_aos2_p14_both_armies_pre_battle_abilities_roll_off_first(tmp_path: Path) -> None:
    """p.14: if both armies have pre-battle abilities, both players roll a dice; the higher
    decides who uses all of their pre-battle abilities first. The roll-off comes before any
    is used, once; the side sent second waits until the first has used all of its own, and
    the first uses none once the second has begun."""
    state = both_strategists(tmp_path)
    assert next(o.kind for o in options(state)) == "pre_battle_roll_off"
    with pytest.raises(RuleError, match="roll off first"):
        act(state, "pre_battle_move", [3], unit="liberators")
    act(state, "pre_battle_roll_off", [2, 2, 2, 5], answers={"pre-battle-first": False})
    assert state.pre_battle_first == 0  # Anvils won (5 against 2) and sent Hammers first
    said = " ".join(note_lines(state.notes))
    assert "Pre-battle roll-off 2-5: Anvils decides; Hammers uses all its" in said
    assert "pre_battle_roll_off" not in [o.kind for o in options(state)]
    with pytest.raises(RuleError, match="has been rolled"):
        act(state, "pre_battle_roll_off", [6, 1])
    with pytest.raises(RuleError, match="Hammers uses all its pre-battle abilities first"):
        act(state, "pre_battle_move", [3], unit="liberators-b", answers={"pre-battle-done": False})
    act(state, "pre_battle_move", [3], unit="liberators")
    act(state, "pre_battle_move", [1], unit="judicators-b", answers={"pre-battle-done": True})
    with pytest.raises(RuleError, match="Hammers has used its pre-battle abilities"):
        act(state, "pre_battle_move", unit="judicators")


def test_aos2_p14_the_winner_may_go_first_and_the_first_flag_skips_the_question(
    tmp_path: Path,
) -> None:
    """p.14: the winner decides; `first` (the command's `--first`) says it without asking."""
    state = both_strategists(tmp_path)
    act(state, "pre_battle_roll_off", [6, 1], first=1)
    assert state.pre_battle_first == 1
    fresh = both_strategists(tmp_path / "b")
    act(fresh, "pre_battle_roll_off", [6, 1], answers={"pre-battle-first": True})
    assert fresh.pre_battle_first == 0


def test_aos2_p14_no_roll_off_when_one_army_or_an_older_game(tmp_path: Path) -> None:
    """p.14: the roll-off is only owed when both armies have pre-battle abilities; a game set
    up before `COALITION_REVISION` replays without it."""
    older = both_strategists(tmp_path, revision=COALITION_REVISION - 1)
    act(older, "pre_battle_move", [3], unit="liberators")
    with pytest.raises(RuleError, match="no pre-battle roll-off"):
        act(older, "pre_battle_roll_off", [6, 1])
    (tmp_path / "c").mkdir()
    paths = [
        army(tmp_path / "c", "Hammers", CHAMBER, **STRATEGIST),
        army(tmp_path / "c", "Anvils", OTHERS, allegiance="Stormcast Eternals"),
    ]
    alone = new_game(build_setup(paths, "first-blood"))
    act(alone, "pre_battle_move", [3], unit="liberators")
    with pytest.raises(RuleError, match="no pre-battle roll-off"):
        act(alone, "pre_battle_roll_off", [6, 1])
