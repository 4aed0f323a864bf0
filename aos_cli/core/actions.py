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

from typing import Any

from aos_cli.core.action_types import (
    Action,
    Adjust,
    General,
    Heal,
    Next,
    Objective,
    Priority,
    Unbind,
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
from aos_cli.core.i18n import _, ngettext
from aos_cli.core.scoring import record_objective
from aos_cli.core.state import GameState
from aos_cli.core.system import system_of
from aos_cli.core.turn import advance, begin_round


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
    the action needed under `answers` and what the rules decided under `events`. Without an `asker` the payload is a stored one and
    replays with its recorded answers (and those its version implies). Returns the typed
    action."""
    value = read_action(state, kind, payload)
    answers = asker or RecordedAnswers(stored_answers(kind, payload))
    clock = payload.get("clock")
    apply(state, value, dice, answers)
    answers.settle()
    payload.clear()
    payload.update(encode_action(value))
    if answers.answers:
        payload["answers"] = answers.answers
    if state.events:
        payload["events"] = [event.to_data() for event in state.events]
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
            _("there is no action {action} in {system}").format(
                action=repr(value.kind), system=system_of(state).name
            ),
            _("see `aos --help`"),
        )
    state.notes.clear()  # the same list: a watcher (aos play) shows notes as they come
    state.events.clear()
    if state.ended and not isinstance(value, Adjust):
        raise RuleError(_("the battle is over"), _("see the result with `aos status`"))
    if state.pending_spell is not None and not isinstance(value, Unbind | Adjust):
        raise system_of(state).spell_waiting(state.pending_spell.spell)
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
            _("{side}'s general is alive").format(side=side.name),
            _("a general is replaced only when slain"),
        )
    for other in side.units:
        if other.alive:
            other.general = other is unit
    state.notes.append(_("{unit} is now {side}'s general.").format(unit=unit.name, side=side.name))


@action(Priority)
def _priority(state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Who takes the first turn of the round, by the system's rule: AoS2 §6 a roll-off whose
    winner picks; AoS1 §6 ties rolled again, round one chosen by who finished set-up first;
    40k8 §17.7 the Underdog's choice, kept for every round."""
    need_phase(state, "priority")
    first_side = system_of(state).priority(state, act, dice, answers)
    begin_round(state, first_side, dice)


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
    state.notes.append(
        _("{unit} heals {wounds}.").format(
            unit=unit.name,
            wounds=ngettext("{n} wound", "{n} wounds", healed).format(n=healed),
        )
    )


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
            raise RuleError(
                ngettext(
                    "{unit} cannot have {n} model", "{unit} cannot have {n} models", new
                ).format(unit=unit.name, n=new)
            )
        if models < 0:
            unit.slain_this_turn += -models
        unit.models = new
        if not unit.alive and unit.general:
            pass_on_generalship(state, unit)
    if wounds > 0:
        inflict(state, unit, wounds, slain_by=slain_by)
    elif wounds < 0:
        unit.wounds_on_damaged = max(0, unit.wounds_on_damaged + wounds)
    if act.reason:
        line = _("{unit} adjusted ({reason}).").format(unit=unit.name, reason=act.reason)
    else:
        line = _("{unit} adjusted (no reason given).").format(unit=unit.name)
    state.notes.append(line)


HANDLERS[Objective] = record_objective
"""Objectives are scoring's: placing one, counting the models near it, correcting its holder."""
