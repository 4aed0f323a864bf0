"""Run and charge rolls (AoS2 §8.4, §10, §7.2 At the Double and Forward to Victory)."""

from __future__ import annotations

import math

from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import InputError
from aos_cli.core.limits import check_modifiers
from aos_cli.core.numbers import check_distance
from aos_cli.core.records import dataclass
from aos_cli.language.text import tr

CHARGE_END_DISTANCE = 0.5
"""The first model charging must end within 1/2" of an enemy model (AoS2 §10)."""


def charge_roll_needed(distance: float) -> int:
    """The smallest charge roll that crosses a gap of `distance` inches to end within 1/2"."""
    check_distance(distance)
    return max(0, math.ceil(distance - CHARGE_END_DISTANCE))


@dataclass(frozen=True)
class ChargeRoll:
    """A 2D6 charge roll, the reroll if one was used, and whether it reached."""

    first: tuple[int, int]
    rerolled: tuple[int, int] | None
    modifier: int
    needed: int | None

    def __post_init__(self) -> None:
        check_modifiers(mod=self.modifier)

    @property
    def dice(self) -> tuple[int, int]:
        return self.rerolled or self.first

    @property
    def total(self) -> int:
        """The roll with its modifier, never below 1 (AoS2 §1.4)."""
        return max(1, sum(self.dice) + self.modifier)

    @property
    def succeeded(self) -> bool | None:
        return None if self.needed is None else self.total >= self.needed


def roll_charge(
    source: DiceSource, *, distance: float | None = None, reroll: bool = False, modifier: int = 0
) -> ChargeRoll:
    """Roll 2D6 for a charge; with `reroll` (Forward to Victory) all dice are rerolled once if
    the first roll falls short of `distance` (AoS2 §2: a 2D6 reroll rerolls both dice)."""
    if reroll and distance is None:
        raise InputError(tr("--reroll needs --distance"), tr("give the gap to the enemy in inches"))
    needed = None if distance is None else charge_roll_needed(distance)
    # The purpose of a roll is said as the dice are asked for.
    first_dice = source.roll(2, tr("the charge roll (2D6)"))
    first = (first_dice[0], first_dice[1])
    rerolled = None
    if reroll and needed is not None and max(1, sum(first) + modifier) < needed:
        again = source.roll(2, tr("the charge reroll (2D6)"))
        rerolled = (again[0], again[1])
    return ChargeRoll(first, rerolled, modifier, needed)


@dataclass(frozen=True)
class RunRoll:
    """A D6 run roll (or a 6 from At the Double) and its modifier."""

    die: int
    modifier: int
    at_the_double: bool

    def __post_init__(self) -> None:
        check_modifiers(mod=self.modifier)

    @property
    def total(self) -> int:
        """The roll with its modifier, never below 1 (AoS2 §1.4)."""
        return max(1, self.die + self.modifier)


def roll_run(source: DiceSource, *, modifier: int = 0, at_the_double: bool = False) -> RunRoll:
    """Roll a D6 for a run; At the Double treats the roll as a 6 without rolling (AoS2 §7.2)."""
    die = 6 if at_the_double else source.roll(1, tr("the run roll (D6)"))[0]
    return RunRoll(die, modifier, at_the_double)
