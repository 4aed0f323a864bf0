"""What a game system brings to `aos roll attack` and `aos odds attack`: its attack engine, its
flag group and how its results read (an `AttackKit`), and where the CLI finds each system's.

The CLI names no system: it asks `attack_kit(system_id)` here, and builds the one attack
command from every kit's flags. Importing a kit loads no content and no YAML.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from aos_cli.core.errors import InputError

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
    ward_name: str
    """What the roll made for each point of damage is called: `Ward`, `Feel no pain`."""
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


_KITS: dict[str, str] = {
    "aos2": "aos_cli.systems.aos_attack:AOS2_KIT",
    "wh40k8": "aos_cli.systems.wh40k8_attack:KIT_40K",
}
"""The systems with an attack command, default first, and where their kit lives (loaded only
when used). Until the system registry holds them, this is the one place that says so."""


def attack_systems() -> tuple[str, ...]:
    """The ids of the systems `aos roll attack` knows, the default first."""
    return tuple(_KITS)


def attack_kit(system_id: str) -> AttackKit:
    """The attack kit of a system (InputError naming --system when it has none)."""
    key = system_id.strip().lower()
    where = _KITS.get(key)
    if where is None:
        raise InputError(
            f"--system: {system_id!r} has no attack sequence here",
            f"use {' or '.join(attack_systems())}",
        )
    module, _, name = where.partition(":")
    kit: AttackKit = getattr(import_module(module), name)
    return kit
