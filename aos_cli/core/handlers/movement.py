"""Movement actions: move, retreat, run (AoS2 §8) and arriving from reserve (§26.1).

The roll arithmetic itself is `aos_cli.core.movement` (shared with `aos roll` and `aos odds`).
"""

from __future__ import annotations

from aos_cli.core.action_types import Arrive, Move, PreBattleMove, PreBattleRollOff, Retreat, Run
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.casualties import suffer_mortal_wounds
from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import RuleError
from aos_cli.core.events import Arrived, Moved, Ran, Retreated, emit, say
from aos_cli.core.guards import needs_hero_in_range, spend_cp
from aos_cli.core.handlers import action
from aos_cli.core.legality import (
    check_arrive,
    check_move,
    check_not_engaged,
    check_pre_battle_move,
    check_retreat,
    check_run,
    note_placed,
    pre_battle_moves,
)
from aos_cli.core.roll_effects import modified, roll_modifier
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.language.text import Value, tr


@action(Move)
def _move(state: GameState, act: Move, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §8: each unit moves once per movement phase."""
    _move_unit(state, act.unit, dice, answers, retreat=False)


def _move_unit(
    state: GameState, unit_id: str, dice: DiceSource, answers: RecordedAnswers, *, retreat: bool
) -> None:
    """A normal move or a retreat (AoS2 §8.3: only a unit within 3" of an enemy retreats): its
    note first, then the terrain it ends on."""
    unit = state.unit(unit_id)
    if retreat:
        check_retreat(state, unit, answers)
    else:
        check_move(state, unit)
        check_not_engaged(state, unit, answers)
    unit.moved = True
    note_placed(state, unit, "retreat" if retreat else "move")
    if retreat:
        unit.retreated = True
        emit(state, Retreated(unit.spec.id, unit.name, unit.side))
    else:
        emit(state, Moved(unit.spec.id, unit.name, unit.side, unit.move_now))
    after_move(state, unit, dice, answers)


def after_move(
    state: GameState,
    unit: UnitState,
    dice: DiceSource,
    answers: RecordedAnswers,
    how: str = "move",
) -> None:
    """Deadly terrain after a move (AoS2 §4.3; the 1st edition's own table, AoS1 §3.4)."""
    mortal = system_of(state).after_move(state, unit, dice, answers, how)
    if mortal:  # terrain: no army slew them; a ward may still ignore each (AoS2 §4.3)
        suffer_mortal_wounds(state, unit, mortal, dice, answers, slain_by=None)


@action(Retreat)
def _retreat(state: GameState, act: Retreat, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §8.3: only a unit within 3" of an enemy retreats; it cannot shoot or charge later
    in the turn."""
    _move_unit(state, act.unit or "", dice, answers, retreat=True)


@action(Run)
def _run(state: GameState, act: Run, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §8.4: add a D6 to Move; At the Double (1 CP) makes it a 6 (§7.2); the bonuses and
    penalties in force on run rolls apply (§1.4: never below 1)."""
    unit = state.unit(act.unit)
    check_run(state, unit, act.at_the_double)
    check_not_engaged(state, unit, answers)
    modifier, names = roll_modifier(state, unit, "run", answers)
    if act.at_the_double:
        needs_hero_in_range(answers, unit, state)
        spend_cp(state, unit.side, "At the Double")
        unit.used.append("command: At the Double")
        die = 6
    else:
        # The purpose of a roll is said as the dice are asked for.
        die = dice.roll(1, tr("the run roll of {unit} (D6)", unit=unit.name))[0]
    roll = modified(die, modifier)
    unit.moved = unit.ran = True
    note_placed(state, unit, "run")
    ran = Ran(
        unit.spec.id, unit.name, unit.side, die, act.at_the_double, modifier, tuple(names), roll
    )
    emit(state, ran)
    after_move(state, unit, dice, answers, "run")


@action(Arrive)
def _arrive(state: GameState, act: Arrive, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Scions of the Storm (AoS2 §26.1): in your movement phase a unit in the Celestial Realm
    arrives on a 3+, set up more than 9" from the enemy; arriving is its move. In 40k8 (§4.7,
    Teleport Strike) it arrives without a roll at the end of the Movement phase."""
    from aos_cli.core.scoring import book_of

    unit = state.unit(act.unit)
    check_arrive(state, unit)
    if book_of(state).plan.reserves_from_round is not None:  # Coalition of Death (p.12)
        unit.moved = True
        unit.in_reserve = False
        note_placed(state, unit, "arrive")
        emit(state, Arrived(unit.spec.id, unit.name, unit.side, "edge", 0, 0, True))
        if unit.spec.contingent is not None:  # the same territory as its contingent (p.12)
            where = tr(
                "{unit} sets up in territory {territory}, with the rest of its contingent.",
                unit=unit.name,
                territory=unit.spec.contingent,
            )
            say(state, where)
        return
    if system_of(state).arrival_roll is None:
        unit.moved = True
        unit.in_reserve = False
        note_placed(state, unit, "arrive")
        emit(state, Arrived(unit.spec.id, unit.name, unit.side, "teleport", 0, 0, True))
        return
    purpose = tr("the arrival roll of {unit} (D6)", unit=unit.name)
    roll = max(1, dice.roll(1, purpose)[0] + act.mod)
    unit.moved = True
    needed = system_of(state).arrival_roll or 0
    roll = either_way(unit, roll, needed, answers)
    arrived = roll >= needed
    if arrived:
        unit.in_reserve = False
        note_placed(state, unit, "arrive")
    emit(state, Arrived(unit.spec.id, unit.name, unit.side, "roll", roll, needed, arrived))


def either_way(unit: UnitState, roll: int, needed: int, answers: RecordedAnswers) -> int:
    """The arrival roll after a bonus the player may add or subtract (Lightning Strike, seed
    000 p.16: 2 either way for the units of the battalion in a Stormcast Eternals army).
    Only the choice that changes the outcome is asked: adding to a roll that falls short,
    subtracting from one that arrives (to stay in the Celestial Realm); modifiers never take
    a roll below 1 (AoS2 §1.4)."""
    from aos_cli.core.ability_effects import NudgeRoll

    for ability in unit.spec.abilities:
        for effect in ability.effects:
            if not (isinstance(effect, NudgeRoll) and effect.roll == "arrival" and effect.own):
                continue
            amount = effect.amount
            names: dict[str, Value] = {
                "ability": ability.name, "unit": unit.name, "roll": roll, "n": amount
            }  # fmt: skip
            if roll < needed <= roll + amount and answers.yes_no(
                f"add:{ability.id}",
                tr("{ability}: add {n} to the roll of {roll} for {unit}?", **names),
            ):
                return roll + amount
            if max(1, roll - amount) < needed <= roll and answers.yes_no(
                f"subtract:{ability.id}",
                tr("{ability}: subtract {n} from the roll of {roll} for {unit}?", **names),
            ):
                return max(1, roll - amount)
    return roll


@action(PreBattleMove)
def _pre_battle_move(
    state: GameState, act: PreBattleMove, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Cunning Strategist (seed 000 p.19): once both armies are set up, before the first
    battle round, D3 friendly Stormcast Eternals units may each move up to 5". The dice are
    rolled as the first unit moves; the move itself is made at the table."""
    unit = state.unit(act.unit)
    check_pre_battle_move(state, unit)
    found = pre_battle_moves(state, unit.side)
    assert found is not None  # checked
    name, effect = found
    pre_battle_turn(state, unit.side, answers)
    side = state.sides[unit.side]
    if side.pre_battle_moves is None:
        purpose = tr(
            "{ability}: how many units move ({dice})", ability=name, dice=str(effect.units)
        )
        side.pre_battle_moves = effect.units.roll(dice, str(purpose))
    side.pre_battle_moved.append(unit.spec.id)
    unit.used.append(name)
    left = side.pre_battle_moves - len(side.pre_battle_moved)
    say(
        state,
        tr(
            '{unit} may move up to {inches}" ({ability}); units left to move: {left} of {n}.',
            unit=unit.name,
            inches=effect.distance,
            ability=name,
            left=max(0, left),
            n=side.pre_battle_moves,
        ),
    )


@action(PreBattleRollOff)
def _pre_battle_roll_off(
    state: GameState, act: PreBattleRollOff, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Seed 000 p.14: if both armies have pre-battle abilities, both players roll a dice (ties
    again) and the higher decides who uses all of theirs first. Seeded or typed as any roll."""
    from aos_cli.core.dice import roll_off
    from aos_cli.core.legality import check_pre_battle_roll_off

    check_pre_battle_roll_off(state)
    names = tr("{first}, then {second}", first=state.sides[0].name, second=state.sides[1].name)
    what = tr("the pre-battle roll-off")  # said: a roll's purpose is a string in `dice`
    result = roll_off(dice, what=str(what), sides=str(names))
    winner = result.winner if result.winner is not None else 0
    first_roll, second_roll = result.rounds[-1]
    first = act.first
    if first is None:
        keeps = answers.yes_no(
            "pre-battle-first",
            tr(
                "{side} won the pre-battle roll-off: use your pre-battle abilities first "
                "(n lets {other} go first)?",
                side=state.sides[winner].name,
                other=state.sides[1 - winner].name,
            ),
        )
        first = winner if keeps else 1 - winner
    state.pre_battle_first = first
    say(
        state,
        tr(
            "Pre-battle roll-off {first}-{second}: {winner} decides; {side} uses all its "
            "pre-battle abilities first (AoS2 p.14).",
            first=first_roll,
            second=second_roll,
            winner=state.sides[winner].name,
            side=state.sides[first].name,
        ),
    )


def pre_battle_turn(state: GameState, side: int, answers: RecordedAnswers) -> None:
    """Seed 000 p.14: the side sent first uses all its pre-battle abilities before the other
    uses any: the other begins once the players say the first is done."""
    first = state.pre_battle_first
    if first is None or side == first or state.pre_battle_closed:
        return
    done = answers.yes_no(
        "pre-battle-done",
        tr(
            "has {side} used all the pre-battle abilities it means to?",
            side=state.sides[first].name,
        ),
    )
    if not done:
        raise RuleError(
            tr(
                "{side} uses all its pre-battle abilities first (the roll-off, AoS2 p.14)",
                side=state.sides[first].name,
            )
        )
    state.pre_battle_closed = True
