"""Dice typed at the terminal (`--dice manual`)."""

from __future__ import annotations

from aos_cli.cli.typed_dice import ManualDice
from aos_cli.language.text import tr


def test_manual_dice_ask_again_after_a_bad_entry() -> None:
    """A wrong count or face is told and asked again; the prompt says the roll's purpose,
    a text the core means, in the player's language."""
    answers = iter(["6 5", "6 5 9", "6 5 4"])
    asked: list[str] = []
    told: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    source = ManualDice(ask=ask, tell=told.append)
    assert source.roll(3, tr("hit rolls ({needed})", needed="3+")) == [6, 5, 4]
    assert len(told) == 2
    assert "expected 3 dice" in told[0]
    assert asked[0] == "Roll 3 dice for hit rolls (3+)"
