"""What a game system brings to the rolls that differ between systems: its attack sequence
(`aos roll/odds attack`), its casting roll (`aos roll/odds cast`) and its duel (`aos roll/odds
duel`). Each is a kit: the flags the system understands, the request built from them, and how
the result reads. The CLI finds a system's kit here and names no system.

A system with a kit of kind KIND has a light module `aos_cli.systems.<id>.<KIND>` whose `KIT`
is the kit: light (as is its package's `__init__`) so that the roll commands start fast without
importing every system's rules (and never content or YAML). The ids come from the system
registry; this module is shared by every system's kits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.core.system import default_id, system_ids
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from rich.console import RenderableType

    from aos_cli.core.attack_flags import Flag
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.engine import (
        AttackEngine,
        AttackOdds,
        AttackResult,
        AttackSpec,
        WeaponCounts,
    )
    from aos_cli.core.stored import JsonObject

KINDS = {"attack": "attack sequence", "cast": "casting roll", "duel": "duel"}
"""The kinds of kit, and what a system without one has not."""

S = TypeVar("S", bound="AttackSpec")
"""The spec a system's attack kit builds and its engine rolls (`AosAttack`, `Attack40k`)."""

R = TypeVar("R")
"""The request a system's casting roll or duel kit builds (`CastAttempt`, `Duel`...)."""


class Kit(Protocol):
    """What every kit has: its system and the flags it understands (shared ones included)."""

    @property
    def system(self) -> str:
        """The system id, as `--system` takes it."""
        ...

    @property
    def flags(self) -> tuple[Flag, ...]:
        """Every flag this system's command understands."""
        ...


class AttackKit(Kit, Protocol[S]):
    """A system's attack command: the engine, the flags it understands and its views; each
    kit module's `KIT` is declared as one (`KIT: AttackKit[AosAttack]`), so mypy checks it."""

    @property
    def engine(self) -> AttackEngine[S]:
        """The system's attack sequence, rolled or as exact odds."""
        ...

    @property
    def mortal_label(self) -> str:
        """How the mean mortal wounds read under the damage chart."""
        ...

    def build(self, given: Mapping[str, object]) -> S:
        """The engine's spec from the flags given (name → value); InputError naming a flag."""
        ...

    def table(self, spec: S, result: AttackResult[WeaponCounts]) -> RenderableType:
        """The rolled attack as a Rich renderable, every die shown."""
        ...

    def result_json(self, spec: S, result: AttackResult[WeaponCounts]) -> JsonObject:
        """The rolled attack for programs."""
        ...

    def odds_json(self, spec: S, odds: AttackOdds) -> JsonObject:
        """The exact odds for programs."""
        ...

    def damage_title(self, spec: S) -> str:
        """The title of the damage chart: `Damage against 4+`."""
        ...

    def slain_title(self) -> str:
        """The title of the models-slain chart."""
        ...

    def notes(self, spec: S) -> list[str]:
        """Plain lines the player should read after the result (rules that did not apply)."""
        ...


@dataclass(frozen=True)
class Shown:
    """A roll or its odds for people and programs: the JSON object and the lines to print."""

    data: Mapping[str, object]
    lines: Sequence[RenderableType] = field(default_factory=list)


class RollKit(Kit, Protocol[R]):
    """A system's casting roll or duel: its flags, the request and the rolled or exact result;
    each kit module's `KIT` is declared as one (`KIT: RollKit[CastAttempt]`)."""

    def build(self, given: Mapping[str, object]) -> R:
        """The request from the flags given (name → value); InputError naming a flag."""
        ...

    def roll(self, request: R, source: DiceSource) -> Shown:
        """Roll it with dice from `source`."""
        ...

    def odds(self, request: R, width: int) -> Shown:
        """Its exact odds; charts fit `width` columns."""
        ...


def _kit_module(system_id: str, kind: str) -> str:
    return f"{__package__}.{system_id}.{kind}"


def _has_kit(system_id: str, kind: str) -> bool:
    """Whether the system's package has a kit module of this kind (a system registered from
    elsewhere has no package here, so no kit)."""
    try:
        return find_spec(_kit_module(system_id, kind)) is not None
    except ModuleNotFoundError:
        return False


@cache
def kit_systems(kind: str) -> tuple[str, ...]:
    """The ids of the systems with a kit of this kind, the default system first (looked up
    once: the kit modules do not change while the program runs)."""
    default = default_id()
    ids = [i for i in system_ids() if _has_kit(i, kind)]
    return tuple(sorted(ids, key=lambda i: (i != default, i)))


def get_kit(system_id: str, kind: str) -> Kit:
    """A system's kit of this kind (InputError naming --system when it has none)."""
    key = system_id.strip().lower()
    if key not in kit_systems(kind):
        template = {
            "attack": _("--system: {system} has no attack sequence here"),
            "cast": _("--system: {system} has no casting roll here"),
            "duel": _("--system: {system} has no duel here"),
        }[kind]
        raise InputError(
            template.format(system=repr(system_id)),
            _("use {names}").format(names=", ".join(kit_systems(kind))),
        )
    found: Kit = import_module(_kit_module(key, kind)).KIT
    return found


def attack_kit(system_id: str) -> AttackKit[AttackSpec]:
    """A system's attack kit (InputError naming --system when it has none). Its spec type is
    its own (each `KIT` is checked against `AttackKit` where it is declared); a caller hands
    back to it only the specs its `build` made."""
    return cast("AttackKit[AttackSpec]", get_kit(system_id, "attack"))


def roll_kit(system_id: str, kind: str) -> RollKit[object]:
    """A system's casting roll or duel kit (InputError naming --system when it has none); a
    caller hands back to it only the requests its `build` made."""
    return cast("RollKit[object]", get_kit(system_id, kind))
