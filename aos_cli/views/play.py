"""The lines of `aos play`: the menu, the targets, the clock and an option's odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from aos_cli.core.system import system_of

if TYPE_CHECKING:
    from fractions import Fraction

    from aos_cli.app.play import TargetOdds
    from aos_cli.app.roll_odds import RollOptionOdds
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.guide import Option

KEYS = (
    "[n] next phase  [u] undo  [s] status  [d] dice auto/manual  [?N] odds of option N  [q] quit\n"
    "[a] adjust a unit  [h] heal  [g] new general"
)


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def clock_line(state: GameState, totals: list[float]) -> Text:
    """Each side's time at the table so far."""
    spent = ", ".join(f"{s.name} {_minutes(t)}" for s, t in zip(state.sides, totals, strict=True))
    return Text(f"Clock: {spent}", style="muted")


def menu_lines(choices: list[Option], numbers: list[int] | None = None) -> list[Text]:
    """The numbered options, then the keys that are always there."""
    shown = numbers or list(range(1, len(choices) + 1))
    lines = [Text(f"  [{n}] {option.label}") for n, option in zip(shown, choices, strict=True)]
    return [*lines, Text(KEYS, style="muted")]


def target_lines(aims: list[UnitState], numbers: list[int] | None = None) -> list[Text]:
    """The numbered units an option may target, with their models left."""
    shown = numbers or list(range(1, len(aims) + 1))
    return [
        Text(f"    [{number}] {unit.name} ({unit.models} model{'' if unit.models == 1 else 's'})")
        for number, unit in zip(shown, aims, strict=True)
    ]


def option_odds_lines(state: GameState, option: Option, odds: list[TargetOdds] | None) -> list[str]:
    """The mean damage against each target, or where the odds of this option are found."""
    if odds is None:
        hint = system_of(state).attack_odds_hint
        if option.kind in ("shoot", "fight") and hint:
            return [hint]
        return ["No odds are worked out for this option."]
    return [f"    {o.name}: {o.mean_damage:.2f} damage expected (save {o.save}+)" for o in odds]


def _chance(chance: Fraction, out_of: int) -> str:
    """`58.3% (21/36)`: the exact chance as a person reads it, and as a count of rolls."""
    count = chance * out_of
    exact = f"{count.numerator}/{out_of}" if count.denominator == 1 else str(chance)
    return f"{float(chance) * 100:.1f}% ({exact})"


def roll_odds_lines(odds: RollOptionOdds) -> list[str]:
    """A charge's or a cast's odds: the heading, one line per outcome, then what was left to
    the table."""
    lines = [f"    {odds.heading}"]
    if odds.reroll:
        lines.append(f"    With a re-roll: {odds.reroll}.")
    for chance in odds.chances:
        line = f"      {chance.label}: {_chance(chance.chance, chance.out_of)}"
        if chance.again is not None:
            again = _chance(chance.again, chance.again_out_of)
            line += f"; with the re-roll {again}"
        lines.append(line)
    return [*lines, *(f"    {note}" for note in odds.notes)]
