"""Combat actions: shooting (AoS2 §9), charging (§10) and fighting (§11), through the attack
engine (the effects in force that reach an attack are `aos_cli.core.unit_attacks`').
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from aos_cli.core import terrain
from aos_cli.core.ability_effects import build_effects, inner_effects
from aos_cli.core.action_types import Charge, Fight, Pass, Shoot
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.attack import Attack, WeaponProfile, WeaponResult, allocate_carry_over
from aos_cli.core.attack_events import attack_resolved
from aos_cli.core.attack_flags import attack_flags
from aos_cli.core.casualties import inflict, suffer_mortal_wounds
from aos_cli.core.dice import DiceExpr, DiceSource, parse_dice, parse_threshold
from aos_cli.core.effects import Effect, InCover, RollModifier, TargetInfo, compile_effects
from aos_cli.core.errors import RuleError
from aos_cli.core.events import Charged, Passed, TriumphDeclared, emit, say
from aos_cli.core.fight_moments import note_fought_at
from aos_cli.core.guards import enemy_unit, needs_hero_in_range, spend_cp
from aos_cli.core.handlers import action
from aos_cli.core.handlers.abilities import apply_effects, fight_over
from aos_cli.core.handlers.movement import after_move
from aos_cli.core.legality import (
    by_the_book,
    check_charge,
    check_fight,
    check_pass,
    check_shoot,
    could_fight,
    engaged,
    note_placed,
)
from aos_cli.core.movement import charge_roll_needed
from aos_cli.core.phase_names import phase_name
from aos_cli.core.roll_effects import applies, modified, reroll_source, roll_modifier
from aos_cli.core.state import TRIUMPH_USED, GameState, UnitState, WeaponSpec
from aos_cli.core.system import system_of
from aos_cli.core.unit_attacks import is_defence, unit_attacks, unit_rules, weapon_uses
from aos_cli.core.weapon_kinds import WeaponKind
from aos_cli.language.text import Join, Text, tr, trn

if TYPE_CHECKING:
    from aos_cli.core.aos_engine import AosAttack, AosEngine


def weapon_attack(unit: UnitState, weapon: WeaponSpec, extra: list[Effect]) -> Attack:
    """A weapon's attacks by the models left carrying it (the champion's included), with the
    damage table row applied (AoS2 §20.4) and `extra` effects: an estimate before the dice."""
    row = unit.damage_row() or {}

    def value(key: str) -> str:
        return str(row.get(f"weapon.{weapon.id}.{key}", getattr(weapon, key)))

    profile = WeaponProfile(
        attacks=parse_dice(value("attacks"), what=tr("{weapon} Attacks", weapon=weapon.name)),
        to_hit=parse_threshold(value("to_hit"), what=tr("{weapon} To Hit", weapon=weapon.name)),
        to_wound=parse_threshold(
            value("to_wound"), what=tr("{weapon} To Wound", weapon=weapon.name)
        ),
        rend=int(value("rend")),
        damage=parse_dice(value("damage"), what=tr("{weapon} Damage", weapon=weapon.name)),
        models=sum(u.models for u in weapon_uses(unit, [weapon])),
        name=weapon.name,
    )
    return Attack(profile, compile_effects(extra))


def attack_spec(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    answers: RecordedAnswers,
    dice: DiceSource | None,
    *,
    hit_mod: int = 0,
    extra: tuple[Effect, ...] = (),
    share: int | None = None,
) -> AosAttack:
    """The attack of `attacker` on `target` with `weapons`, as the engine takes it: every
    effect in force, cover, garrisons and wards, the target's models and Wounds. The dice and
    the phase planner's odds both start here (DESIGN principle 4); without `dice` random extra
    attacks are not rolled (none are added). `share` is how many of one weapon's attacks go
    at this target (AoS2 p.7, `split_attacks`).

    The dice are judged by the game's system: the 1st edition has no unmodified-roll rules
    and gives cover to big Monsters too (AoS1 §11.3, §11.7)."""
    from aos_cli.core.aos_engine import AosAttack

    system = system_of(state)
    attack_extra: list[Effect] = list(extra)
    if hit_mod:
        attack_extra.append(RollModifier("hit", hit_mod))
    defence_extra: list[Effect] = []
    melee = weapons[0].kind == WeaponKind.MELEE
    garrison = terrain.garrisoned(state, target, answers, system.scenery.garrisons)
    if garrison:
        attack_extra.append(RollModifier("hit", -1))  # attacks on a garrison (AoS2 §4.5)
    # No cover for a unit that charged this turn, in the combat phase (AoS1 §11.7, AoS2
    # §14.9 a), nor for a big Monster where the system denies it (AoS2 §14.9 b): not asked.
    denied = (melee and target.charged) or (
        target.spec.monster_wounds_8 and system.scenery.cover_for_monsters()
    )
    cover = garrison or (
        not denied
        and (
            answers.yes_no(
                "cover",
                tr(system.scenery.cover_question, unit=target.name),
            )
            or (not melee and terrain.behind_obstacle(state, attacker, target, answers))
        )
    )
    if cover:
        defence_extra.append(InCover())
    # The rest of a split weapon's attacks: its random extra attacks were rolled already.
    going_on = share is not None and weapons[0].id in attacker.attacks_left
    uses = unit_attacks(
        state, attacker, target, weapons, answers, None if going_on else dice,
        attack_extra=attack_extra, defence_extra=defence_extra,
    )  # fmt: skip
    attacks = [
        Attack(
            replace(u.attack.profile, wielder=u.label), system.combat.attack_rules(u.attack.rules)
        )
        for u in uses
    ]
    if share is not None:
        attacks = split_attacks(attacker, weapons[0], attacks, share)
    info = TargetInfo(
        target.spec.save,
        monster_wounds_8=target.spec.monster_wounds_8 and system.scenery.cover_for_monsters(),
        charged_this_turn_in_combat=melee and target.charged,
        name=target.name,
    )
    # One ward roll per wound: with a Mystical feature too, the better of the two is rolled.
    own_wards = [a.rules.ward for a in attacks if a.rules.ward]
    wards = [w for w in (*own_wards, system.scenery.mystical_ward(state, target, answers)) if w]
    ward = min(wards) if wards else None
    mortal_ward = None
    if by_the_book(state):  # a ward against mortal wounds covers an attack's own too (p.8)
        from aos_cli.core.ability_effects import MortalWard

        mortal = [
            e.on
            for e in unit_rules(state, target, attacker, answers, "defender")
            if isinstance(e, MortalWard)
        ]
        mortal_ward = min(mortal, default=None)
    return AosAttack(
        tuple(attacks),
        info,
        target_models=target.models,
        target_wounds=target.spec.wounds,
        wounds_suffered=min(target.wounds_on_damaged, max(0, target.spec.wounds - 1)),
        ward=ward,
        mortal_ward=mortal_ward,
    )


def resolve_attack(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    dice: DiceSource,
    answers: RecordedAnswers,
    *,
    hit_mod: int = 0,
    extra: tuple[Effect, ...] = (),
    share: int | None = None,
    smiths: str | None = None,
) -> int:
    """Attack `target` with `weapons`, allocate the damage and report it; returns damage.
    `extra` are the effects the player gave for this attack (`--extra-attacks`, `--hit-mod`);
    `share` is how many of one weapon's attacks go at this target (AoS2 p.7, `split_attacks`);
    `smiths` re-rolls a single die of a weapon that allows it (seed 000 p.19, `core.smiths`)."""
    from aos_cli.core import smiths as six_smiths
    from aos_cli.core.aos_engine import AOS_ENGINE

    planned = attack_spec(
        state, attacker, target, weapons, answers, dice, hit_mod=hit_mod, extra=extra,
        share=share,
    )  # fmt: skip
    spec = planned.unallocated()
    attacks = list(spec.attacks)
    ward, mortal_ward = spec.ward, spec.mortal_ward
    watch = None
    if state.follow_dice is not None:  # `aos play`: the odds as the dice fall (issue 29)
        from aos_cli.core.dice_odds import following

        watch = following(planned, state.follow_dice)
    one = six_smiths.single_reroll(state, attacker, attacks, smiths, answers)
    result = AOS_ENGINE.resolve(spec, dice, watch, one)
    expected = AOS_ENGINE.mean(spec)
    healed = min(sum(r.healed for r in result.weapons), target.wounds_on_damaged)
    slain = allocate_carry_over(
        result.damage, target.models, target.spec.wounds, target.wounds_on_damaged - healed
    ).slain  # as `inflict` allocates it below, after the saves that heal
    emit(
        state,
        attack_resolved(
            state, attacker, target, result, slain, result.damage,
            [a.profile.wielder for a in attacks],
            ward=min(ward or 7, mortal_ward or 7), expected=expected,
        ),
    )  # fmt: skip
    six_smiths.spent(state, attacker, one)
    heal_saves(state, target, result.weapons, attacks)
    inflict(state, target, result.damage, slain_by=attacker.side)
    state.attack_log.append(
        {
            "round": state.round,
            "phase": state.phase,
            "side": attacker.side,
            "unit": attacker.spec.id,
            "target": target.spec.id,
            "expected": expected,
            "damage": result.damage,
            "slain": slain,
        }
    )
    peal_on_rerolled_saves(
        state, attacker, target, weapons, (result.weapons, attacks), dice, answers
    )
    return result.damage


def check_share(weapon: WeaponSpec, left: int | None, share: int) -> None:
    """`--attacks` is a count of the attacks the weapon has left (any, before it is known)."""
    if share < 0 or (left is not None and share > left):
        left = left or 0
        raise RuleError(
            trn(
                "{weapon} has {n} attack left, not {share}",
                "{weapon} has {n} attacks left, not {share}",
                left,
                weapon=weapon.name, n=left, share=share,
            ),
            tr("give --attacks from 0 to {n}", n=left),
        )  # fmt: skip


def split_attacks(
    unit: UnitState, weapon: WeaponSpec, attacks: list[Attack], share: int
) -> list[Attack]:
    """AoS2 p.7: a weapon's attacks may be split between targets, all those at one target
    made before the next. `share` of the attacks it has left go at this target; the rest are
    kept in `unit.attacks_left` for the next. Only a weapon whose Attacks is fixed is split
    here (a random one is rolled at the table and split by models)."""
    if any(not a.profile.attacks.is_fixed for a in attacks):
        raise RuleError(
            tr("{weapon} has a random Attacks characteristic: its attacks cannot be counted out "
               "before they are rolled", weapon=weapon.name),
            tr("attack with all of them, or roll them at the table and record the rest with "
               "`aos adjust`"),
        )  # fmt: skip
    counts = [
        max(0, a.profile.attacks.constant * a.profile.models + a.rules.extra_attacks)
        for a in attacks
    ]
    total = sum(counts)
    left = unit.attacks_left.get(weapon.id, total)
    check_share(weapon, left, share)
    skip = total - left
    shared: list[Attack] = []
    for attack, count in zip(attacks, counts, strict=True):
        skipped = min(skip, count)
        skip -= skipped
        taken = min(share, count - skipped)
        share -= taken
        if taken:
            profile = replace(attack.profile, attacks=DiceExpr((), taken), models=1)
            shared.append(Attack(profile, replace(attack.rules, extra_attacks=0)))
    unit.attacks_left[weapon.id] = left - sum(a.profile.attacks.constant for a in shared)
    return shared


def peal_on_rerolled_saves(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    rolled: tuple[list[WeaponResult], list[Attack]],
    dice: DiceSource,
    answers: RecordedAnswers,
) -> None:
    """Rerolled saves that succeed inflict mortal wounds on each enemy unit near the target
    (Sigmarite Thundershield: a mortal wound on each enemy unit within 3", AoS2 §27.3). The
    attacker fighting with weapons of that reach is within it; one that shot is asked; other
    enemy units nearby are the players' to see and record (`aos adjust`)."""
    results, attacks = rolled
    saves = sum(
        r.rerolled_saved
        for r, a in zip(results, attacks, strict=True)
        if a.rules.rerolled_save_mortal
    )
    if not saves:
        return
    amount = sum(
        r.rerolled_saved * a.rules.rerolled_save_mortal
        for r, a in zip(results, attacks, strict=True)
    )
    reach = max(a.rules.rerolled_save_range for a in attacks if a.rules.rerolled_save_mortal)
    say(
        state,
        trn(
            '{unit}: {n} rerolled save succeeded: each enemy unit within {reach}" suffers '
            "{mortal}; record it on units other than {attacker} (`aos adjust`).",
            '{unit}: {n} rerolled saves succeeded: each enemy unit within {reach}" suffers '
            "{mortal}; record it on units other than {attacker} (`aos adjust`).",
            saves,
            unit=target.name,
            n=saves,
            reach=reach,
            mortal=trn("{n} mortal wound", "{n} mortal wounds", amount, n=amount),
            attacker=attacker.name,
        ),
    )
    close = all(w.kind == WeaponKind.MELEE and w.range <= reach for w in weapons) or answers.yes_no(
        f"within-{reach}-of-target",
        tr(
            'is {unit} within {reach}" of {target}?',
            unit=attacker.name,
            reach=reach,
            target=target.name,
        ),
    )
    if close and attacker.alive:
        suffer_mortal_wounds(state, attacker, amount, dice, answers, slain_by=target.side)


def heal_saves(
    state: GameState, target: UnitState, results: list[WeaponResult], attacks: list[Attack]
) -> None:
    """Save rolls that heal (the Warding Lantern: each save roll of 7 or more heals a wound on
    one of the unit's models, AoS2 §27.2) heal the damaged model as the saves are made, before
    the attacks' damage is allocated; slain models are never healed (AoS2 §14.12)."""
    rolled = sum(r.healed for r in results)
    if not rolled:
        return
    healed = min(rolled, target.wounds_on_damaged)
    target.wounds_on_damaged -= healed
    needed = min(a.rules.heal_on_save or 7 for a in attacks)
    say(
        state,
        trn(
            "{unit} heals {wounds}: {n} save roll of {needed} or more.",
            "{unit} heals {wounds}: {n} save rolls of {needed} or more.",
            rolled,
            unit=target.name,
            wounds=trn("{n} wound", "{n} wounds", healed, n=healed),
            n=rolled,
            needed=needed,
        ),
    )


def declare_triumphs(
    state: GameState,
    act: Shoot | Fight,
    unit: UnitState,
    target: UnitState,
    dice: DiceSource,
    answers: RecordedAnswers,
) -> None:
    """The triumphs declared with an attack (`--triumph`, `--target-triumph`) go in force
    before its dice are rolled."""
    if act.triumph:
        use_triumph(state, unit, dice, answers, saves=False)
    if act.target_triumph:
        use_triumph(state, target, dice, answers, saves=True)


def use_triumph(
    state: GameState, unit: UnitState, dice: DiceSource, answers: RecordedAnswers, *, saves: bool
) -> None:
    """AoS2 §16 Triumphs: once per battle, a unit about to shoot or fight (Inspired,
    Bloodthirsty) or about to make save rolls (Indomitable, `saves`) is declared; it rerolls
    the failed rolls until the end of the phase (the triumph's lasting effects)."""
    side = state.sides[unit.side]
    triumph = side.triumph
    if not triumph:
        raise RuleError(
            tr("{side} has no triumph", side=side.name),
            tr("a triumph is rolled at set-up by an army that won a major victory (AoS2 §16)"),
        )
    name = str(triumph.get("name") or tr("the triumph"))
    if side.triumph_used:
        raise RuleError(
            tr(
                "{side} has already used its triumph, {triumph} (once per battle)",
                side=side.name,
                triumph=name,
            )
        )
    phase = triumph.get("phase")
    if phase and state.phase != phase:  # the 1st edition's Inspired: in a combat phase
        raise RuleError(
            tr("{triumph} is used in the {phase}", triumph=name, phase=phase_name(phase))
        )
    effects = build_effects(triumph.get("effects"), name)
    if not effects:
        raise RuleError(
            tr("this game was set up with {triumph} as a reminder only", triumph=name),
            tr("apply it at the table"),
        )
    for_saves = any(is_defence(e) for e in _flat(effects))
    if for_saves != saves:
        if for_saves:
            raise RuleError(
                tr("{triumph} is declared for a unit about to make save rolls", triumph=name),
                tr("use {flag}", flag="--target-triumph"),
            )
        raise RuleError(
            tr("{triumph} is declared for a unit about to shoot or fight", triumph=name),
            tr("use {flag}", flag="--triumph"),
        )
    side.used_once_per_battle.add(TRIUMPH_USED)
    emit(state, TriumphDeclared(unit.side, side.name, name, unit.spec.id, unit.name))
    apply_effects(state, unit, name, effects, None, dice, answers)


def _flat(effects: tuple[Effect, ...]) -> list[Effect]:
    """The effects with those they wrap, all the way down."""
    found: list[Effect] = []
    for effect in effects:
        found.append(effect)
        found += _flat(inner_effects(effect))
    return found


def look_out_sir(state: GameState, target: UnitState, answers: RecordedAnswers) -> int:
    """Look Out, Sir! (AoS2 §9): -1 to hit a Hero (not a Monster) with missile weapons while
    it is within 3" of a friendly unit of 3 or more models; the hit modifier (0 or -1)."""
    if (
        system_of(state).combat.look_out_sir
        and target.spec.is_hero
        and not target.spec.has("MONSTER")
        and answers.yes_no(
            "look-out-sir",
            tr('is {unit} within 3" of a friendly unit of 3 or more models?', unit=target.name),
        )
    ):
        return -1
    return 0


def planned_attack(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    kind: str,
    answers: RecordedAnswers,
    extra: tuple[Effect, ...] = (),
) -> tuple[AosEngine, AosAttack] | None:
    """The phase planner's attack of `attacker` on `target` (`kind` shoot or fight), built as
    `_shoot` and `_fight` build it before their dice; None when it has no weapon for it."""
    wanted = WeaponKind.MISSILE if kind == "shoot" else WeaponKind.MELEE
    weapons = [w for w in attacker.spec.weapons if w.kind == wanted]
    if not weapons:
        return None
    from aos_cli.core.aos_engine import AOS_ENGINE

    hit_mod = look_out_sir(state, target, answers) if kind == "shoot" else 0
    spec = attack_spec(
        state, attacker, target, weapons, answers, None, hit_mod=hit_mod, extra=extra
    )
    return AOS_ENGINE, spec


def _inches(value: float) -> int | float:
    """A range as a player says it: `24`, not `24.0`."""
    return int(value) if value == int(value) else value


def require_night_march_reach(
    unit: UnitState, target: UnitState, answers: RecordedAnswers, hint: Text | None = None
) -> None:
    """Night March (AoS2 p.12, §19.1): a missile weapon reaches 12" at most in the first battle
    round; asks whether the target is that close (`within-night-march`) and refuses if not."""
    from aos_cli.core.scoring import NIGHT_MARCH_RANGE

    if not answers.yes_no(
        "within-night-march",
        tr(
            'Night March: is {target} within {reach}" of {unit}?',
            target=target.name,
            reach=NIGHT_MARCH_RANGE,
            unit=unit.name,
        ),
    ):
        raise RuleError(
            tr('Night March: missile weapons reach {reach}" at most this battle round '
               "(AoS2 §19.1)", reach=NIGHT_MARCH_RANGE),
            hint,
        )  # fmt: skip


def check_missile_range(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    answers: RecordedAnswers,
) -> None:
    """AoS2 p.7 (§14.2): the target must be within the Range of each missile weapon that shoots
    at it, and not wholly within a minimum range; under Night March (p.12) no missile weapon
    reaches beyond 12". The tool cannot see the table: it asks once (`in-range`; under Night
    March `within-night-march` for the weapons it shortens; `min-range-6`)."""
    from aos_cli.core.scoring import NIGHT_MARCH_RANGE, night_march

    limited = [w for w in weapons if night_march(state) and w.range > NIGHT_MARCH_RANGE]
    if limited:
        require_night_march_reach(
            unit,
            target,
            answers,
            tr("shoot at a unit within range, or name a weapon that reaches with --weapon"),
        )
    rest = [w for w in weapons if w not in limited]
    if rest:
        ranges = Join(tuple(tr('{weapon} {reach}"', weapon=w.name, reach=_inches(w.range))
                            for w in rest))  # fmt: skip
        question = tr(
            "is {target} within range of {unit} ({weapons})?",
            target=target.name,
            unit=unit.name,
            weapons=ranges,
        )
        if not answers.yes_no("in-range", question):
            raise RuleError(
                tr("{target} is beyond the Range of {weapons} (AoS2 p.7)",
                   target=target.name, weapons=ranges),
                tr(
                    "shoot with the weapons that reach (--weapon NAME); a weapon with no "
                    "target in range: --weapon NAME --attacks 0"
                ),
            )  # fmt: skip
    for weapon in weapons:
        if weapon.min_range <= 0:
            continue
        least = _inches(weapon.min_range)
        question = tr(
            'is {target} wholly within {least}" of {unit} (the minimum Range of {weapon})?',
            target=target.name,
            least=least,
            unit=unit.name,
            weapon=weapon.name,
        )
        if answers.yes_no(f"min-range-{least}", question):
            raise RuleError(
                tr(
                    '{target} is wholly within the {least}" minimum Range of {weapon} (AoS2 p.7)',
                    target=target.name,
                    least=least,
                    weapon=weapon.name,
                )
            )


@action(Shoot)
def _shoot(state: GameState, act: Shoot, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §9: units that ran or retreated cannot shoot; Look Out, Sir! against Heroes."""
    unit = state.unit(act.unit)
    check_shoot(state, unit)
    if by_the_book(state):
        weapons = weapons_now(unit, WeaponKind.MISSILE, act.weapon, act.attacks)
    else:
        weapons = [w for w in unit.spec.weapons if w.kind == WeaponKind.MISSILE]
        if act.weapon:
            weapons = [w for w in weapons if w.name.lower() == act.weapon.lower()]
    if not weapons:
        raise RuleError(tr("{unit} has no missile weapon to shoot with", unit=unit.name))
    target = enemy_unit(state, unit, act.target)
    system = system_of(state)
    if (
        system.combat.shooting_engaged_rule
        and engaged(state, unit, answers)
        and not answers.yes_no(
            "target-engaged",
            tr('is {target} within 3" of {unit}?', target=target.name, unit=unit.name),
        )
    ):
        raise RuleError(
            tr('{unit} is within 3" of an enemy: it may only shoot units within 3"', unit=unit.name)
        )
    from aos_cli.core.guards import RANGE_AND_REALM_REVISION
    from aos_cli.core.scoring import night_march

    if state.rules_revision >= RANGE_AND_REALM_REVISION:
        if act.attacks != 0:  # `--attacks 0`: a weapon with no target in range attacks nothing
            check_missile_range(state, unit, target, weapons, answers)
    elif night_march(state):
        require_night_march_reach(unit, target, answers)
    hit_mod = look_out_sir(state, target, answers)
    if hit_mod:
        say(state, tr("Look Out, Sir!: -1 to hit."))
    declare_triumphs(state, act, unit, target, dice, answers)
    if by_the_book(state):
        attack_with(state, unit, target, weapons, act, dice, answers, hit_mod=hit_mod)
        return
    resolve_attack(
        state, unit, target, weapons, dice, answers, hit_mod=hit_mod, extra=attack_flags(act)
    )
    unit.shot = True


@action(Charge)
def _charge(state: GameState, act: Charge, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §10: 2D6 from within 12"; not after running or retreating; not from within 3"; one
    charge roll per unit per phase, rerolled once at most (Forward to Victory §7.2, or an
    ability that lets it); the bonuses and penalties in force apply (§1.4)."""
    unit = state.unit(act.unit)
    check_charge(state, unit)
    given = answers.answers
    reach = system_of(state).combat.engagement
    too_close = RuleError(
        tr(
            '{unit} is within {reach}" of an enemy unit and cannot charge',
            unit=unit.name,
            reach=reach,
        )
    )
    too_far = RuleError(
        tr('{unit} is not within 12" of an enemy unit and cannot charge', unit=unit.name)
    )
    if given.get("engaged"):
        raise too_close
    if "within-12" in given and not given["within-12"]:
        raise too_far
    # One measurement answers all three questions: too close, too far, and the roll needed.
    distance = answers.number(
        "distance",
        tr("how far is {unit} from the nearest enemy (inches)?", unit=unit.name),
    )
    if "engaged" not in given and distance <= reach:
        raise too_close
    if "within-12" not in given and distance > 12:
        raise too_far
    modifier, names = roll_modifier(state, unit, "charge", answers)
    first = dice.roll(2, tr("the charge roll of {unit} (2D6)", unit=unit.name))
    roll = modified(sum(first), modifier)
    unit.charge_rolled = applies(state)
    needed = charge_roll_needed(distance)
    failed, ability = 0, None
    if roll < needed and (act.reroll or _offered_reroll(state, unit, act, roll, needed, answers)):
        ability = reroll_source(state, unit, "charge", answers)
        if ability is None:
            needs_hero_in_range(answers, unit, state)
            spend_cp(state, unit.side, "Forward to Victory")
            ability = "Forward to Victory"  # the views name it in the chosen language
            unit.used.append("command: Forward to Victory")
        failed = roll
        first = dice.roll(2, tr("the charge reroll of {unit} (2D6)", unit=unit.name))
        roll = modified(sum(first), modifier)
    charged = roll >= needed
    if charged:
        unit.charged = True
        note_placed(state, unit, "charge")
    emit(
        state,
        Charged(
            unit.spec.id, unit.name, unit.side, float(distance), tuple(first), failed, ability or "",
            modifier, tuple(names), roll, needed, charged,
        ),
    )  # fmt: skip
    if charged:
        after_move(state, unit, dice, answers, "charge")


def _offered_reroll(
    state: GameState, unit: UnitState, act: Charge, roll: int, needed: int, answers: RecordedAnswers
) -> bool:
    """In `aos play`, after a failed charge roll: offer the re-roll the unit has (an ability
    such as Heralds of Righteousness, or Forward to Victory with a command point in hand,
    AoS2 §7.2), and say whether the players take it."""
    if not act.offer_reroll:
        return False
    ability = reroll_source(state, unit, "charge", answers)
    side = state.sides[unit.side]
    if ability is None and not (system_of(state).command_points and side.command_points >= 1):
        return False
    what = ability or tr("Forward to Victory (1 of {n} CP)", n=side.command_points)
    return answers.yes_no(
        "reroll-charge",
        tr(
            "{unit} rolled {roll} for its charge, needing {needed}: re-roll it with {what}?",
            unit=unit.name,
            roll=roll,
            needed=needed,
            what=what,
        ),
    )


@action(Fight)
def _fight(state: GameState, act: Fight, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §11: players alternate picking units to fight, the player whose turn it is first."""
    unit = state.unit(act.unit)
    check_fight(state, unit, answers)
    if not unit.charged and not engaged(state, unit, answers):
        raise RuleError(
            tr(
                '{unit} did not charge and is not within 3" of an enemy: it cannot fight',
                unit=unit.name,
            )
        )
    if by_the_book(state):
        weapons = weapons_now(unit, WeaponKind.MELEE, act.weapon, act.attacks)
    else:
        weapons = [w for w in unit.spec.weapons if w.kind == WeaponKind.MELEE]
        if act.weapon:
            weapons = [w for w in weapons if _named(w, act.weapon)]
    if not weapons:
        raise RuleError(
            tr("{unit} has no melee weapon {weapon}", unit=unit.name, weapon=repr(act.weapon))
        )
    target = enemy_unit(state, unit, act.target)
    declare_triumphs(state, act, unit, target, dice, answers)
    note_placed(state, unit, "fight")
    state.combat_passes = 0
    note_fought_at(state, unit, target, weapons)
    if by_the_book(state):
        attack_with(state, unit, target, weapons, act, dice, answers)
        if unit.fought:
            state.combat_to_pick = 1 - unit.side
            fight_over(state, unit, dice, answers)  # Sweeping Tail
        return
    resolve_attack(state, unit, target, weapons, dice, answers, extra=attack_flags(act))
    unit.fought = True
    state.combat_to_pick = 1 - unit.side
    fight_over(state, unit, dice, answers)


def _named(weapon: WeaponSpec, wanted: str) -> bool:
    return wanted.lower() in (weapon.name.lower(), weapon.id.lower())


def weapons_now(
    unit: UnitState, kind: WeaponKind, wanted: str | None, share: int | None
) -> list[WeaponSpec]:
    """The weapons of `kind` that attack in this action (AoS2 p.6-7): all those that have not
    attacked yet, or the one named; a weapon whose attacks are being split goes on first."""
    left = [w for w in unit.spec.weapons if w.kind == kind and w.id not in unit.weapons_used]
    if not wanted:
        if share == 0:  # no enemy within reach of any of them: it fights, and attacks nothing
            return left
        if share is not None:
            raise RuleError(
                tr("--attacks splits one weapon's attacks: name the weapon"),
                tr("add --weapon NAME"),
            )
        splitting = [w for w in left if w.id in unit.attacks_left]
        return splitting or left
    named = [w for w in unit.spec.weapons if w.kind == kind and _named(w, wanted)]
    if named and named[0].id in unit.weapons_used:
        raise RuleError(
            tr(
                "{unit} has already attacked with {weapon} this phase",
                unit=unit.name,
                weapon=named[0].name,
            )
        )
    if named and share is not None:
        check_share(named[0], unit.attacks_left.get(named[0].id), share)
    busy = [w.name for w in left if w.id in unit.attacks_left and w not in named]
    if busy:
        raise RuleError(
            tr(
                "{unit} must make the attacks left with {weapon} before another weapon",
                unit=unit.name,
                weapon=busy[0],
            ),
            tr("all the attacks of one weapon are made before the next (AoS2 p.7)"),
        )
    return named


def attack_with(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    act: Shoot | Fight,
    dice: DiceSource,
    answers: RecordedAnswers,
    *,
    hit_mod: int = 0,
) -> None:
    """AoS2 p.6-7: the unit attacks with these weapons (or `act.attacks` of one weapon's);
    once every weapon of the kind has made all its attacks, it has shot or fought. Until
    then it must go on attacking, with no other unit in between."""
    kind = weapons[0].kind
    share = act.attacks if act.weapon else None
    if act.attacks == 0 and all(w.id not in unit.attacks_left for w in weapons):
        for weapon in weapons:
            unit.attacks_left[weapon.id] = 0
            say(
                state,
                tr(
                    "{unit}: {weapon} makes no attacks (no target in range).",
                    unit=unit.name,
                    weapon=weapon.name,
                ),
            )
    else:
        resolve_attack(
            state, unit, target, weapons, dice, answers,
            hit_mod=hit_mod, extra=attack_flags(act), share=share, smiths=act.smiths,
        )  # fmt: skip
    for weapon in weapons:
        if unit.attacks_left.get(weapon.id, 0) == 0:
            unit.attacks_left.pop(weapon.id, None)
            unit.weapons_used.append(weapon.id)
    rest = [w.name for w in unit.spec.weapons if w.kind == kind and w.id not in unit.weapons_used]
    if not rest:
        if kind == WeaponKind.MELEE:
            unit.fought = True
        else:
            unit.shot = True
        return
    say(
        state,
        tr(
            "{unit} still attacks with {weapons}: name a target for each (`aos {verb}`).",
            unit=unit.name,
            weapons=Join(tuple(rest)),
            verb="fight" if kind == WeaponKind.MELEE else "shoot",
        ),
    )


@action(Pass)
def _pass(state: GameState, act: Pass, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §11: a player may pass only with no eligible unit; two passes end the fighting."""
    system = system_of(state)
    side = state.combat_to_pick if state.combat_to_pick is not None else state.active_side
    check_pass(state, side)
    if could_fight(state, side) and not answers.yes_no(
        "none-eligible",
        tr(
            'has every unit of {side} within {reach}" of an enemy already fought (yes if none '
            "is that close)?",
            side=state.sides[side].name,
            reach=system.combat.engagement,
        ),
    ):
        raise RuleError(
            tr("{side} still has an eligible unit and cannot pass", side=state.sides[side].name)
        )
    state.combat_passes += 1
    state.combat_to_pick = 1 - side
    over = state.combat_passes >= 2
    emit(state, Passed(side, state.sides[side].name, state.combat_passes, over))
