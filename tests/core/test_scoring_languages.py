"""The result line in the seeds' languages (issue 17): the victory's grade in the rulebook's
words, the condition that decided it, numbers and plural forms as each language writes them."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.core.scoring import describe, describe_lead
from aos_cli.language import i18n
from aos_cli.language.text import tr
from aos_cli.systems.aos1.sudden_death import sudden_death_title


def result(**given: Any) -> dict[str, Any]:
    """A decided result as `scoring.decide` gives it, with the fields a test changes."""
    found: dict[str, Any] = {
        "winner": "Stormcast",
        "winners": ["Stormcast"],
        "kind": "major",
        "margin": 8,
        "margin_unit": "VP",
        "condition": "points_at_least_ratio",
        "ratio": 1.5,
        "rule": "",
    }
    return found | given


def test_hungarian_major_victory_on_points_aos2_s17_2() -> None:
    """AoS2 §17.2 (First Blood): half as much again as the opponent is a major victory; the
    Hungarian seed calls it "jelentős győzelem" and counts "győzelmi pont", 1,5 with a comma."""
    i18n.set_language("hu")
    assert str(describe(result())) == (
        "Stormcast jelentős győzelmet arat, 8 győzelmi pont előnnyel "
        "(legalább 1,5-szer annyi pont, mint az ellenfélé)."
    )


def test_italian_draw_on_equal_scores_aos2_s17_2() -> None:
    """Equal scores are a draw (AoS2 §17.2 as the First Blood battleplan reads it)."""
    i18n.set_language("it")
    line = describe(result(winner=None, winners=[], kind="draw", margin=0, condition="tied_points"))
    assert str(line) == "La battaglia finisce in pareggio (punteggi pari)."


@pytest.mark.parametrize(
    ("margin", "words"),
    [(1, "1 процентный пункт"), (3, "3 процентных пункта"), (25, "25 процентных пунктов")],
)
def test_russian_margin_takes_its_three_plural_forms_aos1_s5_1(margin: int, words: str) -> None:
    """AoS1 §5.1: without a wipe-out the smaller share lost wins a minor victory, by a margin in
    percentage points; Russian says 1 пункт, 3 пункта, 25 пунктов."""
    i18n.set_language("ru")
    line = describe(
        result(
            kind="minor",
            margin=margin,
            margin_unit="percentage points",
            condition="greater_percentage_slain",
        )
    )
    assert str(line).startswith(f"Stormcast одерживает малую победу с перевесом {words} (")


def test_turkish_sudden_death_names_the_seed_objective_aos1_s5_2() -> None:
    """AoS1 §5.2: achieving a Sudden Death objective wins a major victory at once; the Turkish
    seed names the table "Ani Ölüm" and Assassinate "Suikâst Yapmak"."""
    i18n.set_language("tr")
    why = tr("Sudden Death: {objective}", objective=sudden_death_title("assassinate"))
    line = describe(
        result(margin=0, condition="sudden_death", objective="assassinate", why=why.to_data())
    )
    assert str(line) == "Stormcast büyük bir zafer kazanır (Ani Ölüm: Suikâst Yapmak)."


def test_lead_line_in_every_language_keeps_the_round_and_margin() -> None:
    """Before the end nobody wins: the lead line names the battle round (AoS2 §18) and the lead
    in the language's words."""
    lead = {
        "leader": "Stormcast",
        "margin": 4,
        "margin_unit": "VP",
        "round": 3,
        "battle_rounds": 5,
    }
    expected = {
        "hu": "3. forduló (összesen 5): Stormcast vezet, 4 győzelmi pont előnnyel.",
        "it": "Nel round di battaglia 3 di 5 Stormcast è in vantaggio di 4 PV.",
        "tr": "3/5. savaş turunda Stormcast 4 zafer puanı farkla önde.",
        "ru": "В раунде 3 из 5 Stormcast лидирует с отрывом 4 ПО.",
    }
    for code, line in expected.items():
        i18n.set_language(code)
        assert str(describe_lead(lead)) == line
