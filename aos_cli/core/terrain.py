"""Terrain features with their scenery rules, obstacles, garrisons, and the realmscape feature
in force (AoS2 §4.3-§4.5, §24.2). The tool cannot see the table, so each rule asks whether a
unit is within range of a feature that has it, and only when the game has such a feature."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.core.dice import DiceSource, parse_dice
from aos_cli.core.events import say
from aos_cli.language.i18n import N_
from aos_cli.language.text import Join, Text, tr, trn

if TYPE_CHECKING:
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.effects import Effect
    from aos_cli.core.state import GameState, UnitState

SCENERY_REVISION = 6
"""The set-up revision from which the game keeps which unit garrisons which terrain feature
(AoS2 §4.5, seed 000 p.11: entered at set-up or instead of a normal move, left in the movement
phase; attacks on a garrison get cover and -1 to hit without asking), asks about obstacles
(§4.4) and knows the contingents of a coalition battleplan (p.12); games set up earlier replay
as they were played (asking whether a target is garrisoning)."""


def scenery_kept(state: GameState) -> bool:
    """Whether the game was set up with the rules of `SCENERY_REVISION` or later."""
    return state.rules_revision >= SCENERY_REVISION


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
    roll = dice.roll(1, tr("Deadly terrain roll for {unit} (D6)", unit=unit.name))[0]
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
    """A garrison gets cover and -1 to hit against it (AoS2 §4.5). The game keeps who
    garrisons what (set-up revision 6 on: `aos garrison`); a game set up before asks, and
    only when it has a feature that can be garrisoned."""
    if scenery_kept(state):
        return garrisons and target.garrison is not None
    if not garrisons or not any(t.get("garrison") for t in state.terrain):
        return False
    question = tr("is {unit} garrisoning a terrain feature?", unit=target.name)
    return answers.yes_no("garrisoned", question)


def behind_obstacle(
    state: GameState, attacker: UnitState, target: UnitState, answers: RecordedAnswers
) -> bool:
    """Obstacles (AoS2 §4.4, seed 000 p.11): a missile weapon's target with all its models
    within 1" of an obstacle gets the benefit of cover when the attacking model is closer to
    the obstacle than to the target. Asked only when the game has an obstacle (set-up
    revision 6 on)."""
    found = [t for t in state.terrain if t.get("obstacle")]
    if not found or not scenery_kept(state):
        return False
    question = tr(
        'are all the models of {unit} within 1" of {features}, with {attacker} closer to it '
        "than to them (an obstacle)?",
        unit=target.name,
        features=Join(tuple(str(t["name"]) for t in found)),
        attacker=attacker.name,
    )
    return answers.yes_no("behind-obstacle", question)


def primal_violence(state: GameState, dice: DiceSource | None) -> bool:
    """Ghur's Primal Violence: after the combat phase a 6 fights it again, once (AoS2 §24.2)."""
    if state.realmscape != "primal-violence" or state.combat_repeated or dice is None:
        return False
    roll = dice.roll(1, tr("Primal Violence (D6: 6 repeats the combat phase)"))[0]
    if roll < 6:
        say(state, tr("Primal Violence: rolled {roll}, the combat phase ends.", roll=roll))
        return False
    state.combat_repeated = True
    for unit in state.units():
        unit.fought = False
        unit.reset_attacks()
    say(state, tr("Primal Violence: rolled a 6 - fight the combat phase again."))
    return True


def realmscape_attack_effects(state: GameState, attacker: UnitState) -> list[Effect]:
    """Ghur's Reckless Aggression: units that made a charge move this turn reroll hit rolls of
    1 (AoS2 §24.2)."""
    from aos_cli.core.dice import Reroll
    from aos_cli.core.effects import RerollRoll

    if state.realmscape == "reckless-aggression" and attacker.charged:
        return [RerollRoll("hit", Reroll.ONES)]
    return []


def realmscape_reminder(state: GameState, own_scenery: bool = False, played: bool = False) -> None:
    """Remind the players of a realmscape feature the tool does not roll for them, and of a
    Damned feature's sacrifice at the start of the hero phase (AoS2 §4.3)."""
    if state.phase == "hero" and features(state, "damned") and not own_scenery:
        say(
            state,
            tr(
                'Damned: a unit within 1" of a Damned feature may make a sacrifice now '
                "(D3 mortal wounds, then reroll its hit rolls of 1): `aos sacrifice UNIT`."
            ),
        )
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
