"""Rich renderables for rolled dice: every die shown, successes marked, rerolls visible."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from aos_cli.core.dice import Die
from aos_cli.core.engine import AttackResult, Stage

MAX_DICE_SHOWN = 60
"""Past this many dice a row shows counts per face instead of every die."""


def dice_text(dice: Sequence[Die], successes: Sequence[bool]) -> Text:
    """Dice as `6 5 1→4 3`, successes bold green, failures red, rerolled firsts dim."""
    text = Text()
    if len(dice) > MAX_DICE_SHOWN:
        for face in range(6, 0, -1):
            hits = sum(1 for d, ok in zip(dice, successes, strict=True) if d.value == face and ok)
            misses = sum(
                1 for d, ok in zip(dice, successes, strict=True) if d.value == face and not ok
            )
            if hits:
                text.append(f"{face}×{hits} ", style="success")
            if misses:
                text.append(f"{face}×{misses} ", style="fail")
        return text
    for index, (die, ok) in enumerate(zip(dice, successes, strict=True)):
        if index:
            text.append(" ")
        if die.rerolled is not None:
            text.append(f"{die.first}→", style="rerolled")
        text.append(str(die.value), style="success" if ok else "fail")
    return text


def plain_dice_text(values: Sequence[int]) -> Text:
    """Dice with no success or failure to mark."""
    return Text(" ".join(str(v) for v in values))


def stage_result(stage: Stage) -> str:
    """A stage's successes as the next stage receives them: `17 hits (3 extra)`, `5 saved`."""
    noun = {"hit": "hits", "wound": "wounds", "save": "saved"}[stage.name]
    extra = f" ({stage.extra} {stage.extra_label})" if stage.extra else ""
    return f"{stage.total} {noun}{extra}"


def _damage_rolls(weapon: Any) -> tuple[Sequence[int], str] | None:
    """Age of Sigmar's Damage row: the random Damage rolled, if any (no total: bonuses and
    mortal wounds add to it)."""
    return (weapon.damage_rolls, "") if weapon.damage_rolls else None


def attack_table(
    result: AttackResult[Any],
    *,
    show_slain: bool,
    title: str = "Attack",
    ward: tuple[str, str] = ("Ward", "negated"),
    damage_row: Callable[[Any], tuple[Sequence[int], str] | None] = _damage_rolls,
    wounds_lost: bool = False,
) -> Table:
    """One row per stage per weapon with its dice, then the totals. A system names its roll
    per point of damage (`ward`: its name and what it does), its Damage row and whether wounds
    lost differ from damage (40k's excess damage is lost)."""
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
        damage = damage_row(weapon)
        if damage is not None:
            table.add_row(f"{label}Damage", "", plain_dice_text(damage[0]), damage[1])
        if weapon.mortal_wounds:
            table.add_row(f"{label}Mortal wounds", "", "", str(weapon.mortal_wounds))
    if result.ward_rolls:
        name, verb = ward
        table.add_row(name, "", plain_dice_text(result.ward_rolls), f"{result.ward_saved} {verb}")
    table.add_section()
    table.add_row(Text("Damage", style="total"), "", "", Text(str(result.damage), style="total"))
    if show_slain and result.allocation is not None:
        if wounds_lost:
            table.add_row("Wounds lost (excess lost)", "", "", str(result.wounds_lost))
        table.add_row(
            Text("Models slain", style="total"),
            "",
            "",
            Text(str(result.allocation.slain), style="total"),
        )
        left = result.wounds_left_on_damaged
        if wounds_lost and left is not None:
            table.add_row("Damaged model", "", "", f"{left} wounds left")
    return table


def attack_result_json(
    result: AttackResult[Any],
    *,
    ward_key: str = "ward",
    weapon_extras: Callable[[Any], dict[str, Any]] | None = None,
    extras: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON of a rolled attack in any system: totals, every stage's dice and the system's
    extras (`ward_key` names the roll per point of damage: `ward`, `feel_no_pain`)."""
    weapons = []
    for weapon in result.weapons:
        entry: dict[str, Any] = {
            "weapon": weapon.weapon,
            "attacks": weapon.attacks,
            "attack_rolls": list(weapon.attack_rolls),
        }
        entry |= weapon_extras(weapon) if weapon_extras else {}
        entry["stages"] = {
            stage.name: {
                "needed": stage.needed,
                "dice": [d.value for d in stage.dice],
                "first_rolls": [d.first for d in stage.dice],
                "successes": stage.count,
            }
            | ({"extra": stage.extra} if stage.extra else {})
            for stage in weapon.stages
        }
        entry["damage_rolls"] = list(weapon.damage_rolls)
        entry["mortal_wounds"] = weapon.mortal_wounds
        weapons.append(entry)
    data: dict[str, Any] = {
        "attacks": result.attacks,
        "hits": result.hits,
        "wounds": result.wounds,
        "unsaved": result.unsaved,
        "mortal_wounds": result.mortal_wounds,
        f"damage_before_{ward_key}": result.damage_before_ward,
        f"{ward_key}_rolls": list(result.ward_rolls),
        "damage": result.damage,
        "slain": result.slain,
    }
    data |= extras or {}
    data["weapons"] = weapons
    if result.allocation is not None:
        data["models_left"] = result.allocation.models_left
        data["wounds_on_damaged_model"] = result.allocation.wounds_on_damaged
    return data
