"""A unit's attacks in the game: which models are left and what each carries, and every effect
in force that reaches the rolls of those attacks (AoS2 §14, §20.3, §21).

A unit attacks with the models still alive: each model with the weapons it carries, models
removed in the stated default order (ordinary models first, special weapons and the champion
last). A champion's own rule applies to the champion's attacks alone, an extra attack once.
Every structured effect on the unit (its abilities at their phase, effects in force, set-up
choices, the realmscape) is unwrapped for this attack: `against` the target, `conditional` on
the game state, `with_weapons` for the weapons named. An effect the game cannot build is a
ContentError at set-up (`check_unit_effects`), never skipped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from aos_cli.core.ability_effects import (
    Against,
    Aura,
    CharacteristicModifier,
    Conditional,
    ExtraAttacksRoll,
    Lasting,
    MortalWard,
    RollThen,
    WithWeapons,
    build_effect,
)
from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import DiceExpr, DiceSource, parse_dice, parse_threshold
from aos_cli.core.effects import (
    Effect,
    Ethereal,
    ExtraAttacks,
    HealOnSave,
    InCover,
    MortalWoundsOnRerolledSave,
    RerollRoll,
    RollModifier,
    SaveBonusAsCover,
    TargetedModifier,
    TargetedReroll,
    Ward,
    compile_effects,
)
from aos_cli.core.errors import ContentError
from aos_cli.core.events import say
from aos_cli.core.records import dataclass
from aos_cli.language.text import Value, concat, tr, trn

if TYPE_CHECKING:
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.state import AbilitySpec, GameState, UnitSpec, UnitState, WeaponSpec


# --------------------------------------------------------------------------- building effects


def check_unit_effects(spec: UnitSpec) -> None:
    """Build every structured effect of a unit as set up (abilities, weapons, set-up choices):
    one that cannot be applied stops the set-up here, naming the unit and the rule."""
    sources: list[tuple[str, Sequence[Mapping[str, Any] | Effect]]] = [
        (a.name, a.effects) for a in spec.abilities
    ]
    sources += [(w.name, w.effects) for w in spec.weapons]
    sources += [(str(c.get("name")), c.get("effects", ())) for c in spec.choices]
    for name, mappings in sources:
        for index, mapping in enumerate(mappings):
            build_effect(
                mapping,
                tr("{unit}: {ability}, effect {n}", unit=spec.name, ability=name, n=index + 1),
            )


# --------------------------------------------------------------------------- models and weapons


@dataclass(frozen=True)
class WeaponUse:
    """One weapon used by some of the unit's models: the champion's use is kept apart, since
    its own rule applies to it alone."""

    weapon: WeaponSpec
    models: int
    champion: bool = False


def weapon_uses(unit: UnitState, weapons: Sequence[WeaponSpec]) -> list[WeaponUse]:
    """The weapons the unit's models still alive carry: the first models removed are the
    ordinary ones, then those with special weapons, the champion last (AoS2 §14.7; the owner
    picks, this is the tool's stated default). A set-up without loadouts counts each weapon's
    carriers, up to the models left."""
    loadouts = unit.spec.loadouts
    if not loadouts:
        return [
            WeaponUse(w, unit.models if w.carriers is None else min(w.carriers, unit.models))
            for w in weapons
        ]
    total = sum(int(g["models"]) for g in loadouts)
    removed = max(0, total - unit.models)
    ordinary: dict[str, int] = {}
    champion: set[str] = set()
    for group in loadouts:
        taken = min(removed, int(group["models"]))
        removed -= taken
        left = int(group["models"]) - taken
        if group["role"] == "ordinary" and group is loadouts[0]:
            left += max(0, unit.models - total)  # models added beyond the set-up's
        if left <= 0:
            continue
        for weapon_id in group["weapons"]:
            if group["role"] == "champion":
                champion.add(weapon_id)
            else:
                ordinary[weapon_id] = ordinary.get(weapon_id, 0) + left
    uses: list[WeaponUse] = []
    for weapon in weapons:
        if ordinary.get(weapon.id):
            uses.append(WeaponUse(weapon, ordinary[weapon.id]))
        if weapon.id in champion:
            uses.append(WeaponUse(weapon, 1, champion=True))
    return uses


def champion_name(unit: UnitSpec) -> str | None:
    """The name of the unit's champion, when it has one (the Liberator-Prime)."""
    return next((a.name for a in unit.abilities if a.champion), None)


# --------------------------------------------------------------------------- effects in force


DEFENCE = (
    Ward,
    MortalWard,
    Ethereal,
    InCover,
    SaveBonusAsCover,
    HealOnSave,
    MortalWoundsOnRerolledSave,
    TargetedModifier,
    TargetedReroll,
)


def is_defence(effect: Effect) -> bool:
    """An effect on the target's rolls (saves, wards, Ethereal, cover) rather than on the
    attacker's."""
    if isinstance(effect, DEFENCE):
        return True
    return isinstance(effect, RerollRoll | RollModifier) and effect.roll == "save"


@dataclass
class Situation:
    """What unwrapping an effect for one attack needs to know."""

    state: GameState
    owner: UnitState
    """The unit the effect is on."""
    attacker: UnitState
    target: UnitState
    weapon: WeaponSpec | None
    answers: RecordedAnswers


def _weapon_named(weapon: WeaponSpec, names: Sequence[str]) -> bool:
    def norm(text: str) -> str:
        return "".join(ch for ch in text.lower() if ch.isalnum())

    wanted = {norm(n) for n in names}
    return norm(weapon.id) in wanted or norm(weapon.name) in wanted


def _holds(condition: str, at: Situation) -> bool:
    """Whether an ability's condition holds now; what the tool cannot see is asked."""
    unit = at.owner
    if condition == "charged_this_turn":
        return unit.charged
    if condition == "not_charged_this_turn":
        return not unit.charged
    if condition == "first_battle_round":
        return at.state.round == 1
    if condition == "ten_or_more_models":
        return unit.models >= 10
    if condition == "general_alive":
        return any(u.general and u.alive for u in at.state.sides[unit.side].units)
    if condition == "near_general_or_hero":
        # a battle trait's range (Deathless Spirits: wholly within 12" of the general or a
        # HERO) is the table's to see: the answer when one was given, else supposed to hold
        # while the side has its general or a HERO alive (units keep near their heroes)
        given = getattr(at.answers, "answers", {})
        key = f"near-hero:{unit.spec.id}"
        if key in given:
            return bool(given[key])
        return any(
            u.alive and (u.general or u.spec.has("HERO")) for u in at.state.sides[unit.side].units
        )
    if condition == "army_allegiance":
        return True  # resolved at set-up: kept only in an army of the allegiance (p.16)
    if condition == "slew_this_phase":
        return slew_this_phase(at.state, unit, at.answers)
    if condition == "wholly_on_terrain":
        return at.answers.yes_no(
            f"on-terrain:{unit.spec.id}",
            tr("is every model of {unit} wholly on terrain?", unit=unit.name),
        )
    raise ContentError(
        tr("the condition {condition} is not one the game knows", condition=repr(condition))
    )


def slew_this_phase(state: GameState, unit: UnitState, answers: RecordedAnswers) -> bool:
    """Whether the unit's attacks slew any enemy models this phase ("if any enemy models were
    slain by wounds inflicted by this model's attacks in that phase"): the table's to say."""
    from aos_cli.language.text import tr

    return answers.yes_no(
        f"slew:{unit.spec.id}",
        tr("did the attacks of {unit} slay any enemy models this phase?", unit=unit.name),
    )


def holds(condition: str, state: GameState, unit: UnitState, answers: RecordedAnswers) -> bool:
    """Whether an ability's condition holds for its unit now, outside an attack (an ability
    used at its timing); what the tool cannot see is asked."""
    return _holds(condition, Situation(state, unit, unit, unit, None, answers))


def unwrap(effect: Effect, at: Situation) -> Iterator[Effect]:
    """The plain effects a (possibly wrapped) effect gives in this situation."""
    if isinstance(effect, Against | Conditional | WithWeapons | Aura):
        if _wrapper_holds(effect, at):
            for inner in effect.effects:
                yield from unwrap(inner, at)
    elif isinstance(effect, Lasting | RollThen):
        return  # used by an action, which puts its lasting effects in force
    elif isinstance(effect, TargetedModifier | TargetedReroll):
        # attacks that target its holder, with weapons of the kind it names
        kind = at.weapon.kind if at.weapon is not None else None
        if at.owner is at.target and effect.weapons in ("any", kind):
            yield effect
    else:
        yield effect


def _wrapper_holds(effect: Against | Conditional | WithWeapons | Aura, at: Situation) -> bool:
    """Whether a wrapping effect gives its effects in this situation."""
    if isinstance(effect, Against):
        # against a foe it names, big enough or many enough
        target = at.target if at.owner is at.attacker else at.attacker
        named = not effect.keywords or any(target.spec.has(k) for k in effect.keywords)
        big = effect.min_wounds is None or target.spec.wounds >= effect.min_wounds
        many = effect.min_models is None or target.models >= effect.min_models
        return named and big and many
    if isinstance(effect, Conditional):
        return _holds(effect.condition, at)
    if isinstance(effect, WithWeapons):
        return at.weapon is not None and _weapon_named(at.weapon, effect.weapons)
    # The unit with the aura is covered by it itself (AoS2 §21); other units within range
    # are the table's to see: their players give them as flags.
    mine = effect.side in ("friendly", "all") and effect.include_self
    keyed = not effect.keywords or any(at.owner.spec.has(k) for k in effect.keywords)
    return mine and keyed


def _active(ability: AbilitySpec, state: GameState, unit: UnitState) -> bool:
    """Whether an ability's effects are in force by themselves now: no usage limit or cost
    (those are used with an action), at its phase and in its turn. A game set up before
    usage limits were kept applies only its always-on abilities, as it did then."""
    if ability.champion:
        return False
    if ability.usage is None:
        return ability.passive
    if ability.kind != "ability" or ability.usage != "unlimited" or ability.cost:
        return False
    if ability.phase is not None and ability.phase != state.phase:
        return False
    ours = unit.side == state.active_side
    return ability.turn == "any" or ours == (ability.turn == "yours")


def effects_on(
    unit: UnitState, state: GameState, *, weapon_borne: bool = True
) -> list[tuple[str, Effect]]:
    """Every effect in force on a unit now, wrapped as stored, with its source's name. Without
    `weapon_borne`, the attack effects of abilities tied to a weapon are left out: the set-up
    gave them to the weapon itself (`WeaponSpec.effects`), and an attack counts them there."""
    found: list[tuple[str, Effect]] = []
    for ability in unit.spec.abilities:
        if _active(ability, state, unit):
            effects = [build_effect(m, ability.name) for m in ability.effects]
            if ability.weapons and not weapon_borne:
                effects = [e for e in effects if not _attack_effect(e)]
            if ability.weapons and ability.usage is not None:
                effects = [WithWeapons(ability.weapons, tuple(effects))]
            found += [(ability.name, e) for e in effects]
    for active in unit.effects:
        found += [(active.name, build_effect(m, active.name)) for m in active.effects]
    return found


def unit_rules(
    state: GameState,
    unit: UnitState,
    other: UnitState,
    answers: RecordedAnswers,
    role: str,
) -> list[Effect]:
    """The plain effects in force on `unit` for its rolls as the `attacker` of `other`, or as
    the `defender` against it (saves, wards), whatever the weapon: the systems whose attack
    takes the unit's rules as a whole (40k8) read them here."""
    attacker, target = (unit, other) if role == "attacker" else (other, unit)
    at = Situation(state, unit, attacker, target, None, answers)
    plain = [e for _, w in effects_on(unit, state) for e in unwrap(w, at)]
    return [e for e in plain if is_defence(e) == (role == "defender")]


def characteristic_bonus(
    state: GameState, unit: UnitState, characteristic: str, answers: RecordedAnswers
) -> int:
    """The sum of the modifiers to one of the unit's characteristics in force now (Bravery for
    its battleshock test): its abilities, set-up choices and effects in force, unwrapped."""
    from aos_cli.core.legality import by_the_book

    at = Situation(state, unit, unit, unit, None, answers)
    found = [wrapped for _, wrapped in effects_on(unit, state)]
    if by_the_book(state) and unit.alive:  # the champion, removed last, leads the unit
        found += champion_effects(unit)
    return sum(
        e.amount
        for wrapped in found
        for e in unwrap(wrapped, at)
        if isinstance(e, CharacteristicModifier) and e.characteristic == characteristic
    )


def attack_reminders(state: GameState, unit: UnitState) -> list[tuple[Value, Value]]:
    """The rules of a unit about to attack that the tool cannot apply itself (no structured
    effects, or only in part): its abilities for this phase and its set-up choices, as
    (name, text) for the players to turn into modifiers (the content's own words, which a
    view says as the content's translation does)."""
    found: list[tuple[Value, Value]] = [
        (a.name, a.text)
        for a in unit.spec.abilities
        if a.kind == "ability" and not a.effects and a.phase in (None, state.phase)
    ]
    found += [
        (str(c["name"]), str(c.get("text", ""))) for c in unit.spec.choices if c.get("reminder")
    ]
    # Auras of other friendly units: whether this unit is within range is the table's to see
    # (from `AUDIT_REVISION` the attack asks it of those that change attack rolls).
    applied = auras_reach_attacks(state)
    for other in state.sides[unit.side].units:
        if other is unit or not other.on_battlefield:
            continue
        texts = {a.name: a.text for a in other.spec.abilities}
        for name, effect in effects_on(other, state):
            if (
                isinstance(effect, Aura)
                and effect.side in ("friendly", "all")
                and (not effect.keywords or any(unit.spec.has(k) for k in effect.keywords))
                and not (applied and _changes_attacks(effect))
            ):
                text: Value = texts.get(name) or tr(
                    'units within {reach}" of it', reach=effect.range
                )
                found.append((concat(name, " (", other.name, ")"), text))
    return found


def _changes_attacks(aura: Aura) -> bool:
    """Whether an aura holds an effect on the attacker's rolls (asked and applied by the
    attack, `others_auras`)."""

    def plain(effect: Effect) -> Iterator[Effect]:
        inner = getattr(effect, "effects", None)
        if isinstance(inner, tuple):
            for each in inner:
                yield from plain(each)
        else:
            yield effect

    return any(_attack_effect(e) and not is_defence(e) for w in aura.effects for e in plain(w))


def champion_effects(unit: UnitState) -> list[Effect]:
    """The champion's own rule (AoS2 §20.3)."""
    return [build_effect(m, a.name) for a in unit.spec.abilities if a.champion for m in a.effects]


def unwrap_for_weapon(spec: UnitSpec, weapon: WeaponSpec, *, champion: bool) -> list[Effect]:
    """Outside a game (`aos odds attack --unit`): the attack effects always tied to one weapon
    (its abilities naming it, the champion's rule for the champion's use); effects that hang
    on a target or the game state are left to flags."""

    def plain(effect: Effect) -> Iterator[Effect]:
        if isinstance(effect, WithWeapons):
            if _weapon_named(weapon, effect.weapons):
                for inner in effect.effects:
                    yield from plain(inner)
        elif _attack_effect(effect) and not is_defence(effect):
            yield effect

    found: list[Effect] = []
    for ability in spec.abilities:
        tied = weapon.id in ability.weapons
        if tied or (champion and ability.champion):
            for mapping in ability.effects:
                found += plain(build_effect(mapping, ability.name))
    return found


# --------------------------------------------------------------------------- the attacks


def _profile(
    unit: UnitState, use: WeaponUse, changes: list[CharacteristicModifier]
) -> WeaponProfile:
    """A weapon's profile for the models using it, with the damage table row (AoS2 §20.4) and
    characteristic modifiers (Rend, Damage; Attacks are extra attacks) applied."""
    weapon = use.weapon
    row = unit.damage_row() or {}

    def value(key: str) -> str:
        return str(row.get(f"weapon.{weapon.id}.{key}", getattr(weapon, key)))

    rend = int(value("rend")) + sum(c.amount for c in changes if c.characteristic == "rend")
    damage = parse_dice(value("damage"), what=tr("{weapon} Damage", weapon=weapon.name))
    bonus = sum(c.amount for c in changes if c.characteristic == "damage")
    if bonus:
        damage = DiceExpr(damage.dice, damage.constant + bonus)
    return WeaponProfile(
        attacks=parse_dice(value("attacks"), what=tr("{weapon} Attacks", weapon=weapon.name)),
        to_hit=parse_threshold(value("to_hit"), what=tr("{weapon} To Hit", weapon=weapon.name)),
        to_wound=parse_threshold(
            value("to_wound"), what=tr("{weapon} To Wound", weapon=weapon.name)
        ),
        rend=min(0, rend),
        damage=damage,
        models=use.models,
        name=weapon.name,
    )


@dataclass(frozen=True)
class UnitAttack:
    """One weapon use as it attacks: who uses it, the profile and the rules in force."""

    use: WeaponUse
    attack: Attack
    label: str


def unit_attacks(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    weapons: Sequence[WeaponSpec],
    answers: RecordedAnswers,
    dice: DiceSource | None,
    *,
    attack_extra: Sequence[Effect] = (),
    defence_extra: Sequence[Effect] = (),
) -> list[UnitAttack]:
    """Each weapon use of the attacker against the target with every effect that reaches it:
    the attacker's effects on its own rolls, the target's on its saves and wards.

    `attack_extra` are effects given for this attack (flags, Look Out, Sir!); an extra attack
    among them, like a champion's, is made once, with the first weapon. Dice are rolled for
    random extra attacks (without `dice` their average is not taken: none are added)."""
    from aos_cli.core.legality import by_the_book
    from aos_cli.core.terrain import realmscape_attack_effects

    # A weapon's own rules ride on the weapon: counted once (Blast to Ashes, issue 26).
    own = effects_on(attacker, state, weapon_borne=not by_the_book(state))
    theirs = effects_on(target, state)
    realm = realmscape_attack_effects(state, attacker)
    result: list[UnitAttack] = []
    once_given = False
    champion_once = False
    for use in weapon_uses(attacker, weapons):
        mine = Situation(state, attacker, attacker, target, use.weapon, answers)
        defending = Situation(state, target, attacker, target, use.weapon, answers)
        effects: list[Effect] = [build_effect(m, use.weapon.name) for m in use.weapon.effects]
        effects += [e for _, w in own for e in unwrap(w, mine) if not is_defence(e)]
        effects += [e for _, w in theirs for e in unwrap(w, defending) if is_defence(e)]
        if auras_reach_attacks(state):
            effects += others_auras(mine, defence=False) + others_auras(defending, defence=True)
        effects += realm
        if use.champion:
            for wrapped in champion_effects(attacker):
                for effect in unwrap(wrapped, mine):
                    if isinstance(effect, ExtraAttacks) and not isinstance(wrapped, WithWeapons):
                        if champion_once:
                            continue
                        champion_once = True
                    effects.append(effect)
        for given in attack_extra:
            for effect in unwrap(given, mine):  # a weapon the modifiers were given for
                if isinstance(effect, ExtraAttacks | ExtraAttacksRoll):
                    if once_given:
                        continue
                    once_given = True
                effects.append(effect)
        effects += list(defence_extra)
        changes = [e for e in effects if isinstance(e, CharacteristicModifier)]
        changes = [c for c in changes if not c.melee_only or use.weapon.kind == "melee"]
        plain = _plain_effects(state, attacker, use, effects, changes, dice)
        profile = _profile(attacker, use, changes)
        label = champion_name(attacker.spec) if use.champion else None
        result.append(
            UnitAttack(use, Attack(profile, compile_effects(plain)), label or attacker.name)
        )
    return result


def auras_reach_attacks(state: GameState) -> bool:
    """Whether the auras of other units reach attack rolls (`AUDIT_REVISION`), not only the
    rolls outside attacks."""
    from aos_cli.core.legality import AUDIT_REVISION

    return state.rules_revision >= AUDIT_REVISION


def others_auras(at: Situation, *, defence: bool) -> list[Effect]:
    """The attack effects the auras of other units give `at.owner` (the attacker's rolls, or
    with `defence` the target's saves and wards), each asked whether the unit is within the
    aura's range (AoS2 p.15; Staunch Defender, seed 000 p.19)."""
    from aos_cli.core.roll_effects import aura_covers, within_aura

    unit = at.owner
    found: list[Effect] = []
    for holder in at.state.units():
        if holder is unit or not holder.on_battlefield:
            continue
        for name, effect in effects_on(holder, at.state):
            if not isinstance(effect, Aura) or not aura_covers(holder, unit, effect):
                continue
            inner = [e for w in effect.effects for e in unwrap(w, at)]
            wanted = [e for e in inner if _attack_effect(e) and is_defence(e) == defence]
            if wanted and within_aura(holder, unit, effect, name, at.answers):
                found += wanted
    return found


def _plain_effects(
    state: GameState,
    attacker: UnitState,
    use: WeaponUse,
    effects: list[Effect],
    changes: list[CharacteristicModifier],
    dice: DiceSource | None,
) -> list[Effect]:
    """The effects on the attack's rolls: an Attacks modifier in force becomes extra attacks
    for the models using the weapon, random extra attacks are rolled (none without dice),
    and effects that change no attack roll are left to other rules."""
    plain: list[Effect] = []
    for effect in effects:
        if isinstance(effect, CharacteristicModifier):
            if effect.characteristic == "attacks" and effect in changes:
                plain.append(ExtraAttacks(effect.amount * use.models))
        elif isinstance(effect, ExtraAttacksRoll):
            if dice is not None:
                rolled = effect.amount.roll(
                    dice,
                    tr(
                        "{unit}, {weapon}: extra attacks ({dice})",
                        unit=attacker.name,
                        weapon=use.weapon.name,
                        dice=str(effect.amount),
                    ),
                )
                say(
                    state,
                    trn(
                        "{weapon}: {n} extra attack.",
                        "{weapon}: {n} extra attacks.",
                        rolled,
                        weapon=use.weapon.name,
                        n=rolled,
                    ),
                )
                plain.append(ExtraAttacks(rolled))
        elif _attack_effect(effect):
            plain.append(effect)
    return plain


def _attack_effect(effect: Effect) -> bool:
    """Whether an effect changes an attack's rolls (the rest are read by other rules)."""
    try:
        compile_effects([effect])
    except TypeError:
        return False
    return True
