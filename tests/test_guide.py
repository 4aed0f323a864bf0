"""The legal-options menu of aos play (issue 6)."""

from __future__ import annotations

from pathlib import Path

import yaml

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.turn import new_game
from aos_cli.guide import options

GOLDEN = Path(__file__).parent / "golden"


def test_a_wizard_with_no_casts_left_is_not_offered_spells() -> None:
    """AoS2 §15: casts per hero phase from the warscroll; each spell once per turn."""
    state = new_game(yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    apply_action(state, "priority", {}, ScriptedDice([1, 6]), RecordedAnswers())
    labels = [o.label for o in options(state)]
    assert "Guardian of Souls: cast Arcane Bolt" in labels
    apply_action(
        state, "cast", {"wizard": "guardian-of-souls", "spell": "Arcane Bolt", "target": "liberators"},
        ScriptedDice([1, 1]), RecordedAnswers(),
    )  # fmt: skip
    assert not [o for o in options(state) if o.kind == "cast"]
