"""Phase names: Age of Sigmar's in core, every other system's in its own light package
(issue 25: 40k and AoS1 phase names do not enter core), and every phase of every system named."""

from __future__ import annotations

import json

import pytest

from aos_cli.core.phase_names import PHASE_NAMES, phase_name
from aos_cli.core.phases import Phase
from aos_cli.core.system import get_system, system_ids
from aos_cli.core.weapon_kinds import WeaponKind
from aos_cli.language import i18n


def test_core_names_age_of_sigmars_phases_and_no_other_systems() -> None:
    """AoS2 §6's six phases are core's `Phase`; 40k8's psychic, fight and morale phases
    (40k8 §3) are named by the wh40k8 package, not core."""
    assert [str(p) for p in Phase] == [
        "hero", "movement", "shooting", "charge", "combat", "battleshock",
    ]  # fmt: skip
    assert all(p in PHASE_NAMES for p in Phase)
    assert not {"psychic", "fight", "morale"} & set(PHASE_NAMES)
    assert str(phase_name("psychic")) == "psychic phase"


@pytest.mark.parametrize("system_id", system_ids())
def test_every_phase_of_every_system_has_a_name(system_id: str) -> None:
    """No system's phase is shown as its bare id (AoS2 §6, AoS1 §6, 40k8 §3, MESBG digest §5)."""
    for phase in get_system(system_id).turn.phases:
        assert str(phase_name(phase)) != phase, f"{system_id}'s {phase} has no name"


def test_a_phase_and_a_weapon_kind_are_their_strings_where_stored() -> None:
    """A `StrEnum` member is stored as its string: stored games read and write the same JSON."""
    assert json.dumps({Phase.HERO: [WeaponKind.MELEE]}) == '{"hero": ["melee"]}'
    assert Phase("combat") is Phase.COMBAT and f"{WeaponKind.MISSILE}" == "missile"


def test_another_systems_phase_is_named_in_the_players_language() -> None:
    """40k8's names, marked in its package, are translated as core's are."""
    i18n.set_language("hu")
    assert str(phase_name("psychic")) not in ("psychic phase", "psychic")
