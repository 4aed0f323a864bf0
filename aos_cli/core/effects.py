"""The vocabulary of structured ability effects that change an attack, and their registry.

An effect is a small frozen value (`type: reroll, roll: hit, which: ones`). The rolling engine
(`attack.py`) and the exact odds (`odds.py`) both read effects only through `AttackRules`, the
compiled form, so the dice at the table and the probabilities share one model of modifiers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import field, fields
from typing import Any, ClassVar, Literal

from aos_cli.core.dice import DiceExpr, Reroll, fixed, parse_dice
from aos_cli.core.errors import ContentError
from aos_cli.core.records import dataclass
from aos_cli.language.text import tr

RollName = Literal["hit", "wound", "save"]
TriggerRoll = Literal["hit", "wound"]


class Effect:
    """Base of every structured effect; `type_name` is its key in YAML."""

    type_name: ClassVar[str] = ""

    def fold(self, draft: RulesDraft) -> None:
        """Add this effect to the attack rules being compiled (`compile_effects`): each attack
        effect says how it folds in; an effect that does not change an attack refuses."""
        raise TypeError(f"{type(self).__name__} does not change an attack")


EFFECTS: dict[str, type[Effect]] = {}
"""The registry: YAML `type:` → effect class. Content validation rejects unknown types."""


def register(cls: type[Effect]) -> type[Effect]:
    """Add an effect class to the registry under its `type_name`."""
    if not cls.type_name or cls.type_name in EFFECTS:
        raise ValueError(f"effect type {cls.type_name!r} is empty or registered twice")
    EFFECTS[cls.type_name] = cls
    return cls


@register
@dataclass(frozen=True)
class RerollRoll(Effect):
    """Reroll hit, wound or save rolls: ones, failed, or all (AoS2 §2)."""

    type_name: ClassVar[str] = "reroll"
    roll: RollName
    which: Reroll

    def fold(self, draft: RulesDraft) -> None:
        draft.best_reroll(f"reroll_{self.roll}", self.which)


@register
@dataclass(frozen=True)
class RollModifier(Effect):
    """Add `amount` to hit, wound or save rolls (cumulative, never below 1; AoS2 §2)."""

    type_name: ClassVar[str] = "modifier"
    roll: RollName
    amount: int

    def fold(self, draft: RulesDraft) -> None:
        draft.add(f"{self.roll}_mod", self.amount)


WeaponKinds = Literal["any", "melee", "missile"]
"""The attacks an effect on the target covers: all, or those of melee or missile weapons."""


@register
@dataclass(frozen=True)
class TargetedModifier(Effect):
    """Add `amount` to the hit or wound rolls of attacks that target the unit it is on, made
    with `weapons` of that kind: "subtract 1 from hit rolls for attacks that target this
    model" (a modifier of the attacker's roll that the target holds, AoS2 §2, §14.4)."""

    type_name: ClassVar[str] = "targeted_modifier"
    roll: TriggerRoll
    amount: int
    weapons: WeaponKinds = "any"

    def fold(self, draft: RulesDraft) -> None:
        draft.add(f"{self.roll}_mod", self.amount)


@register
@dataclass(frozen=True)
class TargetedReroll(Effect):
    """Reroll the hit or wound rolls of attacks that target the unit it is on (a unit marked
    by a spell: "re-roll hit rolls of 1 for attacks that target that unit", AoS2 §2)."""

    type_name: ClassVar[str] = "targeted_reroll"
    roll: TriggerRoll
    which: Reroll
    weapons: WeaponKinds = "any"

    def fold(self, draft: RulesDraft) -> None:
        draft.best_reroll(f"reroll_{self.roll}", self.which)


@register
@dataclass(frozen=True)
class ExtraAttacks(Effect):
    """The unit makes `amount` more attacks with the weapon (e.g. a champion's +1)."""

    type_name: ClassVar[str] = "extra_attacks"
    amount: int

    def fold(self, draft: RulesDraft) -> None:
        draft.add("extra_attacks", self.amount)


@register
@dataclass(frozen=True)
class ExplodingHits(Effect):
    """An unmodified hit roll of `on`+ scores `extra` more hits (which trigger nothing)."""

    type_name: ClassVar[str] = "exploding_hits"
    on: int
    extra: DiceExpr

    def fold(self, draft: RulesDraft) -> None:
        draft.trigger("exploding", Trigger(self.on, self.extra))


@register
@dataclass(frozen=True)
class MortalWoundsOnRoll(Effect):
    """An unmodified hit or wound roll of `on`+ inflicts `amount` mortal wounds.

    Without `add` the attack's sequence ends there (instead); with `add` it goes on as normal.
    """

    type_name: ClassVar[str] = "mortal_wounds_on_roll"
    roll: TriggerRoll
    on: int
    amount: DiceExpr
    add: bool = False

    def fold(self, draft: RulesDraft) -> None:
        draft.trigger(f"mortal_on_{self.roll}", Trigger(self.on, self.amount, self.add))


@register
@dataclass(frozen=True)
class AutoWound(Effect):
    """An unmodified hit roll of `on`+ wounds automatically: no wound roll is made."""

    type_name: ClassVar[str] = "auto_wound"
    on: int

    def fold(self, draft: RulesDraft) -> None:
        draft.lowest("auto_wound", self.on)


@register
@dataclass(frozen=True)
class RendBonusOnHit(Effect):
    """An unmodified hit roll of `on`+ improves that attack's Rend by `amount`."""

    type_name: ClassVar[str] = "rend_bonus_on_hit"
    on: int
    amount: int

    def fold(self, draft: RulesDraft) -> None:
        draft.trigger("rend_on_hit", Trigger(self.on, fixed(-self.amount)))


@register
@dataclass(frozen=True)
class DamageBonusOnWound(Effect):
    """An unmodified wound roll of `on`+ adds `amount` to that attack's Damage."""

    type_name: ClassVar[str] = "damage_bonus_on_wound"
    on: int
    amount: int

    def fold(self, draft: RulesDraft) -> None:
        draft.trigger("damage_on_wound", Trigger(self.on, fixed(self.amount)))


@register
@dataclass(frozen=True)
class DamageOnWound(Effect):
    """An unmodified wound roll of `on`+ gives that attack a Damage of `damage` instead of the
    weapon's ("that attack has a Damage characteristic of D6 instead of 1", AoS2 §14.4)."""

    type_name: ClassVar[str] = "damage_on_wound"
    on: int
    damage: DiceExpr

    def fold(self, draft: RulesDraft) -> None:
        draft.trigger("damage_set_on_wound", Trigger(self.on, self.damage))


@register
@dataclass(frozen=True)
class DamageFactorOnWound(Effect):
    """An unmodified wound roll of `on`+ multiplies that attack's Damage by `factor` (Hammer
    of Might: double damage on 6s, seed 000 p.19)."""

    type_name: ClassVar[str] = "damage_factor_on_wound"
    on: int
    factor: int = 2

    def fold(self, draft: RulesDraft) -> None:
        draft.trigger("damage_factor_on_wound", Trigger(self.on, fixed(self.factor)))


@register
@dataclass(frozen=True)
class RerollOne(Effect):
    """Once per turn, the player may re-roll one hit, wound or damage roll of an attack made
    with the weapon (Gift of the Six Smiths, seed 000 p.19): asked or named with the attack
    (`aos fight --smiths`), spent in `aos_cli.core.smiths`."""

    type_name: ClassVar[str] = "reroll_one"

    def fold(self, draft: RulesDraft) -> None:
        draft.values["reroll_one"] = True


@register
@dataclass(frozen=True)
class WoundRollsOnHit(Effect):
    """An unmodified hit roll of `on`+ makes `count` wound rolls instead of one."""

    type_name: ClassVar[str] = "wound_rolls_on_hit"
    on: int
    count: int

    def fold(self, draft: RulesDraft) -> None:
        draft.values["wound_rolls_on_hit"] = self.on
        draft.values["wound_rolls_count"] = self.count


@register
@dataclass(frozen=True)
class Ward(Effect):
    """Each wound or mortal wound allocated to the target is negated on `on`+ (AoS2 §14.11)."""

    type_name: ClassVar[str] = "ward"
    on: int

    def fold(self, draft: RulesDraft) -> None:
        draft.lowest("ward", self.on)


@register
@dataclass(frozen=True)
class HealOnSave(Effect):
    """Each save roll of `at_least` or more after modifiers heals 1 wound on one of the
    target's models (Warding Lantern: save rolls of 7 or more, AoS2 §27.2)."""

    type_name: ClassVar[str] = "heal_on_save"
    at_least: int = 7

    def fold(self, draft: RulesDraft) -> None:
        draft.lowest("heal_on_save", self.at_least, start=99)


@register
@dataclass(frozen=True)
class MortalWoundsOnRerolledSave(Effect):
    """Each rerolled save roll that succeeds inflicts `amount` mortal wound(s) on each enemy
    unit within `range` inches of the unit (Sigmarite Thundershield, AoS2 §27.3)."""

    type_name: ClassVar[str] = "mortal_wounds_on_rerolled_save"
    amount: int = 1
    range: int = 3

    def fold(self, draft: RulesDraft) -> None:
        draft.add("rerolled_save_mortal", self.amount)
        draft.values["rerolled_save_range"] = self.range


@register
@dataclass(frozen=True)
class SaveBonusAsCover(Effect):
    """+1 to save rolls that does not add to the +1 for cover (Staunch Defender, AoS2 §26:
    "does not stack with the save roll modifier for being within or on a terrain feature")."""

    type_name: ClassVar[str] = "save_bonus_as_cover"

    def fold(self, draft: RulesDraft) -> None:
        draft.values["save_bonus_as_cover"] = True


@register
@dataclass(frozen=True)
class Ethereal(Effect):
    """The target ignores every modifier to its save rolls, rend included."""

    type_name: ClassVar[str] = "ethereal"

    def fold(self, draft: RulesDraft) -> None:
        draft.values["ethereal"] = True


@register
@dataclass(frozen=True)
class InCover(Effect):
    """The target is wholly on or in terrain: +1 to save rolls, with exceptions (AoS2 §14.9)."""

    type_name: ClassVar[str] = "cover"

    def fold(self, draft: RulesDraft) -> None:
        draft.values["cover"] = True


def effect_from_mapping(data: dict[str, Any], where: str = "effect") -> Effect:
    """Build an effect from its YAML mapping; unknown types or keys are ContentErrors."""
    type_name = data.get("type")
    cls = EFFECTS.get(str(type_name))
    if cls is None:
        known = ", ".join(sorted(EFFECTS))
        raise ContentError(
            tr("{where}: unknown effect type {kind}", where=where, kind=repr(type_name)),
            tr("known types: {names}", names=known),
        )
    annotations = {f.name: str(f.type) for f in fields(cls)}  # type: ignore[arg-type]
    unknown = set(data) - set(annotations) - {"type"}
    if unknown:
        raise ContentError(
            tr(
                "{where}: unknown key(s) {keys} for effect {kind}",
                where=where,
                keys=str(sorted(unknown)),
                kind=str(type_name),
            )
        )
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        if annotations[key] == "DiceExpr":
            value = parse_dice(str(value), what=f"{where}.{key}")
        elif annotations[key] == "Reroll":
            value = Reroll(value)
        kwargs[key] = value
    return cls(**kwargs)


# --------------------------------------------------------------------------- compiled rules


@dataclass(frozen=True)
class Trigger:
    """An effect keyed to an unmodified roll of `on`+."""

    on: int
    amount: DiceExpr = field(default_factory=lambda: fixed(0))
    add: bool = False


@dataclass(frozen=True)
class TargetInfo:
    """What the attack engine must know about the target unit to apply the cover rules."""

    save: int
    monster_wounds_8: bool = False
    """A Monster or War Machine with Wounds 8+: never gets cover (AoS2 §14.9 b)."""
    charged_this_turn_in_combat: bool = False
    """It made a charge move this turn and this is the combat phase (AoS2 §14.9 a)."""
    name: str = ""
    """The target's name, for the save prompts (empty when rolling without a game)."""


@dataclass(frozen=True)
class AttackRules:
    """Every effect on one weapon's attacks, compiled into the numbers both engines use."""

    extra_attacks: int = 0
    hit_mod: int = 0
    wound_mod: int = 0
    save_mod: int = 0
    reroll_hit: Reroll | None = None
    reroll_wound: Reroll | None = None
    reroll_save: Reroll | None = None
    exploding: tuple[Trigger, ...] = ()
    mortal_on_hit: tuple[Trigger, ...] = ()
    mortal_on_wound: tuple[Trigger, ...] = ()
    auto_wound: int | None = None
    rend_on_hit: tuple[Trigger, ...] = ()
    damage_on_wound: tuple[Trigger, ...] = ()
    damage_factor_on_wound: tuple[Trigger, ...] = ()
    damage_set_on_wound: tuple[Trigger, ...] = ()
    """Wound rolls that give the attack another Damage (the lowest such roll reached wins)."""
    wound_rolls_on_hit: int | None = None
    wound_rolls_count: int = 1
    reroll_one: bool = False
    """One hit, wound or damage roll of the weapon's may be re-rolled once a turn (`RerollOne`)."""
    ward: int | None = None
    heal_on_save: int | None = None
    rerolled_save_mortal: int = 0
    """Mortal wounds each successful rerolled save inflicts on enemy units near the target."""
    rerolled_save_range: int = 3
    ethereal: bool = False
    cover: bool = False
    save_bonus_as_cover: bool = False

    # ---- the shared model of success, used by the dice and by the odds -------------------

    def hit_succeeds(self, unmodified: int, to_hit: int) -> bool:
        """AoS2 §14.4: unmodified 1 misses, 6 hits; modifiers cumulative, never below 1."""
        if unmodified == 1:
            return False
        if unmodified == 6:
            return True
        return max(1, unmodified + self.hit_mod) >= to_hit

    def wound_succeeds(self, unmodified: int, to_wound: int) -> bool:
        """AoS2 §14.4: unmodified 1 fails, 6 wounds; modifiers cumulative, never below 1."""
        if unmodified == 1:
            return False
        if unmodified == 6:
            return True
        return max(1, unmodified + self.wound_mod) >= to_wound

    def save_modifier(self, rend: int, target: TargetInfo) -> int:
        """The total modifier to a save roll: rend, save modifiers and cover (or 0 if ethereal)."""
        if self.ethereal:
            return 0
        cover = (
            1
            if self.cover and not target.monster_wounds_8 and not target.charged_this_turn_in_combat
            else 0
        )
        if self.save_bonus_as_cover:
            cover = 1  # +1 either way, never +2 with cover
        return rend + self.save_mod + cover

    def save_succeeds(self, unmodified: int, rend: int, target: TargetInfo) -> bool:
        """AoS2 §14.4: an unmodified save of 1 fails; a save of '-' needs 7+ after modifiers."""
        if unmodified == 1:
            return False
        return max(1, unmodified + self.save_modifier(rend, target)) >= target.save

    def save_heals(self, unmodified: int, rend: int, target: TargetInfo) -> bool:
        """Whether a save roll heals a wound (`heal_on_save`): it reaches that many after
        modifiers; an unmodified 1 never does."""
        if self.heal_on_save is None or unmodified == 1:
            return False
        return unmodified + self.save_modifier(rend, target) >= self.heal_on_save

    def hit_triggers(self, unmodified: int, triggers: tuple[Trigger, ...]) -> list[Trigger]:
        """The triggers an unmodified roll sets off."""
        return [t for t in triggers if unmodified >= t.on]

    def rend_bonus(self, unmodified_hit: int) -> int:
        return sum(t.amount.constant for t in self.rend_on_hit if unmodified_hit >= t.on)

    def damage_bonus(self, unmodified_wound: int) -> int:
        return sum(t.amount.constant for t in self.damage_on_wound if unmodified_wound >= t.on)

    def damage_factor(self, unmodified_wound: int) -> int:
        """What an attack's Damage is multiplied by for this wound roll (1: unchanged)."""
        return math.prod(
            t.amount.constant for t in self.damage_factor_on_wound if unmodified_wound >= t.on
        )

    def damage_for(self, unmodified_wound: int) -> DiceExpr | None:
        """The Damage a wound roll gives the attack instead of its weapon's (None: the
        weapon's own)."""
        found = [t for t in self.damage_set_on_wound if unmodified_wound >= t.on]
        return found[-1].amount if found else None

    def wound_roll_count(self, unmodified_hit: int) -> int:
        if self.wound_rolls_on_hit is not None and unmodified_hit >= self.wound_rolls_on_hit:
            return self.wound_rolls_count
        return 1

    def auto_wounds(self, unmodified_hit: int) -> bool:
        return self.auto_wound is not None and unmodified_hit >= self.auto_wound


@dataclass
class RulesDraft:
    """AttackRules being compiled from effects: modifiers add up, the best reroll and the
    lowest threshold win, triggers collect in order."""

    values: dict[str, Any] = field(default_factory=dict)
    rerolls: dict[str, Reroll] = field(default_factory=dict)
    triggers: dict[str, list[Trigger]] = field(default_factory=dict)

    def add(self, key: str, amount: int) -> None:
        """Add to a cumulative value (a modifier, extra attacks)."""
        self.values[key] = self.values.get(key, 0) + amount

    def lowest(self, key: str, value: int, start: int = 7) -> None:
        """Keep the lowest threshold given (a ward of 5+ and one of 6+ give 5+)."""
        self.values[key] = min(value, self.values.get(key, start))

    def best_reroll(self, key: str, which: Reroll) -> None:
        """Keep the most generous reroll given (all > failed > ones)."""
        order = {Reroll.ONES: 0, Reroll.FAILED: 1, Reroll.ALL: 2}
        if key not in self.rerolls or order[which] > order[self.rerolls[key]]:
            self.rerolls[key] = which

    def trigger(self, key: str, trigger: Trigger) -> None:
        """Collect a trigger on a roll (mortal wounds, exploding hits ...)."""
        self.triggers.setdefault(key, []).append(trigger)

    def rules(self) -> AttackRules:
        """The compiled rules."""
        values: dict[str, Any] = {**self.values, **self.rerolls}
        values.update({key: tuple(found) for key, found in self.triggers.items()})
        return AttackRules(**values)


def compile_effects(effects: Iterable[Effect]) -> AttackRules:
    """Fold a list of effects into AttackRules, each by its own `fold`."""
    draft = RulesDraft()
    for effect in effects:
        effect.fold(draft)
    return draft.rules()
