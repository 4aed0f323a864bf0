"""Rich renderables for rolled dice: every die shown, successes marked, rerolls visible."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from aos_cli.core.dice import Die
from aos_cli.core.engine import AttackResult, Stage
from aos_cli.language.i18n import _, ngettext
from aos_cli.views.tables import FitTable

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


def stage_name(name: str) -> str:
    """A stage's row in the attack table: `Hit`, `Wound`, `Save` in the player's language."""
    names = {"hit": _("Hit"), "wound": _("Wound"), "save": _("Save")}
    return names.get(name, name.capitalize())


def stage_result(stage: Stage) -> str:
    """A stage's successes as the next stage receives them: `17 hits (3 extra)`, `5 saved`."""
    total = stage.total
    if stage.name == "hit":
        text = ngettext("{n} hit", "{n} hits", total)
    elif stage.name == "wound":
        text = ngettext("{n} wound", "{n} wounds", total)
    else:
        text = ngettext("{n} saved", "{n} saved", total)
    text = text.format(n=total)
    if not stage.extra:
        return text
    if stage.extra_label == "extra":
        extra = ngettext("{n} extra", "{n} extra", stage.extra)
    elif stage.extra_label == "automatic":
        extra = ngettext("{n} automatic", "{n} automatic", stage.extra)
    else:
        extra = f"{{n}} {stage.extra_label}"
    return _("{result} ({extra})").format(result=text, extra=extra.format(n=stage.extra))


def _damage_rolls(weapon: Any) -> tuple[Sequence[int], str] | None:
    """Age of Sigmar's Damage row: the random Damage rolled, if any (no total: bonuses and
    mortal wounds add to it)."""
    return (weapon.damage_rolls, "") if weapon.damage_rolls else None


def attack_table(
    result: AttackResult[Any],
    *,
    show_slain: bool,
    title: str | None = None,
    ward: tuple[str, str] | None = None,
    damage_row: Callable[[Any], tuple[Sequence[int], str] | None] = _damage_rolls,
    wounds_lost: bool = False,
) -> Table:
    """One row per stage per weapon with its dice, then the totals. A system names its roll
    per point of damage (`ward`: its name and what it does), its Damage row and whether wounds
    lost differ from damage (40k's excess damage is lost). Without `title` and `ward` the table
    is Age of Sigmar's: `Attack`, and a ward negating wounds."""
    table = FitTable(
        title=_("Attack") if title is None else title,
        show_header=True,
        header_style="heading",
        expand=False,
    )
    table.add_column(_("Stage"))
    table.add_column(_("Needs"), justify="right")
    table.add_column(_("Dice"))
    table.add_column(_("Result"), justify="right")
    for weapon in result.weapons:
        label = f"{weapon.weapon}: " if weapon.weapon and len(result.weapons) > 1 else ""
        rolls = plain_dice_text(weapon.attack_rolls) if weapon.attack_rolls else ""
        table.add_row(label + _("Attacks"), "", rolls, str(weapon.attacks))
        for stage in weapon.stages:
            table.add_row(
                label + stage_name(stage.name),
                stage.needed,
                dice_text(stage.dice, stage.successes),
                stage_result(stage),
            )
        damage = damage_row(weapon)
        if damage is not None:
            table.add_row(label + _("Damage"), "", plain_dice_text(damage[0]), damage[1])
        if weapon.mortal_wounds:
            table.add_row(label + _("Mortal wounds"), "", "", str(weapon.mortal_wounds))
    if result.ward_rolls:
        saved = result.ward_saved
        if ward is None:
            name = _("Ward")
            verdict = ngettext("{n} negated", "{n} negated", saved).format(n=saved)
        else:
            name, verdict = ward[0], f"{saved} {ward[1]}"
        table.add_row(name, "", plain_dice_text(result.ward_rolls), verdict)
    table.add_section()
    table.add_row(Text(_("Damage"), style="total"), "", "", Text(str(result.damage), style="total"))
    if show_slain and result.allocation is not None:
        if wounds_lost:
            table.add_row(_("Wounds lost (excess lost)"), "", "", str(result.wounds_lost))
        table.add_row(
            Text(_("Models slain"), style="total"),
            "",
            "",
            Text(str(result.allocation.slain), style="total"),
        )
        left = result.wounds_left_on_damaged
        if wounds_lost and left is not None:
            left_text = ngettext("{n} wound left", "{n} wounds left", left).format(n=left)
            table.add_row(_("Damaged model"), "", "", left_text)
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
