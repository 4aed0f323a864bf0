"""Scenery rules that are a player's choice (AoS2 §4.3): a sacrifice at a Damned feature.

The scenery rules that happen by themselves (Deadly, Mystical, Arcane, Inspiring, Sinister)
are asked where they apply (`aos_cli.core.terrain`).
"""

from __future__ import annotations

from aos_cli.core import terrain
from aos_cli.core.ability_effects import build_effects
from aos_cli.core.action_types import Sacrifice
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.casualties import suffer_mortal_wounds
from aos_cli.core.dice import DiceSource, parse_dice
from aos_cli.core.errors import RuleError
from aos_cli.core.events import say
from aos_cli.core.guards import acting_unit
from aos_cli.core.handlers import action
from aos_cli.core.state import ActiveEffect, GameState
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
