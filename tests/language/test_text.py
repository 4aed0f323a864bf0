"""Sentences the core means, rendered when shown (issue 25: the core holds no `_()`): the
chosen language's words and plural forms, numbers as the language writes them, and stored
texts read back only as short words and numbers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aos_cli.language import i18n
from aos_cli.language.text import (
    BadText,
    Join,
    Num,
    Text,
    render,
    text_from_data,
    tr,
    trn,
    trp,
)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts and ends in English."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_a_text_is_said_in_the_language_chosen_when_shown() -> None:
    """The same stored text reads in English and, later, in Hungarian: nothing is translated
    when the rules make it."""
    said = tr("Battle round {round}: {side} takes the first turn.", round=2, side="Death")
    assert str(said) == "Battle round 2: Death takes the first turn."
    i18n.set_language("hu")
    assert str(said) == "2. forduló: Death kezdi az első kört."


def test_plural_forms_follow_the_language_rule() -> None:
    """Russian has three forms (1, 2-4, 5+): the count picks one when shown."""
    i18n.set_language("ru")
    shown = [str(trn("after {n} wound", "after {n} wounds", n, n=n)) for n in (1, 2, 5)]
    assert shown == ["после 1 раны", "после 2 ран", "после 5 ран"]
    i18n.set_language("en")
    assert str(trn("after {n} wound", "after {n} wounds", 1, n=1)) == "after 1 wound"


def test_numbers_lists_and_nested_texts() -> None:
    """A `Num` is written with the language's decimal comma and percent sign; a `Join` lists;
    a text inside a text is said in the same language."""
    chance = tr("{chance} to wound", chance=Num(45.5, 1, percent=True))
    assert str(chance) == "45.5% to wound"
    i18n.set_language("tr")
    assert render(Num(45.5, 1, percent=True)) == "%45,5"
    i18n.set_language("en")
    listed = tr("{names}", names=Join(("Liberators", trp("verb", "move"))))
    assert str(listed) == "Liberators, move"


def test_a_text_round_trips_through_the_store() -> None:
    """What the store keeps reads back as the same text."""
    said = trn("{unit} lost {n} model", "{unit} lost {n} models", 3, unit="Liberators", n=3)
    nested = tr("{a} and {b}", a=said, b=Join((Num(2.5, 1), "x"), " / "))
    assert text_from_data(nested.to_data()) == nested
    assert text_from_data(trp("verb", "move").to_data()) == trp("verb", "move")


@pytest.mark.parametrize(
    "data",
    [
        {"message": "x" * 5000},
        {"message": "{a}", "values": {"a": "y" * 50_000}},
        {"message": "{a}", "values": {"a": True}},
        {"message": "{a}", "values": {"a": {"eval": "1"}}},
        {"message": "{a}", "values": {"not a name": 1}},
        {"message": "{a}", "values": {"a": {"num": 1, "digits": 99}}},
        {"message": "{a}", "values": {"a": {"join": ["x"] * 100}}},
        {"message": "m", "count": 10**12, "plural": "p"},
        "not a text",
    ],
)
def test_a_hand_edited_text_is_refused(data: object) -> None:
    """A stored text over its bounds, or holding anything but words and numbers, is refused."""
    with pytest.raises(BadText):
        text_from_data(data)


def test_nesting_is_bounded() -> None:
    """Texts nested deeper than a sentence needs are refused (no unbounded recursion)."""
    data: dict[str, object] = {"message": "{a}"}
    for _depth in range(10):
        data = {"message": "{a}", "values": {"a": {"text": data}}}
    with pytest.raises(BadText):
        text_from_data(data)


def test_a_stored_message_cannot_reach_into_objects_or_pad_the_screen() -> None:
    """Placeholders are plain names: attribute and index lookups, conversions and huge widths
    stay as written instead of running."""
    shown = str(
        Text(
            "{a.__class__} {a[0]} {a!r} {a:>999999} {missing} {a}",
            (("a", "ok"),),
        )
    )
    assert shown == "{a.__class__} {a[0]} {a} ok {missing} ok"


def test_a_content_name_pasted_into_a_text_is_said_as_the_content_translates_it() -> None:
    """Issue 28 item 1: a weapon or ability name (or a rule's text) carried in a game's
    snapshot in English is shown as the bundled content translates it, inside a sentence,
    a join or on its own; a name the content does not translate (a unit's, an imported
    record's) stays as written, and English and the pseudo-language read the snapshot's."""
    from aos_cli.language.text import concat, content_word, use_content_words

    words = {"hu": {"Celestine Hammer": "Égi kalapács"}}
    use_content_words(lambda code: words.get(code, {}))
    try:
        label = concat("Lord-Celestant", ": ", Join(("Celestine Hammer", "Sweeping Tail")))
        i18n.set_language("hu")
        assert str(label) == "Lord-Celestant: Égi kalapács, Sweeping Tail"
        assert content_word("Celestine Hammer") == "Égi kalapács"
        for code in ("en", "xx"):
            i18n.set_language(code)
            assert content_word("Celestine Hammer") == "Celestine Hammer"
    finally:
        use_content_words(None)


def test_the_bundled_content_translates_the_demo_armies_names() -> None:
    """The AoS2 demo armies' weapons, abilities, command traits and artefacts carry their
    names in the four languages (issue 28: "a weapon translated in a card's text and English
    in its table")."""
    from aos_cli.content.words import words_of

    assert words_of("hu")["Celestine Hammer"] == "Égi kalapács"
    assert words_of("it")["Zealous Crusader"] == "Crociato zelante"
    assert words_of("tr")["Sword of Stolen Hours"] == "Çalınmış Saatler Kılıcı"
    assert words_of("ru")["Captured Soul Energy"] == "Энергия пленённых душ"
