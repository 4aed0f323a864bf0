"""`aos play`'s set-up wizard by the book (issue 26): garrisons set up at the start of the
battle and obstacles (seed 000 p.11), and a coalition battleplan's reserves and contingents
(p.12), asked at their moment of the set-up."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_play_cli import _set_up_demo_armies
from tests.conftest import RunCli


def test_aos2_p11_p12_wizard_sets_up_garrisons_reserves_contingents_and_coalitions(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.11: a feature may be an obstacle, and a unit may be set up garrisoning a feature
    that may be garrisoned; p.12: on a coalition battleplan any unit may wait in reserve, and
    each coalition is split into three contingents, each in its own territory, and into its
    players, each with a general, one of them the coalition's warlord."""
    db = tmp_path / "games.sqlite3"
    answers = [
        "3", "1",                  # Ill Met by Moonlight, no realm
        "Old Tower", "8", "y", "n",  # no scenery rule, can be garrisoned, not an obstacle
        "Old Wall", "8", "n", "y", "",  # an obstacle; done
        "1",                       # Player One finished setting up first
        "Judicators",              # set up garrisoning Old Tower
        "Liberators",              # in reserve (any unit may wait, p.12)
        "", "", "n", "n",          # general as listed, roll the trait, no artefact, no triumph
        "", "", "", "n",           # Nighthaunt: no garrison, no reserve, general, no triumph
        "1", "stardrake, lord-relictor, lord-castellant",      # territory 1
        "1", "knight-incantor, liberators, judicators",        # territory 2
        "1",                                                   # territory 3: the rest
        "1", "knight-of-shrouds, guardian-of-souls, spirit-torment",  # territory 4
        "1", "chainrasps, grimghast-reapers, glaivewraiths",   # territory 5
        "1",                                                   # territory 6: the rest
        "", "Ana", "stardrake, lord-relictor, lord-castellant, knight-incantor", "",
        "Cy", "1", "2",            # two players: Ana (general as listed), Cy (Judicators), Cy leads
        "1", "",  "",              # Nighthaunt: one player, named as the side, general as listed
        "q",
    ]  # fmt: skip
    result, setup = _set_up_demo_armies(run_cli, db, answers)
    assert setup["battleplan"] == "ill_met_by_moonlight", result.stdout
    assert setup["terrain"][1] == {
        "name": "Old Wall", "garrison": False, "obstacle": True, "rule": "none",
    }  # fmt: skip
    units = {u["id"]: u for u in setup["sides"][0]["units"]}
    assert units["judicators"]["garrison"] == "Old Tower"
    assert units["liberators"].get("reserve") is True
    assert units["prosecutors"]["contingent"] == "3"
    ghosts = {u["id"]: u["contingent"] for u in setup["sides"][1]["units"]}
    assert ghosts["bladegheists"] == "6" and ghosts["chainrasps"] == "5"
    assert setup["objective_territories"]["objective-4"] == setup["sides"][1]["name"]
    order = setup["sides"][0]
    assert order["players"] == ["Ana", "Cy"] and order["warlord"] == "Cy"
    assert units["stardrake"]["general"] and units["stardrake"]["player"] == "Ana"
    assert units["judicators"]["general"] and units["prosecutors"]["player"] == "Cy"
    assert setup["sides"][1]["players"] == [setup["sides"][1]["name"]]


def test_aos2_p12_wizard_asks_again_for_more_players_than_a_coalition_has_units() -> None:
    """p.12: each player of a coalition brings units of it, so a coalition of three units has
    at most three players; a larger count (or none) is asked again, never looped over."""
    from io import StringIO

    from rich.console import Console

    from aos_cli.cli.setup_wizard import _count

    typed = iter(["99999999999", "0", "3"])
    out = Console(file=StringIO(), width=100)
    assert _count(lambda _prompt: next(typed), out, "Players", most=3) == 3
    assert out.file.getvalue().count("Type a whole number from 1 to 3.") == 2  # type: ignore[attr-defined]
    assert _count(lambda _prompt: "", out, "Players", most=1) == 1
