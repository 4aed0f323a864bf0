"""What `aos play` works out between the menu and the dice: the odds of an attack option
against each target it may pick, and the time each side has spent at the table."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aos_cli.core.state import GameState
    from aos_cli.guide import Option
    from aos_cli.store import Store


@dataclass(frozen=True)
class TargetOdds:
    """The mean damage of an attack option against one target (AoS2 §14)."""

    name: str
    mean_damage: float
    save: int


def attack_option_odds(state: GameState, option: Option) -> list[TargetOdds] | None:
    """Before a roll: the mean damage of a shoot or fight option against each target it may
    pick; None when the option is not an attack of the Age of Sigmar engine."""
    from aos_cli.core.actions import weapon_attack
    from aos_cli.core.effects import TargetInfo
    from aos_cli.core.odds import mean_damage
    from aos_cli.core.system import system_of
    from aos_cli.guide import targets

    if option.kind not in ("shoot", "fight") or system_of(state).attack_odds_hint:
        return None
    unit = state.unit(option.payload["unit"])
    kind = "missile" if option.kind == "shoot" else "melee"
    attacks = [weapon_attack(unit, w, []) for w in unit.spec.weapons if w.kind == kind]
    return [
        TargetOdds(
            target.name, mean_damage(attacks, TargetInfo(target.spec.save)), target.spec.save
        )
        for target in targets(state, option)
    ]


def step_clock(side: int, started: float) -> dict[str, Any]:
    """The thinking time of one step, charged to the side that acted."""
    return {"side": side, "seconds": round(time.monotonic() - started, 1)}


def clock_totals(store: Store, game_id: int, sides: int) -> list[float]:
    """Each side's total time at the table, from the clock kept with every played step."""
    totals = [0.0] * sides
    for record in store.actions(game_id):
        clock = record.payload.get("clock")
        if isinstance(clock, dict) and 0 <= int(clock.get("side", -1)) < sides:
            totals[int(clock["side"])] += float(clock.get("seconds", 0))
    return totals
