"""Wounds, slain models and what follows from them: carry-over, generals, transports.

Scoring hears of every slain model here (First Blood, kill points).
"""

from __future__ import annotations

from aos_cli.core.attack import allocate_carry_over
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import system_of


def inflict(state: GameState, target: UnitState, damage: int, *, slain_by: int | None) -> int:
    """Allocate damage onto a unit with carry-over (AoS2 §14.7); returns models slain.
    `slain_by` is the side whose attack, spell or ability it is (None: terrain)."""
    allocation = allocate_carry_over(
        damage, target.models, target.spec.wounds, target.wounds_on_damaged
    )
    target.models = allocation.models_left
    target.wounds_on_damaged = allocation.wounds_on_damaged
    target.slain_this_turn += allocation.slain
    if allocation.slain:
        from aos_cli.core import scoring

        state.notes.append(f"{target.name}: {allocation.slain} slain, {target.models} left.")
        # First Blood VP and CP, coalition kills: scored by the battleplan's rules (issue 7).
        scoring.models_slain(state, target, allocation.slain, by=slain_by)
        if not target.alive and target.general:
            pass_on_generalship(state, target)
        if not target.alive:
            transport_destroyed(state, target)
    return allocation.slain


def pass_on_generalship(state: GameState, fallen: UnitState) -> None:
    """A slain general is replaced by another model of the army (AoS2 §5.3): the tool names
    the Hero with the most Wounds left, and `aos general UNIT` picks another."""

    alive = [u for u in state.sides[fallen.side].units if u.alive and not u.general]
    if not system_of(state).general_replaced or not alive:
        state.notes.append(f"{fallen.name}, the general, is slain.")
        return
    heroes = [u for u in alive if u.spec.is_hero] or alive
    successor = max(heroes, key=lambda u: u.spec.wounds - u.wounds_on_damaged)
    successor.general = True
    state.notes.append(
        f"{fallen.name} was the general: {successor.name} takes its place "
        "(pick another with `aos general UNIT`)."
    )


def slay_models(
    state: GameState, unit: UnitState, count: int, how: str = "slain", *, slain_by: int | None
) -> int:
    """Remove `count` whole models (slain or fled) and score them for `slain_by` (the side
    whose effect removed them, None for terrain); returns models removed."""
    from aos_cli.core import scoring

    count = max(0, min(count, unit.models))
    if not count:
        return 0
    unit.models -= count
    unit.slain_this_turn += count
    if not unit.models:
        unit.wounds_on_damaged = 0
    state.notes.append(f"{unit.name}: {count} slain, {unit.models} left.")
    scoring.models_slain(state, unit, count, by=slain_by, how=how)
    return count


def transport_destroyed(state: GameState, transport: UnitState) -> None:
    """Units inside a destroyed transport must disembark at once (40k8 §12.5)."""
    for unit in state.units():
        if unit.embarked_in == transport.spec.id and unit.alive:
            unit.must_disembark = True
            state.notes.append(
                f"{unit.name} must disembark from the wreck of {transport.name}: "
                f"`aos disembark {unit.spec.id}` (a D6 per model, each 1 slays one; 40k8 §12.5)."
            )
