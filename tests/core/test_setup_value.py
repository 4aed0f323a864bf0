"""A game's set-up as one frozen, versioned value (issue 25: typed seams)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.setup import build_setup, read_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.errors import GameError
from aos_cli.core.setup_value import SETUP_VERSION, SetUp
from aos_cli.core.turn import new_game

GOLDEN = Path(__file__).parent.parent / "golden"


def stored_before_versions() -> dict[str, Any]:
    """A set-up stored before battleplans carried typed rules (no version)."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "legacy_setup_first_blood.yaml").read_text())
    assert "v" not in setup
    return setup


def test_a_new_set_up_is_tagged_with_its_version_and_reads_back_unchanged() -> None:
    stored = build_setup(bundled_armies(), "first-blood")
    assert stored["v"] == SETUP_VERSION
    setup = SetUp.from_stored(stored)
    assert setup.version == SETUP_VERSION and setup.to_stored() == stored
    assert [side.name for side in setup.sides] == [s["name"] for s in stored["sides"]]
    assert setup.battle_rounds == 5 and setup.battleplan_rules.id == "first-blood"


def test_the_set_up_cannot_be_changed_once_read() -> None:
    setup = SetUp.from_stored(build_setup(bundled_armies(), "first-blood"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setup.name = "another"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setup.sides[0].battalions = 9  # type: ignore[misc]


def test_an_old_set_up_reads_with_the_defaults_written_once() -> None:
    """Version 1 (no `v`): the fields it lacks take the defaults of `SetUp`, and its
    battleplan's rules are put in on load (`read_setup`), as before the value existed."""
    stored = stored_before_versions()
    setup = read_setup(stored)
    assert setup.version == 1 and setup.rules_revision == 1
    assert setup.battleplan_rules.id == "first-blood"
    assert setup.sides[0].finished_setup_first and not setup.sides[1].finished_setup_first
    assert new_game(setup).battle_rounds == 2  # as the set-up fixed them
    unfixed = read_setup({k: v for k, v in stored.items() if k != "battle_rounds"})
    assert unfixed.battle_rounds is None
    assert new_game(unfixed).battle_rounds == 5  # First Blood's own length (AoS2 §17.2)


def test_a_set_up_from_a_newer_aos_is_one_line() -> None:
    stored = {**build_setup(bundled_armies(), "first-blood"), "v": SETUP_VERSION + 1}
    with pytest.raises(GameError, match="newer aos"):
        SetUp.from_stored(stored)


def test_a_coalition_side_keeps_the_warlords_general_and_who_brought_each_unit() -> None:
    """AoS2 §26.2: the side's general is the warlord's; each unit's player is kept."""
    stored = build_setup(bundled_armies(), "first-blood")
    side = stored["sides"][0]
    side["players"], side["warlord"] = ["Ann", "Bob"], "Bob"
    side["units"][0]["player"] = "Ann"
    setup = SetUp.from_stored(stored)
    first = setup.sides[0]
    assert first.first_player == "Bob"
    assert first.player_of(side["units"][0]["id"]) == "Ann"
    assert first.player_of(side["units"][1]["id"]) == "Bob"
