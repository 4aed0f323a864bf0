"""Effects that land on each enemy unit within range of the unit using the ability (AoS2 §21,
§14.8): "roll a dice for each enemy unit within 1\" of this model; on a 2+ that unit suffers D3
mortal wounds", "each enemy unit within 3\" of this model suffers 1 mortal wound".

Which enemy units are within range is the table's to see: each one on the battlefield is asked
(the same question, under the same key, as an aura's `within-N:<unit>`), a die is rolled for
each unit in range, and the wounds land on that unit, never on the picked unit or the bearer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from aos_cli.core.ability_effects import IfKeywords, MortalWounds, RollThen, RollUnderModels
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.dice import DiceSource
from aos_cli.core.effects import Effect
from aos_cli.core.events import say
from aos_cli.core.state import GameState, UnitState
from aos_cli.language.text import tr

Apply = Callable[[UnitState, tuple[Effect, ...]], object]
"""Applies effects with a unit as their target (the shared rules of abilities)."""


def _spreads(effect: Effect) -> bool:
    if isinstance(effect, MortalWounds):
        return effect.target == "each_enemy_in_range"
    if isinstance(effect, IfKeywords):
        return any(_spreads(e) for e in (*effect.effects, *effect.otherwise))
    return False


def reach_of(effect: Effect) -> int | None:
    """The range of an effect landing on each enemy unit in range (a `mortal_wounds` of
    target `each_enemy_in_range`, or a roll whose outcome is one); None for any other."""
    found: list[Effect] = []
    if isinstance(effect, RollThen | RollUnderModels):
        if effect.then and all(_spreads(e) for e in effect.then):
            found = list(effect.then)
    elif _spreads(effect):
        found = [effect]
    while found:
        inner = found.pop(0)
        if isinstance(inner, IfKeywords):
            found += [*inner.effects, *inner.otherwise]
        elif isinstance(inner, MortalWounds) and inner.target == "each_enemy_in_range":
            return inner.range if inner.range is not None else 1
    return None


def landed(effect: Effect) -> Effect:
    """The effect as it lands on one unit in range: its mortal wounds on that unit."""
    if isinstance(effect, MortalWounds) and effect.target == "each_enemy_in_range":
        return replace(effect, target="target")
    if isinstance(effect, IfKeywords):
        return replace(
            effect,
            effects=tuple(landed(e) for e in effect.effects),
            otherwise=tuple(landed(e) for e in effect.otherwise),
        )
    return effect


def enemies_in_range(
    state: GameState, source: UnitState, reach: int, answers: RecordedAnswers
) -> list[UnitState]:
    """The enemy units on the battlefield the players say are within `reach` inches of the
    source (each asked under `within-<reach>:<unit id>`)."""
    found = []
    for unit in state.sides[1 - source.side].units:
        if unit.on_battlefield and answers.yes_no(
            f"within-{reach}:{unit.spec.id}",
            tr(
                'is {unit} within {reach}" of {target}?',
                unit=unit.name,
                reach=reach,
                target=source.name,
            ),
        ):
            found.append(unit)
    return found


def strike_each(
    state: GameState,
    source: UnitState,
    name: str,
    effect: Effect,
    dice: DiceSource,
    answers: RecordedAnswers,
    apply: Apply,
) -> bool:
    """Apply an effect that lands on each enemy unit in range (`reach_of` is not None): one roll
    for each such unit when it is a roll, its outcome on that unit (`apply`). False when the
    effect is not one of these."""
    reach = reach_of(effect)
    if reach is None:
        return False
    struck = enemies_in_range(state, source, reach, answers)
    if not struck:
        say(state, tr("{ability}: no enemy unit is close enough; nothing is rolled.", ability=name))
        return True
    for enemy in struck:
        if isinstance(effect, RollUnderModels):
            if under_models(state, name, enemy, effect, dice):
                apply(enemy, tuple(landed(e) for e in effect.then))
            continue
        if not isinstance(effect, RollThen):
            apply(enemy, (landed(effect),))
            continue
        purpose = tr(
            "{ability} against {enemy} (needs {on}+)", ability=name, enemy=enemy.name, on=effect.on
        )
        times = enemy.models if effect.per == "model" else 1
        for _time in range(times):
            rolled = effect.dice.roll(dice, purpose)
            if rolled < effect.on:
                say(
                    state,
                    tr(
                        "{ability}: {enemy} rolled {roll}, needs {on}+: unharmed.",
                        ability=name,
                        enemy=enemy.name,
                        roll=rolled,
                        on=effect.on,
                    ),
                )
                continue
            apply(enemy, tuple(landed(e) for e in effect.then))
    return True


def under_models(
    state: GameState, name: str, unit: UnitState, effect: RollUnderModels, dice: DiceSource
) -> bool:
    """Roll for the unit and say whether the result is less than the number of its models
    (Sweeping Tail: then it suffers the effect)."""
    purpose = tr(
        "{ability} against {enemy} (less than {n} needed)",
        ability=name,
        enemy=unit.name,
        n=unit.models,
    )
    rolled = effect.dice.roll(dice, purpose)
    under = rolled < unit.models
    said = (
        tr(
            "{ability}: rolled {roll} for {unit}, less than the number of its models ({n}).",
            ability=name,
            roll=rolled,
            unit=unit.name,
            n=unit.models,
        )
        if under
        else tr(
            "{ability}: rolled {roll} for {unit}, not less than the number of its models ({n}): "
            "unharmed.",
            ability=name,
            roll=rolled,
            unit=unit.name,
            n=unit.models,
        )
    )
    say(state, said)
    return under
