"""Ghur's monstrous beasts (AoS2 §24.2, seed 000 p.16): Monstrous Beasts, and the realmscape
features Beasts of Ghur (5) and Territory of Beasts (6) that add to them.

After set-up each player may set up a Monster that is not a Hero, starting with the player who
finished setting up their army first: part of neither army, more than 9" from other beasts
and from both armies. At the start of each battle round a beast picks as its prey the army
with the unit closest to it (a roll-off decides who picks when both are equally close) and
joins the other army for that round: its player moves, charges and attacks with it, it may
attack any unit of its prey's army, and the army it joined cannot attack or charge it. It
scores for nobody and never becomes a general. The tool cannot see the table, so the players
are asked the distances. Games set up before `BEASTS_REVISION` have no beasts."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from aos_cli.core.action_types import Beast
from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import RuleError
from aos_cli.core.events import BeastRollOff, BeastSetUp, PreyChosen, emit
from aos_cli.core.handlers import action
from aos_cli.core.legality import BEASTS_REVISION
from aos_cli.core.state import UnitSpec, UnitState
from aos_cli.language.text import tr

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker, RecordedAnswers
    from aos_cli.core.state import GameState
    from aos_cli.core.stored_setup import StoredUnit

GHUR = "ghur"
"""The realm whose battles have monstrous beasts."""


def beasts_played(state: GameState) -> bool:
    """Whether the battle has Ghur's Monstrous Beasts: fought in Ghur, set up at
    `BEASTS_REVISION` or later."""
    return (state.realm or "").lower() == GHUR and state.rules_revision >= BEASTS_REVISION


def beast_order(state: GameState) -> list[int]:
    """The sides that may set up a monstrous beast, in order: each player once, the one who
    finished setting up first leading; Territory of Beasts once more each; Beasts of Ghur one
    more for the winner of its roll-off (once rolled)."""
    first = next((i for i, s in enumerate(state.sides) if s.finished_setup_first), 0)
    order = [first, 1 - first]
    if state.realmscape == "territory-of-beasts":
        order += [first, 1 - first]
    if state.realmscape == "beasts-of-ghur" and state.beasts_winner is not None:
        order.append(state.beasts_winner)
    return order


def next_beast_side(state: GameState) -> int | None:
    """The side whose turn it is to set up (or decline) a monstrous beast; None when none may,
    or the first battle round has begun."""
    if not beasts_played(state) or state.round > 0 or state.phase != "priority":
        return None
    order = beast_order(state)
    done = len(state.beast_turns)
    return order[done] if done < len(order) else None


def check_beast(state: GameState, side: int | None) -> int:
    """Who may set up a monstrous beast now (AoS2 §24.2): after set-up, before the first battle
    round, in turn; the side setting it up, or a RuleError saying why not."""
    if not beasts_played(state):
        raise RuleError(
            tr("monstrous beasts are set up only in battles in Ghur"),
            tr("start a game with --realm ghur"),
        )
    if state.round > 0 or state.phase != "priority":
        raise RuleError(
            tr("monstrous beasts are set up after set-up, before the first battle round")
        )
    due = next_beast_side(state)
    if due is None:
        raise RuleError(tr("every monstrous beast allowed has been set up"))
    if side is not None and side != due:
        raise RuleError(
            tr("{side} sets up the next monstrous beast first", side=state.sides[due].name),
            tr("set it up, or decline with `aos beast --none`"),
        )
    return due


def check_beast_unit(state: GameState, spec: UnitSpec) -> None:
    """A monstrous beast is a Monster that is not a Hero, with an id no other unit has."""
    if not spec.has("MONSTER") or spec.is_hero:
        raise RuleError(
            tr(
                "{unit} is not a monstrous beast: it must be a Monster that is not a Hero",
                unit=spec.name,
            ),
            tr("pick a Monster warscroll without the Hero keyword"),
        )
    taken = {u.spec.id for u in [*state.units(), *state.beasts]}
    if spec.id in taken:
        raise RuleError(tr("there is already a unit with the id {id}", id=repr(spec.id)))
    from aos_cli.core.unit_attacks import check_unit_effects

    check_unit_effects(spec)  # as an army's units are checked at set-up


def set_up_beast(
    state: GameState, spec: UnitSpec | None, side: int | None, dice: DiceSource, answers: Asker
) -> None:
    """A player sets up a monstrous beast (or declines, `spec` None); once both players have had
    their first, Beasts of Ghur's roll-off gives its winner one more."""
    due = check_beast(state, side)
    name = state.sides[due].name
    if spec is None:
        emit(state, BeastSetUp(due, name, "", ""))
    else:
        check_beast_unit(state, spec)
        question = tr(
            'is {unit} set up more than 9" from every other monstrous beast and from every '
            "model of both armies?",
            unit=spec.name,
        )
        if not answers.yes_no("beast-clear", question):
            raise RuleError(
                tr(
                    'a monstrous beast is set up more than 9" from other monstrous beasts and '
                    "from both armies"
                ),
                tr("set it up further away, then answer yes"),
            )
        beast = UnitState(spec, due, spec.models, beast=True)
        state.beasts.append(beast)
        emit(state, BeastSetUp(due, name, spec.id, spec.name))
    state.beast_turns.append(due)
    if (
        state.realmscape == "beasts-of-ghur"
        and state.beasts_winner is None
        and len(state.beast_turns) == 2
    ):
        state.beasts_winner = _roll_off(state, dice, None)


def _roll_off(state: GameState, dice: DiceSource, beast: UnitState | None) -> int:
    """A roll-off for a monstrous beast, told as an event; the winning side."""
    names = tuple(s.name for s in state.sides)
    what = (
        tr("Beasts of Ghur: roll-off for an additional monstrous beast")
        if beast is None
        else tr("who picks the prey of {unit}: roll-off", unit=beast.name)
    )
    purpose = tr("{what} ({one}, then {two})", what=what, one=names[0], two=names[1])
    rolls: tuple[int, ...] = ()
    while True:  # each player a D6, ties rolled again (AoS2 §2)
        first, second = dice.roll(2, purpose)
        rolls += (first, second)
        if first != second:
            break
    winner = 0 if first > second else 1
    unit, unit_name = ("", "") if beast is None else (beast.spec.id, beast.name)
    emit(state, BeastRollOff(unit, unit_name, names, rolls, winner, names[winner]))
    return winner


def choose_prey(state: GameState, dice: DiceSource | None, answers: Asker | None) -> None:
    """At the start of each battle round every monstrous beast picks its prey (AoS2 §24.2):
    the army with the unit closest to it (beasts not counted), asked of the players; equally
    close, a roll-off's winner picks. It joins the other army for the round."""
    if not state.beasts:
        return
    from aos_cli.core.answers import RecordedAnswers

    asked = answers if isinstance(answers, RecordedAnswers) else RecordedAnswers({}, answers)
    for beast in state.beasts:
        if beast in state.sides[beast.side].units:
            state.sides[beast.side].units.remove(beast)
    for beast in [b for b in state.beasts if b.alive]:
        before = beast.side if beast.prey is not None else None
        prey = _prey(state, beast, dice, asked)
        beast.prey, beast.side = prey, 1 - prey
        state.sides[beast.side].units.append(beast)
        if before is not None and before != beast.side:
            # Yesterday's friends are its enemies now: any of them may be within 3" of it.
            beast.may_be_engaged = True
            for unit in state.sides[prey].units:
                unit.may_be_engaged = True
        emit(
            state,
            PreyChosen(
                state.round,
                beast.spec.id,
                beast.name,
                prey,
                state.sides[prey].name,
                beast.side,
                state.sides[beast.side].name,
            ),
        )


def _prey(state: GameState, beast: UnitState, dice: DiceSource | None, answers: Asker) -> int:
    """The side a beast hunts this round, from the players' answers (and a roll-off)."""
    one, two = (s.name for s in state.sides)
    key = beast.spec.id
    tie = tr(
        "Monstrous Beasts: are the closest units of {one} and of {two} equally close to {unit} "
        "(monstrous beasts not counted)?",
        one=one,
        two=two,
        unit=beast.name,
    )
    if not answers.yes_no(f"prey-tie:{key}", tie):
        nearer = tr(
            "Monstrous Beasts: is the unit closest to {unit} one of {one} (monstrous beasts "
            "not counted)?",
            unit=beast.name,
            one=one,
        )
        return 0 if answers.yes_no(f"prey-nearer:{key}", nearer) else 1
    if dice is None:
        raise RuleError(tr("a roll-off decides who picks the prey of {unit}", unit=beast.name))
    picker = _roll_off(state, dice, beast)
    pick = tr(
        "Monstrous Beasts: {side} picks the prey of {unit}; is it the army of {one}?",
        side=state.sides[picker].name,
        unit=beast.name,
        one=one,
    )
    return 0 if answers.yes_no(f"prey-pick:{key}", pick) else 1


@action(Beast)
def _beast(state: GameState, act: Beast, dice: DiceSource, answers: RecordedAnswers) -> None:
    """`aos beast`: a monstrous beast set up from its warscroll's snapshot, or declined."""
    if act.unit is None and not act.none:
        raise RuleError(
            tr("name the Monster to set up as a monstrous beast"),
            tr("e.g. `aos beast WARSCROLL`, or `aos beast --none`"),
        )
    try:
        spec = None if act.none else UnitSpec.from_dict(cast("StoredUnit", dict(act.unit or {})))
    except (KeyError, TypeError, ValueError) as problem:
        raise RuleError(tr("the monstrous beast's warscroll cannot be read: {problem}",
                           problem=repr(problem)[:100])) from None  # fmt: skip
    set_up_beast(state, spec, act.side, dice, answers)
