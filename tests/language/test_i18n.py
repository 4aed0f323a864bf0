"""Choosing the language and writing numbers for it (issue 17 items 1 and 5)."""

from __future__ import annotations

import pytest

from aos_cli.language import i18n
from aos_cli.language.i18n import _, choose, from_locale, ngettext, number, take_lang_option


def test_lang_option_wins_over_aos_lang_and_locale() -> None:
    """`--lang` first, then AOS_LANG, then LC_ALL, LC_MESSAGES, LANG, else English."""
    env = {"AOS_LANG": "it", "LC_ALL": "tr_TR.UTF-8", "LANG": "ru_RU.UTF-8"}
    assert choose("hu", env) == ("hu", None)
    assert choose(None, env) == ("it", None)
    assert choose(None, {"LC_ALL": "tr_TR.UTF-8", "LANG": "ru_RU.UTF-8"}) == ("tr", None)
    assert choose(None, {"LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}) == ("ru", None)
    assert choose(None, {"LANG": "C.UTF-8"}) == ("en", None)
    assert choose(None, {}) == ("en", None)


def test_unknown_language_falls_back_to_english_with_one_warning() -> None:
    """Issue 17 item 1: an unknown language, from `--lang`, AOS_LANG or the locale, is English
    with one warning line; the locale's warning says how to silence it."""
    code, warning = choose("de", {})
    assert code == "en" and warning is not None and "\n" not in warning and "'de'" in warning
    code, warning = choose(None, {"AOS_LANG": "klingon"})
    assert code == "en" and warning is not None and "AOS_LANG" in warning
    code, warning = choose(None, {"LANG": "de_DE.UTF-8"})
    assert code == "en" and warning is not None and "\n" not in warning
    assert "LANG='de_DE.UTF-8'" in warning and "AOS_LANG=en" in warning
    assert choose(None, {"LANG": "de_DE.UTF-8", "AOS_LANG": "en"}) == ("en", None)
    assert choose(None, {"LANG": "en_GB.UTF-8"}) == ("en", None)


def test_locale_values_name_their_language() -> None:
    """`hu_HU.UTF-8`, `ru_RU@euro`, `tr-TR` and plain codes all name the language."""
    assert [from_locale(v) for v in ("hu_HU.UTF-8", "ru_RU@euro", "tr-TR", "IT", "POSIX")] == [
        "hu",
        "ru",
        "tr",
        "it",
        "en",
    ]


def test_lang_option_is_taken_anywhere_before_the_double_dash() -> None:
    """`--lang X` and `--lang=X` come out of the arguments wherever they stand."""
    assert take_lang_option(["--lang", "hu", "roll", "dice", "2D6"]) == (
        ["roll", "dice", "2D6"],
        "hu",
    )
    assert take_lang_option(["roll", "--lang=ru"]) == (["roll"], "ru")
    assert take_lang_option(["roll", "--", "--lang", "x"]) == (["roll", "--", "--lang", "x"], None)
    with pytest.raises(ValueError, match="needs a language"):
        take_lang_option(["roll", "--lang"])


def test_english_is_the_code_s_own_text() -> None:
    """In English `_()` returns its argument and no catalogue is loaded."""
    assert _("Play") == "Play"
    assert i18n._catalogue is None


@pytest.mark.parametrize(
    ("code", "expected"), [("hu", "Játék"), ("it", "Gioca"), ("tr", "Oyun"), ("ru", "Игра")]
)
def test_each_language_translates_from_its_catalogue(code: str, expected: str) -> None:
    """The catalogue of the chosen language is loaded on the first translated string."""
    i18n.set_language(code)
    assert _("Play") == expected


def test_russian_has_three_plural_forms() -> None:
    """Russian: 1, 21 → one; 2–4, 22 → few; 5–20, 11–14, 25 → many (the catalogue's rule)."""
    from aos_cli.language.catalogues import load

    catalogue = load("ru")
    forms = {n: catalogue.ngettext("{n} x", "{n} xs", n) for n in (1, 2, 5, 11, 21, 22, 25)}
    # Untranslated pairs fall back to English, so read the plural rule itself:
    rule = catalogue.plural  # type: ignore[attr-defined]
    assert [rule(n) for n in (1, 2, 4, 5, 11, 14, 21, 22, 25, 111)] == [
        0,
        1,
        1,
        2,
        2,
        2,
        0,
        1,
        2,
        2,
    ]
    assert forms[1] == "{n} x"


@pytest.mark.parametrize("code", ["hu", "it", "tr"])
def test_other_languages_have_singular_and_plural(code: str) -> None:
    """Hungarian, Italian and Turkish: one form for exactly one, another for the rest."""
    from aos_cli.language.catalogues import load

    rule = load(code).plural  # type: ignore[attr-defined]
    assert [rule(n) for n in (0, 1, 2, 5, 21)] == [1, 0, 1, 1, 1]


def test_ngettext_in_english_picks_by_count() -> None:
    """One wound, two wounds."""
    assert ngettext("{n} wound", "{n} wounds", 1) == "{n} wound"
    assert ngettext("{n} wound", "{n} wounds", 2) == "{n} wounds"


@pytest.mark.parametrize(
    ("code", "value", "digits", "expected"),
    [
        ("en", 4.5, None, "4.5"),
        ("hu", 4.5, None, "4,5"),
        ("it", 4.5, None, "4,5"),
        ("tr", 4.5, None, "4,5"),
        ("ru", 4.5, None, "4,5"),
        ("hu", 58.333, 1, "58,3"),
        ("ru", -0.25, 2, "-0,25"),
        ("en", 12345, None, "12,345"),
        ("hu", 12345, None, "12\u00a0345"),
        ("it", 1234, None, "1234"),
        ("tr", 1234.5, 1, "1.234,5"),
        ("hu", 3, None, "3"),
    ],
)
def test_numbers_are_written_as_the_language_writes_them(
    code: str, value: float, digits: int | None, expected: str
) -> None:
    """Decimal comma in Hungarian, Italian, Turkish and Russian; their thousands separators."""
    i18n.set_language(code)
    assert number(value, digits) == expected


def test_pseudo_language_wraps_every_string_and_keeps_placeholders() -> None:
    """`xx` wraps each translated string in ⟦ ⟧, so unmarked English stands out in a test."""
    i18n.set_language("xx")
    assert _("error: {message}").format(message="x") == "⟦error: x⟧"
    assert ngettext("{n} wound", "{n} wounds", 3) == "⟦{n} wounds⟧"
