"""Ghur's realmscape features the game plays itself (AoS2 §24.2, seed 000 p.16): Hungering
Animus at the start of each hero phase, Reckless Aggression at the end of the charge phase.
Primal Violence and Reckless Aggression's rerolls live with the terrain rules
(`aos_cli.core.terrain`); games set up before `RANGE_AND_REALM_REVISION` are only reminded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aos_cli.core.casualties import suffer_mortal_wounds
from aos_cli.core.dice import DiceSource, ScriptedDice, parse_dice
from aos_cli.core.errors import RuleError
from aos_cli.core.events import say
from aos_cli.core.guards import RANGE_AND_REALM_REVISION
from aos_cli.core.legality import may_be_engaged
from aos_cli.language.text import tr, trn

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker, RecordedAnswers
    from aos_cli.core.state import GameState


def realm_played(state: GameState, feature: str) -> bool:
    """Whether the game plays this Ghur realmscape feature itself (set up at the rules revision
    `RANGE_AND_REALM_REVISION` or later); games set up earlier only remind the players."""
    return state.realmscape == feature and state.rules_revision >= RANGE_AND_REALM_REVISION


def _recorded(answers: Asker | None) -> RecordedAnswers:
    """The answers as the casualty rules take them (none given: every question is refused)."""
    from aos_cli.core.answers import RecordedAnswers

    if isinstance(answers, RecordedAnswers):
        return answers
    return RecordedAnswers({}, answers)


def hungering_animus(state: GameState, dice: DiceSource | None, answers: Asker | None) -> None:
    """Ghur's Hungering Animus (AoS2 §24.2, seed 000 p.16): at the start of each player's hero
    phase a D6; on a 6 the player picks a point on the battlefield and a D6 is rolled for each
    unit within 6" of it (the players say which): 4+ 1 mortal wound, 6 D3 mortal wounds."""
    if state.phase != "hero" or not realm_played(state, "hungering-animus"):
        return
    if dice is None:
        raise RuleError(tr("Hungering Animus needs a D6 at the start of the hero phase"))
    side = state.sides[state.active_side]
    purpose = tr("Hungering Animus for {side} (D6: 6 strikes)", side=side.name)
    roll = dice.roll(1, str(purpose))[0]
    if roll < 6:
        say(state, tr("Hungering Animus: rolled {roll}, the land lies still.", roll=roll))
        return
    say(
        state,
        tr(
            "Hungering Animus: rolled a 6 - {side} picks a point on the battlefield; every "
            'unit within 6" of it rolls a D6.',
            side=side.name,
        ),
    )
    recorded = _recorded(answers)
    for unit in [u for u in state.units() if u.on_battlefield]:
        question = tr('Hungering Animus: is {unit} within 6" of the point?', unit=unit.name)
        if not recorded.yes_no(f"animus:{unit.spec.id}", question):
            continue
        rolled = dice.roll(1, tr("Hungering Animus on {unit} (D6)", unit=unit.name))[0]
        if rolled < 4:
            say(state, tr("Hungering Animus: {unit} rolled {roll} and is spared.",
                          unit=unit.name, roll=rolled))  # fmt: skip
            continue
        amount = 1
        if rolled >= 6:
            purpose = tr("the Hungering Animus mortal wounds on {unit} (D3)", unit=unit.name)
            amount = parse_dice("D3").roll(dice, str(purpose))
        wounds = trn("{n} mortal wound", "{n} mortal wounds", amount, n=amount)
        say(
            state,
            tr("Hungering Animus: {unit} rolled {roll} and suffers {wounds}.",
               unit=unit.name, roll=rolled, wounds=wounds),
        )  # fmt: skip
        suffer_mortal_wounds(state, unit, amount, dice, recorded, slain_by=None)


def reckless_aggression(state: GameState, dice: DiceSource | None, answers: Asker | None) -> None:
    """Ghur's Reckless Aggression (AoS2 §24.2, seed 000 p.16), at the end of the charge phase:
    each unit of the player whose turn it is that was within 12" of an enemy unit at its start
    suffers 1 mortal wound unless it ends the phase within 3" of an enemy model. A unit that
    charged is that close; one whose charge failed was within 12" and is not; of the others
    the players are asked."""
    if state.phase != "charge" or not realm_played(state, "reckless-aggression"):
        return
    recorded = _recorded(answers)
    for unit in [u for u in state.sides[state.active_side].units if u.on_battlefield]:
        if unit.charged:
            continue
        if not unit.charge_rolled:  # a charge roll is made from within 12", more than 3" away
            question = tr(
                'Reckless Aggression: was {unit} within 12" of an enemy unit at the start of '
                "this charge phase?",
                unit=unit.name,
            )
            if not recorded.yes_no(f"reckless:{unit.spec.id}", question):
                continue
            if may_be_engaged(state, unit):
                question = tr(
                    'Reckless Aggression: is {unit} within 3" of an enemy model now?',
                    unit=unit.name,
                )
                if recorded.yes_no(f"reckless-engaged:{unit.spec.id}", question):
                    continue
        say(
            state,
            tr(
                'Reckless Aggression: {unit} ends the charge phase more than 3" from the enemy '
                "and suffers 1 mortal wound.",
                unit=unit.name,
            ),
        )
        suffer_mortal_wounds(state, unit, 1, dice or ScriptedDice([]), recorded, slain_by=None)
