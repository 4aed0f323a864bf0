"""The recipe "Adding an effect type" of docs/architecture.md, followed with a toy effect: a
registered frozen dataclass with its own fold, known to content at once (issue 25)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

import pytest

from aos_cli.core.effects import (
    EFFECTS,
    Effect,
    RollModifier,
    RulesDraft,
    compile_effects,
    effect_from_mapping,
    register,
)
from aos_cli.core.errors import ContentError


@dataclass(frozen=True)
class ToyBonus(Effect):
    """+`amount` to hit and wound rolls: a toy attack effect."""

    type_name: ClassVar[str] = "toy_bonus"
    amount: int

    def fold(self, draft: RulesDraft) -> None:
        draft.add("hit_mod", self.amount)
        draft.add("wound_mod", self.amount)


@pytest.fixture
def toy() -> Iterator[None]:
    register(ToyBonus)
    yield
    del EFFECTS[ToyBonus.type_name]


@pytest.mark.usefixtures("toy")
def test_a_new_effect_type_is_read_from_content_and_folds_itself_into_the_attack() -> None:
    """No central list to edit: the registry reads it, its fold compiles it, and it adds up
    with the shared modifiers (AoS2 §2: modifiers are cumulative)."""
    effect = effect_from_mapping({"type": "toy_bonus", "amount": 1})
    assert effect == ToyBonus(1)
    rules = compile_effects([effect, RollModifier("hit", 1)])
    assert (rules.hit_mod, rules.wound_mod) == (2, 1)


@pytest.mark.usefixtures("toy")
def test_content_that_misuses_the_new_effect_type_is_refused() -> None:
    with pytest.raises(ContentError):
        effect_from_mapping({"type": "toy_bonus", "amont": 1})


def test_an_effect_that_does_not_change_an_attack_refuses_to_fold() -> None:
    @dataclass(frozen=True)
    class Elsewhere(Effect):
        type_name: ClassVar[str] = "elsewhere"

    with pytest.raises(TypeError, match="does not change an attack"):
        compile_effects([Elsewhere()])
