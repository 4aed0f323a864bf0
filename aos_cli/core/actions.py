"""Applying every player action: the typed values of `aos_cli.core.action_types` and their rules.

`apply_action` decodes an action's stored or typed payload (migrating old ones); `apply` checks
that the action is legal now and changes the state in one step. It is the
same code on the first run (dice from the player or the RNG, recorded) and on every replay
(the recorded dice and the recorded answers), so replaying never re-rolls and never re-asks.

The handlers live by topic in `aos_cli.core.handlers` (combat, movement, magic, battleshock,
abilities); the turn and the corrections (priority, next, general, heal, adjust) are here. They
are the Age of Sigmar rules; where the game's system differs they ask it
(`aos_cli.core.system.GameSystem`), and a system whose action works differently in kind
(40k8 shooting, psychic powers, morale) registers its own handler for that action type with
`@action(ActionType, system=...)`, which `apply` prefers for games of that system.
"""

from __future__ import annotations

from collections.abc import Mapping

from aos_cli.core import beasts as beasts
from aos_cli.core.action_types import (
    Action,
    Adjust,
    General,
    Heal,
    Next,
    Objective,
    Priority,
    Unbind,
    UseAbility,
    UseCommand,
    decode_action,
    encode_action,
    stored_answers,
)
from aos_cli.core.answers import Asker as Asker
from aos_cli.core.answers import RecordedAnswers as RecordedAnswers
from aos_cli.core.casualties import inflict as inflict
from aos_cli.core.casualties import pass_on_generalship
from aos_cli.core.casualties import slay_models as slay_models
from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import RuleError
from aos_cli.core.events import (
    EVENTS_VERSION,
    Adjusted,
    BattleDecided,
    Healed,
    PhaseBegun,
    UnitCounted,
    emit,
    say,
)
from aos_cli.core.guards import acting_unit as acting_unit
from aos_cli.core.guards import need_phase, present
from aos_cli.core.handlers import HANDLERS, SYSTEM_HANDLERS, Handler
from aos_cli.core.handlers import abilities as abilities
from aos_cli.core.handlers import action as action
from aos_cli.core.handlers import battleshock as battleshock
from aos_cli.core.handlers import combat as combat
from aos_cli.core.handlers import magic as magic
from aos_cli.core.handlers import movement as movement
from aos_cli.core.handlers import scenery as scenery
from aos_cli.core.handlers.combat import weapon_attack as weapon_attack
from aos_cli.core.legality import check_not_ending
from aos_cli.core.records import dataclass
from aos_cli.core.scoring import record_objective
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.stored import Json, JsonObject
from aos_cli.core.system import system_of
from aos_cli.core.turn import advance, begin_round
from aos_cli.language.text import MAX_VALUE, tr, trn


def handler_for(state: GameState, kind: type[Action]) -> Handler | None:
    """The handler of an action type for the game's system: its own, else the shared one."""
    system_of(state)  # imports the system's module, which registers its own handlers
    return SYSTEM_HANDLERS.get((state.system, kind)) or HANDLERS.get(kind)


def read_action(state: GameState, kind: str, payload: Mapping[str, object]) -> Action:
    """The typed action of a payload for this game (a system's own kinds included)."""
    system_of(state)  # imports the system's module, which registers its own action kinds
    return decode_action(kind, payload)


@dataclass(frozen=True)
class Applied:
    """An action the rules applied: its typed value, and the payload the store keeps for it
    (its fields in the current shape, the answers it needed, what the rules decided)."""

    action: Action
    stored: JsonObject


def apply_action(
    state: GameState,
    kind: str,
    payload: Mapping[str, object],
    dice: DiceSource,
    asker: RecordedAnswers | None = None,
) -> Applied:
    """Decode, check and apply one action given as its kind and payload (from the command line
    or the action log). Without an `asker` the payload is a stored one and replays with its
    recorded answers (and those its version implies). Returns the typed action and the payload
    to store: the current shape, with the answers the action needed under `answers`, what the
    rules decided under `events` and the events its notes are under `told`; the caller's payload
    is left as it was."""
    value = read_action(state, kind, payload)
    answers = asker or RecordedAnswers(stored_answers(kind, payload))
    clock = payload.get("clock")
    apply(state, value, dice, answers)
    answers.settle()
    stored = encode_action(value)
    if answers.answers:
        stored["answers"] = dict(answers.answers)
    if state.events:
        stored["events"] = [event.to_data() for event in state.events]
    stored["events_version"] = EVENTS_VERSION
    told = told_events(state)
    if told is not None:
        stored["told"] = list[Json](told)
    if isinstance(clock, dict) and clock.get("side") in (0, 1):
        stored["clock"] = dict(clock)
        side = int(clock["side"])
        state.clock[side] = state.clock.get(side, 0.0) + float(clock.get("seconds", 0))
    return Applied(value, stored)


def told_events(state: GameState) -> list[int] | None:
    """The action's notes as the places of its events in `state.events`, when every note is an
    event the views tell: then its log reads in any language from what is stored, with no
    rule run. None when the rules still wrote a sentence of their own."""
    told: list[int] = []
    for note in state.notes:
        place = next((i for i, e in enumerate(state.events) if e is note), None)
        if place is None:
            return None
        told.append(place)
    return told


def apply(state: GameState, value: Action, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Check that a typed action is legal now and apply it in one step."""
    handler = handler_for(state, type(value))
    if handler is None:
        raise RuleError(
            tr(
                "there is no action {action} in {system}",
                action=repr(value.kind),
                system=system_of(state).name,
            ),
            tr("see `aos --help`"),
        )
    state.notes.clear()  # the same list: a watcher (aos play) shows notes as they come
    state.events.clear()
    if state.ended and not isinstance(value, Adjust):
        raise RuleError(tr("the battle is over"), tr("see the result with `aos status`"))
    if state.pending_spell is not None and not isinstance(value, Unbind | Adjust):
        raise system_of(state).spell_waiting(state.pending_spell.spell)
    before = {id(u): u.models for u in state.units()}
    damaged = {id(u): u.wounds_on_damaged for u in state.units()}
    decided = state.result
    where = (state.round, state.phase)
    at = _at(state)
    moment = not isinstance(value, Adjust | Heal | Objective | General | Next | Priority)
    if moment and not isinstance(value, UseAbility | UseCommand):
        check_not_ending(state, value)
    state.moment = "during"
    handler(state, value, dice, answers)
    if moment and where == (state.round, state.phase):
        # The moments of a phase (issue 26 item 9): what was done at its start, or its end.
        state.phase_begun = state.phase_begun or state.moment != "start"
        state.phase_ending = state.phase_ending or state.moment == "end"
    _record_losses(state, before, where)
    _count_units(state, before, damaged, where)
    if state.result is not None and decided is None:
        emit(state, BattleDecided.of(state.result))
    if _at(state) != at:
        turn = state.active_side if state.first_side is not None else -1
        name = state.sides[turn].name if turn >= 0 else ""
        emit(state, PhaseBegun(state.round, turn, name, state.phase))


def _at(state: GameState) -> tuple[int, int | None, int, str]:
    """Where the battle stands: the round, who went first, whose turn and the phase."""
    return (state.round, state.first_side, state.active_side, state.phase)


def _count_units(
    state: GameState, before: dict[int, int], damaged: dict[int, int], where: tuple[int, str]
) -> None:
    """Count every unit whose models or wounds changed in the action in its events
    (`UnitCounted`), so the battle report and the log's tables read them from the store."""
    for unit in state.units():
        had = before.get(id(unit), 0)
        if (had, damaged.get(id(unit), 0)) != (unit.models, unit.wounds_on_damaged):
            emit(
                state,
                UnitCounted(
                    *where, unit.spec.id, unit.name, unit.side, had, unit.models,
                    unit.wounds_on_damaged,
                ),
            )  # fmt: skip


def _record_losses(state: GameState, before: dict[int, int], where: tuple[int, str]) -> None:
    """Note the models each unit lost in one action, with the round and phase it happened in."""
    for unit in state.units():
        lost = before.get(id(unit), unit.models) - unit.models
        if lost > 0:
            state.losses.append(
                {"round": where[0], "phase": where[1], "side": unit.side,
                 "unit": unit.spec.id, "models": lost}
            )  # fmt: skip


@action(General)
def _pick_general(
    state: GameState, act: General, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Pick the model that takes a slain general's place (AoS2 §5.3)."""
    unit = state.unit(act.unit)
    present(unit)
    side = state.sides[unit.side]
    if not side.general_slain:
        raise RuleError(
            tr("{side}'s general is alive", side=side.name),
            tr("a general is replaced only when slain"),
        )
    if unit.beast:  # part of neither army (AoS2 §24.2)
        raise RuleError(
            tr("{unit} is a monstrous beast, part of neither army", unit=unit.name),
            tr("pick a unit of the army as its general"),
        )
    from aos_cli.core.legality import COALITION_REVISION

    player = side.player_of(unit)
    coalition = state.rules_revision >= COALITION_REVISION and len(side.players) > 1
    if coalition and player not in side.generals_lost_by:  # seed 000 p.12: a general each
        raise RuleError(
            tr("{player}'s general is alive", player=player),
            tr("a coalition's player replaces only their own slain general"),
        )
    for other in side.units:
        if other.alive and (
            state.rules_revision < COALITION_REVISION or side.player_of(other) == player
        ):
            other.general = other is unit
    say(state, tr("{unit} is now {side}'s general.", unit=unit.name, side=side.name))
    from aos_cli.core.legality import by_the_book

    if by_the_book(state) and side.command_traits and unit.spec.is_hero:
        generate_trait(state, unit, dice)


def generate_trait(state: GameState, unit: UnitState, dice: DiceSource) -> None:
    """A general chosen during the battle generates a command trait at once (seed 000 p.19:
    a Hero general of a Stormcast Eternals army), rolled on the allegiance's table; a trait
    that blesses a weapon blesses the general's first weapon of that kind."""
    from aos_cli.core.ability_effects import ActsAsGeneral, WithWeapons, build_effects
    from aos_cli.core.state import ActiveEffect

    side = state.sides[unit.side]
    purpose = tr("the command trait of {unit} (D6)", unit=unit.name)
    roll = dice.roll(1, str(purpose))[0]  # said: a roll's purpose is a string in `dice`
    row = next((t for t in side.command_traits if t["low"] <= roll <= t["high"]), None)
    if row is None:
        return
    name = str(row["name"])
    effects = build_effects(row.get("effects"), name)
    kind = row.get("weapon")
    weapon = next(
        (w for w in unit.spec.weapons if kind == "any" or w.kind == kind), None
    ) if kind else None  # fmt: skip
    if weapon is not None and effects:
        effects = (WithWeapons((weapon.id,), effects),)
    unit.effects.append(ActiveEffect(name, effects, "battle", unit.side))
    if any(isinstance(e, ActsAsGeneral) for e in effects):  # Consummate Commander (p.19)
        other = next(
            (u for u in side.units if u is not unit and u.on_battlefield and u.spec.is_hero), None
        )
        if other is not None:
            given = (ActsAsGeneral(unit.spec.id),)
            other.effects.append(ActiveEffect(name, given, "battle", unit.side))
            say(state, tr("{unit} may use its command abilities as if it were the general "
                          "while {general} lives.", unit=other.name, general=unit.name))  # fmt: skip
    text = str(row.get("text", ""))
    note = tr(
        "{unit} generates a command trait: rolled {roll}, {trait}: {text}",
        unit=unit.name,
        roll=roll,
        trait=name,
        text=text,
    )
    if len(text) <= MAX_VALUE and len(name) <= MAX_VALUE:
        say(state, note)
    else:  # a rule's text too long to store as a text's value: said now, shown by replay
        state.notes.append(str(note))


@action(Priority)
def _priority(state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Who takes the first turn of the round, by the system's rule: AoS2 §6 a roll-off whose
    winner picks; AoS1 §6 ties rolled again, round one chosen by who finished set-up first;
    40k8 §17.7 the Underdog's choice, kept for every round."""
    need_phase(state, "priority")
    first_side = system_of(state).priority(state, act, dice, answers)
    begin_round(state, first_side, dice, answers)


@action(Next)
def _next(state: GameState, act: Next, dice: DiceSource, answers: RecordedAnswers) -> None:
    advance(state, dice, answers)


@action(Heal)
def _heal(state: GameState, act: Heal, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §14.12: healing removes allocated wounds; slain models are never healed."""
    unit = state.unit(act.unit)
    present(unit)
    healed = min(act.amount, unit.wounds_on_damaged)
    unit.wounds_on_damaged -= healed
    emit(state, Healed(unit.spec.id, unit.name, unit.side, act.amount, healed))


@action(Adjust)
def _adjust(state: GameState, act: Adjust, dice: DiceSource, answers: RecordedAnswers) -> None:
    """A manual correction for what happened on the table that the tool did not see; wounds
    count as dealt by the enemy unless `by` names the side (or `none`, for terrain)."""
    from aos_cli.core.legality import by_the_book
    from aos_cli.core.scoring import side_index

    unit = state.unit(act.unit)
    by = (act.by or "").strip()
    # A correction records what happened at the table: it scores a kill only for the side the
    # player names as having slain them (issue 26); games set up before credit the enemy.
    default = None if by_the_book(state) else 1 - unit.side
    slain_by = default if not by else None if by.lower() == "none" else side_index(state, by)
    models = act.models
    wounds = act.wounds
    if models:
        new = unit.models + models
        if not 0 <= new <= unit.spec.models * 2:
            raise RuleError(
                trn(
                    "{unit} cannot have {n} model",
                    "{unit} cannot have {n} models",
                    new,
                    unit=unit.name,
                    n=new,
                )
            )
        if models < 0 and by and slain_by is not None and by_the_book(state):
            slay_models(state, unit, -models, slain_by=slain_by)
        else:
            if models < 0:
                unit.slain_this_turn += -models
            unit.models = new
            if not unit.alive and unit.general:
                pass_on_generalship(state, unit)
    if wounds > 0:
        inflict(state, unit, wounds, slain_by=slain_by)
    elif wounds < 0:
        unit.wounds_on_damaged = max(0, unit.wounds_on_damaged + wounds)
    adjusted = Adjusted(unit.spec.id, unit.name, unit.side, models, wounds, by, act.reason or "")
    emit(state, adjusted)


HANDLERS[Objective] = record_objective
"""Objectives are scoring's: placing one, counting the models near it, correcting its holder."""
