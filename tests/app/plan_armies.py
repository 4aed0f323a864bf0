"""A game with many shooters for the phase planner's tests and benchmark: `shooters` Stormcast
units with different missile profiles against `targets` Nighthaunt units of different sizes,
Wounds and saves (the small golden armies' shape, AoS2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

GOLDEN = Path(__file__).parents[1] / "golden"

PROFILES = [
    ("Skybolt Bow", "1", "3+", "3+", -1, "1", 5),
    ("Boltstorm Crossbow", "3", "3+", "4+", 0, "1", 5),
    ("Hurricane Crossbow", "6", "4+", "4+", 0, "1", 2),
    ("Heavy Bolt", "1", "4+", "3+", -2, "D6", 1),
    ("Star Fated Arrow", "1", "3+", "2+", -3, "D3", 1),
    ("Lightning Orb", "2", "4+", "3+", -1, "2", 3),
]
"""(weapon, attacks, to hit, to wound, rend, damage, models) of each shooter in turn."""

TARGETS = [(10, 1, 6), (5, 2, 5), (3, 3, 4), (1, 6, 4), (20, 1, 5), (2, 4, 3)]
"""(models, wounds, save) of each target in turn."""


def plan_setup(shooters: int, targets: int) -> dict[str, Any]:
    """The set-up snapshot (the golden armies' sides with these units instead)."""
    from aos_cli.app.setup import upgrade_setup

    data: dict[str, Any] = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    units = []
    for n in range(shooters):
        name, attacks, hit, wound, rend, damage, models = PROFILES[n % len(PROFILES)]
        units.append({
            "id": f"shooter-{n + 1}", "name": f"Shooters {n + 1}", "models": models,
            "wounds": 2, "save": 4, "bravery": 7, "move": "5",
            "keywords": ["ORDER", "STORMCAST ETERNAL"],
            "weapons": [{"name": name, "kind": "missile", "range": 24, "attacks": attacks,
                         "to_hit": hit, "to_wound": wound, "rend": rend, "damage": damage}],
        })  # fmt: skip
    data["sides"][0]["units"] = units
    aims = []
    for n in range(targets):
        models, wounds, save = TARGETS[n % len(TARGETS)]
        aims.append({
            "id": f"target-{n + 1}", "name": f"Target {n + 1}", "models": models,
            "wounds": wounds, "save": save, "bravery": 6, "move": "6",
            "keywords": ["DEATH", "NIGHTHAUNT"],
            "weapons": [{"name": "Blade", "kind": "melee", "range": 1, "attacks": "1",
                         "to_hit": "4+", "to_wound": "4+", "rend": 0, "damage": "1"}],
        })  # fmt: skip
    aims[-1]["general"] = True
    data["sides"][1]["units"] = aims
    return upgrade_setup(data)


def shooting_game(shooters: int, targets: int) -> Any:
    """The game in round one's shooting phase of the Stormcast (side 0)."""
    from aos_cli.core.actions import RecordedAnswers, apply_action
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.turn import new_game

    state = new_game(plan_setup(shooters, targets))
    apply_action(state, "priority", {"first": 0}, ScriptedDice([5, 2]), RecordedAnswers({}))
    while state.phase != "shooting":
        apply_action(state, "next", {}, ScriptedDice([]), RecordedAnswers({}))
    return state
