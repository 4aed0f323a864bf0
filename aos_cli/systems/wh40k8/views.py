"""Warhammer 40,000 8th edition attacks for people: the rolled sequence as a Rich table (every
die shown, as for Age of Sigmar), with Damage per attack, feel-no-pain and wounds lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from aos_cli.views.dice import dice_text, plain_dice_text, stage_result

if TYPE_CHECKING:
    from aos_cli.systems.wh40k8 import Result40k


def attack_table_40k(result: Result40k, *, show_slain: bool, title: str = "Attack") -> Table:
    """One row per stage with its dice, then damage per attack, feel-no-pain and the totals."""
    table = Table(title=title, show_header=True, header_style="heading", expand=False)
    table.add_column("Stage")
    table.add_column("Needs", justify="right")
    table.add_column("Dice")
    table.add_column("Result", justify="right")
    for weapon in result.weapons:
        label = f"{weapon.weapon}: " if weapon.weapon and len(result.weapons) > 1 else ""
        rolls = plain_dice_text(weapon.attack_rolls) if weapon.attack_rolls else ""
        table.add_row(f"{label}Attacks", "", rolls, str(weapon.attacks))
        for stage in weapon.stages:
            table.add_row(
                f"{label}{stage.name.capitalize()}",
                stage.needed,
                dice_text(stage.dice, stage.successes),
                stage_result(stage),
            )
        if weapon.damage_per_attack:
            table.add_row(
                f"{label}Damage",
                "",
                plain_dice_text(weapon.damage_per_attack),
                str(sum(weapon.damage_per_attack)),
            )
        if weapon.mortal_wounds:
            table.add_row(f"{label}Mortal wounds", "", "", str(weapon.mortal_wounds))
    if result.ward_rolls:
        table.add_row(
            "Feel no pain",
            "",
            plain_dice_text(result.ward_rolls),
            f"{result.ward_saved} ignored",
        )
    table.add_section()
    table.add_row(Text("Damage", style="total"), "", "", Text(str(result.damage), style="total"))
    if show_slain and result.allocation is not None:
        table.add_row("Wounds lost (excess lost)", "", "", str(result.wounds_lost))
        table.add_row(
            Text("Models slain", style="total"),
            "",
            "",
            Text(str(result.allocation.slain), style="total"),
        )
        left = result.wounds_left_on_damaged
        if left is not None:
            table.add_row("Damaged model", "", "", f"{left} wounds left")
    return table
