"""Effects in force on rolls outside the attack sequence: run, charge, casting and the rest.

What reaches a unit's roll: its own always-on abilities, the lasting effects on it (Wildform's
+2 to run and charge rolls) and the auras of units whose range it is within (Spirit Storm's -2
to enemy units within 18" of the caster; the players are asked, the tool cannot see). Modifiers
are cumulative and never take a roll below 1 (AoS2 §1.4).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TypeGuard, TypeVar

from aos_cli.core.ability_effects import Aura, NudgeRoll, RerollOther, RollBonus
from aos_cli.core.answers import Asker
from aos_cli.core.effects import Effect
from aos_cli.core.errors import RuleError
from aos_cli.core.events import say
from aos_cli.core.state import AbilitySpec, GameState, UnitState
from aos_cli.language.text import Join, Value, concat, tr

E = TypeVar("E", bound=Effect)

ROLL_EFFECTS_REVISION = 2
"""The set-up revision from which effects in force reach run and charge rolls and a unit makes
one charge roll a phase; games set up earlier replay as they were played."""


def applies(state: GameState) -> bool:
    """Whether the game was set up with the rules of `ROLL_EFFECTS_REVISION` or later."""
    return state.rules_revision >= ROLL_EFFECTS_REVISION


def in_force_now(state: GameState, holder: UnitState, ability: AbilitySpec) -> bool:
    """Whether a warscroll ability is in force without being used: always on, or a free
    ability without a usage limit in its own phase and turn (Heralds of Righteousness in your
    charge phase)."""
    if ability.passive:
        return True
    if ability.kind != "ability" or ability.once_per or ability.cost or ability.phase is None:
        return False
    yours = holder.side == state.active_side
    turn = ability.turn == "any" or (ability.turn == "yours") == yours
    return ability.phase == state.phase and turn


def _in_force(state: GameState) -> Iterator[tuple[UnitState, str, tuple[Effect, ...]]]:
    """(holder, name, effects) of every effect in force: abilities in force now and lasting
    effects of units on the battlefield."""
    for holder in state.units():
        if not holder.on_battlefield:
            continue
        for ability in holder.spec.abilities:
            if in_force_now(state, holder, ability):
                yield holder, ability.name, ability.effects
        for effect in holder.effects:
            yield holder, effect.name, effect.effects


def _aura_covers(holder: UnitState, unit: UnitState, aura: Aura) -> bool:
    """Whether an aura's side and keywords take in the unit (friendly auras cover the holder
    too, AoS2 §21)."""
    if aura.side == "friendly" and (
        unit.side != holder.side or (unit is holder and not aura.include_self)
    ):
        return False
    if aura.side == "enemy" and unit.side == holder.side:
        return False
    return all(unit.spec.has(k) for k in aura.keywords)


def aura_covers(holder: UnitState, unit: UnitState, aura: Aura) -> bool:
    """Whether an aura's side and keywords take in the unit (its range aside)."""
    return _aura_covers(holder, unit, aura)


def within_aura(holder: UnitState, unit: UnitState, aura: Aura, name: str, answers: Asker) -> bool:
    """Whether the unit is within the range of the holder's aura: the table's to see, asked
    (`in-aura:HOLDER:ABILITY`)."""
    key = f"in-aura:{holder.spec.id}:{re.sub(r'[^a-z0-9]+', '-', name.lower())}"
    return answers.yes_no(
        key,
        tr(
            'is {unit} within {reach}" of {other} ({ability})?',
            unit=unit.name,
            reach=aura.range,
            other=holder.name,
            ability=name,
        ),
    )


def reaching(
    state: GameState, unit: UnitState, kind: type[E], roll: str, answers: Asker
) -> list[tuple[str, E]]:
    """(effect name, effect) of every effect of `kind` (`RollBonus`, `RerollOther`) on `roll`
    that reaches the unit now; an aura's range is asked of the players."""
    found: list[tuple[str, E]] = []

    def concerns(effect: Effect) -> TypeGuard[E]:
        return isinstance(effect, kind) and getattr(effect, "roll", None) == roll

    for holder, name, effects in _in_force(state):
        for effect in effects:
            if isinstance(effect, Aura):
                inner = [e for e in effect.effects if concerns(e)]
                if not inner or not _aura_covers(holder, unit, effect):
                    continue
                if holder is not unit and not within_aura(holder, unit, effect, name, answers):
                    continue
                found.extend((name, e) for e in inner)
            elif holder is unit and concerns(effect):
                found.append((name, effect))
    return found


def roll_modifier(
    state: GameState,
    unit: UnitState,
    roll: str,
    answers: Asker,
    against: UnitState | None = None,
) -> tuple[int, list[str]]:
    """The sum of the bonuses and penalties in force on the unit's `roll` (`run`, `charge`)
    and the names of the effects that give them; a bonus only within some range of the unit
    the roll is `against` (the psyker denied) counts when the players say it is."""
    if not applies(state):
        return 0, []
    found = [
        (name, effect)
        for name, effect in reaching(state, unit, RollBonus, roll, answers)
        if effect.within is None or _within(unit, against, effect.within, name, answers)
    ]
    return sum(effect.amount for _, effect in found), [name for name, _ in found]


def _within(
    unit: UnitState, other: UnitState | None, inches: int, name: str, answers: Asker
) -> bool:
    """Whether the unit is within `inches` of the other unit of its roll, asked."""
    return other is not None and answers.yes_no(
        f"within-{inches}:{other.spec.id}",
        tr(
            'is {unit} within {reach}" of {other} ({ability})?',
            unit=unit.name,
            reach=inches,
            other=other.name,
            ability=name,
        ),
    )


def nudgers(state: GameState, unit: UnitState, roll: str) -> list[tuple[UnitState, str, NudgeRoll]]:
    """(holder, name, effect) of every effect in force that lets its player add to or subtract
    from the unit's `roll` (Arcane Lineage), whichever army the unit is in."""
    return [
        (holder, name, effect)
        for holder, name, effects in _in_force(state)
        for effect in effects
        if isinstance(effect, NudgeRoll)
        and effect.roll == roll
        and (holder is unit or not effect.own)
        and all(unit.spec.has(k) for k in effect.keywords)
    ]


def nudge(
    state: GameState,
    unit: UnitState,
    roll: str,
    total: int,
    wanted: int,
    answers: Asker,
    *,
    offer: bool = False,
) -> int:
    """What the players add to the unit's `roll` of `total` with the effects that let them
    choose (Arcane Lineage: +1 or -1 to a casting roll within 18" of a Stardrake): one choice
    per army holding one within range of the unit (asked). `wanted` is the change a command
    gave; with `offer` (`aos play`) each army is asked once the roll is seen. A change no
    effect in reach allows is refused."""
    found = nudgers(state, unit, roll)
    change, left = 0, wanted
    for side in sorted({h.side for h, _, _ in found}, key=lambda s: s != unit.side):
        if not (offer or left):
            break
        reach = next(
            (
                (holder, name, effect)
                for holder, name, effect in found
                if holder.side == side
                and (
                    holder is unit
                    or effect.range is None
                    or answers.yes_no(
                        f"in-aura:{holder.spec.id}:{re.sub(r'[^a-z0-9]+', '-', name.lower())}",
                        tr(
                            'is {unit} within {reach}" of {other} ({ability})?',
                            unit=unit.name,
                            reach=effect.range,
                            other=holder.name,
                            ability=name,
                        ),
                    )
                )
            ),
            None,
        )
        if reach is None:
            continue
        _holder, name, effect = reach
        army = state.sides[side].name
        if offer:
            said: dict[str, str | int] = {
                "ability": name, "side": army, "n": effect.amount, "total": total + change,
            }  # fmt: skip
            if answers.yes_no(
                f"nudge-up:{side}",
                tr("{ability} ({side}): add {n} to the roll of {total}?", **said),
            ):
                step = effect.amount
            elif answers.yes_no(
                f"nudge-down:{side}",
                tr("{ability} ({side}): subtract {n} from the roll of {total}?", **said),
            ):
                step = -effect.amount
            else:
                step = 0
        else:
            step = max(-effect.amount, min(effect.amount, left))
            left -= step
        if step:
            change += step
            signed = f"{step:+d}"
            say(
                state,
                tr(
                    "{ability}: {side} changes the roll of {unit} by {change}.",
                    ability=name,
                    side=army,
                    unit=unit.name,
                    change=signed,
                ),
            )
    if left and not offer:
        signed = f"{wanted:+d}"
        raise RuleError(
            tr(
                "no ability in force lets the roll of {unit} be changed by {n}",
                unit=unit.name,
                n=signed,
            )
        )
    return change


def reroll_source(state: GameState, unit: UnitState, roll: str, answers: Asker) -> str | None:
    """The name of an effect in force that lets the unit reroll its `roll` (Heralds of
    Righteousness: charge rolls), None when none does."""
    if not applies(state):
        return None
    found = reaching(state, unit, RerollOther, roll, answers)
    return found[0][0] if found else None


def modified(total: int, modifier: int) -> int:
    """A roll with its modifiers: never below 1 (AoS2 §1.4)."""
    return max(1, total + modifier) if modifier else total


def describe(modifier: int, names: list[str]) -> str:
    """` (+2 Wildform)` for a note; empty without a modifier."""
    return f" ({modifier:+d} {', '.join(names)})" if names else ""


def describe_text(modifier: int, names: list[str]) -> Value:
    """` (+2 Wildform)` as a text whose rule names a view says as the content translates
    them; empty without a modifier."""
    return concat(" (", f"{modifier:+d} ", Join(tuple(names)), ")") if names else ""
