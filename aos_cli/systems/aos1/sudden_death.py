"""Sudden Death (AoS1 §5.2): the side outnumbered by a third may pick an objective whose
achievement wins a major victory at once. The shared scoring engine calls these rules through
`AoS1Scoring.rules()`; the choice itself is the `sudden-death` action (`rules.py`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from aos_cli.core.events import say
from aos_cli.core.scoring import book_of, build_result, share_lost
from aos_cli.core.system_scoring import SystemScoring
from aos_cli.language.i18n import N_, _
from aos_cli.language.text import Text, tr

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker
    from aos_cli.core.state import GameState, UnitState

SUDDEN_DEATH = ("assassinate", "blunt", "endure", "seize-ground")
"""The 1st edition's Sudden Death objectives (AoS1 §5.2)."""
SUDDEN_DEATH_NAMES = {
    "assassinate": N_("Assassinate"),
    "blunt": N_("Blunt"),
    "endure": N_("Endure"),
    "seize-ground": N_("Seize Ground"),
}
"""Each Sudden Death objective's name, translated where it is shown (Italian Omicidio, Turkish
Suikâst Yapmak ...)."""


def sudden_death_title(objective: str) -> Text:
    """A Sudden Death objective's name, said in the language of whoever reads it."""
    return Text(SUDDEN_DEATH_NAMES.get(objective, objective))


def sudden_death_name(objective: str) -> str:
    """A Sudden Death objective's name in the chosen language."""
    return _(SUDDEN_DEATH_NAMES.get(objective, objective))


def starting_models(state: GameState, side: int) -> int:
    """Models a side set up on the battlefield: its army's count (AoS1 §4 step 4, §5.1)."""
    book = book_of(state)
    return sum(
        u.spec.models
        for u in state.sides[side].units
        if not u.spec.reserve and u.spec.id not in book.summoned
    )


def outnumbered_side(state: GameState) -> int | None:
    """The side outnumbered by a third (AoS1 §5.2): the other has at least 4/3 of its models.

    The sheet leaves open whether exactly a third more counts; the digest's reading
    (`larger >= ceil(smaller * 4 / 3)`) is used."""
    counts = [starting_models(state, 0), starting_models(state, 1)]
    small = 0 if counts[0] < counts[1] else 1
    if counts[small] == 0 or counts[1 - small] < math.ceil(counts[small] * 4 / 3):
        return None
    return small


def sudden_death_won(state: GameState, why: Text) -> None:
    """The outnumbered side achieved its Sudden Death objective: a major victory at once."""
    from aos_cli.core.scoring import describe

    book = book_of(state)
    chosen = book.sudden_death
    if chosen is None or state.ended:
        return
    side = int(chosen["side"])
    objective = str(chosen["objective"])
    name = objective.replace("-", " ").title()
    state.ended = True
    state.phase = "ended"
    vp = (state.sides[0].victory_points, state.sides[1].victory_points)
    shares = (share_lost(state, 0, final=True), share_lost(state, 1, final=True))
    rule = f"AoS1 §5.2 Sudden Death: {name}"
    state.result = build_result(state, side, [side], ("major", rule), 0, "VP", vp, shares)
    reason = tr("Sudden Death: {objective}", objective=sudden_death_title(objective))
    state.result |= {"condition": "sudden_death", "objective": objective, "why": reason.to_data()}
    say(state, tr("Sudden Death: {reason}.", reason=why))
    say(state, describe(state.result))


class SuddenDeathScoring(SystemScoring):
    """AoS1 §5.2 as the scoring engine's moments see it: Assassinate and Blunt are won when the
    picked unit is destroyed, Endure and Seize Ground as battle rounds six and four end."""

    def unit_destroyed(self, state: GameState, unit: UnitState) -> None:
        chosen = book_of(state).sudden_death
        if chosen and chosen.get("unit") == unit.spec.id:
            sudden_death_won(state, tr("{unit} is destroyed", unit=unit.name))

    def end_of_round(self, state: GameState, answers: Asker) -> None:
        """Endure at the end of round six (checked by the tool), Seize Ground at the end of
        round four (asked: the tool cannot see the table)."""
        book = book_of(state)
        chosen = book.sudden_death
        if chosen is None:
            return
        side = int(chosen["side"])
        objective = chosen["objective"]
        if objective == "endure" and state.round == 6:
            survivors = [
                u
                for u in state.sides[side].units
                if u.alive and not u.spec.reserve and u.spec.id not in book.summoned
            ]
            if survivors:
                sudden_death_won(
                    state,
                    tr("{unit} endured to the end of round six", unit=survivors[0].name),
                )
        elif objective == "seize-ground" and state.round == 4:
            feature = chosen.get("feature") or tr("the chosen terrain feature")
            name = state.sides[side].name
            question = tr(
                'has {side} a model within 3" of {feature} ({objective})?',
                side=name,
                feature=feature,
                objective=sudden_death_title("seize-ground"),
            )
            if answers.yes_no("seize-ground", question):
                sudden_death_won(
                    state,
                    tr(
                        "{side} holds {feature} at the end of round four",
                        side=name,
                        feature=feature,
                    ),
                )


SUDDEN_DEATH_SCORING = SuddenDeathScoring()
"""The 1st edition's scoring beside its battleplans' rules."""
