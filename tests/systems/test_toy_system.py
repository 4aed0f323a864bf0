"""Adding a game system takes one module and one YAML file (docs/architecture.md): a toy
system registered from tests/systems/toy_system.py, its warscrolls and battleplan from
tests/golden/toy_system.yaml, set up and played for a turn by the unchanged engine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from aos_cli.app.setup import build_setup
from aos_cli.core.actions import apply_action
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.guide import options
from aos_cli.core.system import all_systems, get_system, system_ids, unregister
from aos_cli.core.turn import new_game
from aos_cli.views.game import army_table

CONTENT = Path(__file__).parents[1] / "golden" / "toy_system.yaml"


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy system registered for one test, then forgotten again."""
    from tests.systems import toy_system

    toy_system.register(toy_system.TOY)
    yield
    unregister("toy")


def _army(folder: Path, name: str, warscroll: str, models: int) -> Path:
    path = folder / f"{name.lower().replace(' ', '-')}.yaml"
    army = {
        "name": name,
        "system": "toy",
        "units": [{"id": warscroll, "warscroll": warscroll, "models": models, "general": True}],
    }
    path.write_text(yaml.safe_dump({"schema_version": 1, "army": army}))
    return path


@pytest.mark.usefixtures("toy")
def test_a_toy_system_is_registered_set_up_and_played_for_a_turn(tmp_path: Path) -> None:
    """The registry, the content schema, set-up, the turn engine, the menu and the views all
    take the toy system from its module and YAML file, without a change anywhere else."""
    assert "toy" in system_ids()
    assert get_system("toy") in all_systems()
    content = tmp_path / "content"
    content.mkdir()
    (content / "toy.yaml").write_text(CONTENT.read_text())
    armies = [
        _army(tmp_path, "Knights", "toy-knights", 3),
        _army(tmp_path, "Goblins", "toy-goblins", 5),
    ]
    setup = build_setup(armies, "toy-brawl", content_dirs=[content])
    assert setup["system"] == "toy"
    assert setup["battle_rounds"] == 1
    state = new_game(setup)

    def act(kind: str, dice: list[int] | None = None, **payload: object) -> None:
        source = ScriptedDice(dice or [])
        apply_action(
            state, kind, dict(payload), source, RecordedAnswers({"engaged": True, "cover": False})
        )
        assert source.remaining == 0

    assert [o.label for o in options(state)] == ["Start the battle round"]
    act("priority")
    assert (state.round, state.active_side, state.phase) == (1, 0, "movement")
    act("move", unit="toy-knights")
    act("next")
    assert state.phase == "combat"
    # Six attacks: hits on 3+ (6, 5, 4, 3 hit), wounds on 4+ (6, 5 wound), Goblin saves 6+ fail.
    act("fight", [6, 5, 4, 3, 2, 1, 6, 5, 2, 1, 2, 3], unit="toy-knights", target="toy-goblins")
    assert state.unit("toy-goblins").models == 3
    assert army_table(state, 0).columns[4].header == "Nerve"
    act("next")
    assert (state.active_side, state.phase) == (1, "movement")
