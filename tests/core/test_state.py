"""The game state's specs: effects are validated once, when the state is made from a set-up."""

from __future__ import annotations

import pytest

from aos_cli.core.ability_effects import Lasting, MortalWounds
from aos_cli.core.dice import Reroll, parse_dice
from aos_cli.core.effects import RerollRoll, RollModifier
from aos_cli.core.errors import ContentError
from aos_cli.core.state import AbilitySpec, WeaponSpec


def test_weapon_effects_are_typed_once_at_set_up() -> None:
    """A weapon's effect mappings become effect values, not mappings re-read on every attack."""
    weapon = WeaponSpec.from_dict(
        {"name": "Sword", "attacks": "2", "effects": [{"type": "reroll", "roll": "hit", "which": "ones"}]}
    )  # fmt: skip
    assert weapon.effects == (RerollRoll("hit", Reroll.ONES),)


def test_nested_ability_effects_are_typed_too() -> None:
    """Lasting and roll-then effects hold typed effects, down to the innermost one."""
    ability = AbilitySpec.from_dict(
        {"id": "storm", "name": "Storm", "effects": [
            {"type": "lasting", "until": "end_of_turn",
             "effects": [{"type": "modifier", "roll": "hit", "amount": -1}]},
            {"type": "mortal_wounds", "amount": "D3"},
        ]}
    )  # fmt: skip
    assert ability.effects == (
        Lasting("end_of_turn", (RollModifier("hit", -1),)),
        MortalWounds(parse_dice("D3")),
    )


def test_a_malformed_effect_is_refused_at_set_up_with_where_it_is() -> None:
    """An effect the vocabulary cannot read fails when the game is made, naming its owner."""
    with pytest.raises(ContentError, match=r"Storm effects\[0\]"):
        AbilitySpec.from_dict(
            {"id": "s", "name": "Storm", "effects": [{"type": "reroll", "roll": "hit"}]}
        )
