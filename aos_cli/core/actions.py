"""Applying every player action: the typed values of `aos_cli.core.action_types` and their rules.

`apply_action` decodes an action's stored or typed payload (migrating old ones); `apply` checks
that the action is legal now and changes the state in one step. It is
the same code on the first run (dice from the player or the RNG, recorded) and on every replay
(the recorded dice and the recorded answers), so replaying never re-rolls and never re-asks.

The handlers here are the Age of Sigmar rules; where the game's system differs they ask it
(`aos_cli.core.system.GameSystem`), and a system whose action works differently in kind
(40k8 shooting, psychic powers, morale) registers its own handler for that action kind with
`@action(ActionType, system=...)`, which `apply` prefers for games of that system.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aos_cli.core import terrain
from aos_cli.core.action_types import (
    A,
    Action,
    Adjust,
    Arrive,
    Battleshock,
    Cast,
    Charge,
    Fight,
    General,
    Heal,
    Move,
    Next,
    Objective,
    Pass,
    Priority,
    Retreat,
    Run,
    Shoot,
    Unbind,
    UseAbility,
    UseCommand,
    decode_action,
    encode_action,
)
from aos_cli.core.answers import Asker as Asker
from aos_cli.core.answers import RecordedAnswers as RecordedAnswers
from aos_cli.core.attack import Attack, WeaponProfile, allocate_carry_over
from aos_cli.core.battleshock import battleshock_test
from aos_cli.core.dice import DiceSource, parse_dice, parse_threshold
from aos_cli.core.effects import (
    AttackRules,
    Effect,
    InCover,
    RollModifier,
    TargetInfo,
    compile_effects,
    effect_from_mapping,
)
from aos_cli.core.errors import AosError, InputError, RuleError
from aos_cli.core.movement import charge_roll_needed
from aos_cli.core.scoring import record_objective
from aos_cli.core.state import ActiveEffect, GameState, PendingSpell, UnitState, WeaponSpec
from aos_cli.core.system import system_of
from aos_cli.core.turn import advance, begin_round, due_battleshock

Handler = Callable[[GameState, Any, DiceSource, RecordedAnswers], None]
"""Applies one kind of action: (state, the typed action, dice, answers)."""

HANDLERS: dict[type[Action], Handler] = {}
SYSTEM_HANDLERS: dict[tuple[str, type[Action]], Handler] = {}
"""Handlers of one game system, `(system, action type)`, preferred over `HANDLERS[type]`."""


def action(
    kind: type[A], system: str | None = None
) -> Callable[
    [Callable[[GameState, A, DiceSource, RecordedAnswers], None]],
    Callable[[GameState, A, DiceSource, RecordedAnswers], None],
]:
    """Register the rules of one kind of action (for one game system only, if given)."""

    def register(
        handler: Callable[[GameState, A, DiceSource, RecordedAnswers], None],
    ) -> Callable[[GameState, A, DiceSource, RecordedAnswers], None]:
        if system is None:
            HANDLERS[kind] = handler
        else:
            SYSTEM_HANDLERS[(system, kind)] = handler
        return handler

    return register


def handler_for(state: GameState, kind: type[Action]) -> Handler | None:
    """The handler of an action type for the game's system: its own, else the shared one."""
    system_of(state)  # imports the system's module, which registers its own handlers
    return SYSTEM_HANDLERS.get((state.system, kind)) or HANDLERS.get(kind)


def read_action(state: GameState, kind: str, payload: dict[str, Any]) -> Action:
    """The typed action of a payload for this game (a system's own kinds included)."""
    system_of(state)  # imports the system's module, which registers its own action kinds
    return decode_action(kind, payload)


def apply_action(
    state: GameState,
    kind: str,
    payload: dict[str, Any],
    dice: DiceSource,
    asker: RecordedAnswers | None = None,
) -> Action:
    """Decode, check and apply one action given as its kind and payload (from the command line
    or the action log); the payload is rewritten in the current stored shape, with the answers
    the action needed under `answers`. Returns the typed action."""
    value = read_action(state, kind, payload)
    answers = asker or RecordedAnswers(dict(payload.get("answers") or {}))
    clock = payload.get("clock")
    apply(state, value, dice, answers)
    payload.clear()
    payload.update(encode_action(value))
    if answers.answers:
        payload["answers"] = answers.answers
    if isinstance(clock, dict) and clock.get("side") in (0, 1):
        payload["clock"] = clock
        side = int(clock["side"])
        state.clock[side] = state.clock.get(side, 0.0) + float(clock.get("seconds", 0))
    return value


def apply(state: GameState, value: Action, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Check that a typed action is legal now and apply it in one step."""
    handler = handler_for(state, type(value))
    if handler is None:
        raise RuleError(
            f"there is no action {value.kind!r} in {system_of(state).name}", "see `aos --help`"
        )
    state.notes = []
    if state.ended and not isinstance(value, Adjust):
        raise RuleError("the battle is over", "see the result with `aos status`")
    if state.pending_spell is not None and not isinstance(value, Unbind | Adjust):
        raise RuleError(
            f"{state.pending_spell.spell} is waiting for an unbind attempt",
            "run `aos unbind WIZARD` or `aos unbind --pass`",
        )
    before = {id(u): u.models for u in state.units()}
    where = (state.round, state.phase)
    handler(state, value, dice, answers)
    _record_losses(state, before, where)


def _record_losses(state: GameState, before: dict[int, int], where: tuple[int, str]) -> None:
    """Note the models each unit lost in one action, with the round and phase it happened in."""
    for unit in state.units():
        lost = before.get(id(unit), unit.models) - unit.models
        if lost > 0:
            state.losses.append(
                {"round": where[0], "phase": where[1], "side": unit.side,
                 "unit": unit.spec.id, "models": lost}
            )  # fmt: skip


# --------------------------------------------------------------------------- helpers


def _need_phase(state: GameState, *phases: str) -> None:
    if state.phase not in phases:
        allowed = " or ".join(phases)
        raise RuleError(f"it is the {state.phase} phase, not the {allowed} phase", "use `aos next`")


def _own(state: GameState, unit: UnitState, verb: str) -> None:
    """The unit must belong to the side whose turn it is."""
    if unit.side != state.active_side:
        raise RuleError(
            f"{unit.name} cannot {verb}: it is {state.sides[state.active_side].name}'s turn"
        )


def _present(unit: UnitState) -> None:
    if not unit.alive:
        raise RuleError(f"{unit.name} has been destroyed")
    if unit.in_reserve:
        raise RuleError(f"{unit.name} is not on the battlefield (in reserve)")


def acting_unit(state: GameState, name: str, phase: str, verb: str) -> UnitState:
    """The unit an action is for, checked: the right phase, its side's turn, on the table."""
    _need_phase(state, phase)
    unit = state.unit(name)
    _own(state, unit, verb)
    _present(unit)
    return unit


def _spend_cp(state: GameState, side: int, what: str) -> None:
    """Each command ability costs 1 command point (AoS2 §7.1); a system without command points
    has none to spend (AoS1 §7.2, aos-differences #55)."""
    system = system_of(state)
    if not system.command_points:
        raise RuleError(
            f"{what} costs a command point, and {system.name} has no command points",
            f"{system.section}: see `aos rules show command-ability-1e --system {system.id}`",
        )
    if state.sides[side].command_points < 1:
        raise RuleError(f"{state.sides[side].name} has no command points for {what}")
    state.sides[side].command_points -= 1


def _needs_hero_in_range(answers: RecordedAnswers, unit: UnitState) -> None:
    """Generic command abilities need a friendly Hero within 6" (general: 12") (AoS2 §7.2)."""
    if not answers.yes_no(
        "in-command-range",
        f'is {unit.name} within 6" of a friendly Hero or 12" of your general?',
    ):
        raise RuleError(f"{unit.name} is not in range of a Hero to receive the command")


def unit_rules(unit: UnitState, roll_owner: str) -> list[Effect]:
    """Effects in force on a unit that change attacks: `attacker` or `defender` effects."""
    defender_types = {"ward", "ethereal", "cover"}
    effects: list[Effect] = []
    sources = [(a.name, a.effects) for a in unit.effects]
    sources += [(a.name, a.effects) for a in unit.spec.abilities if a.passive]
    for name, mappings in sources:
        for mapping in mappings:
            try:
                effect = effect_from_mapping(dict(mapping), name)
            except AosError:
                continue
            is_defence = mapping.get("type") in defender_types or mapping.get("roll") == "save"
            if (roll_owner == "defender") == is_defence:
                effects.append(effect)
    return effects


def weapon_attack(unit: UnitState, weapon: WeaponSpec, extra: list[Effect]) -> Attack:
    """A weapon's profile for the models left carrying it, with the damage table row applied
    (AoS2 §20.4). Models carrying a weapon option are assumed to be removed last."""
    row = unit.damage_row() or {}

    def value(key: str) -> str:
        return str(row.get(f"weapon.{weapon.id}.{key}", getattr(weapon, key)))

    effects: list[Effect] = [effect_from_mapping(dict(m), weapon.name) for m in weapon.effects]
    effects += [e for e in extra if _attack_effect(e)]
    carriers = unit.models if weapon.carriers is None else min(weapon.carriers, unit.models)
    profile = WeaponProfile(
        attacks=parse_dice(value("attacks"), what=f"{weapon.name} attacks"),
        to_hit=parse_threshold(value("to_hit"), what=f"{weapon.name} to hit"),
        to_wound=parse_threshold(value("to_wound"), what=f"{weapon.name} to wound"),
        rend=int(value("rend")),
        damage=parse_dice(value("damage"), what=f"{weapon.name} damage"),
        models=carriers,
        name=weapon.name,
    )
    return Attack(profile, compile_effects(effects))


def _attack_effect(effect: Effect) -> bool:
    try:
        compile_effects([effect])
    except TypeError:
        return False
    return True


def inflict(state: GameState, target: UnitState, damage: int, *, slain_by: int | None) -> int:
    """Allocate damage onto a unit with carry-over (AoS2 §14.7); returns models slain.
    `slain_by` is the side whose attack, spell or ability it is (None: terrain)."""
    allocation = allocate_carry_over(
        damage, target.models, target.spec.wounds, target.wounds_on_damaged
    )
    target.models = allocation.models_left
    target.wounds_on_damaged = allocation.wounds_on_damaged
    target.slain_this_turn += allocation.slain
    if allocation.slain:
        from aos_cli.core import scoring

        state.notes.append(f"{target.name}: {allocation.slain} slain, {target.models} left.")
        # First Blood VP and CP, coalition kills: scored by the battleplan's rules (issue 7).
        scoring.models_slain(state, target, allocation.slain, by=slain_by)
        if not target.alive and target.general:
            pass_on_generalship(state, target)
        if not target.alive:
            transport_destroyed(state, target)
    return allocation.slain


def pass_on_generalship(state: GameState, fallen: UnitState) -> None:
    """A slain general is replaced by another model of the army (AoS2 §5.3): the tool names
    the Hero with the most Wounds left, and `aos general UNIT` picks another."""
    from aos_cli.core.system import system_of

    alive = [u for u in state.sides[fallen.side].units if u.alive and not u.general]
    if not system_of(state).general_replaced or not alive:
        state.notes.append(f"{fallen.name}, the general, is slain.")
        return
    heroes = [u for u in alive if u.spec.is_hero] or alive
    successor = max(heroes, key=lambda u: u.spec.wounds - u.wounds_on_damaged)
    successor.general = True
    state.notes.append(
        f"{fallen.name} was the general: {successor.name} takes its place "
        "(pick another with `aos general UNIT`)."
    )


@action(General)
def _pick_general(
    state: GameState, act: General, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Pick the model that takes a slain general's place (AoS2 §5.3)."""
    unit = state.unit(act.unit)
    _present(unit)
    side = state.sides[unit.side]
    if not any(u.general and not u.alive for u in side.units):
        raise RuleError(f"{side.name}'s general is alive", "a general is replaced only when slain")
    for other in side.units:
        if other.alive:
            other.general = other is unit
    state.notes.append(f"{unit.name} is now {side.name}'s general.")


def slay_models(
    state: GameState, unit: UnitState, count: int, how: str = "slain", *, slain_by: int | None
) -> int:
    """Remove `count` whole models (slain or fled) and score them for `slain_by` (the side
    whose effect removed them, None for terrain); returns models removed."""
    from aos_cli.core import scoring

    count = max(0, min(count, unit.models))
    if not count:
        return 0
    unit.models -= count
    unit.slain_this_turn += count
    if not unit.models:
        unit.wounds_on_damaged = 0
    state.notes.append(f"{unit.name}: {count} slain, {unit.models} left.")
    scoring.models_slain(state, unit, count, by=slain_by, how=how)
    return count


def transport_destroyed(state: GameState, transport: UnitState) -> None:
    """Units inside a destroyed transport must disembark at once (40k8 §12.5)."""
    for unit in state.units():
        if unit.embarked_in == transport.spec.id and unit.alive:
            unit.must_disembark = True
            state.notes.append(
                f"{unit.name} must disembark from the wreck of {transport.name}: "
                f"`aos disembark {unit.spec.id}` (a D6 per model, each 1 slays one; 40k8 §12.5)."
            )


def _resolve_attack(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    dice: DiceSource,
    answers: RecordedAnswers,
    *,
    hit_mod: int = 0,
) -> int:
    """Attack `target` with `weapons`, allocate the damage and report it; returns damage.

    The dice are judged by the game's system: the 1st edition has no unmodified-roll rules
    and gives cover to big Monsters too (AoS1 §11.3, §11.7)."""
    system = system_of(state)
    attack_effects = unit_rules(attacker, "attacker")
    if hit_mod:
        attack_effects.append(RollModifier("hit", hit_mod))
    defence = unit_rules(target, "defender")
    melee = weapons[0].kind == "melee"
    garrison = terrain.garrisoned(state, target, answers)
    if garrison:
        attack_effects.append(RollModifier("hit", -1))  # attacks on a garrison (AoS2 §4.5)
    cover = garrison or answers.yes_no(
        "cover", f"is every model of {target.name} wholly on or within a terrain feature?"
    )
    if cover:
        defence.append(InCover())
    attacks = [weapon_attack(attacker, w, attack_effects + defence) for w in weapons]
    attacks = [Attack(a.profile, system.attack_rules(a.rules)) for a in attacks]
    info = TargetInfo(
        target.spec.save,
        monster_wounds_8=target.spec.monster_wounds_8 and system.cover_for_monsters(),
        charged_this_turn_in_combat=melee and target.charged,
    )
    ward_rules: AttackRules = compile_effects([e for e in defence if _attack_effect(e)])
    # One ward roll per wound: with a Mystical feature too, the better of the two is rolled.
    wards = [w for w in (ward_rules.ward, system.mystical_ward(state, target, answers)) if w]
    ward = min(wards) if wards else None
    from aos_cli.core.aos_engine import AOS_ENGINE, AosAttack

    spec = AosAttack(tuple(attacks), info, ward=ward)
    result = AOS_ENGINE.resolve(spec, dice)
    state.notes.append(
        f"{attacker.name} → {target.name}: {result.attacks} attacks, {result.hits} hits, "
        f"{result.wounds} wounds, {result.unsaved} unsaved, {result.mortal_wounds} mortal, "
        f"{result.damage} damage."
    )
    slain = inflict(state, target, result.damage, slain_by=attacker.side)
    state.attack_log.append(
        {
            "round": state.round,
            "phase": state.phase,
            "side": attacker.side,
            "unit": attacker.spec.id,
            "target": target.spec.id,
            "expected": AOS_ENGINE.mean(spec),
            "damage": result.damage,
            "slain": slain,
        }
    )
    return result.damage


def _enemy(state: GameState, unit: UnitState, name: str) -> UnitState:
    target = state.unit(name)
    if target.side == unit.side:
        raise RuleError(
            f"{target.name} is not an enemy of {unit.name}", "only enemy units are targets"
        )
    _present(target)
    return target


# --------------------------------------------------------------------------- the turn


@action(Priority)
def _priority(state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Who takes the first turn of the round, by the system's rule: AoS2 §6 a roll-off whose
    winner picks; AoS1 §6 ties rolled again, round one chosen by who finished set-up first;
    40k8 §17.7 the Underdog's choice, kept for every round."""
    _need_phase(state, "priority")
    first_side = system_of(state).priority(state, act, dice, answers)
    begin_round(state, first_side, dice)


@action(Next)
def _next(state: GameState, act: Next, dice: DiceSource, answers: RecordedAnswers) -> None:
    advance(state, dice, answers)


# --------------------------------------------------------------------------- movement


@action(Move)
def _move(state: GameState, act: Move, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §8: each unit moves once per movement phase."""
    unit = acting_unit(state, act.unit, "movement", "move")
    if unit.moved:
        raise RuleError(f"{unit.name} has already moved this phase")
    unit.moved = True
    state.notes.append(f'{unit.name} moves (Move {unit.spec.move}").')
    _after_move(state, unit, dice, answers)


def _after_move(
    state: GameState,
    unit: UnitState,
    dice: DiceSource,
    answers: RecordedAnswers,
    how: str = "move",
) -> None:
    """Deadly terrain after a move (AoS2 §4.3; the 1st edition's own table, AoS1 §3.4)."""
    system_of(state).after_move(state, unit, dice, answers, how)


@action(Retreat)
def _retreat(state: GameState, act: Retreat, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §8.3: a retreating unit cannot shoot or charge later in the turn."""
    _move(state, Move(act.unit), dice, answers)
    state.unit(act.unit).retreated = True
    state.notes[-1] = f"{act.unit} retreats: it cannot shoot or charge this turn."


@action(Run)
def _run(state: GameState, act: Run, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §8.4: add a D6 to Move; At the Double (1 CP) makes it a 6 (§7.2)."""
    unit = acting_unit(state, act.unit, "movement", "run")
    if unit.moved:
        raise RuleError(f"{unit.name} has already moved this phase")
    if act.at_the_double:
        _needs_hero_in_range(answers, unit)
        _spend_cp(state, unit.side, "At the Double")
        roll = 6
    else:
        roll = dice.roll(1, f"{unit.name}'s run roll (D6)")[0]
    unit.moved = unit.ran = True
    state.notes.append(f'{unit.name} runs: +{roll}" (it cannot shoot or charge this turn).')
    _after_move(state, unit, dice, answers, "run")


@action(Arrive)
def _arrive(state: GameState, act: Arrive, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Scions of the Storm (AoS2 §26.1): in your movement phase a unit in the Celestial Realm
    arrives on a 3+, set up more than 9" from the enemy; arriving is its move."""
    _need_phase(state, "movement")
    unit = state.unit(act.unit)
    _own(state, unit, "arrive")
    if not unit.in_reserve:
        raise RuleError(f"{unit.name} is not in reserve")
    if unit.moved:
        raise RuleError(f"{unit.name} has already rolled to arrive this phase")
    roll = max(1, dice.roll(1, f"{unit.name}'s arrival roll (D6)")[0] + act.mod)
    unit.moved = True
    if roll >= 3:
        unit.in_reserve = False
        state.notes.append(
            f'{unit.name} arrives (rolled {roll}): set it up more than 9" from the enemy.'
        )
    else:
        state.notes.append(f"{unit.name} does not arrive (rolled {roll}); roll again next turn.")


# --------------------------------------------------------------------------- shooting


@action(Shoot)
def _shoot(state: GameState, act: Shoot, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §9: units that ran or retreated cannot shoot; Look Out, Sir! against Heroes."""
    unit = acting_unit(state, act.unit, "shooting", "shoot")
    if unit.ran or unit.retreated:
        raise RuleError(
            f"{unit.name} {'ran' if unit.ran else 'retreated'} this turn and cannot shoot"
        )
    if unit.shot:
        raise RuleError(f"{unit.name} has already shot this phase")
    weapons = [w for w in unit.spec.weapons if w.kind == "missile"]
    if act.weapon:
        weapons = [w for w in weapons if w.name.lower() == act.weapon.lower()]
    if not weapons:
        raise RuleError(f"{unit.name} has no missile weapon to shoot with")
    target = _enemy(state, unit, act.target)
    system = system_of(state)
    if (
        system.shooting_engaged_rule
        and answers.yes_no("engaged", f'is {unit.name} within 3" of an enemy unit?')
        and not answers.yes_no("target-engaged", f'is {target.name} within 3" of {unit.name}?')
    ):
        raise RuleError(f'{unit.name} is within 3" of an enemy: it may only shoot units within 3"')
    hit_mod = 0
    if (
        system.look_out_sir
        and target.spec.is_hero
        and not target.spec.has("MONSTER")
        and answers.yes_no(
            "look-out-sir", f'is {target.name} within 3" of a friendly unit of 3 or more models?'
        )
    ):
        hit_mod = -1  # Look Out, Sir! (AoS2 §9)
        state.notes.append("Look Out, Sir!: -1 to hit.")
    _resolve_attack(state, unit, target, weapons, dice, answers, hit_mod=hit_mod)
    unit.shot = True


# --------------------------------------------------------------------------- charge and combat


@action(Charge)
def _charge(state: GameState, act: Charge, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §10: 2D6 from within 12"; not after running or retreating; not from within 3"."""
    unit = acting_unit(state, act.unit, "charge", "charge")
    if unit.ran or unit.retreated:
        raise RuleError(
            f"{unit.name} {'ran' if unit.ran else 'retreated'} this turn and cannot charge"
        )
    if unit.charged:
        raise RuleError(f"{unit.name} has already charged this phase")
    if answers.yes_no("engaged", f'is {unit.name} within 3" of an enemy unit?'):
        raise RuleError(f'{unit.name} is within 3" of an enemy unit and cannot charge')
    if not answers.yes_no("within-12", f'is {unit.name} within 12" of an enemy unit?'):
        raise RuleError(f'{unit.name} is not within 12" of an enemy unit and cannot charge')
    first = dice.roll(2, f"{unit.name}'s charge roll (2D6)")
    roll = sum(first)
    distance = answers.number(
        "distance", f"how far is {unit.name} from the nearest enemy (inches)?"
    )
    needed = charge_roll_needed(distance)
    if roll < needed and act.reroll:
        _needs_hero_in_range(answers, unit)
        _spend_cp(state, unit.side, "Forward to Victory")
        first = dice.roll(2, f"{unit.name}'s charge reroll (2D6)")
        roll = sum(first)
        state.notes.append("Forward to Victory: the charge is rerolled.")
    if roll >= needed:
        unit.charged = True
        state.notes.append(f"{unit.name} charges: rolled {roll}, needed {needed}.")
        _after_move(state, unit, dice, answers, "charge")
    else:
        state.notes.append(f"{unit.name} fails to charge: rolled {roll}, needed {needed}.")


@action(Fight)
def _fight(state: GameState, act: Fight, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §11: players alternate picking units to fight, the player whose turn it is first."""
    _need_phase(state, system_of(state).combat_phase)
    unit = state.unit(act.unit)
    _present(unit)
    if state.combat_to_pick is not None and unit.side != state.combat_to_pick:
        raise RuleError(f"it is {state.sides[state.combat_to_pick].name}'s pick to fight")
    if unit.fought:
        raise RuleError(f"{unit.name} has already fought this phase")
    if not unit.charged and not answers.yes_no(
        "engaged", f'is {unit.name} within 3" of an enemy unit?'
    ):
        raise RuleError(
            f'{unit.name} did not charge and is not within 3" of an enemy: it cannot fight'
        )
    weapons = [w for w in unit.spec.weapons if w.kind == "melee"]
    if not weapons:
        raise RuleError(f"{unit.name} has no melee weapons")
    target = _enemy(state, unit, act.target)
    _resolve_attack(state, unit, target, weapons, dice, answers)
    unit.fought = True
    state.combat_passes = 0
    state.combat_to_pick = 1 - unit.side


@action(Pass)
def _pass(state: GameState, act: Pass, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §11: a player may pass only with no eligible unit; two passes end the fighting."""
    system = system_of(state)
    _need_phase(state, system.combat_phase)
    side = state.combat_to_pick if state.combat_to_pick is not None else state.active_side
    waiting = [
        u for u in state.sides[side].units if u.on_battlefield and u.charged and not u.fought
    ]
    if waiting:
        raise RuleError(
            f"{waiting[0].name} charged and must fight before {state.sides[side].name} can pass"
        )
    if not answers.yes_no(
        "none-eligible",
        f'has {state.sides[side].name} no unit left within {system.engagement}" of an enemy '
        "that has not fought?",
    ):
        raise RuleError(f"{state.sides[side].name} still has an eligible unit and cannot pass")
    state.combat_passes += 1
    state.combat_to_pick = 1 - side
    state.notes.append(f"{state.sides[side].name} passes.")
    if state.combat_passes >= 2:
        state.notes.append("Both players passed: the fighting is over; `aos next`.")


# --------------------------------------------------------------------------- battleshock


@action(Battleshock)
def _battleshock(
    state: GameState, act: Battleshock, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """AoS2 §12: every unit that lost models this turn tests, the player whose turn it is first
    (AoS1 §13 the same, with Inspiring Presence lasting until your next hero phase)."""
    system = system_of(state)
    _need_phase(state, system.shock_phase)
    waiting = due_battleshock(state)
    if not waiting:
        state.notes.append("No battleshock tests are due.")
        return
    for unit in waiting:
        modifier = sum(
            int(m.get("amount", 0))
            for effect in unit.effects
            for m in effect.effects
            if m.get("type") == "characteristic_modifier" and m.get("characteristic") == "bravery"
        ) + system.bravery_modifier(state, unit, answers)
        test = battleshock_test(
            dice, bravery=unit.spec.bravery, slain=unit.slain_this_turn, models=unit.models,
            bravery_modifier=modifier,
        )  # fmt: skip
        unit.battleshock_tested = True
        unit.models -= test.fled
        if test.fled:  # fled models count as slain (AoS2 §12)
            from aos_cli.core import scoring

            scoring.models_slain(state, unit, test.fled, by=1 - unit.side, how="fled")
        if not unit.models:
            unit.wounds_on_damaged = 0
        verdict = "passes" if test.passed else f"fails: {test.fled} flee"
        state.notes.append(
            f"{unit.name}: rolled {test.die} + {test.slain} = {test.roll} against Bravery "
            f"{test.bravery}, {verdict}."
        )


# --------------------------------------------------------------------------- magic


GENERIC_SPELLS = {
    "arcane bolt": 5,
    "mystic shield": 6,
}
"""Spells most wizards know (AoS2 §15) and their casting values; each system lists its own
(`GameSystem.spells`: AoS1 §12 the same two, 40k8 §5.3 Smite)."""


def _spell_value(state: GameState, unit: UnitState, spell: str) -> tuple[str, int]:
    key = spell.strip().lower()
    for ability in unit.spec.abilities:
        if ability.kind == "spell" and key in (ability.id.lower(), ability.name.lower()):
            return ability.name, int(ability.casting_value or 0)
    generic = system_of(state).spell(key)
    if generic is not None:
        return generic.name.title(), generic.casting_value
    known = ", ".join(
        [
            *(a.name for a in unit.spec.abilities if a.kind == "spell"),
            *(s.name.title() for s in system_of(state).spells),
        ]
    )
    raise RuleError(f"{unit.name} does not know {spell!r}", f"it knows: {known}")


def _casts_this_phase(state: GameState, unit: UnitState, kind: str) -> int:
    return sum(1 for key in state.used_this_phase if key.startswith(f"{kind}:{unit.spec.id}:"))


@action(Cast)
def _cast(state: GameState, act: Cast, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §15: 2D6 >= casting value; each spell once per turn army-wide; casts per warscroll.
    AoS1 §12: each wizard may attempt each spell once per turn."""
    system = system_of(state)
    _need_phase(state, system.magic_phase)
    wizard = state.unit(act.unit)
    _own(state, wizard, "cast")
    _present(wizard)
    if not wizard.spec.is_wizard or wizard.spec.casts < 1:
        raise RuleError(f"{wizard.name} is not a wizard")
    spell, value = _spell_value(state, wizard, act.spell)
    if _casts_this_phase(state, wizard, "cast") >= wizard.spec.casts:
        raise RuleError(
            f"{wizard.name} has cast all {wizard.spec.casts} spell(s) it may this phase"
        )
    if system.spell_limit == "caster":
        key = f"{wizard.side}:{wizard.spec.id}:{spell.lower()}"
        limit = f"once per turn by each wizard, {system.section} §12"
    else:
        key = f"{wizard.side}:{spell.lower()}"
        limit = "once per turn, army-wide"
    if key in state.spells_attempted:
        raise RuleError(f"{spell} has already been attempted this turn ({limit})")
    state.spells_attempted.add(key)
    state.used_this_phase.add(f"cast:{wizard.spec.id}:{spell.lower()}")
    rolled = dice.roll(2, f"{wizard.name} casts {spell} (2D6, needs {value})")
    total = sum(rolled) + act.mod + system.arcane_bonus(state, wizard, answers)
    if total < value:
        state.notes.append(f"{wizard.name} fails to cast {spell}: {total} against {value}.")
        return
    state.notes.append(f"{wizard.name} casts {spell} with {total}.")
    pending = PendingSpell(wizard.spec.id, spell, total, act.target)
    if not offer_unbind(state, wizard, pending, "unbind with {names}: `aos unbind`"):
        _resolve_spell(state, pending, dice)


def offer_unbind(state: GameState, caster: UnitState, pending: PendingSpell, how: str) -> bool:
    """Leave a cast spell waiting when an enemy caster may still unbind (or deny) it this
    phase; False when nobody can, so the spell takes effect at once (AoS2 §15, 40k8 psychic)."""
    enemy = state.sides[1 - caster.side]
    able = [
        u for u in enemy.units
        if u.on_battlefield and u.spec.unbinds > _casts_this_phase(state, u, "unbind")
    ]  # fmt: skip
    if not able:
        return False
    state.pending_spell = pending
    names = ", ".join(u.spec.id for u in able)
    state.notes.append(f"{enemy.name} may {how.format(names=names)}.")
    return True


@action(Unbind)
def _unbind(state: GameState, act: Unbind, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §15: one unbind attempt, within 30" of the caster, 2D6 must beat the casting roll.
    AoS1 §12: within 18" of the caster and able to see it."""
    system = system_of(state)
    pending = state.pending_spell
    if pending is None:
        raise RuleError("there is no spell waiting to be unbound")
    state.pending_spell = None
    if act.unit is None:
        state.notes.append(f"No unbind attempt: {pending.spell} takes effect.")
        _resolve_spell(state, pending, dice)
        return
    wizard = state.unit(act.unit)
    caster = state.unit(pending.caster)
    if wizard.side == caster.side:
        raise RuleError(f"{wizard.name} is on the caster's side")
    _present(wizard)
    if wizard.spec.unbinds <= _casts_this_phase(state, wizard, "unbind"):
        raise RuleError(f"{wizard.name} cannot unbind any more spells this phase")
    reach = system.unbind_range
    sees = " and able to see it" if system.unbind_needs_sight else ""
    if not answers.yes_no(
        f"within-{reach}", f'is {wizard.name} within {reach}" of {caster.name}{sees}?'
    ):
        raise RuleError(
            f'{wizard.name} is not within {reach}" of {caster.name}{sees} and cannot unbind'
        )
    state.used_this_phase.add(f"unbind:{wizard.spec.id}:{pending.spell.lower()}")
    rolled = dice.roll(2, f"{wizard.name} unbinds (2D6, must beat {pending.casting_roll})")
    total = sum(rolled) + act.mod + system.arcane_bonus(state, wizard, answers)
    if total > pending.casting_roll:
        state.notes.append(f"{wizard.name} unbinds {pending.spell} with {total}.")
        return
    state.notes.append(f"{wizard.name} fails to unbind ({total}): {pending.spell} takes effect.")
    _resolve_spell(state, pending, dice)


def _resolve_spell(state: GameState, pending: PendingSpell, dice: DiceSource) -> None:
    """Apply a cast spell: Arcane Bolt and Mystic Shield (AoS2 §15; AoS1 §12 D3 mortal wounds
    and +1 to saves), or the warscroll's effects."""
    system = system_of(state)
    caster = state.unit(pending.caster)
    name = pending.spell.lower()
    if name == "arcane bolt":
        if pending.target is None:
            raise RuleError('Arcane Bolt needs --target (an enemy unit within 18")')
        target = _enemy(state, caster, pending.target)
        amount = system.arcane_bolt(pending.casting_roll, dice)
        state.notes.append(f"Arcane Bolt: {target.name} suffers {amount} mortal wound(s).")
        inflict(state, target, amount, slain_by=caster.side)
        return
    if name == "mystic shield":
        target = state.unit(pending.target) if pending.target else caster
        if target.side != caster.side:
            raise RuleError("Mystic Shield targets a friendly unit")
        effect, reads = system.mystic_shield()
        target.effects.append(
            ActiveEffect("Mystic Shield", (effect,), "your_next_hero", caster.side)
        )
        state.notes.append(f"Mystic Shield: {target.name} {reads}.")
        return
    spell = next(a for a in caster.spec.abilities if a.name.lower() == name)
    _apply_effects(state, caster, spell.name, spell.effects, pending.target, dice)


# --------------------------------------------------------------------------- abilities and commands


DURATIONS = {
    "end_of_phase": "phase",
    "end_of_turn": "turn",
    "end_of_battle_round": "round",
    "your_next_hero_phase": "your_next_hero",
    "end_of_battle": "battle",
}
"""Ability durations (`lasting.until`) as the expiry scopes effects in force use."""

ATTACK_EFFECTS = ("reroll", "modifier", "ward", "ethereal", "exploding_hits", "extra_attacks")


def _apply_effects(
    state: GameState,
    source: UnitState,
    name: str,
    effects: tuple[dict[str, Any], ...],
    target_name: str | None,
    dice: DiceSource,
) -> None:
    """Apply what the tool can of an ability's structured effects; remind of the rest."""
    target = state.unit(target_name) if target_name else source
    if not _apply_each(state, source, target, name, effects, dice):
        state.notes.append(f"{name}: apply its rules at the table (reminder).")


def _apply_each(
    state: GameState,
    source: UnitState,
    target: UnitState,
    name: str,
    effects: tuple[dict[str, Any], ...],
    dice: DiceSource,
) -> bool:
    """Apply effect mappings in order (recursing into roll-then and lasting effects); False
    when none of them is something the tool can apply itself."""
    applied = False
    immediate: list[dict[str, Any]] = []
    for mapping in effects:
        kind = mapping.get("type")
        aim = source if mapping.get("target") in ("self", "bearer") else target
        if kind == "mortal_wounds":
            amount = parse_dice(str(mapping.get("amount", 1))).roll(dice, f"{name} mortal wounds")
            state.notes.append(f"{name}: {aim.name} suffers {amount} mortal wound(s).")
            inflict(state, aim, amount, slain_by=source.side)
        elif kind == "heal":
            amount = parse_dice(str(mapping.get("amount", 1))).roll(dice, f"{name} healing")
            healed = min(amount, aim.wounds_on_damaged)
            aim.wounds_on_damaged -= healed
            state.notes.append(f"{name}: {aim.name} heals {healed} wound(s).")
        elif kind == "roll_then":
            # "Roll a D6; on a 3+ ..." (AoS2 §21): once for the unit, or once per model.
            needed = int(str(mapping.get("on", 4)).rstrip("+"))
            expr = parse_dice(str(mapping.get("dice", "D6")))
            times = aim.models if mapping.get("per") == "model" else 1
            rolls = [expr.roll(dice, f"{name} (needs {needed}+)") for _ in range(times)]
            hits = sum(1 for r in rolls if r >= needed)
            shown = " ".join(str(r) for r in rolls)
            state.notes.append(f"{name}: rolled {shown} (needs {needed}+).")
            for _ in range(hits):
                _apply_each(state, source, aim, name, tuple(mapping.get("then", ())), dice)
        elif kind == "lasting":
            until = DURATIONS.get(str(mapping.get("until")), "phase")
            inner = tuple(dict(m) for m in mapping.get("effects", ()))
            aim.effects.append(ActiveEffect(name, inner, until, source.side))
            state.notes.append(f"{name} is in force on {aim.name} ({_until_text(until)}).")
        elif kind == "command_points":
            side = state.sides[source.side]
            side.command_points += int(mapping.get("amount", 1))
            state.notes.append(f"{name}: {side.name} gains command points ({side.command_points}).")
        elif kind in ATTACK_EFFECTS:
            immediate.append(dict(mapping))
        else:
            continue
        applied = True
    if immediate:
        target.effects.append(ActiveEffect(name, tuple(immediate), "phase", source.side))
        state.notes.append(f"{name} is in force on {target.name} this phase.")
    return applied


def _until_text(scope: str) -> str:
    return {
        "phase": "this phase",
        "turn": "this turn",
        "round": "this battle round",
        "your_next_hero": "until your next hero phase",
        "battle": "for the rest of the battle",
    }[scope]


def _use_limited(state: GameState, unit: UnitState, ability_id: str, once_per: str | None) -> None:
    key = f"{unit.spec.id}:{ability_id}"
    used = {
        "phase": state.used_this_phase,
        "turn": state.used_this_turn,
        "battle": state.sides[unit.side].used_once_per_battle,
    }
    if once_per in used:
        if key in used[once_per]:
            raise RuleError(f"{unit.name} has already used this ability this {once_per}")
        used[once_per].add(key)


@action(UseAbility)
def _ability(state: GameState, act: UseAbility, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Use a warscroll ability (prayers, once-per-battle abilities) at its timing (AoS2 §21)."""
    unit = state.unit(act.unit)
    _present(unit)
    wanted = act.ability.lower()
    matches = [
        a for a in unit.spec.abilities
        if a.kind in ("ability", "prayer", "command") and (a.id.lower() == wanted or a.name.lower().startswith(wanted))
    ]  # fmt: skip
    if not matches:
        known = ", ".join(a.name for a in unit.spec.abilities if a.kind != "spell") or "none"
        raise RuleError(f"{unit.name} has no ability {act.ability!r}", f"its abilities: {known}")
    ability = matches[0]
    system = system_of(state)
    if ability.kind == "command" and system.general_commands:
        _general_command(state, unit, ability.name)
    elif ability.phase and ability.phase != state.phase:
        raise RuleError(
            f"{ability.name} is used in the {ability.phase} phase, not the {state.phase} phase"
        )
    elif ability.turn != "any" and (unit.side == state.active_side) != (ability.turn == "yours"):
        whose = "your own" if ability.turn == "yours" else "the enemy's"
        raise RuleError(f"{ability.name} is used in {whose} turn")
    elif ability.cost:
        _spend_cp(state, unit.side, ability.name)
    _use_limited(state, unit, ability.id, ability.once_per)
    _apply_effects(state, unit, ability.name, ability.effects, act.target, dice)


def _general(state: GameState, side: int) -> UnitState:
    """The side's general, alive and on the battlefield (AoS1 §4.1)."""
    found = [u for u in state.sides[side].units if u.general and u.on_battlefield]
    if not found:
        raise RuleError(
            f"{state.sides[side].name} has no general on the battlefield to command",
            "the 1st edition sheet has no rule for replacing a slain general (AoS1 §4.1)",
        )
    return found[0]


def _general_command(state: GameState, unit: UnitState, what: str) -> None:
    """AoS1 §7.2: in your hero phase your general alone may use one command ability, free."""
    system = system_of(state)
    _need_phase(state, system.command_phase)
    _own(state, unit, "command")
    general = _general(state, unit.side)
    if unit is not general and not unit.general:
        raise RuleError(f"only the general commands in {system.name}; {unit.name} is not it")
    key = f"general-command:{unit.side}"
    if key in state.used_this_phase:
        raise RuleError(
            f"{general.name} has already used its one command ability this hero phase "
            f"({system.section} §7.2)"
        )
    state.used_this_phase.add(key)
    state.notes.append(f"{general.name} uses {what}, its one command ability of the phase.")


@action(UseCommand)
def _command(state: GameState, act: UseCommand, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Generic command abilities (AoS2 §7.2): Inspiring Presence here; At the Double and Forward
    to Victory are used with `aos run --at-the-double` and `aos charge --reroll`. In the 1st
    edition the general uses Inspiring Presence in the hero phase (AoS1 §7.2)."""
    name = act.ability.strip().lower().replace("-", " ")
    system = system_of(state)
    if name == "inspiring presence" and system.general_commands:
        _inspiring_presence_1e(state, act, answers)
        return
    if name == "inspiring presence":
        _need_phase(state, "battleshock")
        unit = state.unit(_commanded(act))
        _present(unit)
        if any(u.battleshock_tested for u in state.units()):
            raise RuleError("Inspiring Presence is used at the start of the battleshock phase")
        _needs_hero_in_range(answers, unit)
        _spend_cp(state, unit.side, "Inspiring Presence")
        unit.battleshock_exempt = True
        state.notes.append(f"Inspiring Presence: {unit.name} takes no battleshock test this phase.")
        return
    if name in ("at the double", "forward to victory"):
        flag = (
            "aos run UNIT --at-the-double"
            if name == "at the double"
            else "aos charge UNIT --reroll"
        )
        raise RuleError(f"use {name.title()} with the roll it changes", f"run `{flag}`")
    unit = state.unit(_commanded(act))
    _ability(state, UseAbility(unit.spec.id, act.ability, act.target), dice, answers)


def _commanded(act: UseCommand) -> str:
    """The unit a command ability is used by or on; it must be named."""
    if act.unit is None:
        raise InputError(f"name the unit for {act.ability} with --unit")
    return act.unit


def _inspiring_presence_1e(state: GameState, act: UseCommand, answers: RecordedAnswers) -> None:
    """AoS1 §7.2: in your hero phase the general picks one unit of your army within 12" of it;
    that unit takes no battleshock test until your next hero phase. Free, but it is the
    general's one command ability of the phase."""
    unit = state.unit(_commanded(act))
    _present(unit)
    general = _general(state, unit.side)
    if unit is not general and not answers.yes_no(
        "within-12-of-general", f'is {unit.name} within 12" of your general, {general.name}?'
    ):
        raise RuleError(f'{unit.name} is not within 12" of {general.name}')
    _general_command(state, general, "Inspiring Presence")
    unit.effects.append(
        ActiveEffect(
            "Inspiring Presence", ({"type": "no_battleshock"},), "your_next_hero", unit.side
        )
    )
    state.notes.append(
        f"Inspiring Presence: {unit.name} takes no battleshock test until your next hero phase."
    )


# --------------------------------------------------------------------------- corrections


@action(Heal)
def _heal(state: GameState, act: Heal, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §14.12: healing removes allocated wounds; slain models are never healed."""
    unit = state.unit(act.unit)
    _present(unit)
    healed = min(act.amount, unit.wounds_on_damaged)
    unit.wounds_on_damaged -= healed
    state.notes.append(f"{unit.name} heals {healed} wound(s).")


@action(Adjust)
def _adjust(state: GameState, act: Adjust, dice: DiceSource, answers: RecordedAnswers) -> None:
    """A manual correction for what happened on the table that the tool did not see; wounds
    count as dealt by the enemy unless `by` names the side (or `none`, for terrain)."""
    from aos_cli.core.scoring import side_index

    unit = state.unit(act.unit)
    by = (act.by or "").strip()
    slain_by = 1 - unit.side if not by else None if by.lower() == "none" else side_index(state, by)
    models = act.models
    wounds = act.wounds
    if models:
        new = unit.models + models
        if not 0 <= new <= unit.spec.models * 2:
            raise RuleError(f"{unit.name} cannot have {new} models")
        if models < 0:
            unit.slain_this_turn += -models
        unit.models = new
    if wounds > 0:
        inflict(state, unit, wounds, slain_by=slain_by)
    elif wounds < 0:
        unit.wounds_on_damaged = max(0, unit.wounds_on_damaged + wounds)
    state.notes.append(f"{unit.name} adjusted ({act.reason or 'no reason given'}).")


HANDLERS[Objective] = record_objective
"""Objectives are scoring's: placing one, counting the models near it, correcting its holder."""
