"""The odds `?N` gives in `aos play` for a cast, a run and a charge, in the player's language
(issue 17): headings, outcomes and notes from the catalogue, with the glossary's terms."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aos_cli.app.roll_odds import RollOptionOdds, roll_option_odds
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.guide import options
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.language import i18n

GOLDEN = Path(__file__).parents[1] / "golden"


def _odds_in_phase(phase: str, kind: str) -> tuple[GameState, RollOptionOdds]:
    """The first option of `kind` in `phase` of a small AoS2 game, and its odds."""
    state = new_game(yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    apply_action(state, "priority", {}, ScriptedDice([1, 6]), RecordedAnswers())
    while state.phase != phase:
        apply_action(state, "next", {}, ScriptedDice([]), RecordedAnswers())
    option = next(o for o in options(state) if o.kind == kind)
    odds = roll_option_odds(state, option)
    assert odds is not None
    return state, odds


@pytest.mark.parametrize(
    ("code", "spell", "unbind"),
    [("hu", "Mágikus lövedék", "megtör"), ("it", "Dardo arcano", "dissip"),
     ("tr", "Arcane Bolt", "boz"), ("ru", "Чародейская стрела", "развеять")],
)  # fmt: skip
def test_cast_odds_name_the_core_spell_in_the_language(code: str, spell: str, unbind: str) -> None:
    """AoS2 §15: Arcane Bolt (casting value 5) is cast on 2D6 ≥ 5 in 30 of 36 rolls; its name
    is the glossary's, and the note says no enemy wizard can unbind it."""
    i18n.set_language(code)
    _state, odds = _odds_in_phase("hero", "cast")
    assert spell in odds.heading
    assert odds.chances[0].chance == pytest.approx(30 / 36)
    assert unbind in odds.notes[0]


def test_run_and_charge_odds_speak_hungarian() -> None:
    """AoS2 §8.4 and §10 in Hungarian: futás, Mozgás, Futólépés for a run; roham and Előre a
    győzelemért for a charge."""
    i18n.set_language("hu")
    _state, run = _odds_in_phase("movement", "run")
    assert run.heading.startswith('Chainrasp Horde futása: Mozgás 6" plusz D6')
    assert run.chances[0].label == 'legalább +1"'
    assert "Futólépés" in run.notes[0]
    _state, charge = _odds_in_phase("charge", "charge")
    assert "rohama" in charge.heading
    assert charge.reroll.startswith("Előre a győzelemért")
    assert charge.chances[0].label == '3" távolságra'
