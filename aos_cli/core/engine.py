"""The one attack-sequence protocol every game system's attacks go through (DESIGN: core).

A system's attack engine answers three questions about the same attack, described by its own
spec value (Age of Sigmar's weapons and ward, 40k's weapons, target and phase):

- `resolve(spec, dice)`: roll it, stage by stage, into an `AttackResult`;
- `odds(spec)`: the exact distributions of what it does, an `AttackOdds`;
- `mean(spec)`: the exact mean damage, fast (by linearity, no distribution built).

The result and odds types are shared; each system's weapon result may carry its own extras
(40k's save used and Damage per attack) beside the counts every system has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceExpr, DiceSource, Die
    from aos_cli.core.distributions import Distribution
    from aos_cli.language.text import Text


def roll_amounts(
    source: DiceSource, amounts: Sequence[DiceExpr], purpose: str | Text, *, floor: bool = False
) -> list[int]:
    """Roll several dice expressions (Attacks, Damage, mortal wounds) with one request for all
    their dice; with `floor` no value is below 0."""
    needed = sum(a.d6_count for a in amounts)
    pool = source.roll(needed, purpose) if needed else []
    values: list[int] = []
    position = 0
    for amount in amounts:
        value = amount.value_from(pool[position : position + amount.d6_count])
        values.append(max(0, value) if floor else value)
        position += amount.d6_count
    return values


@dataclass(frozen=True)
class Stage:
    """The dice of one stage: what was needed and which dice succeeded."""

    name: str
    needed: str
    dice: tuple[Die, ...]
    successes: tuple[bool, ...]
    extra: int = 0
    """Successes that came without a die of this stage (extra hits, automatic wounds)."""
    extra_label: str = ""
    """How those read: `extra` hits, `automatic` wounds."""

    @property
    def count(self) -> int:
        """Successes among this stage's dice."""
        return sum(self.successes)

    @property
    def total(self) -> int:
        """Every success the stage passes on, with the extra ones."""
        return self.count + self.extra


@dataclass(frozen=True)
class Allocation:
    """Models slain and the wounds lost by the one damaged model (AoS2 §14.7, 40k8 §8.3)."""

    slain: int
    wounds_on_damaged: int
    models_left: int


class WeaponCounts(Protocol):
    """What each weapon's rolled result holds, in every game system."""

    @property
    def weapon(self) -> str: ...
    @property
    def attacks(self) -> int: ...
    @property
    def attack_rolls(self) -> tuple[int, ...]: ...
    @property
    def hits(self) -> int: ...
    @property
    def wounds(self) -> int: ...
    @property
    def unsaved(self) -> int: ...
    @property
    def mortal_wounds(self) -> int: ...
    @property
    def stages(self) -> list[Stage]: ...
    @property
    def damage_rolls(self) -> tuple[int, ...]: ...
    @property
    def damage(self) -> int:
        """Damage before any ward or feel-no-pain roll: unsaved Damage plus mortal wounds."""
        ...


W = TypeVar("W", bound=WeaponCounts)


@dataclass
class AttackResult(Generic[W]):
    """The outcome of a unit's attacks against one target unit, in every game system."""

    weapons: list[W]
    ward_rolls: tuple[int, ...] = ()
    """One roll per point of damage: the ward (AoS) or feel-no-pain roll (40k)."""
    ward_saved: int = 0
    allocation: Allocation | None = None
    wounds_lost: int = 0
    """Wounds the target actually lost (40k: excess Damage is lost, 40k8 §8.5)."""
    target_wounds: int | None = None
    """The target's Wounds characteristic, when its models were allocated to."""

    @property
    def attacks(self) -> int:
        return sum(w.attacks for w in self.weapons)

    @property
    def hits(self) -> int:
        return sum(w.hits for w in self.weapons)

    @property
    def wounds(self) -> int:
        return sum(w.wounds for w in self.weapons)

    @property
    def unsaved(self) -> int:
        return sum(w.unsaved for w in self.weapons)

    @property
    def mortal_wounds(self) -> int:
        return sum(w.mortal_wounds for w in self.weapons)

    @property
    def damage_before_ward(self) -> int:
        return sum(w.damage for w in self.weapons)

    @property
    def damage(self) -> int:
        """Damage allocated to the target: every wound and mortal wound not negated."""
        return self.damage_before_ward - self.ward_saved

    @property
    def slain(self) -> int:
        return self.allocation.slain if self.allocation else 0

    @property
    def wounds_left_on_damaged(self) -> int | None:
        """Wounds left on the one damaged model, None when no model is damaged (or none left)."""
        if self.allocation is None or self.target_wounds is None:
            return None
        if not self.allocation.wounds_on_damaged:
            return None
        return self.target_wounds - self.allocation.wounds_on_damaged


@dataclass(frozen=True)
class AttackOdds:
    """The exact outcome distributions of a unit's attacks against one target."""

    damage: Distribution
    """Damage after the ward or feel-no-pain roll, as `AttackResult.damage`."""
    slain: Distribution | None = None
    damage_before_ward: Distribution | None = None
    mortal_wounds: Distribution | None = None
    wounds_on_damaged: Distribution | None = None
    """Wounds lost by the one damaged model afterwards (0 when none is damaged)."""
    wounds_lost: Distribution | None = None
    """Wounds the target actually lost, as `AttackResult.wounds_lost` (40k)."""

    @property
    def mean_damage(self) -> float:
        return self.damage.mean

    @property
    def mean_slain(self) -> float | None:
        return None if self.slain is None else self.slain.mean


class AttackSpec(Protocol):
    """A system's description of one attack: what its engine rolls and computes odds for."""

    @property
    def save(self) -> int:
        """The target's Save characteristic (7 for none)."""
        ...

    @property
    def allocates(self) -> bool:
        """Whether the target's models and Wounds are known, so models slain are counted."""
        ...

    def with_save(self, save: int) -> Self:
        """The same attack against another Save (the odds table over saves)."""
        ...

    def unallocated(self) -> Self:
        """The same attack without the target's models (damage does not depend on them)."""
        ...


S_contra = TypeVar("S_contra", bound=AttackSpec, contravariant=True)


@runtime_checkable
class AttackEngine(Protocol[S_contra]):
    """A game system's attack sequence: rolled, exact odds and exact mean of one spec."""

    def resolve(self, spec: S_contra, source: DiceSource) -> AttackResult[Any]:
        """Roll the attack with dice from `source`."""
        ...

    def odds(self, spec: S_contra, *, detail: bool = False) -> AttackOdds:
        """The exact distributions of the rolled result's damage (and models slain when the
        spec allocates); with `detail` also damage before the ward and mortal wounds."""
        ...

    def mean(self, spec: S_contra) -> float:
        """The exact mean damage after the ward, as `odds(spec).mean_damage`, only faster."""
        ...
