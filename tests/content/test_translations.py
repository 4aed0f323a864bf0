"""Records carry their name and text per language (issue 17 item 4): optional, validated like
the rest; the bundled core rules and battleplans carry them for Hungarian, Italian, Turkish and
Russian; a record without one, or English, shows its own text."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.content import load_database, validate_paths
from aos_cli.content.schema import Record
from aos_cli.core import i18n

LANGUAGES = ("hu", "it", "tr", "ru")


def translated_records(system: str) -> list[Record]:
    """The core records players read most: phases, command abilities, spells, scenery and
    triumph table rows."""
    ruleset = load_database().ruleset(system)
    records: list[Record] = [*ruleset.phases, *ruleset.command_abilities, *ruleset.spells]
    for table in ruleset.tables:
        records += [table, *table.rows]
    return records


@pytest.mark.parametrize("code", LANGUAGES)
def test_bundled_aos2_core_rules_carry_each_language(code: str) -> None:
    """Every phase, core command ability, core spell, scenery and triumph of the bundled AoS2
    ruleset has a name and a text in each of the four languages."""
    for record in translated_records("aos2"):
        assert record.translations is not None and code in record.translations, record.id
        translation = record.translations[code]
        assert (translation.name and translation.name != record.name) or code == "it", record.id
        assert translation.text, record.id


@pytest.mark.parametrize(
    ("code", "phase", "spell", "ability"),
    [
        ("hu", "A hősök fázisa", "Mágikus lövedék", "Lelkesítő jelenlét"),
        ("it", "Fase degli eroi", "Dardo arcano", "Presenza ispiratrice"),
        ("tr", "Hero Figürü Aşaması", "Gizemli Ok", "İlham Veren Varlık"),
        ("ru", "Фаза героев", "Чародейская стрела", "Воодушевляющее присутствие"),
    ],
)
def test_records_show_in_the_chosen_language(
    code: str, phase: str, spell: str, ability: str
) -> None:
    """`shown()` gives the glossary's words (the Hungarian seed's hősök fázisa, Mágikus lövedék,
    Lelkesítő jelenlét ...) in that language, and the record's own English otherwise."""
    ruleset = load_database().ruleset("aos2")
    i18n.set_language(code)
    assert ruleset.phases[0].shown() == phase
    assert ruleset.spells[0].shown() == spell
    assert ruleset.command_abilities[2].shown() == ability
    i18n.set_language("en")
    assert ruleset.phases[0].shown() == "Hero phase"


@pytest.mark.parametrize("code", LANGUAGES)
def test_bundled_battleplans_carry_each_language(code: str) -> None:
    """Every bundled battleplan has its name in each language."""
    db = load_database()
    entries = db.battleplans.entries()
    assert len(entries) >= 4
    for entry in entries:
        plan = db.battleplans[entry.id]
        assert plan.translations is not None and plan.translations[code].name, plan.id


def test_a_record_without_translations_shows_its_own_text() -> None:
    """Imported and user content keep their own names in every language."""
    warscroll = load_database().warscroll("liberators")
    i18n.set_language("hu")
    assert warscroll.shown() == warscroll.name


def plan_file(folder: Path, translations: str) -> Path:
    """A one-battleplan content file whose `translations` line is `translations` (line 6)."""
    path = folder / "bad.yaml"
    path.write_text(
        "schema_version: 1\n"
        "battleplans:\n"
        "  - id: test-plan\n"
        "    name: Test plan\n"
        "    text: A plan.\n"
        f"    translations: {translations}\n"
        "    deployment: {text: Anywhere.}\n"
        "    victory_text: Win.\n",
        encoding="utf-8",
    )
    return path


def test_an_unknown_translation_language_is_a_content_error(tmp_path: Path) -> None:
    """`translations: {de: ...}` is reported with file:line like any other bad field."""
    problems, _files = validate_paths([plan_file(tmp_path, "{de: {name: Testplan}}")])
    assert any("translations.de" in str(p) and "bad.yaml:6" in str(p) for p in problems), problems


def test_an_empty_translated_name_is_a_content_error(tmp_path: Path) -> None:
    """A translation's name, when given, is not empty."""
    problems, _files = validate_paths([plan_file(tmp_path, "{hu: {name: ''}}")])
    assert any("translations.hu.name" in str(p) for p in problems), problems
