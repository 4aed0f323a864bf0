"""Age of Sigmar 2nd edition by the book (issue 26): the Coalition of Death battleplans' set-up
the game applies (seed 000 p.12): contingents, their territories, and reserves."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.setup_steps import put_in_contingents, put_in_reserve
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import SeededDice
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.scoring import plan_key
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines
from tests.core.test_by_the_book import act, to_phase

CONTINGENTS = (
    "1=stardrake,lord-relictor,lord-castellant",
    "2=knight-incantor,liberators,judicators",
    "3=retributors,prosecutors",
    "4=knight-of-shrouds,guardian-of-souls,spirit-torment",
    "5=chainrasps,grimghast-reapers,glaivewraiths",
    "6=spirit-hosts,bladegheists",
)
"""Three contingents a coalition, each in its own territory of Ill Met by Moonlight."""


def moonlight(*contingents: str) -> dict[str, Any]:
    """The demo armies as two coalitions on Ill Met by Moonlight, split as given."""
    setup = build_setup(bundled_armies(), "ill-met-by-moonlight")
    put_in_contingents(setup, list(contingents))
    return setup


def counts(state: GameState, held: dict[str, int]) -> dict[str, int]:
    """The end of turn's questions: models of each side near each objective (Player One's
    `held`, none of Player Two's)."""
    answers = {}
    for objective in state.objectives:
        for index, side in enumerate(state.sides):
            mine = held.get(objective.id, 0) if index == 0 else 0
            answers[f"models-{objective.id}-{plan_key(side.name)}"] = mine
    return answers


def test_aos2_p12_each_coalition_splits_into_three_contingents() -> None:
    """p.12 (Ill Met by Moonlight): each coalition is split into three contingents of roughly
    a third of its units, none with more than twice as many units as another, each set up in
    a different territory; every unit belongs to one."""
    setup = moonlight(*CONTINGENTS)
    units = {u["id"]: u.get("contingent") for side in setup["sides"] for u in side["units"]}
    assert units["liberators"] == "2" and units["bladegheists"] == "6"
    with pytest.raises(InputError, match="are in no contingent"):
        moonlight(*CONTINGENTS[:2], "3=retributors", *CONTINGENTS[3:])
    with pytest.raises(InputError, match="2 contingents, not 3"):
        moonlight("1=stardrake,lord-relictor,lord-castellant,retributors",
                  "2=knight-incantor,liberators,judicators,prosecutors", *CONTINGENTS[3:])  # fmt: skip
    with pytest.raises(InputError, match="more than twice the units"):
        moonlight("1=stardrake", "2=lord-relictor,lord-castellant,knight-incantor",
                  "3=liberators,judicators,retributors,prosecutors", *CONTINGENTS[3:])  # fmt: skip
    with pytest.raises(InputError, match="has a contingent already"):
        moonlight(*CONTINGENTS[:3], "3=knight-of-shrouds")
    with pytest.raises(InputError, match="not of one coalition"):
        moonlight("1=stardrake,chainrasps")
    with pytest.raises(InputError, match="a territory of 1, 2, 3, 4, 5, 6"):
        moonlight("7=stardrake")
    first_blood = build_setup(bundled_armies(), "first-blood")
    with pytest.raises(InputError, match="no contingents"):
        put_in_contingents(first_blood, list(CONTINGENTS))


def test_aos2_p12_a_contingents_territory_is_its_coalitions() -> None:
    """p.12 (Ill Met by Moonlight): the territory a contingent sets up in counts as its
    coalition's territory for the rest of the battle; an objective at its centre is worth 1
    VP to that coalition and D3 to the other, and the game no longer asks whose it is."""
    state = new_game(moonlight(*CONTINGENTS))
    assert [o.territory for o in state.objectives] == [0, 0, 0, 1, 1, 1]
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "battleshock", 0)
    held = counts(state, {"objective-1": 2, "objective-4": 1})
    apply_action(state, "next", {}, SeededDice(4), RecordedAnswers(held))
    reasons = [str(e.reason) for e in state.ledger if e.side == 0]
    assert "holds Objective 1 in own territory" in reasons
    assert any(r.startswith("holds Objective 4 in enemy territory (D3") for r in reasons)


def test_aos2_p12_reserves_arrive_in_their_contingents_territory() -> None:
    """p.12 (Ill Met by Moonlight): a unit in reserve arrives from the second battle round in
    the same territory as the rest of its contingent, and the game says which."""
    setup = moonlight(*CONTINGENTS)
    put_in_reserve(setup, ["Liberators"])
    state = new_game(setup)
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "movement", 0)
    with pytest.raises(RuleError, match="arrives from battle round 2"):
        act(state, "arrive", unit="liberators")
    state.round = 2
    act(state, "arrive", unit="liberators")
    assert any("territory 2" in line for line in note_lines(state.notes))
