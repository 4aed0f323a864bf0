"""Hungarian's definite article before a name or number filled in later (issue 28 item 3):
"az" before a vowel sound, "a" before a consonant, never the hedge "a(z)"."""

from __future__ import annotations

import pytest

from aos_cli.language import i18n
from aos_cli.language.grammar import articles, hungarian_article
from aos_cli.language.text import tr


@pytest.mark.parametrize(
    ("word", "article"),
    [
        ("Arcane Bolt", "az"),
        ("Ölj és birtokolj", "az"),
        ("Hammers of Azyr", "a"),
        ("Liberators", "a"),
        ("1.", "az"),  # egy
        ("2.", "a"),  # kettő
        ("5", "az"),  # öt
        ("10", "a"),  # tíz
        ("50", "az"),  # ötven
        ("100", "a"),  # száz
        ("500", "az"),  # ötszáz
        ("1000", "az"),  # ezer
        ("2000", "a"),  # kétezer
        ("«Ürességek»", "az"),
    ],
)
def test_the_article_follows_the_first_sound(word: str, article: str) -> None:
    """The article is chosen by how the word is said, digits read as Hungarian numbers."""
    assert hungarian_article(word) == article


def test_the_hedge_is_resolved_in_hungarian_only() -> None:
    """`a(z)` becomes a or az in Hungarian, capitalised at a sentence's start; other
    languages' texts are left alone."""
    i18n.set_language("hu")
    assert articles("A(z) Arcane Bolt, a(z) 2. forduló és a(z) 5. forduló") == (
        "Az Arcane Bolt, a 2. forduló és az 5. forduló"
    )
    i18n.set_language("it")
    assert articles("a(z) x") == "a(z) x"


def test_a_rendered_hungarian_text_holds_no_hedge() -> None:
    """A text the core means reads with the right article once filled (issue 28: "a(z)")."""
    i18n.set_language("hu")
    said = str(
        tr(
            "the automatic player cannot leave the {phase} of round {round}",
            phase="hősi fázis",
            round=1,
        )
    )
    assert "a(z)" not in said
    assert "az 1. forduló" in said
