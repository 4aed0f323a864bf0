"""Terrain features with their scenery rules, garrisons, and the realmscape feature in force
(AoS2 §4.3-§4.5, §24.2). The tool cannot see the table, so each rule asks whether a unit is
within range of a feature that has it, and only when the game has such a feature."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.core.dice import DiceSource, parse_dice
from aos_cli.core.errors import RuleError
from aos_cli.core.events import say
from aos_cli.language.i18n import N_
from aos_cli.language.text import Join, Text, tr, trn

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker, RecordedAnswers
    from aos_cli.core.effects import Effect
    from aos_cli.core.state import GameState, UnitState

SCENERY_RULES = ("damned", "arcane", "inspiring", "deadly", "mystical", "sinister")
"""The 2nd edition scenery table, D6 1-6 (AoS2 §4.3); every range is 1"."""
SCENERY_NAMES = {
    "damned": N_("Damned"),
    "arcane": N_("Arcane"),
    "inspiring": N_("Inspiring"),
    "deadly": N_("Deadly"),
    "mystical": N_("Mystical"),
    "sinister": N_("Sinister"),
}
"""Each scenery rule's name, translated where it is shown (the glossary's Elátkozott, Dannato,
Lanetli ...)."""


def scenery_title(rule: str) -> Text | str:
    """A scenery rule's name, said in the reader's language (a rule of no table: its id)."""
    return Text(SCENERY_NAMES[rule]) if rule in SCENERY_NAMES else rule.title()


def scenery_name(rule: str) -> str:
    """A scenery rule's name in the chosen language."""
    return str(scenery_title(rule))


WITHIN_1 = N_('is {unit} within 1" of {features} ({rule})?')
"""The question whether a unit is in range of a scenery rule's feature (AoS2 §4.3)."""


GHUR_REALMSCAPE = (
    "savage-hinterlands",
    "hungering-animus",
    "primal-violence",
    "reckless-aggression",
    "beasts-of-ghur",
    "territory-of-beasts",
)
"""Ghur's realmscape features, D6 1-6 (AoS2 §24.2)."""


def features(state: GameState, rule: str) -> list[dict[str, Any]]:
    """The game's terrain features that carry a scenery rule."""
    return [t for t in state.terrain if t.get("rule") == rule]


def _near(
    answers: RecordedAnswers,
    state: GameState,
    rule: str,
    unit: UnitState,
    question: str,
    per_unit: bool = False,
) -> bool:
    """Ask whether `unit` is in range of a feature with `rule` (only if the game has one):
    `question` is the question's message (marked with `N_`) of {unit}, {features} and {rule}.

    `per_unit` keys the answer by unit, for steps that ask the same of several units.
    """
    found = features(state, rule)
    if not found:
        return False
    names = Join(tuple(str(t["name"]) for t in found))
    key = f"{rule}:{unit.spec.id}" if per_unit else rule
    asked = Text(
        question, (("unit", unit.name), ("features", names), ("rule", scenery_title(rule)))
    )
    return answers.yes_no(key, asked)


def _within_1(answers: RecordedAnswers, state: GameState, rule: str, unit: UnitState) -> bool:
    """Whether `unit` is within 1" of a feature with `rule`, keyed by unit (AoS2 §4.3)."""
    return _near(answers, state, rule, unit, WITHIN_1, per_unit=True)


def mystical_ward(state: GameState, target: UnitState, answers: RecordedAnswers) -> int | None:
    """Mystical: wounds and mortal wounds allocated within 1" are ignored on a 6 (AoS2 §4.3)."""
    return 6 if _near(answers, state, "mystical", target, WITHIN_1) else None


def arcane_bonus(state: GameState, wizard: UnitState, answers: RecordedAnswers) -> int:
    """Arcane: +1 to casting and unbinding rolls within 1" (AoS2 §4.3)."""
    return 1 if _near(answers, state, "arcane", wizard, WITHIN_1) else 0


def bravery_modifier(state: GameState, unit: UnitState, answers: RecordedAnswers) -> int:
    """Inspiring +1 and Sinister -1 Bravery within 1" (AoS2 §4.3)."""
    bonus = 1 if _within_1(answers, state, "inspiring", unit) else 0
    return bonus - (1 if _within_1(answers, state, "sinister", unit) else 0)


def deadly_check(
    state: GameState, unit: UnitState, dice: DiceSource, answers: RecordedAnswers
) -> int:
    """Deadly: a unit ending a normal or charge move within 1" rolls a D6; on a 1 it suffers
    D3 mortal wounds (AoS2 §4.3). Returns the mortal wounds suffered."""
    question = N_('is {unit} ending its move within 1" of {features} ({rule})?')
    if not _near(answers, state, "deadly", unit, question):
        return 0
    roll = dice.roll(1, str(tr("Deadly terrain roll for {unit} (D6)", unit=unit.name)))[0]
    if roll != 1:
        said = tr(
            "Deadly terrain: {unit} rolled {roll} and is unharmed.", unit=unit.name, roll=roll
        )
        say(state, said)
        return 0
    purpose = tr("the Deadly terrain mortal wounds on {unit} (D3)", unit=unit.name)
    amount = parse_dice("D3").roll(dice, str(purpose))
    wounds = trn("{n} mortal wound", "{n} mortal wounds", amount, n=amount)
    say(
        state,
        tr(
            "Deadly terrain: {unit} rolled a 1 and suffers {wounds}.", unit=unit.name, wounds=wounds
        ),
    )
    return amount


def garrisoned(
    state: GameState, target: UnitState, answers: RecordedAnswers, garrisons: bool = True
) -> bool:
    """A garrison gets cover and -1 to hit against it (AoS2 §4.5); asked only when the game
    has a feature that can be garrisoned."""
    if not garrisons or not any(t.get("garrison") for t in state.terrain):
        return False
    question = tr("is {unit} garrisoning a terrain feature?", unit=target.name)
    return answers.yes_no("garrisoned", question)


def primal_violence(state: GameState, dice: DiceSource | None) -> bool:
    """Ghur's Primal Violence: after the combat phase a 6 fights it again, once (AoS2 §24.2)."""
    if state.realmscape != "primal-violence" or state.combat_repeated or dice is None:
        return False
    roll = dice.roll(1, str(tr("Primal Violence (D6: 6 repeats the combat phase)")))[0]
    if roll < 6:
        say(state, tr("Primal Violence: rolled {roll}, the combat phase ends.", roll=roll))
        return False
    state.combat_repeated = True
    for unit in state.units():
        unit.fought = False
        unit.reset_attacks()
    say(state, tr("Primal Violence: rolled a 6 - fight the combat phase again."))
    return True


def realm_played(state: GameState, feature: str) -> bool:
    """Whether the game plays this Ghur realmscape feature itself (set up at the rules revision
    `RANGE_AND_REALM_REVISION` or later); games set up earlier only remind the players."""
    from aos_cli.core.guards import RANGE_AND_REALM_REVISION

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
    from aos_cli.core.casualties import suffer_mortal_wounds

    for unit in [u for u in state.units() if u.on_battlefield]:
        question = tr('Hungering Animus: is {unit} within 6" of the point?', unit=unit.name)
        if not recorded.yes_no(f"animus:{unit.spec.id}", question):
            continue
        rolled = dice.roll(1, str(tr("Hungering Animus on {unit} (D6)", unit=unit.name)))[0]
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
    from aos_cli.core.casualties import suffer_mortal_wounds
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.legality import may_be_engaged

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


def realmscape_attack_effects(state: GameState, attacker: UnitState) -> list[Effect]:
    """Ghur's Reckless Aggression: units that made a charge move this turn reroll hit rolls of
    1 (AoS2 §24.2)."""
    from aos_cli.core.dice import Reroll
    from aos_cli.core.effects import RerollRoll

    if state.realmscape == "reckless-aggression" and attacker.charged:
        return [RerollRoll("hit", Reroll.ONES)]
    return []


def realmscape_reminder(state: GameState, own_scenery: bool = False) -> None:
    """Remind the players of a realmscape feature the tool does not roll for them, and of a
    Damned feature's sacrifice at the start of the hero phase (AoS2 §4.3)."""
    from aos_cli.core.guards import RANGE_AND_REALM_REVISION

    if state.phase == "hero" and features(state, "damned") and not own_scenery:
        say(
            state,
            tr(
                'Damned: a unit within 1" of a Damned feature may make a sacrifice now '
                "(D3 mortal wounds, then reroll its hit rolls of 1): `aos sacrifice UNIT`."
            ),
        )
    played = state.rules_revision >= RANGE_AND_REALM_REVISION  # the game rolls them itself
    if state.phase == "hero" and state.realmscape == "hungering-animus" and not played:
        say(
            state,
            tr(
                'Hungering Animus: roll a D6 now; on a 6 pick a point, and each unit within 6" '
                "suffers 1 mortal wound on a 4+ (D3 on a 6+). Record them with `aos adjust`."
            ),
        )
    if state.phase == "charge" and state.realmscape == "reckless-aggression" and not played:
        say(
            state,
            tr(
                'Reckless Aggression: a unit within 12" of an enemy now suffers 1 mortal wound '
                'unless it ends this phase within 3" of an enemy model.'
            ),
        )
