"""Warhammer 40,000 8th edition attacks for people and programs: the rolled sequence as a
Rich table (every die shown, as for Age of Sigmar) and the JSON of a roll and of its odds.

The JSON keys are those of the Age of Sigmar attack (`attacks`, `hits`, `wounds`, `unsaved`,
`mortal_wounds`, `damage`, `slain`; odds `mean_damage`, `damage`, `mean_slain`, `slain`) plus
the 40k ones (`damage_per_attack`, `wounds_lost`, the save used, the wound roll needed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from aos_cli.views.dice import dice_text, plain_dice_text

if TYPE_CHECKING:
    from aos_cli.core.odds import Distribution
    from aos_cli.systems.wh40k8 import Odds40k, Result40k


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
            noun = {"hit": "hits", "wound": "wounds", "save": "saved"}[stage.name]
            table.add_row(
                f"{label}{stage.name.capitalize()}",
                stage.needed,
                dice_text(stage.dice, stage.successes),
                f"{stage.count} {noun}",
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
    if result.feel_no_pain_rolls:
        table.add_row(
            "Feel no pain",
            "",
            plain_dice_text(result.feel_no_pain_rolls),
            f"{result.feel_no_pain_saved} ignored",
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


def result_json(result: Result40k, *, percentile: float | None = None) -> dict[str, Any]:
    """The JSON of a rolled 40k attack: the Age of Sigmar keys, the 40k ones, every die."""
    weapons = [
        {
            "weapon": w.weapon,
            "weapon_type": str(w.weapon_type),
            "attacks": w.attacks,
            "attack_rolls": list(w.attack_rolls),
            "wound_needed": w.wound_needed,
            "save_used": w.save_used,
            "stages": {
                stage.name: {
                    "needed": stage.needed,
                    "dice": [d.value for d in stage.dice],
                    "first_rolls": [d.first for d in stage.dice],
                    "successes": stage.count,
                }
                for stage in w.stages
            },
            "damage_rolls": list(w.damage_rolls),
            "damage_per_attack": list(w.damage_per_attack),
            "mortal_wounds": w.mortal_wounds,
        }
        for w in result.weapons
    ]
    data: dict[str, Any] = {
        "system": "wh40k8",
        "attacks": result.attacks,
        "hits": result.hits,
        "wounds": result.wounds,
        "unsaved": result.unsaved,
        "mortal_wounds": result.mortal_wounds,
        "damage_per_attack": list(result.damage_per_attack),
        "damage_before_feel_no_pain": result.damage_before_feel_no_pain,
        "feel_no_pain_rolls": list(result.feel_no_pain_rolls),
        "damage": result.damage,
        "wounds_lost": result.wounds_lost,
        "slain": result.slain,
        "weapons": weapons,
    }
    if result.allocation is not None:
        data["models_left"] = result.allocation.models_left
        data["wounds_on_damaged_model"] = result.allocation.wounds_on_damaged
        data["wounds_left_on_damaged_model"] = result.wounds_left_on_damaged
    if percentile is not None:
        data["percentile"] = percentile
    return data


def _dist_json(dist: Distribution) -> dict[str, float]:
    return {str(value): p for value, p in dist.items()}


def odds_json(odds: Odds40k, *, save: str) -> dict[str, Any]:
    """The JSON of 40k odds: mean_damage, damage, mean_slain, slain and the rest."""
    damage = odds.damage
    running = 0.0
    at_least: dict[str, float] = {}
    for index in range(len(damage.probs) - 1, -1, -1):
        running += damage.probs[index]
        if damage.probs[index] > 0.0:
            at_least[str(damage.offset + index)] = min(1.0, running)
    data: dict[str, Any] = {
        "system": "wh40k8",
        "save": save,
        "mean_damage": damage.mean,
        "median_damage": damage.median,
        "sd_damage": damage.sd,
        "damage": _dist_json(damage),
        "damage_at_least": dict(reversed(at_least.items())),
        "mean_mortal_wounds": odds.mortal_wounds.mean,
        "mortal_wounds": _dist_json(odds.mortal_wounds),
    }
    if odds.slain is not None:
        data["mean_slain"] = odds.slain.mean
        data["slain"] = _dist_json(odds.slain)
    if odds.wounds_lost is not None:
        data["mean_wounds_lost"] = odds.wounds_lost.mean
        data["wounds_lost"] = _dist_json(odds.wounds_lost)
    if odds.wounds_on_damaged is not None:
        data["wounds_on_damaged_model"] = _dist_json(odds.wounds_on_damaged)
    return data
