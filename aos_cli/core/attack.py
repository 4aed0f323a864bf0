"""The Age of Sigmar attack sequence as named stages (AoS2 §14.3-§14.11):
attacks → hit → wound → save → damage → ward, then wound allocation onto the target's models.

Dice are rolled stage by stage for all attacks of a weapon at once (AoS2 §14.5 "fast dice"),
in a fixed order so that scripted and typed-in dice are asked for predictably.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from functools import partial

from aos_cli.core.dice import DiceExpr, DiceSource, Die, format_threshold, roll_with_reroll
from aos_cli.core.effects import AttackRules, TargetInfo
from aos_cli.core.engine import Allocation, AttackResult, Stage, roll_amounts
from aos_cli.core.errors import InputError
from aos_cli.core.limits import check_weapon
from aos_cli.core.records import dataclass
from aos_cli.language.text import Text, concat, tr


@dataclass(frozen=True)
class WeaponProfile:
    """A weapon's attack characteristics, multiplied by the models that use it."""

    attacks: DiceExpr
    to_hit: int
    to_wound: int
    rend: int
    damage: DiceExpr
    models: int = 1
    name: str = "weapon"
    wielder: str = ""
    """Who makes these attacks (the unit, or its champion), named in the dice prompts."""

    def __post_init__(self) -> None:
        if self.models < 0:
            raise InputError(
                tr("models: {models} is negative", models=self.models),
                tr("use 0 or more models"),
            )
        if self.attacks.minimum < 0:
            raise InputError(
                tr("attacks: {attacks} can be negative", attacks=str(self.attacks)),
                tr("use 0 or more attacks"),
            )
        if self.rend > 0:
            raise InputError(
                tr("rend: {rend} is positive", rend=self.rend),
                tr("write rend as 0, - or -1, -2 ..."),
            )
        check_weapon(self.models, self.attacks.maximum, self.damage.maximum)


@dataclass(frozen=True)
class Attack:
    """One weapon profile with the effects that apply to its attacks."""

    profile: WeaponProfile
    rules: AttackRules = field(default_factory=AttackRules)


@dataclass
class WeaponResult:
    """What one weapon's attacks did, stage by stage."""

    weapon: str
    attacks: int = 0
    attack_rolls: tuple[int, ...] = ()
    hits: int = 0
    wounds: int = 0
    unsaved: int = 0
    mortal_wounds: int = 0
    healed: int = 0
    """Save rolls that heal a wound on the target (`heal_on_save`, the Warding Lantern)."""
    rerolled_saved: int = 0
    """Rerolled save rolls that succeeded (the Sigmarite Thundershield's peal)."""
    damage: int = 0
    """Damage before wards: unsaved attacks' damage plus mortal wounds."""
    stages: list[Stage] = field(default_factory=list)
    damage_rolls: tuple[int, ...] = ()


def save_needed(rules: AttackRules, rend: int, target: TargetInfo) -> str:
    """The save as it is rolled: `4+`, or `4+ -1` with the modifiers that apply (rend, save
    modifiers, cover); an Ethereal target's rend and modifiers are not shown (AoS2 §14.4)."""
    modifier = rules.save_modifier(rend, target)
    base = format_threshold(target.save)
    return f"{base} {modifier:+d}" if modifier else base


def modified_threshold(threshold: int, modifier: int) -> str:
    """A roll as it is made: `3+`, or `3+ +1` with the modifier in force."""
    base = format_threshold(threshold)
    return f"{base} {modifier:+d}" if modifier else base


def weapon_label(profile: WeaponProfile) -> str:
    """How the dice prompts name a weapon's attacks: `Judicators, Skybolt Bow: `, the
    champion's apart (`Judicator-Prime, Skybolt Bow: `); empty for a nameless profile."""
    if profile.wielder and profile.name:
        return f"{profile.wielder}, {profile.name}: "
    return f"{profile.name}: " if profile.name else ""


def save_purpose(profile: WeaponProfile, target: TargetInfo, needed: str) -> Text:
    """The save rolls' prompt: whose saves, against which weapon, and what they need."""
    against = f"{profile.wielder}, {profile.name}" if profile.wielder else profile.name
    if target.name and against:
        return tr(
            "{unit}: save rolls against {weapon} ({needed})",
            unit=target.name,
            weapon=against,
            needed=needed,
        )
    return tr("save rolls ({needed})", needed=needed)


def allocate_carry_over(damage: int, models: int, wounds: int, suffered: int = 0) -> Allocation:
    """Age of Sigmar allocation: wounds carry over from a slain model to the next, and only one
    model is ever damaged (AoS2 §14.7, §14.10: slain when allocated wounds reach Wounds)."""
    if models <= 0 or wounds <= 0:
        return Allocation(0, 0, max(models, 0))
    total = suffered + damage
    slain = min(models, total // wounds)
    left = models - slain
    return Allocation(slain, total - slain * wounds if left else 0, left)


@dataclass
class _Hit:
    """One hit on its way to the wound roll: its hit roll decides its triggers."""

    hit_roll: int | None
    wound_rolls: int = 1
    auto: bool = False


@dataclass
class _Wound:
    """One wound on its way to the save roll."""

    rend: int
    damage_bonus: int
    damage_factor: int = 1
    damage: DiceExpr | None = None
    """The Damage a wound roll gave it instead of the weapon's (None: the weapon's)."""


@dataclass
class OneReroll:
    """A single die of a weapon's attack re-rolled once (Gift of the Six Smiths, seed 000 p.19:
    one hit, wound or damage roll a turn; AoS2 §2: a die is never re-rolled twice). `stage`
    names the roll beforehand (`hit`, `wound`, `damage`); with `ask` the player is asked as
    each roll has a die worth re-rolling, once a roll. Only weapons whose rules allow it
    (`AttackRules.reroll_one`) take it; `used` says whether it was spent."""

    stage: str = ""
    name: str | Text = ""
    """The ability's name, in the dice prompt of the new die."""
    ask: Callable[[str, Text], bool] | None = None
    used: bool = False
    asked: set[str] = field(default_factory=set)

    def wanted(self, stage: str, what: Text) -> bool:
        """Whether the die found on this roll is re-rolled: the roll named, or the answer."""
        if self.used:
            return False
        if self.ask is None:
            return stage == self.stage
        if stage in self.asked:
            return False
        self.asked.add(stage)
        return self.ask(stage, what)

    def on_dice(
        self,
        source: DiceSource,
        stage: str,
        dice: list[Die],
        succeeds: Callable[[int], bool],
        purpose: Text,
    ) -> list[Die]:
        """The dice with the first failed one not re-rolled yet rolled again, if wanted."""
        failed = next(
            (i for i, d in enumerate(dice) if d.rerolled is None and not succeeds(d.value)), None
        )
        if failed is None:
            return dice
        what = tr("a failed die of {purpose} ({value})", purpose=purpose, value=dice[failed].value)
        if not self.wanted(stage, what):
            return dice
        self.used = True
        value = source.roll(1, tr("{name}: re-roll of {what}", name=self.name, what=what))[0]
        dice = list(dice)
        dice[failed] = Die(dice[failed].first, value)
        return dice

    def on_damage(
        self, source: DiceSource, amounts: list[DiceExpr], values: list[int], purpose: Text
    ) -> list[int]:
        """The Damage rolls with the lowest random one below its most rolled again, if wanted."""
        low = [i for i, (a, v) in enumerate(zip(amounts, values, strict=True))
               if not a.is_fixed and v < a.maximum]  # fmt: skip
        if not low:
            return values
        index = min(low, key=lambda i: values[i])
        what = tr("a die of {purpose} ({value})", purpose=purpose, value=values[index])
        if not self.wanted("damage", what):
            return values
        self.used = True
        new = roll_amounts(
            source, [amounts[index]], tr("{name}: re-roll of {what}", name=self.name, what=what)
        )
        values = list(values)
        values[index] = new[0]
        return values


StageWatch = Callable[[str, tuple[int, ...], WeaponResult], None]
"""Told a weapon's hit rolls ("hit") and wound rolls ("wound") as soon as they are rolled,
before anything they set off is rolled: the unmodified dice after rerolls, and the weapon's
result so far (its attacks; at the wound rolls its hits and mortal wounds on hit too)."""

AttackWatch = Callable[[int, str, tuple[int, ...], list[WeaponResult]], None]
"""`StageWatch` for a unit's attack: the weapon's index, the stage, its dice, and the results
so far (the weapons done, then the one rolling)."""


def _one_die(
    one: OneReroll | None,
    source: DiceSource,
    stage: str,
    dice: list[Die],
    succeeds: Callable[[int], bool],
    purpose: Text,
) -> list[Die]:
    """The dice of a stage after the single re-roll, if the weapon has one (`OneReroll`)."""
    return dice if one is None else one.on_dice(source, stage, dice, succeeds, purpose)


def resolve_weapon(
    attack: Attack,
    target: TargetInfo,
    source: DiceSource,
    watch: StageWatch | None = None,
    one: OneReroll | None = None,
) -> WeaponResult:
    """Roll one weapon's attacks through hit, wound, save and damage (AoS2 §14.4); `watch`
    is told the hit and the wound rolls as they are known (odds that follow the dice); `one`
    re-rolls a single die of a weapon that allows it (`OneReroll`)."""
    profile, rules = attack.profile, attack.rules
    single = one if one is not None and rules.reroll_one else None
    label = weapon_label(profile)
    result = WeaponResult(weapon=profile.name)

    # Attacks: a random Attacks value is rolled for each model using the weapon (AoS2 §20.2).
    if profile.attacks.is_fixed:
        per_model = [profile.attacks.constant] * profile.models
    else:
        per_model = roll_amounts(
            source,
            [profile.attacks] * profile.models,
            concat(label, tr("Attacks ({attacks})", attacks=str(profile.attacks))),
        )
        result.attack_rolls = tuple(per_model)
    result.attacks = max(0, sum(max(0, a) for a in per_model) + rules.extra_attacks)

    # Hit rolls.
    hit_dice = roll_with_reroll(
        source,
        result.attacks,
        concat(
            label,
            tr("hit rolls ({needed})", needed=modified_threshold(profile.to_hit, rules.hit_mod)),
        ),
        lambda v: rules.hit_succeeds(v, profile.to_hit),
        rules.reroll_hit,
    )
    hit_dice = _one_die(
        single, source, "hit", hit_dice, lambda v: rules.hit_succeeds(v, profile.to_hit),
        concat(label, tr("hit rolls")),
    )  # fmt: skip
    hit_ok = tuple(rules.hit_succeeds(d.value, profile.to_hit) for d in hit_dice)
    if watch is not None and hit_dice:
        watch("hit", tuple(d.value for d in hit_dice), result)

    hits: list[_Hit] = []
    extra_hit_amounts: list[DiceExpr] = []
    mortal_amounts: list[DiceExpr] = []
    for die, ok in zip(hit_dice, hit_ok, strict=True):
        if not ok:
            continue
        value = die.value
        extra_hit_amounts += [t.amount for t in rules.hit_triggers(value, rules.exploding)]
        mortal = rules.hit_triggers(value, rules.mortal_on_hit)
        mortal_amounts += [t.amount for t in mortal]
        if mortal and not all(t.add for t in mortal):
            continue  # mortal wounds instead of the rest of this attack's sequence
        hits.append(_Hit(value, rules.wound_roll_count(value), rules.auto_wounds(value)))
    # Extra hits from an ability never trigger anything themselves.
    extra_hits = sum(
        max(0, extra)
        for extra in roll_amounts(source, extra_hit_amounts, concat(label, tr("extra hits")))
    )
    hits.extend(_Hit(None) for _ in range(extra_hits))
    result.mortal_wounds += sum(
        max(0, v) for v in roll_amounts(source, mortal_amounts, concat(label, tr("mortal wounds")))
    )
    result.hits = sum(hit_ok) + extra_hits
    result.stages.append(
        Stage(
            "hit",
            modified_threshold(profile.to_hit, rules.hit_mod),
            tuple(hit_dice),
            hit_ok,
            extra_hits,
            "extra",
        )
    )

    # Wound rolls: auto-wounds skip the roll; some hits make several wound rolls.
    wounds: list[_Wound] = []
    pending: list[_Hit] = []
    for hit in hits:
        bonus = rules.rend_bonus(hit.hit_roll) if hit.hit_roll else 0
        if hit.auto:
            wounds.append(_Wound(profile.rend + bonus, 0))
        else:
            pending.extend([hit] * hit.wound_rolls)
    wound_dice = roll_with_reroll(
        source,
        len(pending),
        concat(
            label,
            tr(
                "wound rolls ({needed})",
                needed=modified_threshold(profile.to_wound, rules.wound_mod),
            ),
        ),
        lambda v: rules.wound_succeeds(v, profile.to_wound),
        rules.reroll_wound,
    )
    wound_dice = _one_die(
        single, source, "wound", wound_dice, lambda v: rules.wound_succeeds(v, profile.to_wound),
        concat(label, tr("wound rolls")),
    )  # fmt: skip
    wound_ok = tuple(rules.wound_succeeds(d.value, profile.to_wound) for d in wound_dice)
    automatic = len(wounds)
    if watch is not None and wound_dice:
        watch("wound", tuple(d.value for d in wound_dice), result)
    result.stages.append(
        Stage(
            "wound",
            modified_threshold(profile.to_wound, rules.wound_mod),
            tuple(wound_dice),
            wound_ok,
            automatic,
            "automatic",
        )
    )
    mortal_amounts = []
    for hit, die, ok in zip(pending, wound_dice, wound_ok, strict=True):
        if not ok:
            continue
        value = die.value
        mortal = rules.hit_triggers(value, rules.mortal_on_wound)
        mortal_amounts += [t.amount for t in mortal]
        if mortal and not all(t.add for t in mortal):
            continue
        bonus = rules.rend_bonus(hit.hit_roll) if hit.hit_roll else 0
        wounds.append(
            _Wound(
                profile.rend + bonus,
                rules.damage_bonus(value),
                rules.damage_factor(value),
                rules.damage_for(value),
            )
        )
    result.mortal_wounds += sum(
        max(0, v)
        for v in roll_amounts(
            source, mortal_amounts, concat(label, tr("mortal wounds on wound rolls"))
        )
    )
    result.wounds = sum(wound_ok) + automatic

    # Save rolls, made by the defender; each wound keeps its own rend. When no roll could
    # save (a '-' save with no modifier to reach 7+) nobody rolls dice that cannot succeed.
    can_save = any(rules.save_succeeds(v, profile.rend, target) for v in range(2, 7))
    needed_save = save_needed(rules, profile.rend, target)
    save_dice = roll_with_reroll(
        source,
        len(wounds) if can_save else 0,
        save_purpose(profile, target, needed_save),
        lambda v: rules.save_succeeds(v, profile.rend, target),
        rules.reroll_save,
        # A failed save is judged with that wound's own rend (rend bonuses on hit included).
        succeeds_each=[partial(rules.save_succeeds, rend=w.rend, target=target) for w in wounds],
    )
    saved = tuple(
        rules.save_succeeds(d.value, w.rend, target)
        for d, w in zip(save_dice, wounds, strict=False)
    )
    result.stages.append(Stage("save", needed_save, tuple(save_dice), saved))
    result.rerolled_saved = sum(
        1 for d, ok in zip(save_dice, saved, strict=True) if ok and d.rerolled is not None
    )
    result.healed = sum(
        1
        for d, w in zip(save_dice, wounds, strict=False)
        if rules.save_heals(d.value, w.rend, target)
    )
    unsaved = [w for w, ok in zip(wounds, saved, strict=False) if not ok] + wounds[len(saved) :]
    result.unsaved = len(unsaved)

    # Damage: a random Damage is rolled for each successful attack (AoS2 §14.4 step 4).
    damage_amounts = [w.damage or profile.damage for w in unsaved]
    damage_purpose = concat(label, tr("Damage ({damage})", damage=str(profile.damage)))
    damage_values = roll_amounts(source, damage_amounts, damage_purpose)
    if single is not None:
        damage_values = single.on_damage(source, damage_amounts, damage_values, damage_purpose)
    if not all((w.damage or profile.damage).is_fixed for w in unsaved):
        result.damage_rolls = tuple(damage_values)
    result.damage = result.mortal_wounds + sum(
        max(0, value + w.damage_bonus) * w.damage_factor
        for value, w in zip(damage_values, unsaved, strict=True)
    )
    return result


def resolve_attacks(
    attacks: Sequence[Attack],
    target: TargetInfo,
    source: DiceSource,
    *,
    target_models: int | None = None,
    target_wounds: int | None = None,
    wounds_suffered: int = 0,
    ward: int | None = None,
    mortal_ward: int | None = None,
    watch: AttackWatch | None = None,
    one: OneReroll | None = None,
) -> AttackResult[WeaponResult]:
    """Resolve every weapon of a unit against one target, then wards, then allocation.

    Mortal wounds from the attacks are allocated together with the other damage after all the
    attacks (AoS2 §14.8). A ward rolls once per wound or mortal wound (AoS2 §14.11); a ward
    against mortal wounds alone (`mortal_ward`, Shielded by Faith) rolls for the mortal wounds
    the attacks caused too (p.8), the better of the two for those. `watch` is told each
    weapon's hit and wound rolls as they are known; `one` re-rolls a single die (`OneReroll`).
    """
    done: list[WeaponResult] = []
    for index, attack in enumerate(attacks):
        told: StageWatch | None = None
        if watch is not None:
            told = partial(_tell_stage, watch, index, done)
        done.append(resolve_weapon(attack, target, source, told, one))
    result = AttackResult(done)
    ward = ward_for(attacks, ward)
    against_mortal = min(ward, mortal_ward or 7)
    parts = [(result.damage_before_ward, ward)]
    if against_mortal < ward and result.mortal_wounds:
        parts = [(result.mortal_wounds, against_mortal)]
        parts.append((result.damage_before_ward - result.mortal_wounds, ward))
    for count, needed in parts:
        if needed > 6 or not count:
            continue
        purpose = (
            tr("{unit}: ward rolls ({ward}+)", unit=target.name, ward=needed)
            if target.name
            else tr("ward rolls ({ward}+)", ward=needed)
        )
        rolls = source.roll(count, purpose)
        result.ward_rolls += tuple(rolls)
        result.ward_saved += sum(1 for r in rolls if r >= needed)
    result.wounds_lost = result.damage
    if target_models is not None and target_wounds is not None:
        # Save rolls that heal (the Warding Lantern) heal the damaged model before the damage.
        wounds_suffered = max(0, wounds_suffered - sum(w.healed for w in result.weapons))
        result.allocation = allocate_carry_over(
            result.damage, target_models, target_wounds, wounds_suffered
        )
        result.target_wounds = target_wounds
        lost = result.allocation.slain * target_wounds + result.allocation.wounds_on_damaged
        result.wounds_lost = lost - min(wounds_suffered, target_models * target_wounds)
    return result


def _tell_stage(
    watch: AttackWatch,
    index: int,
    done: list[WeaponResult],
    stage: str,
    dice: tuple[int, ...],
    current: WeaponResult,
) -> None:
    """A weapon's stage told to the unit's watcher with the weapons done before it."""
    watch(index, stage, dice, [*done, current])


def ward_for(attacks: Sequence[Attack], ward: int | None) -> int:
    """The ward that applies: the given one, else the best of the attacks' (7: none)."""
    return ward if ward is not None else min((a.rules.ward or 7 for a in attacks), default=7)
