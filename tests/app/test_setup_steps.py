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
    assert (winner, rolls) == ("Two", "3-3, 2-5")
    assert setup["deployment"] == {"rolls": [[3, 3], [2, 5]], "winner": 1}
