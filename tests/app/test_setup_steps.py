"""The rules behind the set-up wizard's steps, apart from the asking."""

from __future__ import annotations

from typing import Any

from aos_cli.app.setup_steps import artefacts_allowed, heroes, reserve_candidates, roll_deployment
from aos_cli.core.dice import ScriptedDice


def _side(**extra: Any) -> dict[str, Any]:
    units = [
        {"id": "lord", "name": "Lord", "keywords": ["Hero", "Stormcast Eternal"]},
        {"id": "liberators", "name": "Liberators", "keywords": ["STORMCAST ETERNAL"]},
        {"id": "chainrasps", "name": "Chainrasps", "keywords": ["NIGHTHAUNT"]},
    ]
    return {"name": "Side", "units": units, **extra}


def test_aos2_s25_one_artefact_and_one_more_per_battalion() -> None:
    assert artefacts_allowed(_side()) == 1
    assert artefacts_allowed(_side(battalions=2)) == 3


def test_aos2_s26_1_only_stormcast_may_wait_in_the_celestial_realm() -> None:
    assert [u["id"] for u in reserve_candidates(_side())] == ["lord", "liberators"]


def test_aos2_s5_3_only_heroes_may_be_general() -> None:
    assert [u["id"] for u in heroes(_side())] == ["lord"]


def test_aos2_s5_1_the_deployment_roll_off_is_kept_in_the_set_up() -> None:
    setup = {"sides": [{"name": "One"}, {"name": "Two"}]}
    winner, rolls = roll_deployment(setup, ScriptedDice([3, 3, 2, 5]))
    assert (winner, rolls) == ("Two", "One 3, Two 3; One 2, Two 5")  # both rolls, by name
    assert setup["deployment"] == {"rolls": [[3, 3], [2, 5]], "winner": 1}


def test_aos2_s5_1_set_up_tables_are_numbered_by_their_results() -> None:
    """Issue 31 item 5: typing 1 picks result 1 of a D6 table (command traits, artefacts);
    a table whose rows span several results is numbered in order."""
    from aos_cli.app.setup_steps import numbered_rows
    from aos_cli.content import load_database

    traits = load_database().allegiances["stormcast-eternals"].command_traits[0]
    numbered = numbered_rows(traits)
    assert [n for n, _row in numbered] == [row.rolls[0] for row in traits.rows]
    assert all(row.rolls == (n, n) for n, row in numbered)
