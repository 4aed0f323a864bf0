"""The keys of the `aos play` menu in every language (issue 17 item 2: menu keys work in both
English and the chosen language)."""

from __future__ import annotations

import pytest

from aos_cli.app.play import MENU_KEYS, menu_action, menu_key
from aos_cli.language import i18n

LANGUAGES = ("hu", "it", "tr", "ru")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_action_has_a_key_in_every_language(code: str) -> None:
    """The menu offers the same actions in every language."""
    assert set(MENU_KEYS[code]) == set(MENU_KEYS["en"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_key_means_two_things(code: str) -> None:
    """A key or word of the language never means another action than the same English one
    (English keys work everywhere), nor two actions within the language."""
    meaning: dict[str, str] = {}
    for table in (MENU_KEYS["en"], MENU_KEYS[code]):
        for action, words in table.items():
            for word in words:
                assert meaning.setdefault(word, action) == action, (code, word)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_languages_keys_and_the_english_ones_both_work(code: str) -> None:
    """Hungarian `t` and English `n` both go on to the next phase, in any case; the key shown
    is the language's."""
    i18n.set_language(code)
    for action, words in MENU_KEYS[code].items():
        assert menu_key(action) == words[0]
        for word in (*words, *MENU_KEYS["en"][action]):
            assert menu_action(word) == action
            assert menu_action(word.upper()) == action
    assert menu_action("banana") is None
    assert menu_action("1") is None


def test_english_keys_only_in_english() -> None:
    """In English, Hungarian `tovább` is nothing; `n` and `next` go on."""
    assert menu_action("tovább") is None
    assert menu_action("N") == "next"
    assert menu_key("quit") == "q"
