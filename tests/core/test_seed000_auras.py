"""Seed 000 p.15 and p.19: the auras of other units reach the attack rolls they change
(Staunch Defender's +1 to saves of Stormcast units within 6" of the general), each asked
whether the unit is in range; a game set up before `AUDIT_REVISION` replays as it was played
(the aura a reminder, nothing asked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.core.actions import RecordedAnswers
from aos_cli.core.errors import RuleError
from aos_cli.core.legality import AUDIT_REVISION, LEGALITY_REVISION
from aos_cli.core.state import GameState
from aos_cli.core.unit_attacks import unit_attacks
from tests.core.test_unit_attacks import game

STAUNCH = "in-aura:stardrake:staunch-defender"


def staunch_game(tmp_path: Path) -> GameState:
    ours = [
        {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake", "general": True},
        {"id": "liberators", "warscroll": "Liberators", "models": 5},
    ]
    return game(
        tmp_path,
        ours,
        ours_extra={"allegiance": "Stormcast Eternals", "command_trait": "staunch-defender"},
    )


def saves_bonus(state: GameState, answers: dict[str, bool]) -> bool:
    """Whether the Knight of Shrouds' attack on the Liberators has Staunch Defender's +1."""
    attacker, target = state.unit("knight-of-shrouds"), state.unit("liberators")
    made = unit_attacks(
        state, attacker, target, attacker.spec.weapons, RecordedAnswers(answers), None
    )
    return all(a.attack.rules.save_bonus_as_cover for a in made)


def test_seed000_p19_staunch_defender_reaches_the_saves_of_units_in_range(
    tmp_path: Path,
) -> None:
    """p.19: the Liberators within 6" of the general add 1 to their saves; out of range not."""
    state = staunch_game(tmp_path)
    assert LEGALITY_REVISION == state.rules_revision >= AUDIT_REVISION
    assert saves_bonus(state, {STAUNCH: True})
    assert not saves_bonus(state, {STAUNCH: False})
    with pytest.raises(RuleError, match="within 6"):
        saves_bonus(state, {})  # the table's to say: asked


def test_seed000_a_game_set_up_before_the_audit_replays_without_the_aura(tmp_path: Path) -> None:
    """A game set up before `AUDIT_REVISION` asks nothing and applies no other unit's aura to
    an attack, as it was played."""
    state = staunch_game(tmp_path)
    state.rules_revision = AUDIT_REVISION - 1
    assert not saves_bonus(state, {})
