"""Typed actions: one frozen value per kind, the tagged payload they are stored as, and the
migration of payloads written before actions were typed."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from typing import Any

import pytest

from aos_cli.core.action_types import (
    ACTION_TYPES,
    PAYLOAD_VERSION,
    Adjust,
    Battleshock,
    Cast,
    Objective,
    Retreat,
    Run,
    Shoot,
    Unbind,
    decode_action,
    encode_action,
    migrate_payload,
)
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.system import all_systems

all_systems()  # every system's own kinds (40k8 embark, AoS1 triumph, ...) are registered


def test_an_action_is_a_frozen_value() -> None:
    """An action cannot change once decoded: replay sees what the player typed."""
    shoot = Shoot("judicators", "chainrasps")
    with pytest.raises(FrozenInstanceError):
        shoot.target = "liberators"  # type: ignore[misc]


def _sample(cls: type[Any]) -> Any:
    """A value of `cls` with every field set to something other than its default."""
    samples = {"str": "x", "int": 3, "bool": True, "dict[str, int]": {"Player One": 2},
               "JsonObject": {"v": 3, "unit": "liberators"}}  # fmt: skip
    values = {f.name: samples[str(f.type).removesuffix("| None").strip()] for f in fields(cls)}
    return cls(**values)


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_every_kind_survives_its_stored_payload(kind: str) -> None:
    """encode then decode gives the same value back, for every kind and alias."""
    value = _sample(ACTION_TYPES[kind])
    payload = encode_action(value)
    assert payload["v"] == PAYLOAD_VERSION
    assert decode_action(value.kind, payload) == value


def test_defaults_are_left_out_of_the_stored_payload() -> None:
    """Only what differs from a default is stored, so payloads stay small and readable."""
    assert encode_action(Unbind()) == {"v": PAYLOAD_VERSION}
    assert encode_action(Shoot("a", "b")) == {"v": PAYLOAD_VERSION, "unit": "a", "target": "b"}


def test_a_system_word_for_an_action_decodes_to_the_same_value() -> None:
    """40k8 Deny the Witch, Advance, Fall Back and morale are unbind, run, retreat, battleshock."""
    assert decode_action("deny", {"wizard": None}) == Unbind()
    assert decode_action("advance", {"unit": "x", "command_reroll": True}) == Run(
        "x", command_reroll=True
    )
    assert decode_action("fall-back", {"unit": "x"}) == Retreat("x")
    assert decode_action("morale", {"command_reroll": "x"}) == Battleshock("x")


def test_untyped_payloads_are_migrated_on_read() -> None:
    """Payloads without a version are the untyped shape: the wizard is the casting unit, a
    battleshock re-roll names its unit, an objective's null holder means nobody."""
    old = {"wizard": "knight-incantor", "spell": "Arcane Bolt", "target": None, "mod": 0,
           "answers": {"within-30": True}}  # fmt: skip
    assert decode_action("cast", old) == Cast("knight-incantor", "Arcane Bolt")
    assert migrate_payload("objective", {"objective": "c", "holder": None})["holder"] == "none"
    assert decode_action("objective", {"objective": "c", "models": {"Player One": 3.0}}) == (
        Objective("c", models={"Player One": 3})
    )
    assert decode_action("adjust", {"unit": "x", "models": -2, "reason": "cliff"}) == Adjust(
        "x", models=-2, reason="cliff"
    )


@pytest.mark.parametrize(
    ("kind", "payload", "message"),
    [
        ("shoot", {"unit": "a"}, "needs target"),
        ("heal", {"unit": "a", "amount": "lots"}, "whole number"),
        ("heal", {"unit": "a", "amount": 1.5}, "whole number"),
        ("shoot", {"unit": {"a": 1}, "target": "b"}, "must be a name"),
        ("run", {"unit": "a", "at_the_double": "yes"}, "true or false"),
        ("objective", {"objective": "c", "models": [1]}, "map names to numbers"),
        ("shoot", {"unit": "a" * 201, "target": "b"}, "longer than"),
        ("cast", {"v": 99, "unit": "a", "spell": "b"}, "newer aos"),
    ],
)
def test_a_malformed_payload_is_one_plain_error(
    kind: str, payload: dict[str, Any], message: str
) -> None:
    """Bad stored or typed values say what is wrong instead of failing deep in a rule."""
    with pytest.raises(InputError, match=message):
        decode_action(kind, payload)


def test_an_unknown_kind_names_the_kinds_there_are() -> None:
    with pytest.raises(RuleError, match="there is no action 'dance'"):
        decode_action("dance", {})
