"""Hungarian's definite article before a name or number filled in later (issue 28 item 3):
"az" before a vowel sound, "a" before a consonant, never the hedge "a(z)"."""

from __future__ import annotations

import re

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


COUNTED = {
    "hu": ("1 halálos seb", "2 halálos seb", "5 halálos seb"),
    "it": ("1 ferita mortale", "2 ferite mortali", "5 ferite mortali"),
    "tr": ("1 ölümcül yara", "2 ölümcül yara", "5 ölümcül yara"),
    "ru": ("1 смертельную рану", "2 смертельные раны", "5 смертельных ран"),
}
"""A count of 1, 2 and 5 mortal wounds in each language (Russian's three forms, the object
case its sentences put them in; Hungarian and Turkish keep the noun singular after a number)."""


@pytest.mark.parametrize("code", sorted(COUNTED))
def test_counts_of_one_two_and_five_take_the_language_s_forms(code: str) -> None:
    """AoS2 §15.2 mortal wounds, counted as each language counts."""
    i18n.set_language(code)
    said = tuple(
        i18n.ngettext("{n} mortal wound", "{n} mortal wounds", n).format(n=n) for n in (1, 2, 5)
    )
    assert said == COUNTED[code]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("hu", "Liberators visszavonul"),
        ("it", "Liberators si ritira"),
        ("tr", "Liberators geri hamle yaptı"),  # seed 003, told in the past
        ("ru", "Liberators отступает"),
    ],
)
def test_an_event_with_a_name_reads_in_each_language(code: str, expected: str) -> None:
    """A retreat (AoS2 §8.3) told with the unit's name as it is written."""
    from aos_cli.core.events import Retreated
    from aos_cli.views.events import event_lines

    i18n.set_language(code)
    assert event_lines(Retreated("liberators", "Liberators", 0))[0].startswith(expected)


@pytest.mark.parametrize(
    ("code", "feature", "expected"),
    [
        ("it", "Rovine", "Il terreno «Rovine» può essere presidiato?"),  # feminine plural
        ("it", "Bosco", "Il terreno «Bosco» può essere presidiato?"),  # masculine
        ("ru", "Руины", "Можно ли занять гарнизоном элемент местности «Руины»?"),
        ("ru", "Лес", "Можно ли занять гарнизоном элемент местности «Лес»?"),
    ],
)
def test_a_name_of_either_gender_is_said_with_its_noun(
    code: str, feature: str, expected: str
) -> None:
    """A pasted name takes no agreement: its noun (terreno, элемент местности) carries the
    gender and case, so "Rovine può essere presidiato" cannot happen (issue 28)."""
    i18n.set_language(code)
    assert i18n._("Can {feature} be garrisoned?").format(feature=feature) == expected


@pytest.mark.parametrize("spell", ["Чародейская стрела", "Мистический щит"])
def test_a_russian_spell_of_either_gender_is_quoted_after_its_noun(spell: str) -> None:
    """«сотворить «Чародейская стрела»» put a nominative where an accusative belongs: the
    spell is named after "заклинание", which takes the case."""
    i18n.set_language("ru")
    said = i18n._("{wizard} casts {spell} with {total}.").format(
        wizard="Knight-Incantor", spell=spell, total=7
    )
    assert f"заклинание «{spell}» сотворено" in said
    menu = i18n._("{unit}: cast {spell}").format(unit="Knight-Incantor", spell=spell)
    assert f"заклинание «{spell}»" in menu


@pytest.mark.parametrize(
    ("number", "said"),
    [("80,9%", "l'80,9%"), ("11%", "l'11%"), ("1%", "l'1%"), ("25%", "il 25%"), ("18%", "il 18%")],
)
def test_italian_elides_the_article_before_a_number_said_with_a_vowel(
    number: str, said: str
) -> None:
    """Italian elision (issue 28: "del 80,9%" → "dell'80,9%"): otto, undici, uno take l',
    dell', all'; venti, diciotto, cento keep il, del, al."""
    i18n.set_language("it")
    assert articles(f"ha distrutto il {number} del nemico") == f"ha distrutto {said} del nemico"


def test_italian_elides_the_articulated_prepositions_too() -> None:
    """del, al, dal, nel, sul before otto/uno/undici; a capital kept at a sentence's start."""
    from aos_cli.language.grammar import italian_elision

    assert italian_elision("del 8,3%, al 1%, dal 11, sul 18%, nel 100") == (
        "dell'8,3%, all'1%, dall'11, sul 18%, nel 100"
    )
    assert italian_elision("Il 800") == "L'800"
    i18n.set_language("hu")
    assert articles("il 80%") == "il 80%"


def _messages(code: str) -> list[tuple[str, str]]:
    """Every (English message, translation) of a catalogue, each plural form on its own."""
    from babel.messages.pofile import read_po

    from aos_cli.language.i18n import LOCALE_DIR

    with (LOCALE_DIR / code / "LC_MESSAGES" / "aos.po").open("rb") as handle:
        catalogue = read_po(handle)
    found: list[tuple[str, str]] = []
    for message in catalogue:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(english, text) for text in said if text]
    return found


def test_hungarian_never_pastes_a_name_after_ezzel() -> None:
    """ "… ezzel: X" is the fallback of a sentence that cannot put its case on a pasted name;
    each Hungarian sentence names it with its noun (a(z) {spell} varázslatot, a(z) {weapon}
    fegyverrel) or after a label instead (issue 28)."""
    found = [english for english, said in _messages("hu") if re.search(r"ezzel: \{", said)]
    assert found == []


def test_a_hungarian_unbind_names_the_spell_with_its_noun() -> None:
    """AoS2 §15: the unbind option says who unbinds which spell, the spell in the accusative
    through its noun, for a spell whose name starts with a vowel or a consonant."""
    i18n.set_language("hu")
    for spell, article in (("Arcane Bolt", "az"), ("Mystic Shield", "a")):
        said = str(tr("Unbind {spell} with {wizard}", spell=spell, wizard="Knight-Incantor"))
        assert said == f"Knight-Incantor megtöri {article} {spell} varázslatot"
        done = tr(
            "{unit} unbinds {spell} with {total}{how}.",
            unit="Knight-Incantor",
            spell=spell,
            total=8,
            how="",
        )
        assert str(done) == f"Knight-Incantor megtöri {article} {spell} varázslatot, dobás 8."


RUSSIAN_COUNTED_NOUN = re.compile(
    r"\{\w+\}\s+(ран|моделей|очков|кубиков|раундов|дюймов|атак|попаданий|отрядов)\b"
)
"""A number pasted before a noun in the genitive plural: right for 5, wrong for 1 and 2."""


def test_russian_counts_a_pasted_number_only_through_its_plural_forms() -> None:
    """A Russian noun after a number takes one of three forms (1 рана, 2 раны, 5 ран): a
    message that is not counted names the number after a label instead ("осталось Ран: 2",
    not "2 Ран"), issue 28."""
    from babel.messages.pofile import read_po

    from aos_cli.language.i18n import LOCALE_DIR

    with (LOCALE_DIR / "ru" / "LC_MESSAGES" / "aos.po").open("rb") as handle:
        catalogue = read_po(handle)
    found = [
        message.id
        for message in catalogue
        if message.id
        and isinstance(message.id, str)
        and RUSSIAN_COUNTED_NOUN.search(message.string or "")
    ]
    assert found == []


@pytest.mark.parametrize("n", [1, 2, 5])
def test_russian_counted_messages_take_the_form_of_each_count(n: int) -> None:
    """Counts of 1, 2 and 5 models slain (AoS2 §13) in Russian's three forms."""
    i18n.set_language("ru")
    forms = {1: "модель", 2: "модели", 5: "моделей"}
    said = i18n.ngettext("{n} model", "{n} models", n).format(n=n)
    assert said == f"{n} {forms[n]}"


def test_turkish_glues_no_suffix_to_a_pasted_name_or_number() -> None:
    """A Turkish suffix follows the last vowel of the word it is glued to (3'e, 6'ya,
    Cesurluğa): glued to a placeholder it is wrong for some values, so no translation glues
    one (issue 28)."""
    glued = re.compile(r"\{\w+\}(['’]\w+)")
    found = [english for english, said in _messages("tr") if glued.search(said)]
    assert found == []
