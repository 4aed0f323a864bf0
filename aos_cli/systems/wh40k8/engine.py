"""Warhammer 40,000 8th edition: the attack sequence, its weapon types and its exact odds
(40k8-core.md §6-§8, §9.3, §10.5; section numbers are those of the digest).

Pure rules: no printing, no files. Dice come from an injected `DiceSource`. The rolling
engine (`resolve_attacks_40k`) and the exact odds (`odds_40k`) decide every die with the same
small functions (`hit_succeeds`, `wound_succeeds`, `save_succeeds`), and read modifiers and
rerolls from the same `AttackRules` value as Age of Sigmar (DESIGN principle 4).

How 40k differs from Age of Sigmar here:

- Hit rolls need the model's BS (shooting) or WS (melee), not the weapon's To Hit (§8.1,
  §10.5). An unmodified 1 always fails; there is no rule that a 6 always hits (§1.2).
  Overwatch hits only on an unmodified 6, whatever the BS and modifiers (§9.3).
- Wound rolls come from the chart of Strength against Toughness (§8.2; `wound_roll_needed`).
  A 1 always fails; a 6 is not an automatic success.
- Saves are modified by AP; an invulnerable save ignores AP and cover and the better of the two
  saves is used for each wound (§8.4, §8.6). Cover adds 1 against shooting attacks only,
  Overwatch included, never in the Fight phase (§8.7). A save roll of 1 always fails.
- Damage is random per unsaved wound (§8.5, §14). Wounds are allocated one attack at a time: a
  model that has lost wounds takes them first (§8.3), and the excess damage of one attack that
  slays a model is LOST. Mortal wounds carry over to the next model (§8.8).

Public API (the game engine calls these):

- `WeaponType`, `Phase`: the five ranged types plus melee; "shooting" or "fight".
- `Weapon40k(attacks, skill, strength, ap, damage, *, models, weapon_type, name, multiplier,
  rules)`: one weapon used by `models` models with the BS or WS `skill`. `rules` is an
  `AttackRules`: hit/wound/save modifiers, rerolls, extra attacks and mortal wounds on hit or
  wound rolls (the other AttackRules fields are Age of Sigmar abilities and are refused).
- `Target40k(toughness, save, *, invulnerable, models, wounds, wounds_suffered, in_cover,
  feel_no_pain)`: the target unit; without `models` and `wounds` nothing is allocated.
- `wound_roll_needed(strength, toughness) -> int`: the wound chart.
- `resolve_attacks_40k(weapons, target, source, *, overwatch=False, phase="shooting")
  -> Result40k` (`resolve_shooting` is the same with phase "shooting"; `resolve_fight` with
  "fight"): hits, wounds, unsaved, damage per attack, mortal wounds, models slain, wounds left on
  the damaged model, and every stage's dice (`Stage` values of the Age of Sigmar engine).
- `allocate_40k(events, models, wounds, suffered) -> Allocation`: the allocation rule alone, for
  damage from other sources (Smite's mortal wounds are `[(0, n)]`).
- Weapon types (§4.5, §4.6, §6.2, §7): `fire_restriction`, `hit_modifier_for`, `attacks_for`,
  `check_model_weapons`, `check_grenades`, `prepare_weapon` (a weapon with its type's
  modifiers folded in, or a RuleError saying why it may not fire).
- Exact odds (§8 per attack, then a Markov chain over the target's state): `odds_40k(weapons,
  target, *, overwatch=False, phase="shooting") -> AttackOdds`, and `excess_lost`, a spill-over
  strategy with the signature of `aos_cli.core.odds.SpillOver`.
- The engine behind the one attack protocol (`aos_cli.core.engine`): `ENGINE_40K` with
  `resolve`, `odds` and `mean` of an `Attack40k(weapons, target, phase, overwatch)`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import field, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from aos_cli.core.dice import (
    FACES,
    IMPOSSIBLE,
    DiceExpr,
    DiceSource,
    Die,
    Reroll,
    format_threshold,
    roll_with_reroll,
)
from aos_cli.core.distributions import (
    ZERO,
    Distribution,
    Vec,
    amount_vec,
    compound,
    convolve,
    face_probabilities,
    power,
    survives,
    thin,
    to_distribution,
    vec_items,
    vec_of,
)
from aos_cli.core.effects import AttackRules, Trigger
from aos_cli.core.engine import Allocation, AttackOdds, AttackResult, Stage, roll_amounts
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.limits import MAX_CHARACTERISTIC, MAX_MODIFIER, check_at_most, check_weapon
from aos_cli.core.plan import Track
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _
from aos_cli.language.text import Text, tr

if TYPE_CHECKING:
    from aos_cli.core.engine import AttackEngine
    from aos_cli.core.odds import UnitDamage

Phase = Literal["shooting", "fight"]
PHASES: tuple[Phase, ...] = ("shooting", "fight")


class WeaponType(StrEnum):
    """The five ranged weapon types (§7) and melee weapons (§10.5, §13.2)."""

    ASSAULT = "assault"
    HEAVY = "heavy"
    RAPID_FIRE = "rapid-fire"
    GRENADE = "grenade"
    PISTOL = "pistol"
    MELEE = "melee"

    @property
    def ranged(self) -> bool:
        return self is not WeaponType.MELEE

    @property
    def display(self) -> str:
        """The type as a player reads it: `Rapid Fire` (in the chosen language)."""
        return _(_WEAPON_TYPE_NAMES[self])


_WEAPON_TYPE_NAMES = {
    WeaponType.ASSAULT: N_("Assault"),
    WeaponType.HEAVY: N_("Heavy"),
    WeaponType.RAPID_FIRE: N_("Rapid Fire"),
    WeaponType.GRENADE: N_("Grenade"),
    WeaponType.PISTOL: N_("Pistol"),
    WeaponType.MELEE: N_("Melee"),
}
"""Each weapon type's name on a datasheet (§7, §13.2)."""


# =========================================================================== the rolls


def wound_roll_needed(strength: int, toughness: int) -> int:
    """The wound chart (§8.2), rows checked in order: S ≥ 2T 2+, S > T 3+, S = T 4+,
    2S ≤ T 6+, S < T 5+."""
    if strength < 1 or toughness < 1:
        raise InputError(
            _("Strength {strength} against Toughness {toughness}").format(
                strength=strength, toughness=toughness
            ),
            _("Strength and Toughness are never below 1 (§14)"),
        )
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    if 2 * strength <= toughness:
        return 6
    return 5


def hit_succeeds(unmodified: int, skill: int, modifier: int, *, overwatch: bool = False) -> bool:
    """§8.1: the modified roll reaches BS or WS; an unmodified 1 always fails and there is no
    automatic 6. §9.3: Overwatch hits only on an unmodified 6, whatever BS and modifiers."""
    if overwatch:
        return unmodified == 6
    return unmodified != 1 and unmodified + modifier >= skill


def wound_succeeds(unmodified: int, needed: int, modifier: int) -> bool:
    """§8.2: the modified roll reaches the chart's number; a roll of 1 always fails."""
    return unmodified != 1 and unmodified + modifier >= needed


@dataclass(frozen=True)
class SaveSetup:
    """The saves a wound is rolled against: the armour save with its modifier (AP, cover and
    other save modifiers) and the invulnerable save with its own (never AP or cover)."""

    save: int
    save_modifier: int
    invulnerable: int | None
    invulnerable_modifier: int

    @property
    def armour_needs(self) -> int:
        """The unmodified roll the armour save needs (7+ cannot be rolled)."""
        return self.save - self.save_modifier

    @property
    def invulnerable_needs(self) -> int:
        return (
            IMPOSSIBLE
            if self.invulnerable is None
            else (self.invulnerable - self.invulnerable_modifier)
        )

    @property
    def uses_invulnerable(self) -> bool:
        """§8.6: the controller picks the better save for each wound; ties use the armour."""
        return self.invulnerable_needs < self.armour_needs

    @property
    def needs(self) -> int:
        """The unmodified roll the better save needs; 2 at best (a 1 always fails)."""
        return max(2, min(self.armour_needs, self.invulnerable_needs))

    @property
    def possible(self) -> bool:
        return self.needs <= 6

    def label(self) -> str:
        """The save used, for display: `3+`, `3+ -1` (AP, cover and modifiers) or
        `5+ invulnerable`."""
        if self.uses_invulnerable:
            assert self.invulnerable is not None
            return _("{save} invulnerable").format(save=format_threshold(self.invulnerable))
        if self.save_modifier and self.save < IMPOSSIBLE:
            return f"{format_threshold(self.save)} {self.save_modifier:+d}"
        return format_threshold(self.save)


def save_succeeds(unmodified: int, saves: SaveSetup) -> bool:
    """§8.4, §8.6: the better of the armour save (modified by AP) and the invulnerable save
    (never modified by AP) succeeds; a save roll of 1 always fails."""
    return unmodified != 1 and unmodified >= saves.needs


# =========================================================================== weapons, target


SUPPORTED_RULES = frozenset(
    {
        "extra_attacks",
        "hit_mod",
        "wound_mod",
        "save_mod",
        "reroll_hit",
        "reroll_wound",
        "reroll_save",
        "mortal_on_hit",
        "mortal_on_wound",
    }
)
"""The AttackRules fields the 40k engine applies: modifiers, re-rolls, extra attacks and mortal
wounds. Any other field set on a 40k weapon (an Age of Sigmar ability, or one added later) is
refused rather than ignored."""


def unsupported_rules(rules: AttackRules) -> list[str]:
    """The AttackRules fields set on a 40k weapon that the 40k engine does not apply."""
    plain = AttackRules()
    return [
        spec.name
        for spec in fields(AttackRules)
        if spec.name not in SUPPORTED_RULES
        and getattr(rules, spec.name) != getattr(plain, spec.name)
    ]


@dataclass(frozen=True)
class Weapon40k:
    """One weapon's attacks: its profile (§13.2) and the BS or WS of the models using it.

    `attacks` is the number after the type (ranged) or the model's Attacks (melee), rolled per
    model when random (§14). `multiplier` doubles it for Rapid Fire within half range (§7.4);
    `prepare_weapon` sets it. `ap` is 0 or negative. `skill` is 7 for a '-' characteristic."""

    attacks: DiceExpr
    skill: int
    strength: int
    ap: int
    damage: DiceExpr
    models: int = 1
    weapon_type: WeaponType = WeaponType.RAPID_FIRE
    name: str = ""
    multiplier: int = 1
    rules: AttackRules = field(default_factory=AttackRules)

    def __post_init__(self) -> None:
        if self.models < 0:
            raise InputError(
                _("models: {n} is negative").format(n=self.models), _("use 0 or more models")
            )
        if self.attacks.minimum < 0:
            raise InputError(
                _("Attacks: {value} can be negative").format(value=self.attacks),
                _("use 0 or more attacks"),
            )
        if self.damage.minimum < 0:
            raise InputError(
                _("Damage: {value} can be negative").format(value=self.damage), _("use 0 or more")
            )
        if self.ap > 0:
            raise InputError(
                _("AP: {value} is positive").format(value=self.ap),
                _("write AP as 0, - or -1, -2 ..."),
            )
        if self.strength < 1:
            raise InputError(
                _("Strength: {value} is below 1").format(value=self.strength),
                _("use 1 or more (§14)"),
            )
        if not 2 <= self.skill <= IMPOSSIBLE:
            raise InputError(
                _("BS/WS: {value}").format(value=self.skill), _("use 2+ to 6+ or - (§13.1)")
            )
        if self.multiplier < 0:
            raise InputError(
                _("multiplier: {n} is negative").format(n=self.multiplier), _("use 0, 1 or 2")
            )
        check_weapon(self.models * self.multiplier, self.attacks.maximum, self.damage.maximum)
        check_at_most("AP", -self.ap, MAX_MODIFIER, "either way")
        check_at_most("Strength", self.strength, MAX_CHARACTERISTIC, "at most")
        unsupported = unsupported_rules(self.rules)
        if unsupported:
            raise InputError(
                _("{ability} is an Age of Sigmar ability").format(
                    ability=unsupported[0].replace("_", " ")
                ),
                _("40k weapons take modifiers, rerolls, extra attacks and mortal wounds"),
            )

    @property
    def label(self) -> str:
        return f"{self.name}: " if self.name else ""


@dataclass(frozen=True)
class Target40k:
    """The target unit: Toughness, Save and invulnerable save, and for allocation its models,
    Wounds per model and the wounds already lost by its one damaged model (§8.3)."""

    toughness: int
    save: int
    invulnerable: int | None = None
    models: int | None = None
    wounds: int | None = None
    wounds_suffered: int = 0
    in_cover: bool = False
    """The unit is entirely on or in terrain (§8.7); counts only against shooting attacks."""
    feel_no_pain: int | None = None
    """A roll of this or more for each wound lost ignores it (e.g. Disgustingly Resilient 5+)."""

    def __post_init__(self) -> None:
        if self.toughness < 1:
            raise InputError(
                _("Toughness: {value} is below 1").format(value=self.toughness),
                _("use 1 or more (§14)"),
            )
        if not 2 <= self.save <= IMPOSSIBLE:
            raise InputError(_("Save: {value}").format(value=self.save), _("use 2+ to 6+ or -"))
        for message, value in (
            (_("invulnerable save: {value}+"), self.invulnerable),
            (_("feel no pain: {value}+"), self.feel_no_pain),
        ):
            if value is not None and not 2 <= value <= 6:
                raise InputError(message.format(value=value), _("use 2+ to 6+"))
        if (self.models is None) != (self.wounds is None):
            raise InputError(
                _("models and wounds go together"), _("give both to count models slain")
            )
        for message, count in (
            (_("target models: {n} is below 1"), self.models),
            (_("target wounds: {n} is below 1"), self.wounds),
        ):
            if count is not None and count < 1:
                raise InputError(message.format(n=count), _("use 1 or more"))
        if self.wounds_suffered < 0 or (
            self.wounds is not None and self.wounds_suffered >= self.wounds
        ):
            raise InputError(
                _("wounds suffered: {n}").format(n=self.wounds_suffered),
                _("use 0 up to one less than Wounds"),
            )

    @property
    def allocates(self) -> bool:
        return self.models is not None and self.wounds is not None


def saves_against(weapon: Weapon40k, target: Target40k, *, phase: Phase) -> SaveSetup:
    """The saves a wound from `weapon` meets: AP and cover modify the armour save only (§8.4,
    §8.6, §8.7); other save modifiers apply to both."""
    cover = 1 if target.in_cover and phase == "shooting" else 0
    other = weapon.rules.save_mod
    return SaveSetup(target.save, weapon.ap + cover + other, target.invulnerable, other)


# =========================================================================== weapon types


def fire_restriction(
    weapon_type: WeaponType,
    *,
    advanced: bool = False,
    fell_back: bool = False,
    can_fly: bool = False,
    engaged: bool = False,
    phase: Phase = "shooting",
) -> str | None:
    """None when a weapon of this type may be used, else why not.

    §4.5 a unit that Fell Back may not shoot unless it can FLY; §4.6, §7.2 an Advanced unit
    fires Assault weapons only; §6.2, §7.6 a unit within 1" of an enemy fires Pistols only;
    §10.5 melee weapons fight, ranged weapons shoot (Overwatch is shooting)."""
    if phase == "fight":
        return None if weapon_type is WeaponType.MELEE else _("only melee weapons fight (§10.5)")
    if weapon_type is WeaponType.MELEE:
        return _("melee weapons are used in the Fight phase, not to shoot (§13.2)")
    if fell_back and not can_fly:
        return _("a unit that Fell Back cannot shoot unless it can FLY (§4.5)")
    if advanced and weapon_type is not WeaponType.ASSAULT:
        return _("a unit that Advanced fires only Assault weapons (§4.6, §7.2)")
    if engaged and weapon_type is not WeaponType.PISTOL:
        return _('a unit within 1" of an enemy fires only Pistols, at the closest enemy (§7.6)')
    return None


def hit_modifier_for(
    weapon_type: WeaponType, *, moved: bool = False, advanced: bool = False
) -> int:
    """§7.2 Assault -1 to hit after Advancing; §7.3 Heavy -1 to hit if the model moved in its
    Movement phase (arriving as reinforcements or disembarking counts as moving, §4.7, §12.4;
    Advancing is moving). The digest and transcript give Heavy no exception."""
    if weapon_type is WeaponType.ASSAULT and advanced:
        return -1
    if weapon_type is WeaponType.HEAVY and (moved or advanced):
        return -1
    return 0


def attacks_for(
    weapon_type: WeaponType,
    moved: bool = False,
    advanced: bool = False,
    within_half_range: bool = False,
) -> int:
    """The multiplier of the weapon's attacks: 0 when it may not fire after Advancing (§4.6,
    §7.2), 2 for Rapid Fire with the target within half its maximum range (§7.4), else 1.
    (`moved` changes only the hit roll, §7.3; it is here so the flags read alike.)"""
    if advanced and weapon_type.ranged and weapon_type is not WeaponType.ASSAULT:
        return 0
    if weapon_type is WeaponType.RAPID_FIRE and within_half_range:
        return 2
    return 1


def check_model_weapons(types: Sequence[WeaponType]) -> None:
    """One model's ranged weapons fired at once (§7.5, §7.6): its Pistols or its other weapons,
    never both; a model throwing a Grenade fires nothing else. RuleError otherwise."""
    ranged = [t for t in types if t.ranged]
    if WeaponType.GRENADE in ranged and len(ranged) > 1:
        raise RuleError(
            _("a model that throws a grenade fires no other weapon (§7.5)"), _("throw or fire")
        )
    if WeaponType.PISTOL in ranged and any(t is not WeaponType.PISTOL for t in ranged):
        raise RuleError(
            _("a model fires either its Pistols or all its other weapons (§7.6)"),
            _("choose one before rolling"),
        )


def check_grenades(weapons: Sequence[Weapon40k]) -> None:
    """§7.5: each time a unit shoots, only one of its models may throw a grenade."""
    throwers = sum(w.models for w in weapons if w.weapon_type is WeaponType.GRENADE)
    if throwers > 1:
        raise RuleError(
            _("{n} models throw grenades").format(n=throwers),
            _("one model per unit throws a grenade (§7.5)"),
        )


def prepare_weapon(
    weapon: Weapon40k,
    *,
    moved: bool = False,
    advanced: bool = False,
    within_half_range: bool = False,
    fell_back: bool = False,
    can_fly: bool = False,
    engaged: bool = False,
    phase: Phase = "shooting",
) -> Weapon40k:
    """The weapon with its type's rules folded in (hit modifier, Rapid Fire's doubled attacks),
    or a RuleError naming the rule that stops it firing (§4.5, §4.6, §6.2, §7)."""
    reason = fire_restriction(
        weapon.weapon_type,
        advanced=advanced,
        fell_back=fell_back,
        can_fly=can_fly,
        engaged=engaged,
        phase=phase,
    )
    if reason:
        raise RuleError(f"{weapon.weapon_type.display}: {reason}")
    if phase == "fight":
        return weapon
    modifier = hit_modifier_for(weapon.weapon_type, moved=moved, advanced=advanced)
    multiplier = attacks_for(weapon.weapon_type, moved, advanced, within_half_range)
    rules = replace(weapon.rules, hit_mod=weapon.rules.hit_mod + modifier)
    return replace(weapon, rules=rules, multiplier=weapon.multiplier * multiplier)


def _check_phase(weapons: Sequence[Weapon40k], *, overwatch: bool, phase: Phase) -> None:
    if phase not in PHASES:
        raise InputError(_("phase: {phase}").format(phase=repr(phase)), _("use shooting or fight"))
    if overwatch and phase != "shooting":
        raise InputError(_("Overwatch is a shooting attack (§9.3)"), _("use phase shooting"))
    for weapon in weapons:
        reason = fire_restriction(weapon.weapon_type, phase=phase)
        if reason:
            raise RuleError(f"{weapon.name or weapon.weapon_type.display}: {reason}")
        if weapon.skill >= IMPOSSIBLE:
            message = (
                _("BS '-' makes no shooting attacks (§13.4)")
                if phase == "shooting"
                else _("WS '-' makes no close combat attacks (§13.4)")
            )
            raise RuleError(message)
    if phase == "shooting":
        check_grenades(weapons)


# =========================================================================== rolling


@dataclass
class WeaponResult40k:
    """What one weapon's attacks did, stage by stage."""

    weapon: str
    weapon_type: WeaponType
    attacks: int = 0
    attack_rolls: tuple[int, ...] = ()
    hits: int = 0
    wounds: int = 0
    wound_needed: int = 4
    save_used: str = "-"
    unsaved: int = 0
    mortal_wounds: int = 0
    stages: list[Stage] = field(default_factory=list)
    damage_rolls: tuple[int, ...] = ()
    damage_per_attack: tuple[int, ...] = ()
    """The Damage of each unsaved wound, in order, before any feel-no-pain roll."""
    events: tuple[tuple[int, int], ...] = ()
    """(Damage, mortal wounds) of each attack that did either, in order, as allocated."""

    @property
    def damage(self) -> int:
        """Damage inflicted: unsaved wounds' Damage plus mortal wounds (excess not yet lost)."""
        return sum(self.damage_per_attack) + self.mortal_wounds


Result40k = AttackResult[WeaponResult40k]
"""The outcome of a unit's attacks against one target unit (§8): the shared result, its ward
rolls being the feel-no-pain rolls and `wounds_lost` the wounds left after excess is lost."""


def _triggered(unmodified: int, triggers: tuple[Trigger, ...]) -> list[Trigger]:
    return [t for t in triggers if unmodified >= t.on]


def _ends(triggers: Sequence[Trigger]) -> bool:
    """Mortal wounds 'instead' (not `add`) end the attack's sequence there."""
    return bool(triggers) and not all(t.add for t in triggers)


@dataclass
class CommandReroll:
    """40k8 §17.6: one Command Re-roll the player spends on a single die of `stage` (`hit`,
    `wound`, `save` or `damage`): the first failed die not re-rolled yet (§1.3), or the lowest
    single-die Damage. `spend(what)` pays for it and rolls the new die."""

    stage: str
    spend: Callable[[Text], int]
    used: bool = False
    ask: Callable[[str, Text], bool] | None = None
    """In `aos play`: asked as each stage has a die to re-roll (its stage and what it is),
    once a stage, instead of a `stage` declared beforehand; `stage` is the one taken."""
    asked: set[str] = field(default_factory=set)

    def _wanted(self, stage: str, what: Text) -> bool:
        """Whether a Command Re-roll goes on this stage's die: the declared stage, or the
        players' answer when asked (each stage asked once an attack)."""
        if self.ask is None:
            return not self.used and stage == self.stage
        if stage in self.asked:
            return False
        self.asked.add(stage)
        if not self.ask(stage, what):
            return False
        self.stage = stage
        return True

    def on_dice(
        self, stage: str, dice: list[Die], succeeds: Callable[[int], bool], what: Text
    ) -> list[Die]:
        """The dice with the first failure of this stage re-rolled, once."""
        if self.used and self.ask is None:
            return dice
        failed = next(
            (i for i, d in enumerate(dice) if d.rerolled is None and not succeeds(d.value)), None
        )
        if failed is None or not self._wanted(stage, what):
            return dice
        self.used = True
        dice = list(dice)
        dice[failed] = Die(dice[failed].first, self.spend(what))
        return dice

    def on_damage(self, damage: DiceExpr, values: list[int], what: Text) -> list[int]:
        """The Damage values with the lowest one rolled again (a Damage of one die only)."""
        if (self.used and self.ask is None) or damage.d6_count != 1 or not values:
            return values
        if self.ask is not None and min(values) >= damage.maximum:
            return values  # nothing to gain: not asked
        if not self._wanted("damage", what):
            return values
        low = values.index(min(values))
        self.used = True
        values = list(values)
        values[low] = max(0, damage.value_from([self.spend(what)]))
        return values


def resolve_weapon_40k(
    weapon: Weapon40k,
    target: Target40k,
    source: DiceSource,
    *,
    overwatch: bool = False,
    phase: Phase = "shooting",
    command: CommandReroll | None = None,
) -> WeaponResult40k:
    """Roll one weapon's attacks: attacks, hit, wound, save and Damage (§8.1-§8.5), stage by
    stage for all its attacks (fast dice, §6.7), in a fixed order for scripted dice."""
    result = WeaponResult40k(weapon.name, weapon.weapon_type)
    count = _roll_attacks(weapon, source, result)
    mortal: list[list[DiceExpr]] = [[] for _ in range(count)]
    """The mortal wound amounts each attack set off, by attack."""
    going_on = _hit_stage(weapon, source, result, mortal, overwatch=overwatch, command=command)
    wounded = _wound_stage(weapon, target, source, result, mortal, going_on, command)
    unsaved = _save_stage(weapon, target, source, result, wounded, phase, command)
    _damage_stage(weapon, source, result, mortal, unsaved, command)
    return result


def _roll_attacks(weapon: Weapon40k, source: DiceSource, result: WeaponResult40k) -> int:
    """The number of attacks: a random number is rolled for each model each time (§14);
    Rapid Fire doubles it."""
    if weapon.attacks.is_fixed:
        per_model = [weapon.attacks.constant] * weapon.models
    else:
        per_model = roll_amounts(
            source,
            [weapon.attacks] * weapon.models,
            weapon.label + _("Attacks ({value})").format(value=weapon.attacks),
            floor=True,
        )
        result.attack_rolls = tuple(per_model)
    result.attacks = max(0, sum(per_model) * weapon.multiplier + weapon.rules.extra_attacks)
    return result.attacks


def _hit_stage(
    weapon: Weapon40k,
    source: DiceSource,
    result: WeaponResult40k,
    mortal: list[list[DiceExpr]],
    *,
    overwatch: bool,
    command: CommandReroll | None,
) -> list[int]:
    """Hit rolls (§8.1, §9.3): the attacks that go on to wound (a hit that sets off mortal
    wounds ending the attack goes no further)."""
    rules = weapon.rules
    needed_hit = _("6 (Overwatch)") if overwatch else format_threshold(weapon.skill)

    def hits(v: int) -> bool:
        return hit_succeeds(v, weapon.skill, rules.hit_mod, overwatch=overwatch)

    hit_dice = roll_with_reroll(
        source,
        len(mortal),
        weapon.label + _("hit rolls ({needed})").format(needed=needed_hit),
        hits,
        rules.reroll_hit,
    )
    if command is not None:
        hit_dice = command.on_dice(
            "hit", hit_dice, hits, tr("a hit roll of {weapon}", weapon=weapon.name)
        )
    hit_ok = tuple(hits(d.value) for d in hit_dice)
    result.stages.append(Stage("hit", needed_hit, tuple(hit_dice), hit_ok))
    result.hits = sum(hit_ok)
    going_on: list[int] = []
    for index, (die, ok) in enumerate(zip(hit_dice, hit_ok, strict=True)):
        if not ok:
            continue
        triggered = _triggered(die.value, rules.mortal_on_hit)
        mortal[index] += [t.amount for t in triggered]
        if not _ends(triggered):
            going_on.append(index)
    return going_on


def _wound_stage(
    weapon: Weapon40k,
    target: Target40k,
    source: DiceSource,
    result: WeaponResult40k,
    mortal: list[list[DiceExpr]],
    going_on: list[int],
    command: CommandReroll | None,
) -> list[int]:
    """Wound rolls (§8.2) for the attacks that hit: the attacks that wound (and go on)."""
    rules = weapon.rules
    needed = wound_roll_needed(weapon.strength, target.toughness)
    result.wound_needed = needed

    def wounds(v: int) -> bool:
        return wound_succeeds(v, needed, rules.wound_mod)

    wound_dice = roll_with_reroll(
        source,
        len(going_on),
        weapon.label
        + _("wound rolls ({needed}, S{strength} vs T{toughness})").format(
            needed=format_threshold(needed), strength=weapon.strength, toughness=target.toughness
        ),
        wounds,
        rules.reroll_wound,
    )
    if command is not None:
        wound_dice = command.on_dice(
            "wound", wound_dice, wounds, tr("a wound roll of {weapon}", weapon=weapon.name)
        )
    wound_ok = tuple(wounds(d.value) for d in wound_dice)
    result.stages.append(Stage("wound", format_threshold(needed), tuple(wound_dice), wound_ok))
    result.wounds = sum(wound_ok)
    wounded: list[int] = []
    for index, die, ok in zip(going_on, wound_dice, wound_ok, strict=True):
        if not ok:
            continue
        triggered = _triggered(die.value, rules.mortal_on_wound)
        mortal[index] += [t.amount for t in triggered]
        if not _ends(triggered):
            wounded.append(index)
    return wounded


def _save_stage(
    weapon: Weapon40k,
    target: Target40k,
    source: DiceSource,
    result: WeaponResult40k,
    wounded: list[int],
    phase: Phase,
    command: CommandReroll | None,
) -> list[int]:
    """Saving throws (§8.4, §8.6, §8.7), none rolled when no roll could save: the attacks
    unsaved, in order."""
    saves = saves_against(weapon, target, phase=phase)
    result.save_used = saves.label()

    def saved_by(v: int) -> bool:
        return save_succeeds(v, saves)

    save_dice: list[Die] = roll_with_reroll(
        source,
        len(wounded) if saves.possible else 0,
        _("save rolls ({save})").format(save=saves.label()),
        saved_by,
        weapon.rules.reroll_save,
    )
    if command is not None:
        save_dice = command.on_dice("save", save_dice, saved_by, tr("a save roll"))
    saved = tuple(saved_by(d.value) for d in save_dice)
    result.stages.append(Stage("save", saves.label(), tuple(save_dice), saved))
    unsaved = [i for i, ok in zip(wounded, saved, strict=False) if not ok] + wounded[len(saved) :]
    unsaved.sort()
    result.unsaved = len(unsaved)
    return unsaved


def _damage_stage(
    weapon: Weapon40k,
    source: DiceSource,
    result: WeaponResult40k,
    mortal: list[list[DiceExpr]],
    unsaved: list[int],
    command: CommandReroll | None,
) -> None:
    """Damage, rolled for each unsaved wound (§8.5, §14), then the mortal wounds: each
    attack's (Damage, mortal wounds) in order, as the allocation takes them."""
    label = weapon.label
    damage = roll_amounts(
        source,
        [weapon.damage] * len(unsaved),
        label + _("Damage ({value})").format(value=weapon.damage),
        floor=True,
    )
    if command is not None:
        damage = command.on_damage(
            weapon.damage, damage, tr("a Damage roll of {weapon}", weapon=weapon.name)
        )
    if not weapon.damage.is_fixed:
        result.damage_rolls = tuple(damage)
    result.damage_per_attack = tuple(damage)
    amounts = [a for per_attack in mortal for a in per_attack]
    mortal_values = roll_amounts(source, amounts, label + _("mortal wounds"), floor=True)
    by_attack = dict(zip(unsaved, damage, strict=True))
    events: list[tuple[int, int]] = []
    position = 0
    for index in range(len(mortal)):
        taken = mortal_values[position : position + len(mortal[index])]
        position += len(mortal[index])
        normal, wounds_mortal = by_attack.get(index, 0), sum(taken)
        if normal or wounds_mortal or index in by_attack:
            events.append((normal, wounds_mortal))
    result.mortal_wounds = sum(mortal_values)
    result.events = tuple(events)


def allocate_40k(
    events: Sequence[tuple[int, int]], models: int, wounds: int, suffered: int = 0
) -> Allocation:
    """Allocate attacks one at a time (§8.3, §8.5, §8.8): each event is (Damage, mortal
    wounds) of one attack. The damaged model takes wounds first; a model slain by an attack's
    Damage loses the rest of that Damage; then the attack's mortal wounds carry over."""
    progress = _start(models, wounds, suffered)
    for normal, mortal in events:
        progress = _step(progress, normal, mortal, models, wounds)
    return _allocation(progress, models, wounds)


def _start(models: int, wounds: int, suffered: int) -> int:
    """The target's state as one number: wounds lost by slain models plus the damaged one."""
    return min(models * wounds, suffered) if models > 0 else 0


def _step(progress: int, normal: int, mortal: int, models: int, wounds: int) -> int:
    """One attack: Damage with the excess lost, then mortal wounds carried over."""
    full = models * wounds
    if progress >= full:
        return full
    if normal > 0:
        left = wounds - progress % wounds
        progress += min(normal, left)
    return min(full, progress + mortal)


def _allocation(progress: int, models: int, wounds: int) -> Allocation:
    if models <= 0 or wounds <= 0:
        return Allocation(0, 0, max(models, 0))
    slain = progress // wounds
    return Allocation(slain, progress % wounds, models - slain)


def resolve_attacks_40k(
    weapons: Sequence[Weapon40k],
    target: Target40k,
    source: DiceSource,
    *,
    overwatch: bool = False,
    phase: Phase = "shooting",
    command: CommandReroll | None = None,
) -> Result40k:
    """Resolve every weapon of a unit against one target, in order, then allocate the
    damage attack by attack (§6.4: all of one weapon's attacks against the same unit).

    Feel-no-pain rolls are made for each point of an attack's Damage and each mortal wound,
    all at once; rolling them before allocation gives the same odds as one at a time."""
    _check_phase(weapons, overwatch=overwatch, phase=phase)
    results = [
        resolve_weapon_40k(w, target, source, overwatch=overwatch, phase=phase, command=command)
        for w in weapons
    ]
    outcome = Result40k(results, target_wounds=target.wounds)
    events = [event for r in results for event in r.events]
    if target.feel_no_pain is not None:
        points = sum(n + m for n, m in events)
        rolls = (
            source.roll(
                points, _("feel-no-pain rolls ({value}+)").format(value=target.feel_no_pain)
            )
            if points
            else []
        )
        outcome.ward_rolls = tuple(rolls)
        ignored = [r >= target.feel_no_pain for r in rolls]
        outcome.ward_saved = sum(ignored)
        kept: list[tuple[int, int]] = []
        position = 0
        for normal, mortal in events:
            n = normal - sum(ignored[position : position + normal])
            position += normal
            m = mortal - sum(ignored[position : position + mortal])
            position += mortal
            kept.append((n, m))
        events = kept
    if target.models is not None and target.wounds is not None:
        start = _start(target.models, target.wounds, target.wounds_suffered)
        outcome.allocation = allocate_40k(
            events, target.models, target.wounds, target.wounds_suffered
        )
        after = outcome.allocation.slain * target.wounds + outcome.allocation.wounds_on_damaged
        outcome.wounds_lost = after - start
    else:
        outcome.wounds_lost = sum(n + m for n, m in events)
    return outcome


def resolve_shooting(
    weapons: Sequence[Weapon40k], target: Target40k, source: DiceSource, *, overwatch: bool = False
) -> Result40k:
    """A shooting attack (§6, §8), or Overwatch (§9.3)."""
    return resolve_attacks_40k(weapons, target, source, overwatch=overwatch, phase="shooting")


def resolve_fight(weapons: Sequence[Weapon40k], target: Target40k, source: DiceSource) -> Result40k:
    """Close combat attacks (§10.5): WS instead of BS, no cover."""
    return resolve_attacks_40k(weapons, target, source, phase="fight")


# =========================================================================== exact odds
# One attack's outcome is a joint distribution of (Damage, mortal wounds) after feel-no-pain,
# built face by face from the functions the dice use. A weapon's damage is that summed over its
# attacks by convolution (odds.py); models slain come from a Markov chain over the target's
# state, one attack at a time, because excess Damage is lost (§8.5) while mortal wounds carry
# over (§8.8). The state is one number: wounds lost by slain models plus the damaged model.

Joint = dict[tuple[int, int], float]
"""P((Damage, mortal wounds)) of one attack."""


def _face_probs(reroll: Reroll | None, succeeds: Callable[[int], bool]) -> list[tuple[int, float]]:
    return [(v, p) for v, p in zip(FACES, face_probabilities(reroll, succeeds), strict=True) if p]


def _amount(expr: DiceExpr, keep: float) -> dict[int, float]:
    """P(max(0, expr) == k) after each point survives a feel-no-pain roll with P `keep`."""
    return dict(vec_items(thin(amount_vec(expr), keep)))


def _joint_add(a: Joint, b: Joint) -> Joint:
    """The joint distribution of the sum of two independent outcomes."""
    out: Joint = {}
    for (d1, m1), p in a.items():
        for (d2, m2), q in b.items():
            key = (d1 + d2, m1 + m2)
            out[key] = out.get(key, 0.0) + p * q
    return out


def _joint_mix(weighted: Sequence[tuple[float, Joint]]) -> Joint:
    out: Joint = {}
    for weight, joint in weighted:
        for key, p in joint.items():
            out[key] = out.get(key, 0.0) + weight * p
    return out


_NOTHING: Joint = {(0, 0): 1.0}


def attack_outcome(
    weapon: Weapon40k, target: Target40k, *, overwatch: bool = False, phase: Phase = "shooting"
) -> Joint:
    """The exact joint distribution of one attack's (Damage, mortal wounds) after
    feel-no-pain, walked face by face exactly as `resolve_weapon_40k` rolls it."""
    rules, keep = weapon.rules, survives(target.feel_no_pain)
    saves = saves_against(weapon, target, phase=phase)
    if saves.possible:
        unsaved = math.fsum(
            p
            for v, p in _face_probs(rules.reroll_save, lambda v: save_succeeds(v, saves))
            if not save_succeeds(v, saves)
        )
    else:
        unsaved = 1.0
    damage = _amount(weapon.damage, keep)
    after_save = _joint_mix(
        [(1.0 - unsaved, _NOTHING), (unsaved, {(d, 0): p for d, p in damage.items()})]
    )

    def mortal(triggers: Sequence[Trigger]) -> Joint:
        total: Joint = dict(_NOTHING)
        for trigger in triggers:
            part = _amount(trigger.amount, keep)
            total = _joint_add(total, {(0, m): p for m, p in part.items()})
        return total

    needed = wound_roll_needed(weapon.strength, target.toughness)
    wound_weights: list[tuple[float, Joint]] = []
    for w, p in _face_probs(
        rules.reroll_wound, lambda v: wound_succeeds(v, needed, rules.wound_mod)
    ):
        if not wound_succeeds(w, needed, rules.wound_mod):
            wound_weights.append((p, _NOTHING))
            continue
        triggered = _triggered(w, rules.mortal_on_wound)
        outcome = mortal(triggered)
        if not _ends(triggered):
            outcome = _joint_add(outcome, after_save)
        wound_weights.append((p, outcome))
    after_hit = _joint_mix(wound_weights)

    def hits(v: int) -> bool:
        return hit_succeeds(v, weapon.skill, rules.hit_mod, overwatch=overwatch)

    hit_weights: list[tuple[float, Joint]] = []
    for v, p in _face_probs(rules.reroll_hit, hits):
        if not hits(v):
            hit_weights.append((p, _NOTHING))
            continue
        triggered = _triggered(v, rules.mortal_on_hit)
        outcome = mortal(triggered)
        if not _ends(triggered):
            outcome = _joint_add(outcome, after_hit)
        hit_weights.append((p, outcome))
    return {key: p for key, p in _joint_mix(hit_weights).items() if p > 0.0}


def attack_count(weapon: Weapon40k) -> dict[int, float]:
    """P(the weapon makes n attacks): Attacks rolled per model, times the multiplier, plus
    extra attacks (never below 0)."""
    offset, probs = power(amount_vec(weapon.attacks), weapon.models)
    out: dict[int, float] = {}
    for index, p in enumerate(probs):
        if p:
            n = max(0, (offset + index) * weapon.multiplier + weapon.rules.extra_attacks)
            out[n] = out.get(n, 0.0) + p
    return out


def chain(
    start: Sequence[float],
    per_attack: Joint,
    count: dict[int, float],
    models: int,
    wounds: int,
) -> list[float]:
    """The target's state distribution after a random number of attacks, each allocated with
    `_step` (the rolling engine's rule): a Markov chain over wounds lost, 0 to models × wounds."""
    full = models * wounds
    transitions: list[list[tuple[int, float]]] = []
    for progress in range(full + 1):
        moves: dict[int, float] = {}
        for (normal, mortal), p in per_attack.items():
            after = _step(progress, normal, mortal, models, wounds)
            moves[after] = moves.get(after, 0.0) + p
        transitions.append(list(moves.items()))
    current = list(start)
    out = [0.0] * (full + 1)
    last = max(count)
    for n in range(last + 1):
        weight = count.get(n, 0.0)
        if weight:
            for index, p in enumerate(current):
                out[index] += weight * p
        if n == last:
            break
        following = [0.0] * (full + 1)
        for index, p in enumerate(current):
            if p:
                for after, q in transitions[index]:
                    following[after] += p * q
        current = following
    return out


def odds_40k(
    weapons: Sequence[Weapon40k],
    target: Target40k,
    *,
    overwatch: bool = False,
    phase: Phase = "shooting",
) -> AttackOdds:
    """Exact odds of `resolve_attacks_40k` with the same arguments: damage, mortal wounds and,
    when the target has models and Wounds, models slain and the damaged model's state."""
    _check_phase(weapons, overwatch=overwatch, phase=phase)
    damage: Vec = ZERO
    mortal: Vec = ZERO
    outcomes: list[tuple[Joint, dict[int, float]]] = []
    for weapon in weapons:
        joint = attack_outcome(weapon, target, overwatch=overwatch, phase=phase)
        count = attack_count(weapon)
        outcomes.append((joint, count))
        total: dict[int, float] = {}
        only_mortal: dict[int, float] = {}
        for (normal, wounds_mortal), p in joint.items():
            total[normal + wounds_mortal] = total.get(normal + wounds_mortal, 0.0) + p
            only_mortal[wounds_mortal] = only_mortal.get(wounds_mortal, 0.0) + p
        damage = convolve(damage, compound(vec_of(count), vec_of(total)))
        mortal = convolve(mortal, compound(vec_of(count), vec_of(only_mortal)))
    result = AttackOdds(to_distribution(damage), mortal_wounds=to_distribution(mortal))
    if target.models is None or target.wounds is None:
        return result
    models, wounds = target.models, target.wounds
    start = _start(models, wounds, target.wounds_suffered)
    state = [0.0] * (models * wounds + 1)
    state[start] = 1.0
    state = _chain_all(state, outcomes, models, wounds)
    slain: dict[int, float] = {}
    on_damaged: dict[int, float] = {}
    lost: dict[int, float] = {}
    for progress, p in enumerate(state):
        if p:
            allocation = _allocation(progress, models, wounds)
            slain[allocation.slain] = slain.get(allocation.slain, 0.0) + p
            key = allocation.wounds_on_damaged
            on_damaged[key] = on_damaged.get(key, 0.0) + p
            lost[progress - start] = lost.get(progress - start, 0.0) + p
    return replace(
        result,
        slain=Distribution.from_mapping(slain),
        wounds_on_damaged=Distribution.from_mapping(on_damaged),
        wounds_lost=Distribution.from_mapping(lost),
    )


def _chain_all(
    state: Sequence[float],
    outcomes: Sequence[tuple[Joint, dict[int, float]]],
    models: int,
    wounds: int,
) -> list[float]:
    """The target's state after each weapon's attacks in turn (`chain`)."""
    current = list(state)
    for joint, count in outcomes:
        current = chain(current, joint, count, models, wounds)
    return current


def excess_lost(unit: UnitDamage, models: int, wounds: int, suffered: int) -> Distribution:
    """40k allocation as a spill-over strategy for `aos_cli.core.odds.attack_odds`: each
    attack's damage slays at most the model it is allocated to, the excess is lost (§8.5).

    The Age of Sigmar walk folds an attack's mortal wounds into its damage, so under this
    strategy they are lost with the excess too; `odds_40k` keeps them apart and carries them
    over (§8.8)."""
    state = [0.0] * (models * wounds + 1)
    state[_start(models, wounds, suffered)] = 1.0
    for weapon in unit.weapons:
        joint = {(d, 0): p for d, p in weapon.per_attack.items()}
        count = dict(weapon.attack_count.items())
        state = chain(state, joint, count, models, wounds)
    slain: dict[int, float] = {}
    for progress, p in enumerate(state):
        if p:
            key = _allocation(progress, models, wounds).slain
            slain[key] = slain.get(key, 0.0) + p
    return Distribution.from_mapping(slain)


# =========================================================================== the engine


@dataclass(frozen=True)
class Attack40k:
    """A 40k attack as the engine takes it: the weapons, the target and the phase (§8)."""

    weapons: tuple[Weapon40k, ...]
    target: Target40k
    phase: Phase = "shooting"
    overwatch: bool = False

    @property
    def save(self) -> int:
        return self.target.save

    @property
    def allocates(self) -> bool:
        return self.target.allocates

    def with_save(self, save: int) -> Attack40k:
        """The same attack against another Save."""
        return replace(self, target=replace(self.target, save=save))

    def unallocated(self) -> Attack40k:
        """The same attack without the target's models."""
        return replace(
            self, target=replace(self.target, models=None, wounds=None, wounds_suffered=0)
        )


class Engine40k:
    """The 40k attack sequence behind the one attack protocol of `aos_cli.core.engine`."""

    def resolve(
        self, spec: Attack40k, source: DiceSource, command: CommandReroll | None = None
    ) -> Result40k:
        """Roll it (`resolve_attacks_40k`), a Command Re-roll spent where `command` says."""
        return resolve_attacks_40k(
            spec.weapons,
            spec.target,
            source,
            overwatch=spec.overwatch,
            phase=spec.phase,
            command=command,
        )

    def odds(self, spec: Attack40k, *, detail: bool = False) -> AttackOdds:
        """Its exact odds (`odds_40k`); with `detail` also the damage before feel-no-pain."""
        odds = odds_40k(spec.weapons, spec.target, overwatch=spec.overwatch, phase=spec.phase)
        if not detail:
            return odds
        before = odds.damage
        if spec.target.feel_no_pain is not None:
            plain = replace(spec.unallocated().target, feel_no_pain=None)
            before = odds_40k(
                spec.weapons, plain, overwatch=spec.overwatch, phase=spec.phase
            ).damage
        return replace(odds, damage_before_ward=before)

    def advance(self, spec: Attack40k, track: Track) -> Track:
        """The target's state after this attack, from `track` (the chain of `odds_40k`; the target's
        models and Wounds are the track's)."""
        return self.stepper(spec)(track)

    def stepper(self, spec: Attack40k) -> Callable[[Track], Track]:
        """`advance` with each weapon's attack outcome worked out once, for many states."""
        _check_phase(spec.weapons, overwatch=spec.overwatch, phase=spec.phase)
        outcomes = [
            (attack_outcome(w, spec.target, overwatch=spec.overwatch, phase=spec.phase),
             attack_count(w))
            for w in spec.weapons
        ]  # fmt: skip

        def step(track: Track) -> Track:
            probs = _chain_all(track.probs, outcomes, track.models, track.wounds)
            return Track(track.models, track.wounds, tuple(probs))

        return step

    def mean(self, spec: Attack40k) -> float:
        """Its exact mean damage after feel-no-pain, by linearity over the attacks."""
        _check_phase(spec.weapons, overwatch=spec.overwatch, phase=spec.phase)
        total = 0.0
        for weapon in spec.weapons:
            joint = attack_outcome(weapon, spec.target, overwatch=spec.overwatch, phase=spec.phase)
            per_attack = math.fsum((d + m) * p for (d, m), p in joint.items())
            count = math.fsum(n * p for n, p in attack_count(weapon).items())
            total += count * per_attack
        return total


ENGINE_40K = Engine40k()
"""The Warhammer 40,000 8th edition attack engine."""

if TYPE_CHECKING:
    _CHECK: AttackEngine[Attack40k] = ENGINE_40K
