"""The Age of Sigmar attack engine (both editions) behind the one attack protocol of
`aos_cli.core.engine`: `AosAttack` describes the attack, `AOS_ENGINE` rolls it
(`aos_cli.core.attack`), gives its exact odds and its exact mean (`aos_cli.core.odds`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from aos_cli.core.attack import Attack, AttackWatch, OneReroll, WeaponResult, resolve_attacks
from aos_cli.core.effects import TargetInfo
from aos_cli.core.engine import AttackOdds, AttackResult
from aos_cli.core.odds import attack_odds, mean_damage
from aos_cli.core.plan import Track, carry_damage
from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.engine import AttackEngine


@dataclass(frozen=True)
class AosAttack:
    """An Age of Sigmar attack as the engine takes it: the weapons with their effects, the
    target's save and cover, and (to count models slain) its models and Wounds."""

    attacks: tuple[Attack, ...]
    target: TargetInfo
    target_models: int | None = None
    target_wounds: int | None = None
    wounds_suffered: int = 0
    ward: int | None = None
    mortal_ward: int | None = None
    """A ward against mortal wounds only (Shielded by Faith), rolled for the attacks' own."""
    from_unit: bool = False
    """The weapons came from a warscroll (`--unit`): say which profiles were used."""

    @property
    def save(self) -> int:
        return self.target.save

    @property
    def allocates(self) -> bool:
        return self.target_models is not None and self.target_wounds is not None

    def with_save(self, save: int) -> AosAttack:
        """The same attack against another Save."""
        return replace(self, target=replace(self.target, save=save))

    def unallocated(self) -> AosAttack:
        """The same attack without the target's models."""
        return replace(self, target_models=None, target_wounds=None, wounds_suffered=0)


class AosEngine:
    """The Age of Sigmar attack sequence (2nd edition; 1st edition through its own
    `AttackRules`), behind the one attack protocol of `aos_cli.core.engine`."""

    def resolve(
        self,
        spec: AosAttack,
        source: DiceSource,
        watch: AttackWatch | None = None,
        one: OneReroll | None = None,
    ) -> AttackResult[WeaponResult]:
        """Roll it (`resolve_attacks`; `watch` is told each weapon's hit and wound rolls, `one`
        re-rolls a single die)."""
        return resolve_attacks(
            spec.attacks,
            spec.target,
            source,
            target_models=spec.target_models,
            target_wounds=spec.target_wounds,
            wounds_suffered=spec.wounds_suffered,
            ward=spec.ward,
            mortal_ward=spec.mortal_ward,
            watch=watch,
            one=one,
        )

    def odds(self, spec: AosAttack, *, detail: bool = False) -> AttackOdds:
        """Its exact odds (`aos_cli.core.odds.attack_odds`)."""
        return attack_odds(
            spec.attacks,
            spec.target,
            target_models=spec.target_models,
            target_wounds=spec.target_wounds,
            wounds_suffered=spec.wounds_suffered,
            ward=spec.ward,
            detail=detail,
        )

    def mean(self, spec: AosAttack) -> float:
        """Its exact mean damage by linearity (`aos_cli.core.odds.mean_damage`)."""
        return mean_damage(spec.attacks, spec.target, ward=spec.ward)

    def advance(self, spec: AosAttack, track: Track) -> Track:
        """The target's state after this attack, from `track`: the damage of `odds` carried
        over from model to model (AoS2 §14.7, §14.10; `aos_cli.core.plan`)."""
        return self.stepper(spec)(track)

    def stepper(self, spec: AosAttack) -> Callable[[Track], Track]:
        """`advance` with the attack's damage worked out once, for many states."""
        damage = self.odds(spec.unallocated()).damage
        return lambda track: carry_damage(track, damage)


AOS_ENGINE = AosEngine()
"""The Age of Sigmar attack engine (both editions)."""

if TYPE_CHECKING:
    _CHECK: AttackEngine[AosAttack] = AOS_ENGINE
