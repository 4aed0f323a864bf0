"""The YAML rules database: schema (pydantic v2), safe loading with line numbers, validation,
cache, and lookups. Import cost is paid only by commands that read content (DESIGN §6).

Public API (other modules code against exactly this):

- `load_database(content_dirs=()) -> Database`: bundled content, then the user's data folder,
  `$AOS_CONTENT` and `content_dirs`; later folders override records with the same id. Raises
  `ContentProblems` (a `ContentError`) listing every problem.
- `Database.warscroll(name_or_id, system=None)`, `.battleplan(name_or_id)`, `.battalion(...)`,
  `.allegiance(...)`, `.ruleset(system)`; `.warscrolls` / `.battleplans` ... are dicts by id.
- `Database.plain_warscroll(...)`, `.plain_ruleset(system)`, `.plain_allegiances(system)`:
  the plain frozen values of `aos_cli.content.plain` that cards and rules views read, filled
  from the cache's validated data without importing pydantic.
- `load_army(path, db) -> ArmyList`, checked against the database.
- `Warscroll`: `move`, `wounds`, `bravery`, `save` (7 for '-'), `keywords`, `missile_weapons`,
  `melee_weapons`, `damage_table` (`.row_for(wounds_suffered)`), `damage_row(n)`,
  `at_wounds(n)`, `abilities`, `command_abilities`, `wizard`, `weapon(name)`.
- `Weapon.to_profile(models) -> aos_cli.core.attack.WeaponProfile`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from aos_cli.content.database import Database
from aos_cli.content.loader import load_army, load_database, validate_paths
from aos_cli.content.problems import ContentProblems, Problem

if TYPE_CHECKING:
    from aos_cli.content.army import ArmyList, ArmyUnit
    from aos_cli.content.schema import (
        Ability,
        Allegiance,
        Battalion,
        Battleplan,
        CommandAbility,
        DamageTable,
        RollTable,
        Ruleset,
        Spell,
        Warscroll,
        Weapon,
    )

_LAZY = {
    **dict.fromkeys(("ArmyList", "ArmyUnit"), "aos_cli.content.army"),
    **dict.fromkeys(
        (
            "Ability",
            "Allegiance",
            "Battalion",
            "Battleplan",
            "CommandAbility",
            "DamageTable",
            "RollTable",
            "Ruleset",
            "Spell",
            "Warscroll",
            "Weapon",
        ),
        "aos_cli.content.schema",
    ),
}
"""The pydantic models, imported on first use: a list read from the cache's index (`aos
warscroll list`) never imports pydantic or the schema."""


def __getattr__(name: str) -> Any:
    """A model named in `_LAZY`, imported now (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)


__all__ = [
    "Ability",
    "Allegiance",
    "ArmyList",
    "ArmyUnit",
    "Battalion",
    "Battleplan",
    "CommandAbility",
    "ContentProblems",
    "DamageTable",
    "Database",
    "Problem",
    "RollTable",
    "Ruleset",
    "Spell",
    "Warscroll",
    "Weapon",
    "load_army",
    "load_database",
    "validate_paths",
]
