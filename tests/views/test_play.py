"""The line `aos play` says once an attack's hit or wound rolls are known (issue 29 item 4),
in English and in the other languages' percent and decimal styles."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aos_cli.core.dice_odds import StageOdds
from aos_cli.language import i18n
from aos_cli.views.play import dice_odds_line


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English and leaves it so."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_hit_line_says_before_and_now() -> None:
    odds = StageOdds("Chainrasp Horde", "hit", 4, 0.31, 0.12, 3.2, 2.1)
    assert dice_odds_line(odds) == (
        "Chance to destroy Chainrasp Horde: 31% before the hit rolls → 12% now (4 hits; "
        "3.20 → 2.10 models slain expected)."
    )


def test_the_wound_line_names_the_weapon_of_several() -> None:
    odds = StageOdds("Knight", "wound", 1, 0.5, 0.0, 0.5, 0.0, weapon="Bow")
    assert dice_odds_line(odds) == (
        "Chance to destroy Knight: 50% before the wound rolls → 0% now (Bow: 1 wound; "
        "0.50 → 0.00 models slain expected)."
    )


def test_a_target_that_cannot_fall_is_told_its_models_slain() -> None:
    odds = StageOdds("Chainrasp Horde", "hit", 3, 0.0, 0.0, 1.48, 1.33)
    assert dice_odds_line(odds) == (
        "Models of Chainrasp Horde expected slain: 1.48 before the hit rolls → 1.33 now (3 hits)."
    )


@pytest.mark.parametrize(
    ("code", "expected"),
    [("hu", "31,5% a találati dobások előtt"), ("it", "31,5% prima dei tiri per colpire"),
     ("tr", "vuruş zarlarından önce %31,5"), ("ru", "31,5\u00a0% до бросков на попадание")],
)  # fmt: skip
def test_the_line_in_every_language(code: str, expected: str) -> None:
    i18n.set_language(code)
    line = dice_odds_line(StageOdds("Horde", "hit", 2, 0.315, 0.1, 1.0, 0.5))
    assert expected in line
