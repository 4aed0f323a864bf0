"""Warhammer 40,000 8th edition (40k8-core.md) on the shared game engine: its strategies.

The six phases movement, psychic, shooting, charge, fight and morale (40k8 §3); the same player
first in every battle round, chosen by the Underdog in Only War (40k8 §17.7); no command points
but the Underdog's Command Re-rolls (40k8 §17.6); psychic powers tested on 2D6 and denied within
24" (40k8 §5); morale against the highest Leadership (40k8 §11). The attack sequence itself (BS
or WS, the wound chart, AP, invulnerable saves, excess damage lost) is `aos_cli.systems.wh40k8.engine`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
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
    UseAbility,
    UseCommand,
    register_action_type,
)
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.attack_flags import attack_flags
from aos_cli.core.casualties import (
    slay_models,
    suffer_mortal_wounds,
    telling_slain,
    transport_destroyed,
)
from aos_cli.core.dice import IMPOSSIBLE, DiceSource, parse_dice
from aos_cli.core.effects import AttackRules, Effect, compile_effects
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.events import emit
from aos_cli.core.guards import acting_unit, enemy_unit, need_phase, own_turn, present
from aos_cli.core.handlers import HANDLERS, SYSTEM_HANDLERS, Handler, action
from aos_cli.core.handlers.abilities import apply_effects
from aos_cli.core.handlers.magic import (
    aim_spell,
    attempt_unbind,
    casts_this_phase,
    offer_unbind,
    own_spells,
    spell_value,
)
from aos_cli.core.legality import COALITION_REVISION
from aos_cli.core.records import dataclass
from aos_cli.core.roll_effects import modified, roll_modifier
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
from aos_cli.language.i18n import N_, _, ngettext
from aos_cli.language.text import Text, tr
from aos_cli.systems.wh40k8 import INFO
from aos_cli.systems.wh40k8.events import (
    AbilityNoTarget,
    AbilityStruck,
    Advanced,
    ArmyDestroyed,
    Charged40k,
    ChargerDestroyed,
    CommandRerolled,
    CommandRerollKept,
    Disembarked,
    Embarked,
    FellBack,
    FirstTurnDecided,
    Intervened,
    MayConsolidate,
    MoraleTested,
    Moved40k,
    NoMoraleDue,
    OverwatchBarred,
    PerilsSlew,
    PerilsSuffered,
    PsychicTested,
    SmiteStruck,
)
from aos_cli.systems.wh40k8.table import (
    CHARGES_OVER,
    fight_picker,
    known_foes,
    lock,
    turn_start_aura,
    turn_start_key,
    unlock,
    weapon_type_of,
)

if TYPE_CHECKING:
    from aos_cli.core.state import GameState
    from aos_cli.core.stored_setup import StoredSide
    from aos_cli.core.system_scoring import SystemScoring
    from aos_cli.systems.wh40k8.engine import (
        Attack40k,
        CommandReroll,
        Engine40k,
        Target40k,
        Weapon40k,
    )


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

    def owed_fight(self, state: GameState) -> RuleError | None:
        """40k8 §10.2: the Fight phase goes on until every eligible unit has fought; a unit that
        charged fights while a unit it charged is left to attack (§10.4: it may attack no other,
        so once those are destroyed it has nothing to fight)."""
        waiting = [
            u
            for u in state.units()
            if u.on_battlefield
            and u.charged
            and not u.fought
            and any(state.unit(t).on_battlefield for t in u.charge_targets)
        ]
        if not waiting:
            return None
        return RuleError(
            _("{unit} charged this turn and has not fought: it must fight before the Fight "
              "phase ends (40k8 §10.2)").format(unit=waiting[0].name),
            _("fight with `aos fight`"),
        )  # fmt: skip

    def scoring_rules(self) -> SystemScoring:
        """Ancient Relic's one marker and the side that chose the deployment zones (40k8
        §17.4-§17.5)."""
        from aos_cli.systems.wh40k8.scoring import FORTY_K_SCORING

        return FORTY_K_SCORING

    def prepare_sides(self, sides: list[StoredSide], underdog: int | None) -> None:
        """40k8 §17.6: the army with the lower Power Level is the Underdog and has one Command
        Re-roll per full 10 points of difference. On equal Power Levels the Underdog is the
        player who chose the deployment zones: `underdog` (default: the second army list)."""
        levels = [
            sum(int(str(u.get("profile", {}).get("power", 0))) for u in side["units"])
            for side in sides
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
        from aos_cli.systems.wh40k8.menu import underdog_choice

        return [underdog_choice()]

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
            raise RuleError(_("the same player goes first in every round (40k8 §3)"))
        from aos_cli.core.scoring import book_of

        underdog = book_of(state).underdog
        if underdog is None:
            from aos_cli.core.dice import roll_off

            result = roll_off(dice, reroll_ties=True)
            decider = 0 if result.winner == 0 else 1
            rolls = tuple(die for pair in result.rounds for die in pair)
            emit(state, FirstTurnDecided(decider, state.sides[decider].name, False, rolls, ()))
        else:
            levels = [side.power_level for side in state.sides]
            if levels[0] == levels[1] and levels[0] > 0:
                # without Power Ratings (games saved before they were given) the set-up's
                # Underdog stands; the set-up in `aos play` knows who chose the zones
                known = book_of(state).zones_chosen_by
                underdog = tied_underdog(state, answers) if known is None else known
                book_of(state).underdog = underdog
            decider = underdog
            pair = (levels[underdog], levels[1 - underdog])
            emit(state, FirstTurnDecided(decider, state.sides[decider].name, True, (), pair))
        return choose_first(state, decider, act, answers)

    def battleshock_exempt(self, state: GameState, unit_side: int, effects: list[Any]) -> bool:
        return False


def tied_underdog(state: GameState, answers: RecordedAnswers) -> int:
    """40k8 §17.6: on equal Power Levels the Underdog is the player who chose the deployment
    zones (§17.5 step 2), which the tool cannot see: it asks."""
    first = state.sides[0].name
    chose = answers.yes_no(
        "zones-chosen-by",
        _("did {side} choose the deployment zones (the Underdog on equal Power Levels)?").format(
            side=first
        ),
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
        attacks=parse_dice(attacks, what=_("Attacks of {weapon}").format(weapon=spec.name)),
        skill=skill_value(unit.spec.profile.get("ws" if melee else "bs")),
        strength=weapon_strength(spec.strength, profile_int(unit, "s", 4)),
        ap=spec.ap,
        damage=parse_dice(
            spec.damage or "1", what=_("Damage of {weapon}").format(weapon=spec.name)
        ),
        models=carriers,
        weapon_type=WeaponType(kind),
        name=spec.name,
        rules=rules,
    )


CLOSE_COMBAT_WEAPON = WeaponSpec(
    name=N_("Close combat weapon"), kind="melee", range=0, attacks="", to_hit="", to_wound="",
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
    *,
    overwatch: bool = False,
    command_reroll: str | None = None,
    answers: RecordedAnswers | None = None,
) -> None:
    """Roll an attack through the 40k engine, put its allocation on the target (excess damage
    lost, 40k8 §8.5), log its damage against the exact mean for the luck report, score it.
    `command_reroll` names the roll a Command Re-roll goes on (40k8 §17.6); `ask`: the players
    are asked (`answers`) as a roll has a die to re-roll."""
    from aos_cli.core import scoring
    from aos_cli.core.attack_events import attack_resolved
    from aos_cli.systems.wh40k8.engine import ENGINE_40K

    command = _attack_command(state, attacker, target, command_reroll, dice, answers)
    result = ENGINE_40K.resolve(spec, dice, command)
    if command is not None and not command.used and command.ask is None:
        emit(state, CommandRerollKept(attacker.side, command.stage))

    allocation = result.allocation
    slain = allocation.slain if allocation else 0
    # the luck report weighs the wounds the target lost, excess damage lost (40k8 §8.5)
    lost = ENGINE_40K.odds(spec).wounds_lost
    expected = lost.mean if lost is not None else ENGINE_40K.mean(spec)
    emit(
        state,
        attack_resolved(
            state, attacker, target, result, slain, result.wounds_lost, expected=expected,
            overwatch=overwatch, excess_lost=True,
        ),
    )  # fmt: skip
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
            "expected": expected,
            "damage": result.wounds_lost,
            "slain": allocation.slain,
        }
    )
    if allocation.slain:
        with telling_slain(state):
            scoring.models_slain(state, target, allocation.slain, by=attacker.side)
        if not target.alive:
            transport_destroyed(state, target)


def _not_embarked(unit: UnitState) -> None:
    if unit.embarked_in is not None:
        raise RuleError(
            _("{unit} is embarked in a transport and can do nothing (40k8 §12.3)").format(
                unit=unit.name
            ),
            _("disembark it first with `aos disembark`"),
        )


COMMAND_ROLLS = {
    "hit": N_("hit"),
    "wound": N_("wound"),
    "save": N_("save"),
    "damage": N_("Damage"),
}
"""The rolls of an attack a Command Re-roll may go on (40k8 §17.6: a single die, at any point)."""


def _attack_command(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    stage: str | None,
    dice: DiceSource,
    answers: RecordedAnswers | None = None,
) -> CommandReroll | None:
    """40k8 §17.6: the Command Re-roll for one die of an attack's `stage`, paid by the side
    that rolls it (the target's player for a save); refused before any die is rolled when that
    side has none left. `ask` (in `aos play`): each roll with a die to re-roll is offered to
    the side paying for it while it has one."""
    from aos_cli.systems.wh40k8.engine import CommandReroll

    if not stage:
        return None
    if stage == "ask" and answers is not None:

        def payer(roll: str) -> int:
            return target.side if roll == "save" else attacker.side

        def ask(roll: str, what: Text) -> bool:
            return offer_command_reroll(state, payer(roll), answers, f"command-reroll:{roll}", what)

        command = CommandReroll("", lambda what: 0, ask=ask)
        command.spend = lambda what: _command_reroll(state, payer(command.stage), dice, what)
        return command
    if stage not in COMMAND_ROLLS:
        raise RuleError(
            _("a Command Re-roll goes on one roll: {rolls}, not {roll}").format(
                rolls=", ".join(COMMAND_ROLLS), roll=repr(stage)
            )
        )
    side = target.side if stage == "save" else attacker.side
    if state.sides[side].command_rerolls < 1:
        raise RuleError(
            _("{side} has no Command Re-rolls (40k8 §17.6)").format(side=state.sides[side].name)
        )
    return CommandReroll(stage, lambda what: _command_reroll(state, side, dice, what))


def offer_command_reroll(
    state: GameState, side: int, answers: RecordedAnswers, key: str, what: str | Text
) -> bool:
    """`aos play` (40k8 §17.6: a single die, at any point): whether the side's player spends a
    Command Re-roll on `what`, asked only while the side has one."""
    left = state.sides[side].command_rerolls
    if left < 1:
        return False
    return answers.yes_no(
        key,
        ngettext(
            "{side}: spend a Command Re-roll on {what}? ({n} left, 40k8 §17.6)",
            "{side}: spend a Command Re-roll on {what}? ({n} left, 40k8 §17.6)",
            left,
        ).format(side=state.sides[side].name, what=what, n=left),
    )


def _command_reroll(state: GameState, side: int, dice: DiceSource, what: Text) -> int:
    """40k8 §17.6: spend one of the Underdog's Command Re-rolls on a single die."""
    left = state.sides[side].command_rerolls
    if left < 1:
        raise RuleError(
            _("{side} has no Command Re-rolls (40k8 §17.6)").format(side=state.sides[side].name)
        )
    state.sides[side].command_rerolls = left - 1
    value = dice.roll(1, _("Command Re-roll: {what} (D6)").format(what=what))[0]
    emit(state, CommandRerolled(side, what, value, left - 1))
    return value


# --------------------------------------------------------------------------- movement (§4, §12)


def _start_move(state: GameState, name: str, verb: str) -> UnitState:
    unit = acting_unit(state, name, "movement", verb)
    _not_embarked(unit)
    if unit.moved:
        raise RuleError(_("{unit} has already moved this phase (40k8 §4.1)").format(unit=unit.name))
    return unit


@action(Move, system="wh40k8")
def _move(state: GameState, act: Move, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §4.2, §4.4: move up to M, never within 1" of an enemy; a unit starting within 1"
    of the enemy stays put or Falls Back."""
    unit = _start_move(state, act.unit, "move")
    if known_foes(state, unit) or answers.yes_no(
        "engaged", _('is {unit} within 1" of an enemy unit?').format(unit=unit.name)
    ):
        raise RuleError(
            _('{unit} is within 1" of the enemy: it stays or Falls Back (40k8 §4.5)').format(
                unit=unit.name
            ),
            _("use `aos fall-back {unit}`").format(unit=unit.spec.id),
        )
    unit.moved = True
    emit(state, Moved40k(unit.spec.id, unit.name, unit.side, str(unit.move_now)))


@action(Run, system="wh40k8")
def _advance(state: GameState, act: Run, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §4.6: add a D6 to M; no charging this turn, and only Assault weapons fire (at -1
    to hit). Cataphractii Armour halves the dice (40k8 §15)."""
    unit = _start_move(state, act.unit, "Advance")
    modifier, effects = roll_modifier(state, unit, "run", answers)
    roll = dice.roll(1, _("{unit}'s Advance roll (D6)").format(unit=unit.name))[0]
    what = _("{unit}'s Advance roll of {roll}").format(unit=unit.name, roll=roll)
    if act.command_reroll or (
        act.offer_reroll
        and roll < 6
        and offer_command_reroll(state, unit.side, answers, "command-reroll", what)
    ):
        roll = _command_reroll(state, unit.side, dice, tr("{unit}'s Advance roll", unit=unit.name))
    halved = any(
        "cataphractii" in f"{a.id} {a.name}".lower()
        or ("halve" in a.text.lower() and "advance" in a.text.lower())
        for a in unit.spec.abilities
    )
    distance = modified(math.ceil(roll / 2) if halved else roll, modifier)
    unit.moved = unit.advanced = True
    emit(
        state,
        Advanced(
            unit.spec.id, unit.name, unit.side, roll, halved, modifier, tuple(effects), distance
        ),
    )


@action(Retreat, system="wh40k8")
def _fall_back(state: GameState, act: Retreat, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §4.5: end more than 1" from every enemy; no Advancing or charging this turn, and no
    shooting unless the unit can FLY."""
    unit = _start_move(state, act.unit, "Fall Back")
    if not known_foes(state, unit) and not _asked_engaged(unit, answers):
        raise RuleError(
            _('{unit} is not within 1" of an enemy unit: it moves or Advances instead of '
              "Falling Back (40k8 §4.5)").format(unit=unit.name),
            _("if an enemy did come that close, answer engaged=yes"),
        )  # fmt: skip
    unlock(state, unit)
    unit.moved = unit.fell_back = True
    emit(state, FellBack(unit.spec.id, unit.name, unit.side, unit.spec.has("FLY")))


def _asked_engaged(unit: UnitState, answers: RecordedAnswers) -> bool:
    """Whether a unit the game does not know to be in combat is within 1" of an enemy, asked;
    a Fall Back recorded before the question was asked replays as it was played (yes)."""
    if answers.fallback is None and "engaged" not in answers.answers:
        return True
    return answers.yes_no(
        "engaged", _('is {unit} within 1" of an enemy unit?').format(unit=unit.name)
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
        raise RuleError(_("{unit} is not a friendly TRANSPORT").format(unit=transport.name))
    present(transport)
    if unit.disembarked:
        raise RuleError(
            _("{unit} disembarked this turn and cannot embark (40k8 §12.1)").format(unit=unit.name)
        )
    room = transport.spec.transport_capacity - _passengers(state, transport)
    if unit.models > room:
        raise RuleError(
            ngettext(
                "{transport} has room for {n} more model, not {models} (40k8 §12.2)",
                "{transport} has room for {n} more models, not {models} (40k8 §12.2)",
                max(room, 0),
            ).format(transport=transport.name, n=max(room, 0), models=unit.models)
        )
    if not answers.yes_no(
        "within-3-of-transport",
        _('does every model of {unit} end within 3" of {transport}?').format(
            unit=unit.name, transport=transport.name
        ),
    ):
        raise RuleError(
            _('{unit} must end its move wholly within 3" of {transport} (40k8 §12.3)').format(
                unit=unit.name, transport=transport.name
            )
        )
    unit.embarked_in = transport.spec.id
    unit.embarked = unit.moved = True
    emit(state, Embarked(unit.spec.id, unit.name, unit.side, transport.spec.id, transport.name))


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
        raise RuleError(_("{unit} is not embarked").format(unit=unit.name))
    transport = state.unit(unit.embarked_in)
    emergency = unit.must_disembark
    if not emergency:
        need_phase(state, "movement")
        own_turn(state, unit, "disembark")
        if unit.embarked:
            raise RuleError(
                _("{unit} embarked this turn and cannot disembark (40k8 §12.1)").format(
                    unit=unit.name
                )
            )
        if transport.moved:
            raise RuleError(
                _("{transport} has moved: disembark before it moves (40k8 §12.4)").format(
                    transport=transport.name
                )
            )
    unplaced = int(
        answers.number(
            f"unplaced:{unit.spec.id}",
            _(
                'how many models of {unit} cannot be set up within 3" of {transport} and more '
                'than 1" from every enemy model?'
            ).format(unit=unit.name, transport=transport.name),
            at_most=unit.models,
        )
    )
    unit.embarked_in = None
    unit.must_disembark = False
    unit.disembarked = unit.moved = True
    slain = max(0, min(unplaced, unit.models))
    if emergency:
        rolls = dice.roll(
            unit.models - slain,
            _("{unit} escaping the wreck: a D6 per model").format(unit=unit.name),
        )
        ones = sum(1 for r in rolls if r == 1)
        emit(
            state,
            Disembarked(
                unit.spec.id, unit.name, unit.side, transport.spec.id, transport.name, True,
                tuple(rolls), ones,
            ),
        )  # fmt: skip
        slain += ones
    else:
        emit(
            state,
            Disembarked(
                unit.spec.id, unit.name, unit.side, transport.spec.id, transport.name, False, (), 0
            ),
        )
    if slain:
        slay_models(state, unit, slain, slain_by=1 - unit.side)  # the wreck the enemy made


# --------------------------------------------------------------------------- psychic (§5)


SMITE = N_("Smite")
"""The psychic power every psyker knows (40k8 §5.3), named in the catalogues."""


def power_name(power: str) -> str:
    """A psychic power's name for the player: Smite in the chosen language, any other as its
    datasheet writes it (content keeps its own names)."""
    return _(SMITE) if power.lower() == SMITE.lower() else power


@action(Cast, system="wh40k8")
def _manifest(state: GameState, act: Cast, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §5: a Psychic test of 2D6 against the warp charge; each power once per psyker per
    turn; a double 1 or double 6 is Perils of the Warp: D3 mortal wounds to the psyker, and if
    that slays it the power fails."""
    need_phase(state, "psychic")
    psyker = state.unit(act.unit)
    own_turn(state, psyker, _("manifest powers"))
    present(psyker)
    _not_embarked(psyker)
    if psyker.spec.casts < 1:
        raise RuleError(_("{unit} is not a PSYKER").format(unit=psyker.name))
    power, value = spell_value(state, psyker, act.spell)
    if casts_this_phase(state, psyker, "cast") >= psyker.spec.casts:
        raise RuleError(
            ngettext(
                "{unit} has attempted the {n} power it may this phase",
                "{unit} has attempted all {n} powers it may this phase",
                psyker.spec.casts,
            ).format(unit=psyker.name, n=psyker.spec.casts)
        )
    key = f"{psyker.side}:{psyker.spec.id}:{power.lower()}"
    if key in state.spells_attempted:
        raise RuleError(
            _("{unit} has already attempted {power} this turn (40k8 §5.4)").format(
                unit=psyker.name, power=power_name(power)
            )
        )
    target = aim_spell(state, psyker, power, act.target, answers)
    if power.lower() == "smite":
        _smite_target(state, psyker, target, answers)
    state.spells_attempted.add(key)
    state.used_this_phase.add(f"cast:{psyker.spec.id}:{power.lower()}")
    rolled = dice.roll(
        2,
        _("{unit}'s Psychic test for {power} (2D6, needs {value})").format(
            unit=psyker.name, power=power_name(power), value=value
        ),
    )
    perils = rolled[0] == rolled[1] and rolled[0] in (1, 6)
    if act.command_reroll or (
        act.offer_reroll
        and (sum(rolled) + act.mod < value or perils)
        and offer_command_reroll(
            state, psyker.side, answers, "command-reroll",
            _("a die of the Psychic test ({first} and {second}, needing {value})").format(
                first=rolled[0], second=rolled[1], value=value
            ),
        )
    ):  # fmt: skip
        low = 0 if rolled[0] <= rolled[1] else 1
        rolled[low] = _command_reroll(state, psyker.side, dice, tr("a Psychic test die"))
    total = sum(rolled) + act.mod
    if rolled[0] == rolled[1] and rolled[0] in (1, 6):
        wounds = parse_dice("D3").roll(dice, _("Perils of the Warp (D3 mortal wounds)"))
        emit(state, PerilsSuffered(psyker.spec.id, psyker.name, psyker.side, rolled[0], wounds))
        # its own power: nobody scores; Disgustingly Resilient works against it too
        suffer_mortal_wounds(state, psyker, wounds, dice, answers, slain_by=psyker.side)
        if not psyker.alive:
            emit(state, PerilsSlew(psyker.spec.id, psyker.name, psyker.side, power))
            _perils_blast(state, psyker, dice, answers)
            return
    tested = PsychicTested(
        psyker.spec.id, psyker.name, psyker.side, power, tuple(rolled), act.mod, total, value,
        total >= value,
    )  # fmt: skip
    emit(state, tested)
    if not tested.manifested:
        return
    pending = PendingSpell(psyker.spec.id, power, total, target)
    how = _("Deny the Witch with {names}: `aos deny PSYKER` (or --pass)")
    if not offer_unbind(state, psyker, pending, how):
        resolve_power(state, pending, dice, answers)


def _perils_blast(
    state: GameState, psyker: UnitState, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """40k8 §5.4: a psyker slain by Perils of the Warp strikes every unit within 6" of it, of
    either side, with D3 mortal wounds; the players say which units are that close. (A game
    recorded before the question was asked replays as it was, leaving them to `aos adjust`.)"""
    for unit in [u for u in state.units() if u.on_battlefield]:
        key = f"within-6:{unit.spec.id}"
        if _lenient(answers, key) or not answers.yes_no(
            key,
            _('was {unit} within 6" of {psyker} when it was slain?').format(
                unit=unit.name, psyker=psyker.name
            ),
        ):
            continue
        amount = parse_dice("D3").roll(
            dice, _("Perils of the Warp: D3 mortal wounds on {unit}").format(unit=unit.name)
        )
        emit(state, PerilsSuffered(unit.spec.id, unit.name, unit.side, 0, amount))
        # the psyker's own Perils: no army slew them (as the psyker's own wounds)
        suffer_mortal_wounds(state, unit, amount, dice, answers, slain_by=None)


@action(Unbind, system="wh40k8")
def _deny(state: GameState, act: Unbind, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §5.5: one Deny the Witch test per manifested power, by a psyker within 24" of the
    manifesting psyker: 2D6 must beat the Psychic test (the shared unbinding rule, in 40k's
    words; an embarked psyker cannot deny, §12.3)."""
    if act.command_reroll and act.unit is not None and state.pending_spell is not None:
        denier = state.unit(act.unit)
        if state.sides[denier.side].command_rerolls < 1:
            raise RuleError(
                _("{side} has no Command Re-rolls (40k8 §17.6)").format(
                    side=state.sides[denier.side].name
                )
            )
        needed = state.pending_spell.casting_roll - act.mod
        inner = dice
        dice = _DenyReroll(inner, needed, lambda: _command_reroll(
            state, denier.side, inner, tr("a Deny the Witch die")))  # fmt: skip
    elif act.offer_reroll and act.unit is not None and state.pending_spell is not None:
        denier = state.unit(act.unit)
        needed = state.pending_spell.casting_roll - act.mod
        inner = dice

        def wanted(rolled: list[int]) -> bool:
            what = _("a die of the Deny the Witch test ({first} and {second}, to beat {needed})")
            return offer_command_reroll(
                state, denier.side, answers, "command-reroll",
                what.format(first=rolled[0], second=rolled[1], needed=needed + act.mod),
            )  # fmt: skip

        dice = _DenyReroll(inner, needed, lambda: _command_reroll(
            state, denier.side, inner, tr("a Deny the Witch die")), wanted)  # fmt: skip
    attempt_unbind(state, act, dice, answers, resolve_power, may_act=_not_embarked)


class _DenyReroll:
    """40k8 §17.6 on Deny the Witch (§5.5): the first 2D6 rolled, the test itself, has its lower
    die re-rolled by a Command Re-roll when it does not beat the Psychic test as it stands."""

    def __init__(
        self,
        inner: DiceSource,
        needed: int,
        spend: Callable[[], int],
        wanted: Callable[[list[int]], bool] | None = None,
    ) -> None:
        self.inner, self.needed, self.spend, self.done = inner, needed, spend, False
        self.wanted = wanted
        """`aos play`: asked whether to re-roll, seeing the dice (None: always, as declared)."""

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        rolled = self.inner.roll(count, purpose)
        if not self.done and count == 2:
            self.done = True
            if sum(rolled) <= self.needed and (self.wanted is None or self.wanted(rolled)):
                low = 0 if rolled[0] <= rolled[1] else 1
                rolled[low] = self.spend()
        return rolled


def _smite_target(
    state: GameState, psyker: UnitState, target: str | None, answers: RecordedAnswers
) -> None:
    """40k8 §5.3: Smite strikes the closest visible enemy unit within 18". The psyker's player
    says so as the power is chosen, before the Psychic test: a "no" leaves nothing manifested."""
    if target is None:
        raise RuleError(_('Smite needs --target: the closest visible enemy unit within 18"'))
    aim = enemy_unit(state, psyker, target)
    if answers.fallback is None and "closest-visible" not in answers.answers:
        return  # recorded before the question moved here: it was asked as Smite resolved
    if not answers.yes_no(
        "closest-visible",
        _('is {unit} the closest visible enemy unit within 18" of {psyker}?').format(
            unit=aim.name, psyker=psyker.name
        ),
    ):
        raise RuleError(
            _(
                'Smite strikes the closest visible enemy unit within 18", not {unit} (40k8 §5.3)'
            ).format(unit=aim.name),
            _("pick the closest visible enemy unit as its target"),
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
        raise RuleError(_('Smite needs --target: the closest visible enemy unit within 18"'))
    target = enemy_unit(state, caster, pending.target)
    big = pending.casting_roll > 10
    dice_name = "D6" if big else "D3"
    amount = parse_dice(dice_name).roll(dice, _("Smite ({dice})").format(dice=dice_name))
    emit(state, SmiteStruck(target.spec.id, target.name, target.side, dice_name, amount))
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
                raise RuleError(
                    _("{unit} has no ranged weapon {name}").format(unit=unit.name, name=repr(name))
                )
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
    grenades = [w for w in weapons if weapon_type_of(w)[0] == "grenade"]
    if not grenades:
        return weapons
    if len(grenades) > 1:
        raise RuleError(
            _("one model per unit throws one grenade (40k8 §7.5)"), _("choose one grenade")
        )
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
    command_reroll: str | None = None,
) -> None:
    """Fire `weapons` at `target` through the 40k attack sequence (40k8 §6-§8, §9.3); `extra`
    are the effects the player gave (`--hit-mod` ...)."""
    spec = shooting_spec_40k(
        state, unit, target, weapons, answers, engaged=engaged, overwatch=overwatch, extra=extra
    )
    roll_attack(state, unit, target, spec, dice, overwatch=overwatch,
                command_reroll=command_reroll, answers=answers)  # fmt: skip


def shooting_spec_40k(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    weapons: list[WeaponSpec],
    answers: RecordedAnswers,
    *,
    engaged: bool = False,
    overwatch: bool = False,
    extra: tuple[Effect, ...] = (),
) -> Attack40k:
    """The shooting attack as the 40k engine takes it: each weapon prepared for its type and
    the unit's move (40k8 §6-§8, §9.3), the target with cover asked; the dice and the phase
    planner both start here."""
    from aos_cli.systems.wh40k8.engine import Attack40k, prepare_weapon

    half = any(weapon_type_of(w)[0] == "rapid-fire" for w in weapons) and answers.yes_no(
        f"half-range:{unit.spec.id}" if overwatch else "half-range",
        _("is {target} within half range of {unit}'s Rapid Fire weapons?").format(
            target=target.name, unit=unit.name
        ),
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
        cover_key,
        _("is every model of {unit} on or within a terrain feature?").format(unit=target.name),
    )
    return Attack40k(
        tuple(prepared),
        _target40k(state, target, unit, answers, in_cover=cover),
        "shooting",
        overwatch=overwatch,
    )


@action(Shoot, system="wh40k8")
def _shoot(state: GameState, act: Shoot, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §6: not after Falling Back (unless FLY); after Advancing only Assault weapons;
    within 1" of an enemy only Pistols; a CHARACTER with fewer than 10 Wounds may be targeted
    only if it is the closest visible enemy unit (§6.6)."""
    unit = acting_unit(state, act.unit, "shooting", "shoot")
    _not_embarked(unit)
    if unit.shot:
        raise RuleError(_("{unit} has already shot this phase").format(unit=unit.name))
    target = enemy_unit(state, unit, act.target)
    _not_embarked(target)
    foes = known_foes(state, unit)
    engaged = bool(foes) or answers.yes_no(
        "engaged", _('is {unit} within 1" of an enemy unit?').format(unit=unit.name)
    )
    weapons = _shooting_weapons(unit, act.weapon, engaged)
    if not weapons:
        why = (
            _('{unit} cannot shoot: only Pistols fire within 1" of the enemy (40k8 §6.2, §7)')
            if engaged
            else _("{unit} cannot shoot: no weapon may fire now (40k8 §6.2, §7)")
        )
        raise RuleError(why.format(unit=unit.name))
    if engaged:
        _pistol_at_closest(unit, target, foes, answers)
    else:
        _not_near_friends(state, unit, target, answers)
    if (
        is_character(target)
        and target.spec.wounds < 10
        and not answers.yes_no(
            "closest-visible",
            _("is {target} the closest visible enemy unit to {unit}?").format(
                target=target.name, unit=unit.name
            ),
        )
    ):
        raise RuleError(
            _(
                "{unit} is a CHARACTER with fewer than 10 Wounds: it may be shot only as the "
                "closest visible enemy unit (40k8 §6.6)"
            ).format(unit=target.name)
        )
    shoot_40k(state, unit, target, weapons, dice, answers, engaged=engaged,
              extra=attack_flags(act), command_reroll=act.command_reroll)  # fmt: skip
    unit.shot = True


def _lenient(answers: RecordedAnswers, key: str) -> bool:
    """Whether a question added in round two goes unasked: an action recorded before it was
    asked (no one to ask, no answer kept) replays as it was played."""
    return answers.fallback is None and key not in answers.answers


def _not_near_friends(
    state: GameState, unit: UnitState, target: UnitState, answers: RecordedAnswers
) -> None:
    """40k8 §6.3: no unit may shoot an enemy unit within 1" of friendly models; the game knows
    it from a charge or a fight, and asks otherwise."""
    friends = [u for u in known_foes(state, target) if u.side == unit.side]
    # only a unit that has been in combat (a pile-in, a consolidation, a Heroic Intervention)
    # may have come within 1" of the target unknown to the game: asked only then
    maybe = any(u.locked_with or u.intervened for u in state.sides[unit.side].units)
    close = bool(friends) or (
        (maybe or "target-engaged" in answers.answers)
        and not _lenient(answers, "target-engaged")
        and answers.yes_no(
            "target-engaged",
            _('is {target} within 1" of a model of your army?').format(target=target.name),
        )
    )
    if close:
        raise RuleError(
            _('{target} is within 1" of {friends}: it cannot be shot (40k8 §6.3)').format(
                target=target.name,
                friends=", ".join(u.name for u in friends) or _("your models"),
            ),
            _("shoot another unit, or fight it in the Fight phase"),
        )


def _pistol_at_closest(
    unit: UnitState, target: UnitState, foes: list[UnitState], answers: RecordedAnswers
) -> None:
    """40k8 §7.6: a Pistol fired from within 1" of the enemy must target the closest enemy
    unit (then friendly models within 1" of it do not matter). The one enemy unit the game
    knows within 1" is the closest; otherwise the players say."""
    if foes == [target] or _lenient(answers, "closest-enemy"):
        return
    if not answers.yes_no(
        "closest-enemy",
        _("is {target} the closest enemy unit to {unit}?").format(
            target=target.name, unit=unit.name
        ),
    ):
        raise RuleError(
            _(
                'a Pistol fired from within 1" of the enemy must target the closest enemy unit, '
                "not {target} (40k8 §7.6)"
            ).format(target=target.name),
            _("shoot the closest enemy unit: {units}").format(
                units=", ".join(u.name for u in foes) or _('the one within 1"')
            ),
        )


# --------------------------------------------------------------------------- charge (§9)


@action(Charge, system="wh40k8")
def _charge(state: GameState, act: Charge, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §9: from within 12", not after Advancing or Falling Back, not from within 1"; each
    target may fire Overwatch (hits on 6s); then 2D6, the first model within 1" of a target."""
    unit = acting_unit(state, act.unit, "charge", "charge")
    _not_embarked(unit)
    if unit.advanced or unit.fell_back:
        why = (
            _("{unit} Advanced this turn and cannot charge (40k8 §9.2)")
            if unit.advanced
            else _("{unit} Fell Back this turn and cannot charge (40k8 §9.2)")
        )
        raise RuleError(why.format(unit=unit.name))
    if unit.charged or f"charge:{unit.spec.id}" in state.used_this_phase:
        raise RuleError(
            _("{unit} has already charged this phase (40k8 §9.2)").format(unit=unit.name)
        )
    if CHARGES_OVER in state.used_this_phase:
        raise RuleError(
            _("a Heroic Intervention has been made: the charges of this phase are over (40k8 §9.5)")
        )
    names = [n.strip() for n in (act.target or "").split(",") if n.strip()]
    if not names:
        raise InputError(_("name the charge's target unit(s) with --target (40k8 §9.2)"))
    targets = [enemy_unit(state, unit, n) for n in names]
    if answers.yes_no(
        "engaged",
        _('was {unit} within 1" of an enemy unit at the start of the phase?').format(
            unit=unit.name
        ),
    ):
        raise RuleError(
            _(
                '{unit} started the phase within 1" of the enemy and cannot charge (40k8 §9.2)'
            ).format(unit=unit.name)
        )
    if not answers.yes_no(
        "within-12", _('is every target within 12" of {unit}?').format(unit=unit.name)
    ):
        raise RuleError(
            _('a charge target must be within 12" of {unit} (40k8 §9.2)').format(unit=unit.name)
        )
    state.used_this_phase.add(f"charge:{unit.spec.id}")
    for target in targets:
        guns = [w for w in _ranged(target) if weapon_type_of(w)[0] != "grenade"]
        if not guns or not unit.alive:
            continue
        if known_foes(state, target):
            emit(state, OverwatchBarred(target.spec.id, target.name, target.side))
            continue
        if answers.yes_no(
            f"overwatch:{target.spec.id}",
            _("does {target} fire Overwatch at {unit}?").format(target=target.name, unit=unit.name),
        ):
            others = [w for w in guns if weapon_type_of(w)[0] != "pistol"] or guns
            shoot_40k(state, target, unit, others, dice, answers, overwatch=True)
    if not unit.alive:
        emit(state, ChargerDestroyed(unit.spec.id, unit.name, unit.side))
        return
    modifier, effects = roll_modifier(state, unit, "charge", answers)
    rolled = dice.roll(2, _("{unit}'s charge roll (2D6)").format(unit=unit.name))
    distance = answers.number(
        "distance",
        _("how far is {unit} from the nearest target (inches)?").format(unit=unit.name),
    )
    needed = max(0, math.ceil(distance - 1))
    if modified(sum(rolled), modifier) < needed and (
        act.command_reroll
        or (
            act.offer_reroll
            and offer_command_reroll(
                state, unit.side, answers, "command-reroll",
                _("a charge die ({first} and {second}, needing {needed})").format(
                    first=rolled[0], second=rolled[1], needed=needed
                ),
            )
        )
    ):  # fmt: skip
        low = 0 if rolled[0] <= rolled[1] else 1
        rolled[low] = _command_reroll(state, unit.side, dice, tr("a charge die"))
    roll = modified(sum(rolled), modifier)
    if roll >= needed:
        unit.charged = True
        unit.charge_targets = tuple(t.spec.id for t in targets)
        for target in targets:
            lock(unit, target)
    emit(
        state,
        Charged40k(
            unit.spec.id, unit.name, unit.side, float(distance), tuple(rolled), modifier,
            tuple(effects), roll, needed, roll >= needed,
        ),
    )  # fmt: skip


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
        raise RuleError(
            _("Heroic Interventions are made in the opponent's Charge phase (40k8 §9.5)")
        )
    if not is_character(unit):
        raise RuleError(
            _("{unit} is not a CHARACTER and cannot Heroically Intervene").format(unit=unit.name)
        )
    if unit.intervened:
        raise RuleError(_("{unit} has already made a Heroic Intervention").format(unit=unit.name))
    if not answers.yes_no(
        "within-3", _('is {unit} within 3" of an enemy unit?').format(unit=unit.name)
    ):
        raise RuleError(
            _('{unit} is not within 3" of an enemy unit (40k8 §9.5)').format(unit=unit.name)
        )
    unit.intervened = True
    state.used_this_phase.add(CHARGES_OVER)
    emit(state, Intervened(unit.spec.id, unit.name, unit.side))


# --------------------------------------------------------------------------- fight (§10)


def fight_spec_40k(
    state: GameState,
    unit: UnitState,
    target: UnitState,
    answers: RecordedAnswers,
    weapon: str | None = None,
    extra: tuple[Effect, ...] = (),
) -> Attack40k:
    """The fight as the 40k engine takes it: the unit's first melee weapon (or the one named,
    else a close combat weapon, 40k8 §10.5), never in cover (§8.7)."""
    from aos_cli.systems.wh40k8.engine import Attack40k

    melee = [w for w in unit.spec.weapons if weapon_type_of(w)[0] == "melee"]
    if weapon:
        melee = [w for w in melee if weapon.lower() in (w.name.lower(), w.id.lower())]
    weapons = [
        _weapon40k(unit, w, _attack_rules(state, unit, target, answers, extra, w))
        for w in (melee[:1] or [replace(CLOSE_COMBAT_WEAPON, name=_(CLOSE_COMBAT_WEAPON.name))])
    ]
    return Attack40k(
        tuple(weapons), _target40k(state, target, unit, answers, in_cover=False), "fight"
    )


def planned_attack_40k(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    kind: str,
    answers: RecordedAnswers,
    extra: tuple[Effect, ...] = (),
) -> tuple[Engine40k, Attack40k] | None:
    """The phase planner's attack (`GameSystem.attack_planner`): the weapons the unit may fire
    now (not within 1" of an enemy, as the planner takes it), or its fight."""
    from aos_cli.systems.wh40k8.engine import ENGINE_40K

    if kind == "fight":
        return ENGINE_40K, fight_spec_40k(state, attacker, target, answers, None, extra)
    weapons = _shooting_weapons(attacker, None, False)
    if not weapons:
        return None
    return ENGINE_40K, shooting_spec_40k(state, attacker, target, weapons, answers, extra=extra)


@action(Fight, system="wh40k8")
def _fight(state: GameState, act: Fight, dice: DiceSource, answers: RecordedAnswers) -> None:
    """40k8 §10.2: units that charged fight first, then the players alternate, the player whose
    turn it is first; chargers attack only units they charged (§10.4); pile in and consolidate
    3" (§10.3, §10.6); no cover in the Fight phase (§8.7)."""
    need_phase(state, "fight")
    unit = state.unit(act.unit)
    present(unit)
    _not_embarked(unit)
    if unit.fought:
        raise RuleError(
            _("{unit} has already fought this phase (40k8 §10.2)").format(unit=unit.name)
        )
    active = state.active_side
    chargers = [
        u for u in state.sides[active].units if u.on_battlefield and u.charged and not u.fought
    ]
    if chargers and not unit.charged:
        raise RuleError(
            _("units that charged fight first: {units} (40k8 §10.2)").format(
                units=", ".join(u.name for u in chargers)
            )
        )
    if not unit.charged:
        picker = fight_picker(state)
        if unit.side != picker:
            raise RuleError(
                _("it is {side}'s pick to fight (40k8 §10.2)").format(side=state.sides[picker].name)
            )
        if not known_foes(state, unit) and not answers.yes_no(
            "engaged", _('is {unit} within 1" of an enemy unit?').format(unit=unit.name)
        ):
            raise RuleError(
                _(
                    '{unit} did not charge and is not within 1" of an enemy: it cannot fight '
                    "(40k8 §10.2)"
                ).format(unit=unit.name)
            )
    target = enemy_unit(state, unit, act.target)
    if unit.charged and target.spec.id not in unit.charge_targets:
        raise RuleError(
            _("{unit} charged and may attack only units it charged (40k8 §10.4)").format(
                unit=unit.name
            )
        )
    spec = fight_spec_40k(state, unit, target, answers, act.weapon, attack_flags(act))
    roll_attack(state, unit, target, spec, dice, command_reroll=act.command_reroll,
                answers=answers)  # fmt: skip
    emit(state, MayConsolidate(unit.spec.id, unit.name, unit.side))
    unit.fought = True
    if unit.alive and target.alive:
        lock(unit, target)
    state.combat_passes = 0
    still = [
        u for u in state.sides[active].units if u.on_battlefield and u.charged and not u.fought
    ]
    state.combat_to_pick = active if unit.charged else 1 - unit.side
    if unit.charged and still:
        state.combat_to_pick = active
    state.combat_to_pick = fight_picker(state)


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
        emit(state, NoMoraleDue(state.round))
        return
    reroll = act.reroll_unit
    for unit in waiting:
        die = dice.roll(1, _("{unit}'s morale test (D6)").format(unit=unit.name))[0]
        leadership = unit.spec.bravery + characteristic_bonus(state, unit, "bravery", answers)
        if (reroll and state.unit(str(reroll)) is unit) or (
            act.offer_reroll
            and die + unit.slain_this_turn > leadership
            and offer_command_reroll(
                state, unit.side, answers, f"command-reroll:{unit.spec.id}",
                _("{unit}'s morale test of {die}").format(unit=unit.name, die=die),
            )
        ):  # fmt: skip
            die = _command_reroll(
                state, unit.side, dice, tr("{unit}'s morale test", unit=unit.name)
            )
        total = die + unit.slain_this_turn
        fled = min(unit.models, max(0, total - leadership))
        unit.battleshock_tested = True
        emit(
            state,
            MoraleTested(
                state.round, unit.spec.id, unit.name, unit.side, die, unit.slain_this_turn, total,
                leadership, fled,
            ),
        )  # fmt: skip
        if fled:
            unit.models -= fled
            if not unit.models:
                unit.wounds_on_damaged = 0
            scoring.models_slain(state, unit, fled, by=1 - unit.side, how="fled")
            if not unit.alive:
                transport_destroyed(state, unit)


# --------------------------------------------------------------------------- abilities (§15)


@action(UseAbility, system="wh40k8")
def _ability(state: GameState, act: UseAbility, dice: DiceSource, answers: RecordedAnswers) -> None:
    """A datasheet ability: an aura rolled for at the start of your turn (Nurgle's Gift, 40k8
    §15) here, any other by the shared rules of abilities."""
    unit = state.unit(act.unit)
    wanted = act.ability.strip().lower()
    ability = next(
        (a for a in unit.spec.abilities if wanted in (a.id.lower(), a.name.lower())), None
    )
    parts = turn_start_aura(ability) if ability is not None else None
    if ability is None or parts is None:
        HANDLERS[UseAbility](state, act, dice, answers)
        return
    aura, roll, wounds = parts
    need_phase(state, "movement")
    present(unit)
    own_turn(state, unit, _("use {ability}").format(ability=ability.name))
    _not_embarked(unit)
    key = turn_start_key(unit.spec.id, ability.id)
    if key in state.used_this_turn:
        raise RuleError(
            _("{ability} has already been rolled for this turn (40k8 §15)").format(
                ability=ability.name
            )
        )
    if any(u.moved for u in state.sides[unit.side].units):
        raise RuleError(
            _("{ability} is rolled for at the start of your turn, before any unit moves").format(
                ability=ability.name
            )
        )
    state.used_this_turn.add(key)
    unit.used.append(ability.name)
    keywords = " ".join(aura.keywords) or _("friendly")
    struck = 0
    for enemy in state.sides[1 - unit.side].units:
        if not enemy.on_battlefield or not answers.yes_no(
            f"within-{wounds.range}:{enemy.spec.id}",
            _('is {enemy} within {reach}" of a {keywords} model within {aura}" of {unit}?').format(
                enemy=enemy.name,
                reach=wounds.range,
                keywords=keywords,
                aura=aura.range,
                unit=unit.name,
            ),
        ):
            continue
        struck += 1
        rolled = roll.dice.roll(
            dice,
            _("{ability} against {enemy} (needs {on}+)").format(
                ability=ability.name, enemy=enemy.name, on=roll.on
            ),
        )
        if rolled < roll.on:
            emit(
                state,
                AbilityStruck(
                    ability.name, enemy.spec.id, enemy.name, enemy.side, rolled, roll.on, False, 0
                ),
            )
            continue
        amount = wounds.amount.roll(dice, _("{ability} mortal wounds").format(ability=ability.name))
        emit(
            state,
            AbilityStruck(
                ability.name, enemy.spec.id, enemy.name, enemy.side, rolled, roll.on, True, amount
            ),
        )
        suffer_mortal_wounds(state, enemy, amount, dice, answers, slain_by=unit.side)
    if not struck:
        emit(state, AbilityNoTarget(ability.name))


@action(UseCommand, system="wh40k8")
def _no_commands(
    state: GameState, act: UseCommand, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """40k8 core rules have no command abilities; the Underdog has Command Re-rolls (§17.6)."""
    raise RuleError(
        _("the 40k 8th edition core rules have no command abilities"),
        _("the Underdog spends Command Re-rolls with --command-reroll on a roll (40k8 §17.6)"),
    )


WH40K8 = WH40K8System(
    **INFO.settings(),
    section="40k8",
    phases=("movement", "psychic", "shooting", "charge", "fight", "morale"),
    demo_armies=("death-guard-wh40k8-demo.yaml", "space-marines-wh40k8-demo.yaml"),
    demo_battleplan="only-war",
    demo_player="aos_cli.systems.wh40k8.demo:Player40k",
    arrival_roll=None,
    reserve_ability="teleport-strike",
    setup_wizard=True,
    setup_steps="aos_cli.systems.wh40k8.setup_wizard:run_wizard",
    magic_phase="psychic",
    command_phase="movement",
    combat_phase="fight",
    shock_phase="morale",
    engagement=1,
    unbind_range=24,
    unbind_name="Deny the Witch",
    unbind_verb="Deny",
    spell_limit="caster",
    unbind_words=UnbindWords(
        nothing_waiting=N_("there is no psychic power waiting to be denied"),
        passed=N_("No Deny the Witch: {spell} takes effect."),
        own_side=N_("{unit} is on the manifesting psyker's side"),
        no_more=N_("{unit} cannot deny any more powers this phase"),
        question=N_('is {unit} within {reach}" of {caster}?'),
        out_of_range=N_('{unit} is not within {reach}" of {caster} (40k8 §5.5)'),
        roll=N_("{unit} Denies the Witch (2D6, must beat {roll})"),
        success=N_("{unit} denies {spell} with {total}{how} (40k8 §5.5)."),
        failure=N_("{unit} fails to deny ({total}{how}): {spell} takes effect."),
    ),
    general_replaced=False,
    general_in_reserve=True,
    spells=(SpellRule("smite", 5, 18, "enemy"),),
    scenery_range=0,
    garrisons=False,  # the 40k8 book has cover only (§8.7, seed 001): no garrisons, obstacles
    garrisons_before=COALITION_REVISION,  # older 40k8 games kept AoS2's garrisons
    bravery_per_ten=False,
    bravery_name="Leadership",
    battle_rounds=5,
    shooting_engaged_rule=False,
    look_out_sir=False,
    objective_control_range=3,
    objectives_sticky=False,
    first_step=N_(
        "The Underdog chooses who goes first in every round with `aos priority --first SIDE`."
    ),
    attack_odds_hint=N_("See `aos odds attack --system wh40k8` for the odds of a 40k attack."),
    attack_planner="aos_cli.systems.wh40k8.rules:planned_attack_40k",
)
"""40k8 §3 phases, §5 psychic (Smite WC 5, deny within 24"), §11 morale, §17.8 five rounds."""

register(WH40K8)


# --------------------------------------------------------------------------- victory (§17.9)


def _wins_at_once(handler: Handler) -> Handler:
    """The handler, then 40k8 §17.8-§17.9: an army that has destroyed all its enemies wins at
    once, in the middle of a phase, not as the turn ends."""

    def run(state: GameState, act: Any, dice: DiceSource, answers: RecordedAnswers) -> None:
        handler(state, act, dice, answers)
        all_destroyed(state, dice, answers)

    run.__doc__ = handler.__doc__
    return run


def all_destroyed(state: GameState, dice: DiceSource, answers: RecordedAnswers) -> None:
    """End the battle as soon as one army has no model left (units waiting in reserve or in a
    transport are not destroyed); the other player wins (40k8 §17.9)."""
    from aos_cli.core.scoring import end_of_battle

    if state.ended:
        return
    out = [side for side in (0, 1) if not any(u.alive for u in state.sides[side].units)]
    if not out:
        return
    state.ended = True
    state.phase = "ended"
    if len(out) == 2:
        emit(state, ArmyDestroyed(-1, ""))
    else:
        emit(state, ArmyDestroyed(1 - out[0], state.sides[1 - out[0]].name))
    end_of_battle(state, dice, answers)


for _kind in (Shoot, Fight, Cast, Unbind, Charge, Battleshock, UseAbility, Intervene):
    SYSTEM_HANDLERS[("wh40k8", _kind)] = _wins_at_once(SYSTEM_HANDLERS[("wh40k8", _kind)])
