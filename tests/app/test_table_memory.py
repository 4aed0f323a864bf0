"""What `aos play` remembers of the table, and when it forgets it (issue 13 item 1)."""

from __future__ import annotations

from pathlib import Path

import yaml

from aos_cli.app.table_memory import TableMemory
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game

GOLDEN = Path(__file__).parents[1] / "golden"


def _state() -> GameState:
    return new_game(yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))


def _told(memory: TableMemory, **answers: bool) -> None:
    shot = {"unit": "judicators", "target": "chainrasps", "answers": answers}
    memory.learn("shoot", shot, 1)


def test_place_is_forgotten_when_that_unit_moves_not_when_another_does() -> None:
    """AoS2 §4.2: cover depends on where the target stands; only its own move changes it."""
    state, memory = _state(), TableMemory()
    _told(memory, cover=False)
    assert memory.recall("cover", "fight", {"unit": "liberators", "target": "chainrasps"})
    memory.moved(state, "liberators")
    assert memory.recall("cover", "fight", {"unit": "liberators", "target": "chainrasps"})
    memory.moved(state, "chainrasps")
    assert memory.recall("cover", "fight", {"unit": "liberators", "target": "chainrasps"}) is None


def test_within_3_of_an_enemy_is_forgotten_when_an_enemy_moves_not_a_friend() -> None:
    """AoS2 §9 and §10: who is within 3" of an enemy changes when either side of it moves."""
    state, memory = _state(), TableMemory()
    _told(memory, engaged=False)
    ask = {"unit": "judicators"}
    memory.moved(state, "liberators")  # a friend of the Judicators
    assert memory.recall("engaged", "charge", ask) is not None
    memory.moved(state, "chainrasps")  # an enemy
    assert memory.recall("engaged", "charge", ask) is None


def test_deaths_keep_not_near_but_forget_near() -> None:
    """Slain models can take a unit out of 3", never bring one in."""
    state, memory = _state(), TableMemory()
    _told(memory, engaged=False)
    memory.died(state, "chainrasps")
    assert memory.recall("engaged", "charge", {"unit": "judicators"}) is not None
    _told(memory, engaged=True)
    memory.died(state, "chainrasps")
    assert memory.recall("engaged", "charge", {"unit": "judicators"}) is None


def test_within_3_implies_within_12() -> None:
    """Within 3" of an enemy is within 12" of one (AoS2 §10)."""
    memory = TableMemory()
    _told(memory, engaged=True)
    known = memory.recall("within-12", "charge", {"unit": "judicators"})
    assert known is not None and known.value
