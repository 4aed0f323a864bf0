"""Warhammer 40,000 8th edition attacks for people: the rolled sequence as a Rich table (every
die shown, as for Age of Sigmar), with Damage per attack, feel-no-pain and wounds lost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aos_cli.language.i18n import _
from aos_cli.views.dice import attack_table

if TYPE_CHECKING:
    from rich.table import Table

    from aos_cli.systems.wh40k8.engine import Result40k, WeaponResult40k


def _damage_per_attack(weapon: WeaponResult40k) -> tuple[Sequence[int], str] | None:
    """The Damage of each unsaved wound and their sum (40k8 §8.5)."""
    per_attack = weapon.damage_per_attack
    return (per_attack, str(sum(per_attack))) if per_attack else None


def attack_table_40k(result: Result40k, *, show_slain: bool, title: str | None = None) -> Table:
    """One row per stage with its dice, then Damage per attack, feel-no-pain and the totals
    with the wounds lost once excess damage is lost."""
    return attack_table(
        result,
        show_slain=show_slain,
        title=_("Attack") if title is None else title,
        ward=(_("Feel no pain"), _("ignored")),
        damage_row=_damage_per_attack,
        wounds_lost=True,
    )
