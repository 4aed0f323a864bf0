"""Records carry their name and text per language (issue 17 item 4): optional, validated like
the rest; the bundled core rules and battleplans carry them for Hungarian, Italian, Turkish and
Russian; a record without one, or English, shows its own text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aos_cli.content import load_database, validate_paths
from aos_cli.content.schema import Record, Translatable
from aos_cli.language import i18n

LANGUAGES = ("hu", "it", "tr", "ru")
NAMED_IN_ENGLISH_BY_THE_SEED = {("tr", "arcane-bolt")}
"""Names a seed itself prints in English: the Turkish rules (seed 003) say "Arcane Bolt"."""


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
        kept = code == "it" or (code, record.id) in NAMED_IN_ENGLISH_BY_THE_SEED
        assert (translation.name and translation.name != record.name) or kept, record.id
        assert translation.text, record.id


@pytest.mark.parametrize(
    ("code", "phase", "spell", "ability"),
    [
        ("hu", "A hősök fázisa", "Mágikus lövedék", "Lelkesítő jelenlét"),
        ("it", "Fase degli eroi", "Dardo arcano", "Presenza ispiratrice"),
        ("tr", "Hero Figürü Aşaması", "Arcane Bolt", "İlham Varlığı"),
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


def plan_file(
    folder: Path, translations: str = "{}", deployment: str = "{text: Anywhere.}", more: str = ""
) -> Path:
    """A one-battleplan content file whose `translations` line is `translations` (line 6), with
    its `deployment` and `more` lines (a battle length, victory conditions) as given."""
    path = folder / "bad.yaml"
    path.write_text(
        "schema_version: 1\n"
        "battleplans:\n"
        "  - id: test-plan\n"
        "    name: Test plan\n"
        "    text: A plan.\n"
        f"    translations: {translations}\n"
        f"    deployment: {deployment}\n"
        f"{more}"
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


TRANSLATED_FIELDS = ("name", "text", "position", "reserves", "objective_text", "victory_text",
                     "ends_early")  # fmt: skip
"""Every player-facing text a bundled record may carry (Translation's fields but `when` and
`result`, a chart row's comparison and number)."""


def translatable(node: object, path: str) -> Iterator[tuple[str, Translatable]]:
    """Every record under `node` that may carry translations, with its path."""
    from pydantic import BaseModel

    if isinstance(node, Translatable):
        yield path, node
    if isinstance(node, BaseModel):
        for field in type(node).model_fields:
            if field != "translations":
                yield from translatable(getattr(node, field), f"{path}.{field}")
    elif isinstance(node, list | tuple):
        for index, item in enumerate(node):
            yield from translatable(item, f"{path}[{index}]")


def bundled_core() -> list[Any]:
    """Every bundled ruleset and battleplan."""
    db = load_database()
    return [
        *(db.ruleset(e.id) for e in db.rulesets.entries()),
        *(db.battleplans[e.id] for e in db.battleplans.entries()),
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_bundled_ruleset_and_battleplan_text_carries_each_language(code: str) -> None:
    """Issue 17 item 4: "the bundled core rulesets and battleplans carry them for all four
    languages". Every name and text of every record (rules, realms, tables and rows, charts,
    set-up, battle length, objectives, scoring and victory conditions) is translated."""
    found = 0
    missing = []
    for record in bundled_core():
        for path, node in translatable(record, record.id):
            for field in TRANSLATED_FIELDS:
                if field not in type(node).model_fields or not getattr(node, field):
                    continue
                found += 1
                translation = (node.translations or {}).get(code)  # type: ignore[attr-defined]
                if translation is None or not getattr(translation, field):
                    missing.append(f"{path}.{field}")
    assert found > 400
    assert missing == []


@pytest.mark.parametrize(
    ("code", "rule", "words"),
    [
        ("hu", "cover", "mentődobás"),
        ("it", "cover", "tiri salvezza"),
        ("tr", "cover", "kurtarma zar"),
        ("ru", "cover", "спасброск"),
    ],
)
def test_a_core_rule_reads_in_the_language_with_its_numbers(
    code: str, rule: str, words: str
) -> None:
    """AoS2 §14.9 Cover in each language: the glossary's save roll, and the +1 and 8+ kept."""
    ruleset = load_database().ruleset("aos2")
    cover = next(r for r in ruleset.rules if r.id == rule)
    i18n.set_language(code)
    assert words in cover.shown("text") and "+1" in cover.shown("text")
    assert "8+" in cover.shown("text")


VALID_REST = "    victory: [{result: win, condition: most_points, text: Most wins.}]\n"
"""What a plan file needs besides its set-up to be valid."""


def test_a_translation_of_a_text_the_record_lacks_is_a_content_error(tmp_path: Path) -> None:
    """A translation gives only the words its record has (no `reserves` without reserves)."""
    deployment = "{text: Anywhere., translations: {hu: {reserves: Tartalék.}}}"
    problems, _files = validate_paths([plan_file(tmp_path, deployment=deployment, more=VALID_REST)])
    assert any("translations.hu.reserves" in str(p) for p in problems), problems


def test_a_battle_length_translation_keeps_the_count_of_its_conditions(tmp_path: Path) -> None:
    """`ends_early` is translated condition by condition: as many texts as the record has."""
    length = "{ends_early: [one side is gone], translations: {hu: {ends_early: [egyik, másik]}}}"
    more = f"    battle_length: {length}\n{VALID_REST}"
    problems, _files = validate_paths([plan_file(tmp_path, more=more)])
    assert any("translations.hu.ends_early" in str(p) for p in problems), problems


def test_the_pseudo_language_wraps_translated_content() -> None:
    """`--lang xx` wraps a translated record's words, so untranslated content stands out."""
    phase = load_database().ruleset("aos2").phases[0]
    i18n.set_language(i18n.PSEUDO)
    assert phase.shown() == "⟦Hero phase⟧"


@pytest.mark.parametrize("code", LANGUAGES)
def test_bundled_warscrolls_carry_their_rules_text_in_each_language(code: str) -> None:
    """The bundled warscrolls keep their names (content names) but translate their text and
    the rules text of every ability, spell, command ability, command model, battle trait,
    command trait and artefact (issue 17 item 4: "warscroll ... records may carry translations")."""
    from aos_cli.content.schema import Ability, CommandModel, Spell, TableRow, Warscroll

    db = load_database()
    records = [
        *(db.warscrolls[e.id] for e in db.warscrolls.entries()),
        *(db.allegiances[e.id] for e in db.allegiances.entries()),
        *(db.battalions[e.id] for e in db.battalions.entries()),
    ]
    found, missing = 0, []
    for record in records:
        for path, node in translatable(record, record.id):
            kinds = Warscroll | Ability | Spell | TableRow | CommandModel
            if isinstance(node, kinds) and node.text:
                found += 1
                translation = (node.translations or {}).get(code)  # type: ignore[call-overload]
                if translation is None or not translation.text:
                    missing.append(path)
    assert found > 80
    assert missing == []
