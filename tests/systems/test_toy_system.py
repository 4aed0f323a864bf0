"""Adding a game system takes one module and one YAML file (docs/architecture.md): a toy
system registered from tests/systems/toy_system.py, its warscrolls and battleplan from
tests/golden/toy_system.yaml, set up and played for a turn by the unchanged engine. The
recipe in docs/architecture.md lists every place a system touches: checked here against
`GameSystem`'s parts and the toy."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
import yaml

from aos_cli.app.setup import build_setup
from aos_cli.core import system_parts
from aos_cli.core.actions import apply_action
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.guide import options
from aos_cli.core.system import (
    GameSystem,
    all_systems,
    get_system,
    register,
    system_ids,
    unregister,
)
from aos_cli.core.turn import new_game
from aos_cli.views.game import army_table

ROOT = Path(__file__).parents[2]
CONTENT = ROOT / "tests" / "golden" / "toy_system.yaml"


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy system registered for one test, then forgotten again."""
    from tests.systems import toy_system

    register(toy_system.TOY)
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
        # A unit within 3" of an enemy makes no normal move (AoS2 p.5): the knights start apart.
        answers = {"engaged": kind != "move", "cover": False}
        apply_action(state, kind, dict(payload), source, RecordedAnswers(answers))
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


def _parts() -> dict[str, type]:
    """`GameSystem`'s parts: each field typed by a protocol of `core.system_parts`, by name."""
    protocols = {
        name: cls
        for name, cls in vars(system_parts).items()
        if inspect.isclass(cls) and getattr(cls, "_is_protocol", False)
    }
    found = {}
    for item in fields(GameSystem):
        named = [p for p in protocols if re.search(rf"\b{p}\b", str(item.type))]
        if named:
            found[item.name] = protocols[named[0]]
    return found


def _members(protocol: type) -> list[str]:
    """What a protocol names: its properties and methods."""
    return [name for name in vars(protocol) if not name.startswith("_")]


def test_the_recipe_for_a_new_system_lists_every_part_and_place() -> None:
    """docs/architecture.md "Adding a game system" names each part of `GameSystem` with its
    protocol, and every file it sends the reader to exists (issue 25: the recipe lists every
    place it touches)."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    recipe = " ".join(text.split("## Adding a game system", 1)[1].split("\n## ", 1)[0].split())
    parts = _parts()
    assert set(parts) == {"turn", "combat", "magic", "morale", "scoring", "setup", "scenery"}
    for name, protocol in parts.items():
        assert f"`{name}` (`{protocol.__name__}`" in recipe, f"the recipe misses `{name}`"
    for path in re.findall(r"`((?:aos_cli|tests|tools)/[\w/.]+\.(?:py|yaml))`", recipe):
        if "<id>" not in path:
            assert (ROOT / path).exists(), f"the recipe names {path}, which does not exist"
    assert "`front` (`Front`)" in recipe
    for place in ("tests/systems/toy_system.py", "tests/golden/toy_system.yaml"):
        assert place in recipe


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize("system_id", [*system_ids(), "toy"])
def test_each_systems_parts_have_what_their_protocols_name(system_id: str) -> None:
    """Every part a system has gives each property and method its protocol names; only magic
    may be missing (a system without magic has no magic part, not a flag)."""
    system = get_system(system_id)
    for name, protocol in _parts().items():
        part = getattr(system, name)
        if part is None:
            assert name == "magic", f"{system_id} has no {name} part"
            continue
        missing = [m for m in _members(protocol) if not hasattr(part, m)]
        assert not missing, f"{system_id}'s {name} part lacks {missing}"


@pytest.mark.usefixtures("toy")
def test_a_system_without_magic_refuses_a_cast_in_one_line(tmp_path: Path) -> None:
    """The toy has no magic part: a cast is refused saying so, and its menu offers none."""
    assert get_system("toy").magic is None
    content = tmp_path / "content"
    content.mkdir()
    (content / "toy.yaml").write_text(CONTENT.read_text())
    armies = [
        _army(tmp_path, "Knights", "toy-knights", 3),
        _army(tmp_path, "Goblins", "toy-goblins", 5),
    ]
    state = new_game(build_setup(armies, "toy-brawl", content_dirs=[content]))
    apply_action(state, "priority", {}, ScriptedDice([]), RecordedAnswers({}))
    assert not [o for o in options(state) if o.kind in ("cast", "unbind")]
    with pytest.raises(RuleError, match="Toy Skirmish has no spells in this tool"):
        payload = {"wizard": "toy-knights", "spell": "Arcane Bolt", "target": "toy-goblins"}
        apply_action(state, "cast", payload, ScriptedDice([]), RecordedAnswers({}))
