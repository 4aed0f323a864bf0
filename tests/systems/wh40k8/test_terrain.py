"""Warhammer 40,000 8th edition by its own book: terrain gives cover and nothing more (40k8
§8.7, seed 001); AoS2's garrisons and obstacles (seed 000 p.11) are not 40k's."""

from __future__ import annotations

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.legality import COALITION_REVISION
from aos_cli.core.system import get_system
from aos_cli.core.turn import new_game
from tests.systems.harness import act, snapshot
from tests.systems.wh40k8.test_engine import DG


def test_40k8_s8_7_terrain_gives_cover_only_no_garrisons() -> None:
    """40k8 §8.7: a unit on or within terrain adds 1 to its saves against shooting; the 40k
    seed has no garrisons and no obstacles, so the system does not inherit AoS2's default."""
    assert get_system("wh40k8").garrisons is False
    assert get_system("aos2").garrisons is True
    with pytest.raises(InputError, match="no garrisons or obstacles"):
        build_setup(bundled_armies("wh40k8"), "only-war", terrain=["Ruins=none+garrison"])
    with pytest.raises(InputError, match="no garrisons or obstacles"):
        build_setup(bundled_armies("wh40k8"), "only-war", terrain=["Wall=none+obstacle"])
    assert build_setup(bundled_armies("wh40k8"), "only-war", terrain=["Ruins=none"])["terrain"]


@pytest.mark.parametrize("revision", [COALITION_REVISION, COALITION_REVISION - 1])
def test_40k8_s8_7_no_unit_garrisons_a_feature(revision: int) -> None:
    """40k8 §8.7: `aos garrison` is refused in a 40k game; one set up before the fix (when
    40k8 kept AoS2's garrisons) replays as it was played, asking its AoS2 questions."""
    setup = snapshot("wh40k8_armies.yaml", rules_revision=revision)
    setup["terrain"] = [{"name": "Ruins", "garrison": True}]
    setup["battleplan_rules"] = {**setup["battleplan_rules"], "objectives": []}
    state = new_game(setup)
    act(state, "priority", [], first=DG)
    unit = next(u for u in state.sides[DG].units if not u.spec.is_hero)
    if revision >= COALITION_REVISION:
        with pytest.raises(RuleError, match="no garrisons"):
            act(state, "garrison", unit=unit.spec.id, feature="Ruins")
    else:
        with pytest.raises(RuleError) as refused:
            act(state, "garrison", unit=unit.spec.id, feature="Ruins")
        assert "no garrisons" not in str(refused.value)
