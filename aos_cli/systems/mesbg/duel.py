"""Middle-earth SBG's Fight for `aos roll duel` and `aos odds duel`: both sides' flags (Attacks,
Fight value, Strength, Defence, Wounds, Fate, weapon, shields, supporters, special strikes,
Fury) and the duel they describe (mesbg §4, §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aos_cli.core.attack_flags import Flag
from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _
from aos_cli.systems.kits import Shown

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.systems.kits import RollKit

WEAPONS_HELP = (
    "hand, unarmed, two-handed, elven-blade, elven-blade-two-handed, spear, pike, "
    "wood-elf-spear, lance, throwing"
)
STRIKES_HELP = "bash, feint, piercing, stun or whirl"
SIDES = ("good", "evil")


def _side_flags(side: str) -> tuple[Flag, ...]:
    """One side's flags, `--good-attacks` ... `--good-fury`."""
    who = side.title()

    def flag(name: str, kind: type, default: Any, help: str) -> Flag:
        return Flag(f"{side}_{name}", kind, default, f"{who}: {help}", optional=default is None)

    return (
        flag("attacks", int, 1, "Attacks."),
        flag("fight", int, 3, "Fight value."),
        flag("strength", int, 3, "Strength."),
        flag("defence", int, 4, "Defence (+1 for a shield)."),
        flag("wounds", int, 1, "Wounds left."),
        flag("fate", int, 0, "Fate points it will spend."),
        flag("weapon", str, "hand", f"{WEAPONS_HELP}."),
        flag("shielding", bool, False, "shields (2 dice per Attack, no Strikes)."),
        flag("support", int, 0, "spear/pike supporters (+1 Attack each)."),
        flag("support_strength", int, None, "supporters' Strength (default its own)."),
        flag("strike", str, None, f"special strike, {STRIKES_HELP}."),
        flag("charged", bool, False, "charged this turn with a lance (+1 to wound)."),
        flag("fury", int, None, "Fury ignores Wounds on this roll (6 or 5)."),
    )


DUEL_FLAGS: tuple[Flag, ...] = tuple(f for side in SIDES for f in _side_flags(side))


def fighter(side: str, values: Mapping[str, Any]) -> Any:
    """A Fighter from one side's flags; InputError naming the flag that is wrong."""
    from aos_cli.systems.mesbg.rules import Fighter, Side, SpecialStrike, WeaponRule

    try:
        weapon = WeaponRule(str(values["weapon"]).strip().lower())
    except ValueError:
        raise InputError(
            f"--{side}-weapon: {values['weapon']!r}",
            _("use {names}").format(names=WEAPONS_HELP),
        ) from None
    strike = None
    if values["strike"] is not None:
        try:
            strike = SpecialStrike(str(values["strike"]).strip().lower().removesuffix("-strike"))
        except ValueError:
            raise InputError(
                f"--{side}-strike: {values['strike']!r}",
                _("use {names}").format(names=STRIKES_HELP.replace(" or ", ", ")),
            ) from None
    return Fighter(
        Side(side),
        attacks=values["attacks"],
        fight=values["fight"],
        strength=values["strength"],
        defence=values["defence"],
        wounds=values["wounds"],
        fate=values["fate"],
        weapon=weapon,
        shielding=values["shielding"],
        support=values["support"],
        support_strength=values["support_strength"],
        strike=strike,
        charged=values["charged"],
        ignore_on=values["fury"],
    )


@dataclass(frozen=True)
class Duel:
    """The two fighters of a Fight."""

    good: Any
    evil: Any


@dataclass(frozen=True)
class DuelKit:
    """The Middle-earth Fight."""

    system: str = "mesbg"
    flags: tuple[Flag, ...] = DUEL_FLAGS

    def build(self, given: Mapping[str, Any]) -> Duel:
        """Both fighters from their flags."""
        good, evil = (
            fighter(
                side,
                {
                    k.removeprefix(f"{side}_"): v
                    for k, v in given.items()
                    if k.startswith(f"{side}_")
                },
            )
            for side in SIDES
        )
        return Duel(good, evil)

    def roll(self, duel: Duel, source: DiceSource) -> Shown:
        """Roll the Fight and show every step (mesbg §4, §5)."""
        from aos_cli.systems.mesbg.rules import roll_duel
        from aos_cli.systems.mesbg.views import duel_json, duel_lines

        result = roll_duel(source, duel.good, duel.evil)
        return Shown(duel_json(result), list(duel_lines(result)))

    def odds(self, duel: Duel, width: int) -> Shown:
        """Exact odds of the Fight."""
        from aos_cli.systems.mesbg.rules import duel_odds
        from aos_cli.systems.mesbg.views import duel_odds_json, duel_odds_lines

        odds = duel_odds(duel.good, duel.evil)
        data = duel_odds_json(odds, duel.good, duel.evil)
        return Shown(data, list(duel_odds_lines(odds, duel.good, duel.evil)))


KIT: RollKit[Duel] = DuelKit()
"""Middle-earth SBG's Fight."""
