"""Scenery rules that are a player's choice: a sacrifice at a Damned feature (AoS2 §4.3), and
garrisoning a feature or leaving it (§4.5).

The scenery rules that happen by themselves (Deadly, Mystical, Arcane, Inspiring, Sinister)
are asked where they apply (`aos_cli.core.terrain`).
"""

from __future__ import annotations

from aos_cli.core import terrain
from aos_cli.core.ability_effects import build_effects
from aos_cli.core.action_types import Garrison, Sacrifice
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.casualties import suffer_mortal_wounds
from aos_cli.core.dice import DiceSource, parse_dice
from aos_cli.core.errors import RuleError
from aos_cli.core.events import say
from aos_cli.core.guards import acting_unit
from aos_cli.core.handlers import action
from aos_cli.core.legality import (
    check_garrison,
    check_leave_garrison,
    check_not_engaged,
    find_feature,
    note_placed,
)
from aos_cli.core.state import ActiveEffect, GameState, UnitState
from aos_cli.language.text import Join, tr, trn

DAMNED_REROLL = {"type": "reroll", "roll": "hit", "which": "ones"}


@action(Sacrifice)
def _sacrifice(
    state: GameState, act: Sacrifice, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """AoS2 §4.3 Damned: at the start of your hero phase you may pick one friendly unit within
    1" of a Damned feature; it suffers D3 mortal wounds, and you may reroll its hit rolls of 1
    until your next hero phase."""
    found = terrain.features(state, "damned")
    if not found:
        raise RuleError(
            tr("this game has no Damned terrain feature"), tr("add one with --terrain NAME=damned")
        )
    unit = acting_unit(state, act.unit, "hero", "make a sacrifice")
    key = f"damned:{unit.side}"
    if key in state.used_this_phase:
        raise RuleError(tr("one unit makes a sacrifice at a Damned feature each hero phase"))
    names = Join(tuple(str(t["name"]) for t in found))
    question = tr(
        'is {unit} within 1" of {features} ({rule})?',
        unit=unit.name,
        features=names,
        rule=terrain.scenery_title("damned"),
    )
    if not answers.yes_no("damned", question):
        raise RuleError(tr('{unit} is not within 1" of a Damned feature', unit=unit.name))
    state.used_this_phase.add(key)
    purpose = tr("the sacrifice of {unit} (D3 mortal wounds)", unit=unit.name)
    amount = parse_dice("D3").roll(dice, str(purpose))
    unit.effects.append(
        ActiveEffect(
            "Damned sacrifice",
            build_effects((DAMNED_REROLL,), "Damned sacrifice"),
            "your_next_hero",
            unit.side,
        )
    )
    say(
        state,
        tr(
            "{unit} makes a sacrifice: {wounds}; it rerolls hit rolls of 1 until your next hero "
            "phase.",
            unit=unit.name,
            wounds=trn("{n} mortal wound", "{n} mortal wounds", amount, n=amount),
        ),
    )
    suffer_mortal_wounds(state, unit, amount, dice, answers, slain_by=None)


@action(Garrison)
def _garrison(state: GameState, act: Garrison, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §4.5 (seed 000 p.11): instead of a normal move a unit garrisons a feature when all
    its models are within 6" of it and no enemy model is within 3" of it; it is taken off the
    battlefield's surface. In its own movement phase it leaves, set up wholly within 6" of
    the feature and more than 3" from every enemy unit: that is its move."""
    unit = state.unit(act.unit)
    if act.leave:
        _leave(state, unit, answers)
        return
    if act.feature is None:
        raise RuleError(tr("name the terrain feature to garrison"), tr("e.g. --feature Tower"))
    check_garrison(state, unit, act.feature)
    check_not_engaged(state, unit, answers)  # instead of a normal move (p.5)
    feature = str(find_feature(state, act.feature)["name"])
    near = tr(
        'are all the models of {unit} within 6" of {feature}?', unit=unit.name, feature=feature
    )
    if not answers.yes_no("within-6-of-feature", near):
        raise RuleError(
            tr(
                '{unit} garrisons a feature only with all its models within 6" of it',
                unit=unit.name,
            )
        )
    enemy = tr('is any enemy model within 3" of {feature}?', feature=feature)
    if answers.yes_no("enemy-within-3-of-feature", enemy):
        raise RuleError(
            tr(
                '{feature} cannot be garrisoned with an enemy model within 3" of it',
                feature=feature,
            )
        )
    unit.garrison = feature
    unit.moved = True
    note_placed(state, unit, "move")
    say(
        state,
        tr(
            "{unit} garrisons {feature}: take it off the table. Attacks on it count it in cover "
            "and subtract 1 from their hit rolls; measure its range and visibility from the "
            "feature.",
            unit=unit.name,
            feature=feature,
        ),
    )


def _leave(state: GameState, unit: UnitState, answers: RecordedAnswers) -> None:
    """The garrison leaves its feature as its move in its movement phase (AoS2 §4.5)."""
    check_leave_garrison(state, unit)
    feature = unit.garrison or ""
    room = tr(
        'can {unit} be set up wholly within 6" of {feature} and more than 3" from every enemy '
        "unit?",
        unit=unit.name,
        feature=feature,
    )
    if not answers.yes_no("room-to-leave", room):
        raise RuleError(
            tr(
                '{unit} leaves {feature} only set up wholly within 6" of it and more than 3" '
                "from every enemy unit: it stays in the garrison",
                unit=unit.name,
                feature=feature,
            )
        )
    unit.garrison = None
    unit.moved = True
    note_placed(state, unit, "move")
    say(
        state,
        tr(
            '{unit} leaves {feature}: set it up wholly within 6" of it and more than 3" from '
            "every enemy unit; that is its move.",
            unit=unit.name,
            feature=feature,
        ),
    )
