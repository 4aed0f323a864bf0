"""The legal-options menu of aos play (issue 6)."""

from __future__ import annotations

from pathlib import Path

import yaml

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.guide import options
from aos_cli.core.turn import new_game
from aos_cli.language.i18n import _, set_language, spell_name
from aos_cli.language.text import Text

GOLDEN = Path(__file__).parents[1] / "golden"


def test_a_wizard_with_no_casts_left_is_not_offered_spells() -> None:
    """AoS2 §15: casts per hero phase from the warscroll; each spell once per turn."""
    state = new_game(yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    apply_action(state, "priority", {}, ScriptedDice([1, 6]), RecordedAnswers())
    labels = [str(o.label) for o in options(state)]
    assert "Guardian of Souls: cast Arcane Bolt" in labels
    apply_action(
        state, "cast", {"wizard": "guardian-of-souls", "spell": "Arcane Bolt", "target": "liberators"},
        ScriptedDice([1, 1]), RecordedAnswers({"target-in-range": True}),
    )  # fmt: skip
    assert not [o for o in options(state) if o.kind == "cast"]


class _Willing:
    """Answers every question so that an action may go ahead: a unit that charges, moves or
    runs is not within 3" of an enemy (AoS2 §8.3, §10), the charging one within 12" (4" away);
    everything else is yes."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def yes_no(self, key: str, question: str) -> bool:
        return not (key == "engaged" and self.kind in ("charge", "move", "run"))

    def number(self, key: str, question: str, at_most: int | None = None) -> float:
        return 4.0 if at_most is None else float(min(4, at_most))


def test_the_menu_offers_nothing_the_command_would_refuse() -> None:
    """Issue 13 item 4: through a seeded demo battle, every option the menu lists at every
    step is performed by its rule without a refusal (with answers that allow it): the menu and
    the command share one legality check per kind of action (AoS2 §8-§12, §15, §21)."""
    import copy

    from aos_cli.app.autoplay import AutoPlayer
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.errors import RuleError
    from aos_cli.core.guide import targets

    refused: list[str] = []
    offered = 0

    class Checking(AutoPlayer):
        def do(self, kind: str, payload: dict[str, object], answers: object = None) -> bool:
            nonlocal offered
            for option in options(self.state):
                trial = copy.deepcopy(self.state)
                body = dict(option.payload)
                aims = targets(trial, option)
                if aims:
                    body["target"] = aims[0].spec.id
                offered += 1
                try:
                    apply_action(
                        trial,
                        option.kind,
                        body,
                        SeededDice(5),
                        RecordedAnswers({}, _Willing(option.kind)),
                    )
                except RuleError as problem:
                    refused.append(f"round {trial.round} {trial.phase}: {option.label}: {problem}")
            return super().do(kind, payload, answers)  # type: ignore[arg-type]

    state = new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))
    state.battle_rounds = 2  # two rounds: every phase of both sides, twice, in a few seconds
    Checking(state, SeededDice(1), 1, lambda heading, notes: None).play_battle()
    assert offered > 200
    assert refused == [], "\n".join(refused)


def test_the_menus_labels_are_said_in_the_language_chosen_when_shown() -> None:
    """Issue 25: the guide means its labels (texts); the menu says them in the language of the
    moment, the same words as the catalogue gives."""
    state = new_game(yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    apply_action(state, "priority", {}, ScriptedDice([1, 6]), RecordedAnswers())
    cast = next(o for o in options(state) if o.kind == "cast")
    assert isinstance(cast.label, Text)
    assert str(cast.label) == "Guardian of Souls: cast Arcane Bolt"
    set_language("hu")
    assert str(cast.label) == _("{unit}: cast {spell}").format(
        unit="Guardian of Souls", spell=spell_name("Arcane Bolt")
    )
    assert str(cast.label) != "Guardian of Souls: cast Arcane Bolt"
