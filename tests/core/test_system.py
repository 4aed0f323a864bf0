"""The game-system registry: systems register themselves and are found by id (DESIGN)."""

from __future__ import annotations

import pytest

from aos_cli.core.errors import RuleError
from aos_cli.core.system import (
    AoSTurn,
    GameSystem,
    all_systems,
    default_id,
    get_system,
    register,
    system_ids,
    unregister,
)


def test_every_system_package_registers_itself_in_listing_order() -> None:
    """Each package under aos_cli.systems is one system; they list in the same order always."""
    listed = [s.id for s in all_systems()]
    assert sorted(listed) == sorted(system_ids())
    assert listed[0] == default_id()
    assert listed == [s.id for s in all_systems()]


def test_no_id_means_the_default_system() -> None:
    assert get_system(None) is get_system(default_id())


def test_an_unknown_system_is_a_rule_error_naming_the_known_ones() -> None:
    with pytest.raises(RuleError) as raised:
        get_system("chess")
    assert all(s.id in str(raised.value) for s in all_systems())


def test_a_registered_system_is_found_and_two_with_one_id_are_refused() -> None:
    toy = GameSystem(id="toy-registry", name="Toy", section="Toy", turn=AoSTurn(phases=("only",)))
    try:
        assert register(toy) is toy
        assert get_system("toy-registry") is toy
        assert "toy-registry" in system_ids()
        with pytest.raises(ValueError):
            register(GameSystem(id="toy-registry", name="Other", section="T"))
    finally:
        unregister("toy-registry")
    assert "toy-registry" not in system_ids()
