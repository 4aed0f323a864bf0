"""The Gift of the Six Smiths in a game (seed 000 p.19): once per turn, one hit, wound or
damage roll of an attack made with the blessed weapon is re-rolled. Named with the attack
(`aos fight --smiths hit|wound|damage`) or asked in `aos play` as a roll of the weapon fails;
the single die itself is re-rolled in `aos_cli.core.attack.OneReroll`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aos_cli.core.errors import RuleError
from aos_cli.core.events import say
from aos_cli.core.guards import SMITHS_REVISION, check_unused, use_once
from aos_cli.language.text import Text, tr

if TYPE_CHECKING:
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.attack import Attack, OneReroll
    from aos_cli.core.state import GameState, UnitState

SMITHS_KEY = "reroll-one"
"""The once-per-turn limit's key (`use_once`)."""

SMITHS_ROLLS = ("hit", "wound", "damage")
"""The rolls the single re-roll may go on (seed 000 p.19)."""

ASK = "ask"
"""`smiths` of an attack in `aos play`: the player is asked as a roll fails."""


def gift_name(unit: UnitState) -> str:
    """The name of the unit's set-up choice that allows the single re-roll (the artefact)."""
    for choice in unit.spec.choices:
        if _declares(choice.get("effects", ())):
            return str(choice.get("name", ""))
    return ""


def _declares(effects: object) -> bool:
    """Whether stored effects (maybe wrapped `with_weapons`) include a `reroll_one`."""
    if not isinstance(effects, list | tuple):
        return False
    for effect in effects:
        if isinstance(effect, dict) and (
            effect.get("type") == "reroll_one" or _declares(effect.get("effects", ()))
        ):
            return True
    return False


def can_offer(state: GameState, unit: UnitState) -> bool:
    """Whether `aos play` asks about the re-roll in this unit's attack: the game plays it,
    the unit bears it, and it has not used it this turn."""
    return (
        state.rules_revision >= SMITHS_REVISION
        and bool(gift_name(unit))
        and f"{unit.spec.id}:{SMITHS_KEY}" not in state.used_this_turn
    )


def single_reroll(
    state: GameState,
    unit: UnitState,
    attacks: Sequence[Attack],
    wanted: str | None,
    answers: RecordedAnswers,
) -> OneReroll | None:
    """The single re-roll for this attack (`wanted`: a roll named, or `ask`), refused when the
    game predates it, no weapon attacking allows it, the roll is not one it may go on, or the
    unit has used it this turn."""
    from aos_cli.core.attack import OneReroll

    if not wanted:
        return None
    name = gift_name(unit) or tr("the single re-roll")
    if wanted == ASK:
        if not can_offer(state, unit) or not any(a.rules.reroll_one for a in attacks):
            return None

        def ask(stage: str, what: Text) -> bool:
            return answers.yes_no(
                f"smiths-{stage}",
                tr("{unit}: use {name} to re-roll {what}?", unit=unit.name, name=name, what=what),
            )

        return OneReroll(name=name, ask=ask)
    if state.rules_revision < SMITHS_REVISION:
        raise RuleError(
            tr("this game was set up before {name} was played by the tool", name=name),
            tr("re-roll the die at the table and record the result with `aos adjust`"),
        )
    if wanted not in SMITHS_ROLLS:
        raise RuleError(
            tr("{name} re-rolls a hit, wound or damage roll, not {roll}", name=name,
               roll=repr(wanted)),
            tr("use --smiths hit, --smiths wound or --smiths damage"),
        )  # fmt: skip
    if not any(a.rules.reroll_one for a in attacks):
        raise RuleError(
            tr("{unit} attacks with no weapon that may re-roll a single die", unit=unit.name),
            tr("the re-roll goes on an attack made with the blessed weapon (seed 000 p.19)"),
        )
    check_unused(state, unit, SMITHS_KEY, "turn", name)
    return OneReroll(wanted, name)


def spent(state: GameState, unit: UnitState, one: OneReroll | None) -> None:
    """After the attack: a re-roll made is the unit's one this turn; one named that found no
    die to re-roll is kept, and said."""
    if one is None:
        return
    if one.used:
        use_once(state, unit, SMITHS_KEY, "turn", one.name)
        say(
            state,
            tr("{unit} has used {name} this turn (seed 000 p.19).", unit=unit.name,
               name=one.name),
        )  # fmt: skip
    elif one.ask is None:
        say(
            state,
            tr("{unit}: no die to re-roll on that roll: {name} is kept.", unit=unit.name,
               name=one.name),
        )  # fmt: skip
