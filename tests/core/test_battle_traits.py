"""Allegiance battle traits reach the army's units and are rolled (issue 24 §5): Nighthaunt's
Deathless Spirits ward on a 6 for a NIGHTHAUNT unit near its general or a HERO."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.dice import SeededDice
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from tests.core.test_unit_attacks import LIBERATORS, act, army, expected, fight, to_phase

GHOSTS = [
    {"id": "knight-of-shrouds", "warscroll": "Knight of Shrouds", "general": True},
    {"id": "chainrasps", "warscroll": "Chainrasp Horde", "models": 10},
]


def _game(tmp_path: Path, allegiance: str | None) -> GameState:
    tmp_path.mkdir()
    extra = {"allegiance": allegiance} if allegiance else {}
    ours = [LIBERATORS, {"id": "lord-relictor", "warscroll": "Lord-Relictor", "general": True}]
    paths = [army(tmp_path, "Stormcast", ours), army(tmp_path, "Ghosts", GHOSTS, **extra)]
    state = new_game(build_setup(paths, "first-blood", dice=SeededDice(3)))
    act(state, "priority", [5, 2], first=0)
    to_phase(state, "combat")
    return state


def _damage(tmp_path: Path, allegiance: str | None, near: bool | None) -> float:
    state = _game(tmp_path, allegiance)
    answers = {} if near is None else {"near-hero:chainrasps": near}
    fight(state, "liberators", "chainrasps", answers=answers)
    return expected(state)


def test_nighthaunt_deathless_spirits_ward_on_a_6_near_a_hero(tmp_path: Path) -> None:
    """Nighthaunt battle trait (AoS2 §25, §14.11 wards): each wound on a NIGHTHAUNT unit
    within range of its general or a HERO is negated on a 6: 5/6 of the damage gets through;
    out of range, or without the allegiance, none is negated."""
    without = _damage(tmp_path / "a", None, True)
    near = _damage(tmp_path / "b", "Nighthaunt", True)
    far = _damage(tmp_path / "c", "Nighthaunt", False)
    assert near == pytest.approx(without * 5 / 6)
    assert far == pytest.approx(without)
    # not told: supposed near while the side has its general or a HERO alive
    assert _damage(tmp_path / "d", "Nighthaunt", None) == pytest.approx(near)


def test_the_demo_nighthaunt_army_carries_its_battle_trait() -> None:
    """The bundled demo army names its allegiance: every Nighthaunt unit has Deathless Spirits."""
    setup = build_setup(bundled_armies(), "first-blood")
    ghosts = setup["sides"][1]["units"]
    assert all(any(a["id"] == "deathless-spirits" for a in u["abilities"]) for u in ghosts)
    stormcast = setup["sides"][0]["units"]
    assert not any(a["id"] == "deathless-spirits" for u in stormcast for a in u["abilities"])
