"""Wounds, slain models and what follows from them: carry-over, generals, transports.

Scoring hears of every slain model here (First Blood, kill points).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from aos_cli.core.attack import allocate_carry_over
from aos_cli.core.events import GeneralSlain, ModelsSlain, WardRolled, emit, say
from aos_cli.core.guards import BY_THE_BOOK_REVISION
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.language.text import tr

if TYPE_CHECKING:
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource


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

        # First Blood VP and CP, coalition kills: scored by the battleplan's rules (issue 7).
        with telling_slain(state):
            scoring.models_slain(state, target, allocation.slain, by=slain_by)
        if not target.alive and target.general:
            pass_on_generalship(state, target)
        if not target.alive:
            transport_destroyed(state, target)
    return allocation.slain


@contextmanager
def telling_slain(state: GameState) -> Iterator[None]:
    """Tell the models the scoring within removes (`ModelsSlain`, which `scoring.models_slain`
    records for every removal) before what they score: the event goes into the notes where the
    removal began. Nothing within asks or rolls, so no note was shown in between."""
    place, mark = len(state.notes), len(state.events)
    yield
    removed = next((e for e in state.events[mark:] if isinstance(e, ModelsSlain)), None)
    if removed is not None and not any(n is removed for n in state.notes):
        state.notes.insert(place, removed)


def suffer_mortal_wounds(
    state: GameState,
    target: UnitState,
    amount: int,
    dice: DiceSource,
    answers: RecordedAnswers,
    *,
    slain_by: int | None,
) -> int:
    """Mortal wounds from a spell, an ability or terrain (AoS2 §14.8): each is negated by a ward
    on its roll (the unit's wards and wards against mortal wounds, a Mystical feature, AoS2
    §4.3, §14.11; 40k8's Disgustingly Resilient), then allocated. Returns models slain."""
    from aos_cli.core.unit_attacks import unit_rules

    if amount <= 0:
        return 0
    defence = unit_rules(state, target, target, answers, "defender")
    wards = [int(getattr(e, "on", 7)) for e in defence if getattr(e, "type_name", "") in WARDS]
    mystical = system_of(state).mystical_ward(state, target, answers)
    ward = min([*wards, *([mystical] if mystical else [])], default=7)
    if ward <= 6:
        # the system's words: AoS wards, 40k8's rolls to ignore a wound (Disgustingly Resilient)
        term = system_of(state).term("ward_rolls")
        rolls = dice.roll(
            amount, tr("{unit}: {what} ({ward}+)", unit=target.name, what=tr(term), ward=ward)
        )
        saved = sum(1 for r in rolls if r >= ward)
        emit(
            state,
            WardRolled(target.spec.id, target.name, target.side, term, ward, tuple(rolls), saved),
        )
        amount -= saved
    return inflict(state, target, amount, slain_by=slain_by)


WARDS = ("ward", "mortal_ward")
"""Effects that negate a mortal wound on their roll."""


def pass_on_generalship(state: GameState, fallen: UnitState) -> None:
    """A slain general is replaced by another model of the army (AoS2 §5.3): the tool names
    the Hero with the most Wounds left, and `aos general UNIT` picks another."""

    from aos_cli.core.guards import COALITION_REVISION

    side = state.sides[fallen.side]
    fallen.general = False
    side.general_slain = True
    alive = [u for u in side.units if u.alive and not u.general and not u.beast]
    if state.rules_revision >= BY_THE_BOOK_REVISION:  # a model set up on the battlefield (p.3)
        alive = [u for u in alive if u.on_battlefield]
    if state.rules_revision >= COALITION_REVISION:  # a coalition's player: from their own army
        player = side.player_of(fallen)
        side.generals_lost_by.append(player)
        alive = [u for u in alive if side.player_of(u) == player]
    if not system_of(state).general_replaced or not alive:
        emit(state, GeneralSlain(fallen.spec.id, fallen.name, fallen.side, "", "", False))
        return
    heroes = [u for u in alive if u.spec.is_hero] or alive
    successor = max(heroes, key=lambda u: u.spec.wounds - u.wounds_on_damaged)
    successor.general = True
    trait = state.rules_revision >= BY_THE_BOOK_REVISION and bool(side.command_traits)
    emit(
        state,
        GeneralSlain(
            fallen.spec.id, fallen.name, fallen.side, successor.spec.id, successor.name, trait
        ),
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
    with telling_slain(state):
        scoring.models_slain(state, unit, count, by=slain_by, how=how)
    if not unit.alive and unit.general:
        pass_on_generalship(state, unit)
    return count


def transport_destroyed(state: GameState, transport: UnitState) -> None:
    """Units inside a destroyed transport must disembark at once (40k8 §12.5)."""
    for unit in state.units():
        if unit.embarked_in == transport.spec.id and unit.alive:
            unit.must_disembark = True
            say(
                state,
                tr(
                    "{unit} must disembark from the wreck of {transport}: `aos disembark {id}` "
                    "(a D6 per model, each 1 slays one; 40k8 §12.5).",
                    unit=unit.name,
                    transport=transport.name,
                    id=unit.spec.id,
                ),
            )
