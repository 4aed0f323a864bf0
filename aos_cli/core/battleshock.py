"""The battleshock test (AoS2 §12): D6 + models slain this turn against Bravery + 1 per 10."""

from __future__ import annotations

from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_CHARACTERISTIC, MAX_MODELS, check_at_most, check_modifiers
from aos_cli.core.records import dataclass
from aos_cli.language.text import tr


def modified_bravery(bravery: int, models: int, modifier: int = 0) -> int:
    """Bravery plus 1 for every 10 models in the unit, plus other modifiers (AoS2 §12)."""
    check_modifiers(mod=modifier)
    return bravery + models // 10 + modifier


@dataclass(frozen=True)
class BattleshockTest:
    """One battleshock test: its die, the modified roll, the modified Bravery, who flees."""

    die: int
    slain: int
    roll_modifier: int
    bravery: int
    models: int

    def __post_init__(self) -> None:
        check_modifiers(roll_mod=self.roll_modifier)

    @property
    def roll(self) -> int:
        return max(1, self.die + self.slain + self.roll_modifier)

    @property
    def fled(self) -> int:
        """One model flees per point the roll beats Bravery, never more than remain."""
        return min(self.models, max(0, self.roll - self.bravery))

    @property
    def passed(self) -> bool:
        return self.roll <= self.bravery


def check_battleshock_inputs(bravery: int, slain: int, models: int) -> None:
    """Reject impossible battleshock inputs with a usage error."""
    if bravery < 1:
        raise InputError(
            tr("--bravery: {value} is below 1", value=bravery), tr("Bravery is 1 or more")
        )
    if slain < 0:
        raise InputError(
            tr("--slain: {value} is negative", value=slain),
            tr("give models slain this turn, 0 or more"),
        )
    if models < 0:
        raise InputError(
            tr("--models: {value} is negative", value=models),
            tr("give the models left in the unit"),
        )
    check_at_most("--bravery", bravery, MAX_CHARACTERISTIC, "at most")
    check_at_most("--slain", slain, MAX_MODELS, "models")
    check_at_most("--models", models, MAX_MODELS, "models")


def battleshock_test(
    source: DiceSource,
    *,
    bravery: int,
    slain: int,
    models: int,
    bravery_modifier: int = 0,
    roll_modifier: int = 0,
    unit: str = "",
) -> BattleshockTest:
    """Roll a battleshock test for a unit with `models` left after losing `slain` this turn
    (`unit` names it in the dice prompt)."""
    check_battleshock_inputs(bravery, slain, models)
    purpose = (
        tr("the battleshock test of {unit} (D6)", unit=unit)
        if unit
        else tr("the battleshock test (D6)")
    )
    die = source.roll(1, str(purpose))[0]
    return BattleshockTest(
        die, slain, roll_modifier, modified_bravery(bravery, models, bravery_modifier), models
    )
