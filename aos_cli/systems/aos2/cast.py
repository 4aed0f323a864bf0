"""Age of Sigmar 2nd edition's casting roll for `aos roll cast` and `aos odds cast`: 2D6
against the casting value, an enemy wizard's unbinding roll must beat it (AoS2 §15)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aos_cli.core.attack_flags import Flag, optional_flag
from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _
from aos_cli.systems.kits import Shown

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.systems.kits import RollKit

CAST_FLAGS: tuple[Flag, ...] = (
    optional_flag("value", int, "The spell's casting value."),
    Flag("unbind", bool, False, "An enemy wizard tries to unbind."),
    Flag("mod", int, 0, "Modifier to the casting roll."),
    Flag("unbind_mod", int, 0, "Modifier to the unbinding roll."),
)


@dataclass(frozen=True)
class CastAttempt:
    """A casting roll as asked: the casting value and the modifiers, with or without an unbind."""

    value: int
    modifier: int = 0
    unbind: bool = False
    unbind_modifier: int = 0

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments the rolling engine and the odds both take."""
        return {
            "value": self.value,
            "modifier": self.modifier,
            "unbind": self.unbind,
            "unbind_modifier": self.unbind_modifier,
        }


@dataclass(frozen=True)
class CastKit:
    """The 2D6 casting roll."""

    system: str = "aos2"
    flags: tuple[Flag, ...] = CAST_FLAGS

    def build(self, given: Mapping[str, Any]) -> CastAttempt:
        """The attempt from the flags; the casting value is required."""
        if given.get("value") is None:
            raise InputError(
                _("--value is required with --system {system}").format(system=self.system),
                _("give the casting value"),
            )
        return CastAttempt(given["value"], given["mod"], given["unbind"], given["unbind_mod"])

    def roll(self, request: CastAttempt, source: DiceSource) -> Shown:
        """Roll the cast and the unbind (AoS2 §15)."""
        from aos_cli.core.magic import roll_cast

        cast = roll_cast(source, **request.arguments())
        data = {
            "dice": list(cast.dice),
            "total": cast.total,
            "cast": cast.cast,
            "unbind_dice": list(cast.unbind_dice) if cast.unbind_dice else None,
            "unbind_total": cast.unbind_total,
            "unbound": cast.unbound,
            "success": cast.succeeded,
        }
        extra = f" {request.modifier:+d}" if request.modifier else ""
        casting = (
            _("Casting: {dice} = [total]{total}[/] against {value} - [success]cast[/]")
            if cast.cast
            else _("Casting: {dice} = [total]{total}[/] against {value} - [fail]fails to cast[/]")
        )
        lines = [
            casting.format(
                dice=f"{cast.dice[0]} {cast.dice[1]}{extra}", total=cast.total, value=request.value
            )
        ]
        if cast.unbind_dice:
            extra = f" {request.unbind_modifier:+d}" if request.unbind_modifier else ""
            unbinding = (
                _("Unbinding: {dice} = [total]{total}[/] must beat {cast} - [fail]unbound[/]")
                if cast.unbound
                else _(
                    "Unbinding: {dice} = [total]{total}[/] must beat {cast} - "
                    "[success]not unbound[/]"
                )
            )
            lines.append(
                unbinding.format(
                    dice=f"{cast.unbind_dice[0]} {cast.unbind_dice[1]}{extra}",
                    total=cast.unbind_total,
                    cast=cast.total,
                )
            )
        return Shown(data, lines)

    def odds(self, request: CastAttempt, width: int) -> Shown:
        """The exact casting odds, 2D6 against 2D6 (AoS2 §15)."""
        from aos_cli.core.distributions import Distribution
        from aos_cli.core.odds import cast_odds
        from aos_cli.views.charts import chance, fraction_map, roll_chart_lines

        odds = cast_odds(**request.arguments())
        data = {
            "probability": float(odds.probability),
            "fraction": str(odds.probability),
            "cast": float(odds.cast),
            "unbound": float(odds.unbound),
            "distribution": fraction_map(odds.casting_roll),
        }
        verdict = _("Chance to cast ({value}+): {chance}").format(
            value=request.value, chance=chance(odds.cast)
        )
        if request.unbind:
            verdict += "\n" + _("Chance it is cast and unbound: {chance}").format(
                chance=chance(odds.unbound)
            )
            verdict += "\n" + _("Chance it is cast and not unbound: {chance}").format(
                chance=chance(odds.probability)
            )
        dist = Distribution.from_mapping(odds.casting_roll)
        return Shown(
            data,
            roll_chart_lines(_("Casting roll"), _("Roll"), dist, width=width, verdict=verdict),
        )


KIT: RollKit[CastAttempt] = CastKit()
"""Age of Sigmar 2nd edition's casting roll."""
