"""The systems' roll kits (systems/kits.py): every kit belongs to a registered system, names
its flags once, and the one command refuses a flag the chosen system does not take."""

from __future__ import annotations

from importlib import import_module

import pytest

from aos_cli.cli.attack_options import all_flags, attack_request
from aos_cli.core.engine import AttackEngine
from aos_cli.core.errors import InputError
from aos_cli.core.system import all_systems, default_id, system_ids
from aos_cli.systems.kits import KINDS, attack_kit, get_kit, kit_systems


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kit_belongs_to_a_registered_system_and_names_its_flags_once(kind: str) -> None:
    systems = kit_systems(kind)
    assert systems and set(systems) <= set(system_ids())
    if default_id() in systems:
        assert systems[0] == default_id()
    for system in systems:
        kit = get_kit(system, kind)
        names = [flag.name for flag in kit.flags]
        assert kit.system == system and len(names) == len(set(names))
        if kind == "attack":
            assert isinstance(attack_kit(system).engine, AttackEngine)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kit_is_declared_as_its_protocol(kind: str) -> None:
    """Issue 25 item 3: each kit module's `KIT` is annotated with its protocol
    (`AttackKit[...]` for attacks, `RollKit[...]` for casts and duels), so mypy checks the kit
    against it; the commands take kits typed by these protocols, not `Any`."""
    protocol = "AttackKit[" if kind == "attack" else "RollKit["
    for system in kit_systems(kind):
        module = import_module(f"aos_cli.systems.{system}.{kind}")
        assert str(module.__annotations__.get("KIT", "")).startswith(protocol), module.__name__


def test_every_system_the_game_engine_plays_has_an_attack_kit() -> None:
    """One attack protocol serves every system played turn by turn: AoS2, AoS1 and 40k8
    (issue 14 item 2); a system with its own engine (MESBG's duels) may have none."""
    battle = {s.id for s in all_systems() if s.engine == "battle"}
    assert len(battle) >= 3 and battle <= set(kit_systems("attack"))


def test_a_flag_of_another_system_is_one_line_naming_that_system() -> None:
    values = {name: flag.default for name, flag in all_flags("attack", "roll").items()}
    values |= {"profiles": ["2/3+/4+"], "bs": "3+"}
    with pytest.raises(InputError, match=r"--bs is for --system wh40k8"):
        attack_request("roll", default_id(), values)
