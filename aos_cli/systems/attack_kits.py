"""What a game system brings to `aos roll attack` and `aos odds attack`: its attack engine, its
flag group and how its results read (an `AttackKit`), and where the CLI finds each system's.

A system with an attack command has a light module `aos_cli.systems.<id>_attack` whose `KIT`
is its kit: light so that `aos roll attack` starts fast without importing every system's rules
(and never content or YAML). The ids come from the system registry; the CLI names no system.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, Protocol

from aos_cli.core.errors import InputError
from aos_cli.core.system import default_id, system_ids

if TYPE_CHECKING:
    from aos_cli.core.attack_flags import Flag
    from aos_cli.core.engine import AttackEngine, AttackOdds, AttackResult, AttackSpec


class AttackKit(Protocol):
    """A system's attack command: the engine, the flags it understands and its views."""

    system: str
    """The system id, as `--system` takes it."""
    engine: AttackEngine[Any]
    flags: tuple[Flag, ...]
    """Every flag this system's attack understands (shared ones included)."""
    mortal_label: str
    """How the mean mortal wounds read under the damage chart."""

    def build(self, given: Mapping[str, Any]) -> AttackSpec:
        """The engine's spec from the flags given (name → value); InputError naming a flag."""
        ...

    def table(self, spec: Any, result: AttackResult[Any]) -> Any:
        """The rolled attack as a Rich renderable, every die shown."""
        ...

    def result_json(self, spec: Any, result: AttackResult[Any]) -> dict[str, Any]:
        """The rolled attack for programs."""
        ...

    def odds_json(self, spec: Any, odds: AttackOdds) -> dict[str, Any]:
        """The exact odds for programs."""
        ...

    def damage_title(self, spec: Any) -> str:
        """The title of the damage chart: `Damage against 4+`."""
        ...

    def slain_title(self) -> str:
        """The title of the models-slain chart."""
        ...

    def notes(self, spec: Any) -> list[str]:
        """Plain lines the player should read after the result (rules that did not apply)."""
        ...


def _kit_module(system_id: str) -> str:
    return f"{__package__}.{system_id}_attack"


def attack_systems() -> tuple[str, ...]:
    """The ids of the systems with an attack command, the default system first."""
    default = default_id()
    ids = [i for i in system_ids() if find_spec(_kit_module(i)) is not None]
    return tuple(sorted(ids, key=lambda i: (i != default, i)))


def attack_kit(system_id: str) -> AttackKit:
    """The attack kit of a system (InputError naming --system when it has none)."""
    key = system_id.strip().lower()
    if key not in attack_systems():
        raise InputError(
            f"--system: {system_id!r} has no attack sequence here",
            f"use {', '.join(attack_systems())}",
        )
    kit: AttackKit = import_module(_kit_module(key)).KIT
    return kit
