"""Casting and unbinding (AoS2 §15): a cast is 2D6 >= the casting value; an unbind must beat
the casting roll with 2D6."""

from __future__ import annotations

from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import InputError
from aos_cli.core.limits import check_modifiers
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import CORE_SPELLS
from aos_cli.language.text import Text, tr


def spell_text(name: str) -> Text | str:
    """A spell's name for the player: a core spell's (Arcane Bolt) in the language chosen
    when it is shown, any other as its warscroll writes it (content keeps its own names)."""
    return tr(name) if name in CORE_SPELLS else name


@dataclass(frozen=True)
class CastRoll:
    """A casting attempt and the unbind attempt against it, if one was made."""

    value: int
    dice: tuple[int, int]
    modifier: int
    unbind_dice: tuple[int, int] | None = None
    unbind_modifier: int = 0

    def __post_init__(self) -> None:
        check_modifiers(mod=self.modifier, unbind_mod=self.unbind_modifier)

    @property
    def total(self) -> int:
        return sum(self.dice) + self.modifier

    @property
    def cast(self) -> bool:
        return self.total >= self.value

    @property
    def unbind_total(self) -> int | None:
        return None if self.unbind_dice is None else sum(self.unbind_dice) + self.unbind_modifier

    @property
    def unbound(self) -> bool:
        """The unbind roll must be greater than the casting roll (AoS2 §15)."""
        return self.cast and self.unbind_total is not None and self.unbind_total > self.total

    @property
    def succeeded(self) -> bool:
        return self.cast and not self.unbound


def roll_cast(
    source: DiceSource,
    *,
    value: int,
    modifier: int = 0,
    unbind: bool = False,
    unbind_modifier: int = 0,
) -> CastRoll:
    """Roll 2D6 to cast a spell of casting value `value`, then the unbind if asked and cast."""
    if not 2 <= value <= 20:
        raise InputError(
            tr("--value: {value} is not a casting value", value=value), tr("use 2 to 20")
        )
    # The purpose of a roll is said as the dice are asked for.
    first = source.roll(2, tr("the casting roll (2D6, needs {value})", value=value))
    dice = (first[0], first[1])
    unbind_dice = None
    if unbind and sum(dice) + modifier >= value:
        second = source.roll(
            2, tr("the unbind roll (2D6, must beat {roll})", roll=sum(dice) + modifier)
        )
        unbind_dice = (second[0], second[1])
    return CastRoll(value, dice, modifier, unbind_dice, unbind_modifier)
