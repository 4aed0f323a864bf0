"""Warhammer 40,000 8th edition (40k8-core.md) on the shared game engine: its strategies.

The six phases movement, psychic, shooting, charge, fight and morale (40k8 §3); the same player
first in every battle round, chosen by the Underdog in Only War (40k8 §17.7); no command points
but the Underdog's Command Re-rolls (40k8 §17.6); psychic powers tested on 2D6 and denied within
24" (40k8 §5); morale against the highest Leadership (40k8 §11). The attack sequence itself (BS
or WS, the wound chart, AP, invulnerable saves, excess damage lost) is `aos_cli.systems.wh40k8.engine`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from aos_cli.core.ability_effects import build_effect
from aos_cli.core.action_types import (
    Action,
    Battleshock,
    Cast,
    Charge,
    Fight,
    Move,
    Priority,
    Retreat,
    Run,
    Shoot,
    Unbind,
    UseCommand,
    register_action_type,
)
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.attack_flags import attack_flags
from aos_cli.core.casualties import (
    slay_models,
    suffer_mortal_wounds,
    transport_destroyed,
)
from aos_cli.core.dice import IMPOSSIBLE, DiceSource, parse_dice
from aos_cli.core.effects import AttackRules, Effect, compile_effects
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.guards import acting_unit, enemy_unit, need_phase, own_turn, present
from aos_cli.core.handlers import action
from aos_cli.core.handlers.abilities import apply_effects
from aos_cli.core.handlers.magic import (
    aim_spell,
    attempt_unbind,
    casts_this_phase,
    offer_unbind,
    own_spells,
    spell_value,
)
from aos_cli.core.roll_effects import describe, modified, roll_modifier
from aos_cli.core.state import PendingSpell, UnitState, WeaponSpec
from aos_cli.core.system import (
    GameSystem,
    Option,
    SpellRule,
    UnbindWords,
    choose_first,
    register,
)
from aos_cli.core.unit_attacks import characteristic_bonus, unit_rules
from aos_cli.systems.wh40k8 import INFO
from aos_cli.systems.wh40k8.table import CHARGES_OVER, weapon_type_of

if TYPE_CHECKING:
    from aos_cli.core.state import GameState
    from aos_cli.systems.wh40k8.engine import Attack40k, Target40k, Weapon40k


@register_action_type
@dataclass(frozen=True)
class Embark(Action):
    """Embark a unit in a friendly TRANSPORT (40k8 §12.3)."""

    kind: ClassVar[str] = "embark"
    unit: str
    transport: str


@register_action_type
@dataclass(frozen=True)
class Disembark(Action):
    """Disembark a unit from its transport, or escape its wreck (40k8 §12.4-§12.5)."""

    kind: ClassVar[str] = "disembark"
    unit: str


@register_action_type
@dataclass(frozen=True)
class Intervene(Action):
    """A CHARACTER's Heroic Intervention in the enemy's Charge phase (40k8 §9.5)."""

    kind: ClassVar[str] = "intervene"
    unit: str


@dataclass(frozen=True)
class WH40K8System(GameSystem):
    """The 8th edition's strategies where they differ from Age of Sigmar's."""

    def prepare_sides(self, sides: list[dict[str, Any]], underdog: int | None) -> None:
        """40k8 §17.6: the army with the lower Power Level is the Underdog and has one Command
        Re-roll per full 10 points of difference. On equal Power Levels the Underdog is the
        player who chose the deployment zones: `underdog` (default: the second army list)."""
        levels = [
            sum(int(u.get("profile", {}).get("power", 0)) for u in side["units"]) for side in sides
        ]
        if levels[0] != levels[1]:
            dog = 0 if levels[0] < levels[1] else 1
        else:
            dog = 1 if underdog is None else underdog
        for index, side in enumerate(sides):
            side["power_level"] = levels[index]
            side["underdog"] = index == dog
            side["command_rerolls"] = abs(levels[0] - levels[1]) // 10 if index == dog else 0

    def arcane_bonus(self, state: GameState, wizard: UnitState, answers: RecordedAnswers) -> int:
        """No Arcane scenery in 40k8 (terrain gives cover only, §8.7): Deny the Witch is plain 2D6."""
        return 0

    def priority_menu(self, state: GameState) -> list[Option]:
        """40k8 §17.7: the Underdog chooses who goes first in every round."""
        from aos_cli.systems.wh40k8.menu import UNDERDOG_CHOICE

        return [UNDERDOG_CHOICE]

    def menu(self, state: GameState) -> list[Option] | None:
        """The 40k8 turn: Movement, Psychic, Shooting, Charge, Fight, Morale (40k8 §4-§12)."""
        from aos_cli.systems.wh40k8.menu import turn_menu

        return turn_menu(state)

    def needs_priority_roll(self, state: GameState) -> bool:
        """40k8 §3: the same player goes first in every round; only round one is decided."""
        return state.first_side is None

    def priority(
        self,
        state: GameState,
        act: Priority,
        dice: DiceSource,
        answers: RecordedAnswers,
    ) -> int:
        """40k8 §17.7: the Underdog decides who takes the first turn; that player goes first in
        every battle round (40k8 §3). Without an Underdog the players roll off (40k8 §1.4)."""
        if state.first_side is not None:
            raise RuleError("the same player goes first in every battle round (40k8 §3)")
        from aos_cli.core.scoring import book_of

        underdog = book_of(state).underdog
        if underdog is None:
            from aos_cli.core.dice import roll_off

            result = roll_off(dice, reroll_ties=True)
            decider = 0 if result.winner == 0 else 1
            rolls = ", ".join(f"{a}-{b}" for a, b in result.rounds)
            state.notes.append(
                f"No Underdog: a roll-off ({rolls}); {state.sides[decider].name} decides who "
                "goes first in every battle round (40k8 §1.4, §3)."
            )
        else:
            levels = [side.power_level for side in state.sides]
            why = f"Power Level {levels[underdog]} against {levels[1 - underdog]}"
            if levels[0] == levels[1] and levels[0] > 0:
                # without Power Ratings (games saved before they were given) the set-up's
                # Underdog stands; the set-up in `aos play` knows who chose the zones
                known = book_of(state).zones_chosen_by
                underdog = tied_underdog(state, answers) if known is None else known
                book_of(state).underdog = underdog
                why = f"equal Power Levels of {levels[0]}: it chose the deployment zones"
            decider = underdog
            state.notes.append(
                f"{state.sides[decider].name} is the Underdog ({why}) and decides who goes first "
                "in every battle round (40k8 §17.6, §17.7)."
            )
        return choose_first(state, decider, act, answers)

    def battleshock_exempt(self, state: GameState, unit_side: int, effects: list[Any]) -> bool:
        return False


def tied_underdog(state: GameState, answers: RecordedAnswers) -> int:
    """40k8 §17.6: on equal Power Levels the Underdog is the player who chose the deployment
    zones (§17.5 step 2), which the tool cannot see: it asks."""
    first = state.sides[0].name
    chose = answers.yes_no(
        "zones-chosen-by",
        f"did {first} choose the deployment zones (the Underdog on equal Power Levels)?",
    )
    return 0 if chose else 1


# --------------------------------------------------------------------------- profiles


def skill_value(text: Any) -> int:
    """`3+` → 3; `-` (or nothing) → 7, a '-' characteristic that never succeeds (40k8 §13.4)."""
    cleaned = str(text or "-").strip()
    if cleaned in ("-", ""):
        return IMPOSSIBLE
    return int(cleaned.rstrip("+"))


def weapon_strength(text: str, user: int) -> int:
    """A weapon's Strength from the wielder's: `User`, `+2`, `x2` or a number (40k8 §13.2)."""
    cleaned = text.strip().lower()
    if cleaned in ("", "user"):
        return user
    if cleaned.startswith("+"):
        return user + int(cleaned[1:])
    if cleaned.startswith(("x", "×")):
        return user * int(cleaned[1:])
    return int(cleaned)


def profile_int(unit: UnitState, key: str, default: int) -> int:
    value = unit.spec.profile.get(key, default)
    return int(value) if str(value).lstrip("-").isdigit() else default


def is_character(unit: UnitState) -> bool:
    return unit.spec.has("CHARACTER")


def _weapon40k(unit: UnitState, spec: WeaponSpec, rules: AttackRules) -> Weapon40k:
    """The game's weapon as the 40k attack sequence takes it (40k8 §6.5, §10.5, §13)."""
    from aos_cli.systems.wh40k8.engine import Weapon40k, WeaponType

    kind, number = weapon_type_of(spec)
    melee = kind == "melee"
    attacks = str(unit.spec.profile.get("a", "1")) if melee else (number or spec.attacks or "1")
    carriers = unit.models if spec.carriers is None else min(spec.carriers, unit.models)
    return Weapon40k(
        attacks=parse_dice(attacks, what=f"{spec.name} attacks"),
        skill=skill_value(unit.spec.profile.get("ws" if melee else "bs")),
        strength=weapon_strength(spec.strength, profile_int(unit, "s", 4)),
        ap=spec.ap,
        damage=parse_dice(spec.damage or "1", what=f"{spec.name} damage"),
        models=carriers,
        weapon_type=WeaponType(kind),
        name=spec.name,
        rules=rules,
    )


CLOSE_COMBAT_WEAPON = WeaponSpec(
    name="Close combat weapon", kind="melee", range=0, attacks="", to_hit="", to_wound="",
    rend=0, damage="1", type="Melee", strength="User", ap=0,
)  # fmt: skip
"""40k8 §10.5: the profile of a model with no melee weapon listed."""


def _attack_rules(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    answers: RecordedAnswers,
    extra: tuple[Effect, ...] = (),
    weapon: WeaponSpec | None = None,
) -> AttackRules:
    """The unit's attack modifiers and rerolls in force against `target`, with those of the
    weapon itself (the abilities tied to it: the Plaguereaper's rerolled wound rolls of 1) and
    the ones the player gave (`--hit-mod` ...); only those 40k attacks can take."""
    allowed = {"reroll", "modifier", "extra_attacks", "mortal_wounds_on_roll"}
    effects = [*unit_rules(state, unit, target, answers, "attacker"), *extra]
    if weapon is not None:
        effects += [build_effect(m, weapon.name) for m in weapon.effects]
    return compile_effects([e for e in effects if getattr(e, "type_name", "") in allowed])


def _feel_no_pain(
    state: GameState, unit: UnitState, attacker: UnitState, answers: RecordedAnswers
) -> int | None:
    """A ward such as Disgustingly Resilient (5+) rolled for each wound lost."""
    wards = unit_rules(state, unit, attacker, answers, "defender")
    return compile_effects([e for e in wards if getattr(e, "type_name", "") == "ward"]).ward


def _target40k(
    state: GameState,
    unit: UnitState,
    attacker: UnitState,
    answers: RecordedAnswers,
    *,
    in_cover: bool,
) -> Target40k:
    from aos_cli.systems.wh40k8.engine import Target40k

    invulnerable = unit.spec.profile.get("invulnerable")
    return Target40k(
        toughness=profile_int(unit, "t", 4),
        save=unit.spec.save if 2 <= unit.spec.save <= 6 else IMPOSSIBLE,
        invulnerable=int(invulnerable) if invulnerable else None,
        models=unit.models,
        wounds=unit.spec.wounds,
        wounds_suffered=min(unit.wounds_on_damaged, unit.spec.wounds - 1),
        in_cover=in_cover,
        feel_no_pain=_feel_no_pain(state, unit, attacker, answers),
    )


def roll_attack(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    spec: Attack40k,
    dice: DiceSource,
    what: str,
) -> None:
    """Roll an attack through the 40k engine, put its allocation on the target (excess damage
    lost, 40k8 §8.5), log its damage against the exact mean for the luck report, score it."""
    from aos_cli.core import scoring
    from aos_cli.systems.wh40k8.engine import ENGINE_40K

    result = ENGINE_40K.resolve(spec, dice)

    state.notes.append(
        f"{attacker.name} → {target.name}{what}: {result.attacks} attacks, {result.hits} hits, "
        f"{result.wounds} wounds, {result.unsaved} unsaved, {result.mortal_wounds} mortal, "
        f"{result.wounds_lost} wounds lost."
    )
    allocation = result.allocation
    if allocation is None:
        return
    target.models = allocation.models_left
    target.wounds_on_damaged = allocation.wounds_on_damaged
    target.slain_this_turn += allocation.slain
    state.attack_log.append(
        {
            "round": state.round,
            "phase": state.phase,
            "side": attacker.side,
            "unit": attacker.spec.id,
            "target": target.spec.id,
            "expected": ENGINE_40K.mean(spec),
            "damage": result.damage,
            "slain": allocation.slain,
        }
    )
    if allocation.slain:
        state.notes.append(f"{target.name}: {allocation.slain} slain, {target.models} left.")
        scoring.models_slain(state, target, allocation.slain, by=attacker.side)
        if not target.alive:
            transport_destroyed(state, target)


def _not_embarked(unit: UnitState) -> None:
    if unit.embarked_in is not None:
        raise RuleError(
            f"{unit.name} is embarked in a transport and can do nothing (40k8 §12.3)",
            "disembark it first with `aos disembark`",
        )


def _command_reroll(state: GameState, side: int, dice: DiceSource, what: str) -> int:
    """40k8 §17.6: spend one of the Underdog's Command Re-rolls on a single die."""
    left = state.sides[side].command_rerolls
    if left < 1:
        raise RuleError(f"{state.sides[side].name} has no Command Re-rolls (40k8 §17.6)")
    state.sides[side].command_rerolls = left - 1
    value = dice.roll(1, f"Command Re-roll: {what} (D6)")[0]
    state.notes.append(
        f"Command Re-roll on {what}: {value} ({left - 1} Command Re-roll(s) left, 40k8 §17.6)."
    )
    return value


# --------------------------------------------------------------------------- movement (§4, §12)


def _start_move(state: GameState, name: str, verb: str) -> UnitState:
    unit = acting_unit(state, name, "movement", verb)
    _not_embarked(unit)
    if unit.moved:
        raise RuleError(f"{unit.name} has already moved this phase (40k8 §4.1)")
    return unit


@action(Move, system="wh40k8")
def _move(state: GameState, act: Move, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §4.2, §4.4: move up to M, never within 1" of an enemy; a unit starting within 1"
    of the enemy stays put or Falls Back."""
    unit = _start_move(state, act.unit, "move")
    if answers.yes_no("engaged", f'is {unit.name} within 1" of an enemy unit?'):
        raise RuleError(
            f'{unit.name} is within 1" of the enemy: it stays or Falls Back (40k8 §4.5)',
            f"run `aos fall-back {unit.spec.id}`",
        )
    unit.moved = True
    state.notes.append(f'{unit.name} moves (M {unit.move_now}").')


@action(Run, system="wh40k8")
def _advance(state: GameState, act: Run, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §4.6: add a D6 to M; no charging this turn, and only Assault weapons fire (at -1
    to hit). Cataphractii Armour halves the dice (40k8 §15)."""
    unit = _start_move(state, act.unit, "Advance")
    modifier, effects = roll_modifier(state, unit, "run", answers)
    roll = dice.roll(1, f"{unit.name}'s Advance roll (D6)")[0]
    if act.command_reroll:
        roll = _command_reroll(state, unit.side, dice, f"{unit.name}'s Advance roll")
    halved = any(
        "cataphractii" in f"{a.id} {a.name}".lower()
        or ("halve" in a.text.lower() and "advance" in a.text.lower())
        for a in unit.spec.abilities
    )
    distance = modified(math.ceil(roll / 2) if halved else roll, modifier)
    unit.moved = unit.advanced = True
    state.notes.append(
        f'{unit.name} Advances: +{distance}"{" (halved)" if halved else ""}'
        f"{describe(modifier, effects)}; it cannot charge "
        "and fires only Assault weapons this turn (40k8 §4.6)."
    )


@action(Retreat, system="wh40k8")
def _fall_back(state: GameState, act: Retreat, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §4.5: end more than 1" from every enemy; no Advancing or charging this turn, and no
    shooting unless the unit can FLY."""
    unit = _start_move(state, act.unit, "Fall Back")
    unit.moved = unit.fell_back = True
    fly = " (it can FLY, so it may still shoot)" if unit.spec.has("FLY") else ""
    state.notes.append(
        f"{unit.name} Falls Back: it cannot charge or shoot this turn{fly} (40k8 §4.5)."
    )


def _passengers(state: GameState, transport: UnitState) -> int:
    return sum(u.models for u in state.units() if u.embarked_in == transport.spec.id and u.alive)


@action(Embark, system="wh40k8")
def _embark(state: GameState, act: Embark, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §12.3: a unit whose every model ends its move within 3" of a friendly transport
    may embark; capacity is never exceeded; never embark and disembark in one turn (§12.1)."""
    unit = acting_unit(state, act.unit, "movement", "embark")
    _not_embarked(unit)
    transport = state.unit(act.transport)
    if transport.side != unit.side or not transport.spec.has("TRANSPORT"):
        raise RuleError(f"{transport.name} is not a friendly TRANSPORT")
    present(transport)
    if unit.disembarked:
        raise RuleError(f"{unit.name} disembarked this turn and cannot embark (40k8 §12.1)")
    room = transport.spec.transport_capacity - _passengers(state, transport)
    if unit.models > room:
        raise RuleError(
            f"{transport.name} has room for {max(room, 0)} more models, not {unit.models} "
            "(40k8 §12.2)"
        )
    if not answers.yes_no(
        "within-3-of-transport",
        f'does every model of {unit.name} end within 3" of {transport.name}?',
    ):
        raise RuleError(f'{unit.name} must end its move wholly within 3" of {transport.name}')
    unit.embarked_in = transport.spec.id
    unit.embarked = unit.moved = True
    state.notes.append(f"{unit.name} embarks in {transport.name} (40k8 §12.3).")


@action(Disembark, system="wh40k8")
def _disembark(
    state: GameState, act: Disembark, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """40k8 §12.4: a unit that started the Movement phase embarked sets up within 3" of the
    transport and more than 1" from every enemy, before the transport moves; models that
    cannot are slain; it counts as having moved. 40k8 §12.5: from a destroyed transport it
    disembarks at once and a D6 per model slays one model on each 1."""
    unit = state.unit(act.unit)
    if unit.embarked_in is None:
        raise RuleError(f"{unit.name} is not embarked")
    transport = state.unit(unit.embarked_in)
    emergency = unit.must_disembark
    if not emergency:
        need_phase(state, "movement")
        own_turn(state, unit, "disembark")
        if unit.embarked:
            raise RuleError(f"{unit.name} embarked this turn and cannot disembark (40k8 §12.1)")
        if transport.moved:
            raise RuleError(f"{transport.name} has moved: disembark before it moves (40k8 §12.4)")
    unplaced = int(
        answers.number(
            f"unplaced:{unit.spec.id}",
            f'how many models of {unit.name} cannot be set up within 3" of {transport.name} '
            'and more than 1" from every enemy model?',
        )
    )
    unit.embarked_in = None
    unit.must_disembark = False
    unit.disembarked = unit.moved = True
    slain = max(0, min(unplaced, unit.models))
    if emergency:
        rolls = dice.roll(unit.models - slain, f"{unit.name} escaping the wreck: a D6 per model")
        ones = sum(1 for r in rolls if r == 1)
        state.notes.append(
            f"{unit.name} disembarks from the wreck of {transport.name}: rolled "
            f"{', '.join(map(str, rolls)) or 'nothing'}, {ones} slain (40k8 §12.5)."
        )
        slain += ones
    else:
        state.notes.append(
            f"{unit.name} disembarks from {transport.name}; it counts as having moved (40k8 §12.4)."
        )
    if slain:
        slay_models(state, unit, slain, slain_by=1 - unit.side)  # the wreck the enemy made


# --------------------------------------------------------------------------- psychic (§5)


@action(Cast, system="wh40k8")
def _manifest(state: GameState, act: Cast, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §5: a Psychic test of 2D6 against the warp charge; each power once per psyker per
    turn; a double 1 or double 6 is Perils of the Warp: D3 mortal wounds to the psyker, and if
    that slays it the power fails."""
    need_phase(state, "psychic")
    psyker = state.unit(act.unit)
    own_turn(state, psyker, "manifest powers")
    present(psyker)
    _not_embarked(psyker)
    if psyker.spec.casts < 1:
        raise RuleError(f"{psyker.name} is not a PSYKER")
    power, value = spell_value(state, psyker, act.spell)
    if casts_this_phase(state, psyker, "cast") >= psyker.spec.casts:
        raise RuleError(
            f"{psyker.name} has attempted all {psyker.spec.casts} power(s) it may this phase"
        )
    key = f"{psyker.side}:{psyker.spec.id}:{power.lower()}"
    if key in state.spells_attempted:
        raise RuleError(f"{psyker.name} has already attempted {power} this turn (40k8 §5.4)")
    target = aim_spell(state, psyker, power, act.target, answers)
    if power.lower() == "smite":
        _smite_target(state, psyker, target, answers)
    state.spells_attempted.add(key)
    state.used_this_phase.add(f"cast:{psyker.spec.id}:{power.lower()}")
    rolled = dice.roll(2, f"{psyker.name}'s Psychic test for {power} (2D6, needs {value})")
    if act.command_reroll:
        low = 0 if rolled[0] <= rolled[1] else 1
        rolled[low] = _command_reroll(state, psyker.side, dice, "a Psychic test die")
    total = sum(rolled) + act.mod
    if rolled[0] == rolled[1] and rolled[0] in (1, 6):
        wounds = parse_dice("D3").roll(dice, "Perils of the Warp (D3 mortal wounds)")
        state.notes.append(
            f"Perils of the Warp (double {rolled[0]}): {psyker.name} suffers {wounds} mortal "
            "wound(s) (40k8 §5.4)."
        )
        # its own power: nobody scores; Disgustingly Resilient works against it too
        suffer_mortal_wounds(state, psyker, wounds, dice, answers, slain_by=psyker.side)
        if not psyker.alive:
            state.notes.append(
                f'{psyker.name} is slain: {power} fails and every unit within 6" suffers D3 '
                "mortal wounds - roll for each and record them with `aos adjust`."
            )
            return
    if total < value:
        state.notes.append(f"{psyker.name} fails to manifest {power}: {total} against {value}.")
        return
    state.notes.append(f"{psyker.name} manifests {power} with {total}.")
    pending = PendingSpell(psyker.spec.id, power, total, target)
    how = "Deny the Witch with {names}: `aos deny PSYKER` (or --pass)"
    if not offer_unbind(state, psyker, pending, how):
        resolve_power(state, pending, dice, answers)


@action(Unbind, system="wh40k8")
def _deny(state: GameState, act: Unbind, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §5.5: one Deny the Witch test per manifested power, by a psyker within 24" of the
    manifesting psyker: 2D6 must beat the Psychic test (the shared unbinding rule, in 40k's
    words; an embarked psyker cannot deny, §12.3)."""
    attempt_unbind(state, act, dice, answers, resolve_power, may_act=_not_embarked)


def _smite_target(
    state: GameState, psyker: UnitState, target: str | None, answers: RecordedAnswers
) -> None:
    """40k8 §5.3: Smite strikes the closest visible enemy unit within 18". The psyker's player
    says so as the power is chosen, before the Psychic test: a "no" leaves nothing manifested."""
    if target is None:
        raise RuleError('Smite needs --target: the closest visible enemy unit within 18"')
    aim = enemy_unit(state, psyker, target)
    if answers.fallback is None and "closest-visible" not in answers.answers:
        return  # recorded before the question moved here: it was asked as Smite resolved
    if not answers.yes_no(
        "closest-visible",
        f'is {aim.name} the closest visible enemy unit within 18" of {psyker.name}?',
    ):
        raise RuleError(
            f'Smite strikes the closest visible enemy unit within 18", not {aim.name} (40k8 §5.3)',
            "pick the closest visible enemy unit as its target",
        )


def resolve_power(
    state: GameState, pending: PendingSpell, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Smite (40k8 §5.3): the closest visible enemy unit within 18" suffers D3 mortal wounds,
    D6 if the Psychic test was more than 10; mortal wounds carry over (§8.8)."""
    caster = state.unit(pending.caster)
    if pending.spell.lower() != "smite":
        spell = next(
            a for a in own_spells(state, caster) if a.name.lower() == pending.spell.lower()
        )
        apply_effects(state, caster, spell.name, spell.effects, pending.target, dice, answers)
        return
    if pending.target is None:
        raise RuleError('Smite needs --target: the closest visible enemy unit within 18"')
    target = enemy_unit(state, caster, pending.target)
    big = pending.casting_roll > 10
    amount = parse_dice("D6" if big else "D3").roll(dice, f"Smite ({'D6' if big else 'D3'})")
    state.notes.append(f"Smite: {target.name} suffers {amount} mortal wound(s) (40k8 §5.3).")
    suffer_mortal_wounds(state, target, amount, dice, answers, slain_by=caster.side)


# --------------------------------------------------------------------------- shooting (§6-§8)


def _ranged(unit: UnitState) -> list[WeaponSpec]:
    return [w for w in unit.spec.weapons if weapon_type_of(w)[0] != "melee"]


def _shooting_weapons(unit: UnitState, wanted: str | None, engaged: bool) -> list[WeaponSpec]:
    """The weapons that fire: those named (comma-separated), else every ranged weapon the unit
    may fire now (Pistols only when engaged, else the other weapons; grenades only when named,
    §7.5-§7.6). A grenade is thrown by one model, the others firing the other weapons named."""
    weapons = _ranged(unit)
    if wanted:
        chosen: list[WeaponSpec] = []
        for name in (n.strip().lower() for n in wanted.split(",") if n.strip()):
            found = [w for w in weapons if name in (w.name.lower(), w.id.lower())]
            if not found:
                raise RuleError(f"{unit.name} has no ranged weapon {name!r}")
            chosen += [w for w in found if w not in chosen]
        return _one_thrower(unit, chosen)
    kinds = {w.id: weapon_type_of(w)[0] for w in weapons}
    if engaged:
        return [w for w in weapons if kinds[w.id] == "pistol"]
    if unit.advanced:
        return [w for w in weapons if kinds[w.id] == "assault"]
    others = [w for w in weapons if kinds[w.id] not in ("pistol", "grenade")]
    return others or [w for w in weapons if kinds[w.id] == "pistol"]


def _one_thrower(unit: UnitState, weapons: list[WeaponSpec]) -> list[WeaponSpec]:
    """40k8 §7.5: one model throws the grenade instead of firing anything else; the other
    models fire the other weapons chosen. One grenade at most."""
    from dataclasses import replace

    grenades = [w for w in weapons if weapon_type_of(w)[0] == "grenade"]
    if not grenades:
        return weapons
    if len(grenades) > 1:
        raise RuleError("one model per unit throws one grenade (40k8 §7.5)", "choose one grenade")
    thrown = replace(grenades[0], carriers=1)
    others = []
    for weapon in weapons:
        carriers = unit.models if weapon.carriers is None else min(weapon.carriers, unit.models)
        if weapon is not grenades[0] and carriers > 1:
            others.append(replace(weapon, carriers=carriers - 1))
    return [thrown, *others]


def shoot_40k(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    dice: DiceSource,
    answers: RecordedAnswers,
    *,
    engaged: bool = False,
    overwatch: bool = False,
    extra: tuple[Effect, ...] = (),
) -> None:
    """Fire `weapons` at `target` through the 40k attack sequence (40k8 §6-§8, §9.3); `extra`
    are the effects the player gave (`--hit-mod` ...)."""
    from aos_cli.systems.wh40k8.engine import Attack40k, prepare_weapon

    half = any(weapon_type_of(w)[0] == "rapid-fire" for w in weapons) and answers.yes_no(
        f"half-range:{unit.spec.id}" if overwatch else "half-range",
        f"is {target.name} within half range of {unit.name}'s Rapid Fire weapons?",
    )
    prepared = [
        prepare_weapon(
            _weapon40k(unit, w, _attack_rules(state, unit, target, answers, extra, w)),
            moved=unit.moved,
            advanced=unit.advanced,
            within_half_range=half,
            fell_back=unit.fell_back,
            can_fly=unit.spec.has("FLY"),
            engaged=engaged,
        )
        for w in weapons
    ]
    cover_key = "overwatch-cover" if overwatch else "cover"
    cover = answers.yes_no(
        cover_key, f"is every model of {target.name} on or within a terrain feature?"
    )
    spec = Attack40k(
        tuple(prepared),
        _target40k(state, target, unit, answers, in_cover=cover),
        "shooting",
        overwatch=overwatch,
    )
    roll_attack(state, unit, target, spec, dice, " (Overwatch)" if overwatch else "")


@action(Shoot, system="wh40k8")
def _shoot(state: GameState, act: Shoot, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §6: not after Falling Back (unless FLY); after Advancing only Assault weapons;
    within 1" of an enemy only Pistols; a CHARACTER with fewer than 10 Wounds may be targeted
    only if it is the closest visible enemy unit (§6.6)."""
    unit = acting_unit(state, act.unit, "shooting", "shoot")
    _not_embarked(unit)
    if unit.shot:
        raise RuleError(f"{unit.name} has already shot this phase")
    target = enemy_unit(state, unit, act.target)
    _not_embarked(target)
    engaged = answers.yes_no("engaged", f'is {unit.name} within 1" of an enemy unit?')
    weapons = _shooting_weapons(unit, act.weapon, engaged)
    if not weapons:
        why = 'only Pistols fire within 1" of the enemy' if engaged else "no weapon may fire now"
        raise RuleError(f"{unit.name} cannot shoot: {why} (40k8 §6.2, §7)")
    if (
        is_character(target)
        and target.spec.wounds < 10
        and not answers.yes_no(
            "closest-visible", f"is {target.name} the closest visible enemy unit to {unit.name}?"
        )
    ):
        raise RuleError(
            f"{target.name} is a CHARACTER with fewer than 10 Wounds: it may be shot only as the "
            "closest visible enemy unit (40k8 §6.6)"
        )
    shoot_40k(state, unit, target, weapons, dice, answers, engaged=engaged, extra=attack_flags(act))
    unit.shot = True


# --------------------------------------------------------------------------- charge (§9)


@action(Charge, system="wh40k8")
def _charge(state: GameState, act: Charge, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §9: from within 12", not after Advancing or Falling Back, not from within 1"; each
    target may fire Overwatch (hits on 6s); then 2D6, the first model within 1" of a target."""
    unit = acting_unit(state, act.unit, "charge", "charge")
    _not_embarked(unit)
    if unit.advanced or unit.fell_back:
        did = "Advanced" if unit.advanced else "Fell Back"
        raise RuleError(f"{unit.name} {did} this turn and cannot charge (40k8 §9.2)")
    if unit.charged or f"charge:{unit.spec.id}" in state.used_this_phase:
        raise RuleError(f"{unit.name} has already charged this phase (40k8 §9.2)")
    if CHARGES_OVER in state.used_this_phase:
        raise RuleError(
            "a Heroic Intervention has been made: the charges of this phase are over (40k8 §9.5)"
        )
    names = [n.strip() for n in (act.target or "").split(",") if n.strip()]
    if not names:
        raise InputError("name the charge's target unit(s) with --target (40k8 §9.2)")
    targets = [enemy_unit(state, unit, n) for n in names]
    if answers.yes_no(
        "engaged", f'was {unit.name} within 1" of an enemy unit at the start of the phase?'
    ):
        raise RuleError(f'{unit.name} started the phase within 1" of the enemy and cannot charge')
    if not answers.yes_no("within-12", f'is every target within 12" of {unit.name}?'):
        raise RuleError(f'a charge target must be within 12" of {unit.name} (40k8 §9.2)')
    state.used_this_phase.add(f"charge:{unit.spec.id}")
    for target in targets:
        guns = [w for w in _ranged(target) if weapon_type_of(w)[0] != "grenade"]
        if not guns or not unit.alive:
            continue
        if answers.yes_no(
            f"overwatch:{target.spec.id}", f"does {target.name} fire Overwatch at {unit.name}?"
        ):
            others = [w for w in guns if weapon_type_of(w)[0] != "pistol"] or guns
            shoot_40k(state, target, unit, others, dice, answers, overwatch=True)
    if not unit.alive:
        state.notes.append(f"{unit.name} is destroyed by Overwatch before it can charge.")
        return
    modifier, effects = roll_modifier(state, unit, "charge", answers)
    rolled = dice.roll(2, f"{unit.name}'s charge roll (2D6)")
    distance = answers.number(
        "distance", f"how far is {unit.name} from the nearest target (inches)?"
    )
    needed = max(0, math.ceil(distance - 1))
    if modified(sum(rolled), modifier) < needed and act.command_reroll:
        low = 0 if rolled[0] <= rolled[1] else 1
        rolled[low] = _command_reroll(state, unit.side, dice, "a charge die")
    roll = modified(sum(rolled), modifier)
    if roll >= needed:
        unit.charged = True
        unit.charge_targets = tuple(t.spec.id for t in targets)
        state.notes.append(
            f"{unit.name} charges: rolled {roll}{describe(modifier, effects)}, needed {needed} "
            'to end within 1" (40k8 §9.4).'
        )
    else:
        state.notes.append(
            f"{unit.name} fails to charge: rolled {roll}{describe(modifier, effects)}, needed "
            f"{needed}; no model moves."
        )


@action(Intervene, system="wh40k8")
def _intervene(
    state: GameState, act: Intervene, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """40k8 §9.5: after the enemy has made all its charge moves, a CHARACTER within 3" of an
    enemy unit may move up to 3", ending closer to the nearest enemy model (a Heroic
    Intervention). The first one ends the phase's charges."""
    need_phase(state, "charge")
    unit = state.unit(act.unit)
    present(unit)
    _not_embarked(unit)
    if unit.side == state.active_side:
        raise RuleError("Heroic Interventions are made in the opponent's Charge phase (40k8 §9.5)")
    if not is_character(unit):
        raise RuleError(f"{unit.name} is not a CHARACTER and cannot Heroically Intervene")
    if unit.intervened:
        raise RuleError(f"{unit.name} has already made a Heroic Intervention")
    if not answers.yes_no("within-3", f'is {unit.name} within 3" of an enemy unit?'):
        raise RuleError(f'{unit.name} is not within 3" of an enemy unit (40k8 §9.5)')
    unit.intervened = True
    state.used_this_phase.add(CHARGES_OVER)
    state.notes.append(
        f'{unit.name} Heroically Intervenes: up to 3", ending closer to the nearest enemy model.'
    )


# --------------------------------------------------------------------------- fight (§10)


@action(Fight, system="wh40k8")
def _fight(state: GameState, act: Fight, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §10.2: units that charged fight first, then the players alternate, the player whose
    turn it is first; chargers attack only units they charged (§10.4); pile in and consolidate
    3" (§10.3, §10.6); no cover in the Fight phase (§8.7)."""
    from aos_cli.systems.wh40k8.engine import Attack40k

    need_phase(state, "fight")
    unit = state.unit(act.unit)
    present(unit)
    _not_embarked(unit)
    if unit.fought:
        raise RuleError(f"{unit.name} has already fought this phase (40k8 §10.2)")
    active = state.active_side
    chargers = [
        u for u in state.sides[active].units if u.on_battlefield and u.charged and not u.fought
    ]
    if chargers and not unit.charged:
        raise RuleError(
            f"units that charged fight first: {', '.join(u.name for u in chargers)} (40k8 §10.2)"
        )
    if not unit.charged:
        picker = state.combat_to_pick if state.combat_to_pick is not None else active
        if unit.side != picker:
            raise RuleError(f"it is {state.sides[picker].name}'s pick to fight (40k8 §10.2)")
        if not answers.yes_no("engaged", f'is {unit.name} within 1" of an enemy unit?'):
            raise RuleError(
                f'{unit.name} did not charge and is not within 1" of an enemy: it cannot fight'
            )
    target = enemy_unit(state, unit, act.target)
    if unit.charged and target.spec.id not in unit.charge_targets:
        raise RuleError(f"{unit.name} charged and may attack only units it charged (40k8 §10.4)")
    melee = [w for w in unit.spec.weapons if weapon_type_of(w)[0] == "melee"]
    if act.weapon:
        melee = [w for w in melee if act.weapon.lower() in (w.name.lower(), w.id.lower())]
    weapons = [
        _weapon40k(unit, w, _attack_rules(state, unit, target, answers, attack_flags(act), w))
        for w in (melee[:1] or [CLOSE_COMBAT_WEAPON])
    ]
    spec = Attack40k(
        tuple(weapons), _target40k(state, target, unit, answers, in_cover=False), "fight"
    )
    roll_attack(state, unit, target, spec, dice, "")
    state.notes.append(
        f'{unit.name} may consolidate up to 3" towards the nearest enemy (40k8 §10.6).'
    )
    unit.fought = True
    state.combat_passes = 0
    still = [
        u for u in state.sides[active].units if u.on_battlefield and u.charged and not u.fought
    ]
    state.combat_to_pick = active if unit.charged else 1 - unit.side
    if unit.charged and still:
        state.combat_to_pick = active


# --------------------------------------------------------------------------- morale (§11)


@action(Battleshock, system="wh40k8")
def _morale(state: GameState, act: Battleshock, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §11: each unit that lost models this turn rolls D6 + models slain against its
    highest Leadership (no bonus for its size); one model flees per point over. The Underdog
    may spend a Command Re-roll on a unit's die (`command_reroll: UNIT`)."""
    from aos_cli.core import scoring
    from aos_cli.core.turn import due_battleshock

    need_phase(state, "morale")
    waiting = due_battleshock(state)
    if not waiting:
        state.notes.append("No morale tests are due.")
        return
    reroll = act.reroll_unit
    for unit in waiting:
        die = dice.roll(1, f"{unit.name}'s morale test (D6)")[0]
        if reroll and state.unit(str(reroll)) is unit:
            die = _command_reroll(state, unit.side, dice, f"{unit.name}'s morale test")
        leadership = unit.spec.bravery + characteristic_bonus(state, unit, "bravery", answers)
        total = die + unit.slain_this_turn
        fled = min(unit.models, max(0, total - leadership))
        unit.battleshock_tested = True
        verdict = "passes" if not fled else f"fails: {fled} flee"
        state.notes.append(
            f"{unit.name}: rolled {die} + {unit.slain_this_turn} = {total} against Leadership "
            f"{leadership}, {verdict} (40k8 §11)."
        )
        if fled:
            unit.models -= fled
            if not unit.models:
                unit.wounds_on_damaged = 0
            scoring.models_slain(state, unit, fled, by=1 - unit.side, how="fled")
            if not unit.alive:
                transport_destroyed(state, unit)


@action(UseCommand, system="wh40k8")
def _no_commands(
    state: GameState, act: UseCommand, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """40k8 core rules have no command abilities; the Underdog has Command Re-rolls (§17.6)."""
    raise RuleError(
        "the 40k 8th edition core rules have no command abilities",
        "the Underdog spends Command Re-rolls with --command-reroll on a roll (40k8 §17.6)",
    )


WH40K8 = WH40K8System(
    id="wh40k8",
    name="Warhammer 40,000, 8th edition",
    section="40k8",
    phases=("movement", "psychic", "shooting", "charge", "fight", "morale"),
    rank=3,
    demo_armies=("death-guard-wh40k8-demo.yaml", "space-marines-wh40k8-demo.yaml"),
    demo_battleplan="only-war",
    autoplay=False,
    datasheets=True,
    arrival_roll=None,
    reserve_ability="teleport-strike",
    setup_wizard=True,
    setup_steps="aos_cli.systems.wh40k8.setup_wizard:run_wizard",
    magic_phase="psychic",
    command_phase="movement",
    combat_phase="fight",
    shock_phase="morale",
    command_points=False,
    engagement=1,
    unbind_range=24,
    unbind_name="Deny the Witch",
    unbind_verb="Deny",
    terms=INFO.terms,
    spell_limit="caster",
    unbind_words=UnbindWords(
        nothing_waiting="there is no psychic power waiting to be denied",
        passed="No Deny the Witch: {spell} takes effect.",
        own_side="{unit} is on the manifesting psyker's side",
        no_more="{unit} cannot deny any more powers this phase",
        question='is {unit} within {reach}" of {caster}?',
        out_of_range='{unit} is not within {reach}" of {caster} (40k8 §5.5)',
        roll="{unit} Denies the Witch (2D6, must beat {roll})",
        success="{unit} denies {spell} with {total}{how} (40k8 §5.5).",
        failure="{unit} fails to deny ({total}{how}): {spell} takes effect.",
    ),
    general_replaced=False,
    spells=(SpellRule("smite", 5, 18, "enemy"),),
    scenery_range=0,
    bravery_per_ten=False,
    bravery_name="Leadership",
    battle_rounds=5,
    shooting_engaged_rule=False,
    look_out_sir=False,
    objective_control_range=3,
    objectives_sticky=False,
    commands=INFO.commands,
    help_panel=INFO.help_panel,
    first_step="The Underdog chooses who goes first in every round with "
    "`aos priority --first SIDE`.",
    attack_odds_hint="See `aos odds attack --system wh40k8` for the odds of a 40k attack.",
)
"""40k8 §3 phases, §5 psychic (Smite WC 5, deny within 24"), §11 morale, §17.8 five rounds."""

register(WH40K8)
