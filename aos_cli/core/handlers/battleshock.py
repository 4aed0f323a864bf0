"""The battleshock phase action (AoS2 §12): every test due, the player whose turn it is first.

The test itself is `aos_cli.core.battleshock` (shared with `aos roll` and `aos odds`).
"""

from __future__ import annotations

from aos_cli.core.action_types import Battleshock
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.battleshock import battleshock_test
from aos_cli.core.dice import DiceSource
from aos_cli.core.events import BattleshockTested, NoTestsDue, emit
from aos_cli.core.guards import need_phase
from aos_cli.core.handlers import action
from aos_cli.core.state import GameState
from aos_cli.core.system import system_of
from aos_cli.core.turn import due_battleshock
from aos_cli.core.unit_attacks import characteristic_bonus


@action(Battleshock)
def _battleshock(
    state: GameState, act: Battleshock, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """AoS2 §12: every unit that lost models this turn tests, the player whose turn it is first
    (AoS1 §13 the same, with Inspiring Presence lasting until your next hero phase)."""
    system = system_of(state)
    need_phase(state, system.morale.phase)
    waiting = due_battleshock(state)
    if not waiting:
        emit(state, NoTestsDue(state.round, system.morale.phase))
        return
    for unit in waiting:
        modifier = characteristic_bonus(state, unit, "bravery", answers)
        modifier += system.scenery.bravery_modifier(state, unit, answers)
        test = battleshock_test(
            dice, bravery=unit.spec.bravery, slain=unit.slain_this_turn, models=unit.models,
            bravery_modifier=modifier, unit=unit.name,
        )  # fmt: skip
        unit.battleshock_tested = True
        tested = BattleshockTested(
            round=state.round,
            unit=unit.spec.id,
            unit_name=unit.name,
            side=unit.side,
            die=test.die,
            slain=test.slain,
            modifier=test.roll_modifier,
            roll=test.roll,
            bravery=test.bravery,
            passed=test.passed,
            fled=test.fled,
        )
        unit.models -= test.fled
        if test.fled:  # fled models count as slain (AoS2 §12)
            from aos_cli.core import scoring

            scoring.models_slain(state, unit, test.fled, by=1 - unit.side, how="fled")
        if not unit.models:
            unit.wounds_on_damaged = 0
            if unit.general:
                from aos_cli.core.casualties import pass_on_generalship

                pass_on_generalship(state, unit)
        emit(state, tested)  # told after the models that fled are scored
