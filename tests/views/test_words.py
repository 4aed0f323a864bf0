"""What players type for yes and no stays forgiving in every language (issue 17 item 2: "yes/no
answers and menu keys work in both English and the chosen language")."""

from __future__ import annotations

import pytest

from aos_cli.language import i18n
from aos_cli.views.words import YES_NO_WORDS, read_yes_no, yes_no_hint

TYPED = {
    "hu": (["igen", "I", "Igen", " i "], ["nem", "N", "NEM"]),
    "it": (["sì", "si", "S", "SÌ", "Si"], ["no", "N", "No"]),
    "tr": (["evet", "E", "EVET", "Evet"], ["hayır", "hayir", "HAYIR", "H", "Hayır"]),
    "ru": (["да", "Д", "ДА", "Да"], ["нет", "Н", "НЕТ", "Нет"]),
}
"""What a player of each language types for yes and for no, in any case."""


@pytest.mark.parametrize("code", sorted(TYPED))
def test_yes_and_no_in_the_language_and_in_english(code: str) -> None:
    """Hungarian igen/nem, Italian sì/no, Turkish evet/hayır, Russian да/нет (and their first
    letters), any case; English y/yes/n/no in every language."""
    i18n.set_language(code)
    yes, no = TYPED[code]
    assert [read_yes_no(word) for word in [*yes, "y", "Yes", "YES"]] == [True] * (len(yes) + 3)
    assert [read_yes_no(word) for word in [*no, "n", "No", "NO"]] == [False] * (len(no) + 3)


@pytest.mark.parametrize("code", sorted(TYPED))
def test_anything_else_is_neither_yes_nor_no(code: str) -> None:
    """A stray word (or another language's yes) is asked again, never taken as an answer."""
    i18n.set_language(code)
    others = [w for c, (yes, _no) in YES_NO_WORDS.items() if c not in ("en", code) for w in yes]
    strays = ["", "maybe", "2", "yess", *others]
    own = set(YES_NO_WORDS[code][0]) | set(YES_NO_WORDS[code][1])
    assert [read_yes_no(word) for word in strays if word not in own] == [None] * len(
        [w for w in strays if w not in own]
    )


def test_english_understands_only_english() -> None:
    """In English, Hungarian `igen` is not an answer (nor Russian `да`)."""
    assert read_yes_no("igen") is None
    assert read_yes_no("да") is None
    assert read_yes_no("Y") is True


def test_no_language_reads_one_word_both_ways() -> None:
    """A word means yes or no, never both: a language's yes is no English no, and so on."""
    english_yes, english_no = YES_NO_WORDS["en"]
    for yes, no in YES_NO_WORDS.values():
        assert not set(yes) & {*no, *english_no}
        assert not set(no) & {*yes, *english_yes}


def test_the_prompt_shows_the_languages_letters() -> None:
    """`[y/n]` in English, `[i/n]` in Hungarian, `[e/h]` in Turkish; the default in capitals."""
    assert (yes_no_hint(), yes_no_hint(True), yes_no_hint(False)) == ("[y/n]", "[Y/n]", "[y/N]")
    i18n.set_language("hu")
    assert yes_no_hint() == "[i/n]"
    i18n.set_language("tr")
    assert (yes_no_hint(True), yes_no_hint(False)) == ("[E/h]", "[e/H]")
