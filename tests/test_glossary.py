"""The rulebook terms per language (issue 17 item 3): each glossary holds the seed's wording, and
every translation of a text naming a glossary term uses that language's term for it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.language.catalogues import LOCALE_DIR, parse_po, po_path

LANGUAGES = ("hu", "it", "tr", "ru")
SYSTEMS = ("aos1", "aos2", "wh40k8", "mesbg")
SYSTEM_MARKS = {
    "wh40k8": ("(40k8 §", "Underdog", "Warlord"),
    "aos1": ("(AoS1 §",),
    "aos2": ("(AoS2 §",),
    "mesbg": ("(mesbg §",),
}
"""How a message shows it is one system's: it cites that system's rules (`(40k8 §9.5)`) or
names a word only that system has."""
SEED_TERMS = {
    "hu": {"Bravery": "Bátorság", "charge": "roham", "hero phase": "hősök fázisa"},
    "it": {"hero phase": "fase degli eroi", "charge": "carica"},
    "tr": {"charge": "hücum", "spell": "büyü"},
    "ru": {"Might": "Мощь", "Will": "Воля", "Fate": "Судьба"},
}
"""The terms issue 17 quotes from the seeds, word for word."""


def glossary(code: str) -> list[dict[str, Any]]:
    """One language's glossary terms, read with yaml.safe_load."""
    text = (LOCALE_DIR / "glossary" / f"{code}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert data["language"] == code
    terms: list[dict[str, Any]] = data["terms"]
    return terms


@pytest.mark.parametrize("code", LANGUAGES)
def test_glossary_terms_are_complete_records(code: str) -> None:
    """Every term has its English, the term, what its inflected forms share, and its source."""
    for term in glossary(code):
        assert (
            {"en", "term", "match", "seed"}
            <= set(term)
            <= {"en", "term", "match", "seed", "system"}
        )
        assert term.get("system", "wh40k8") in SYSTEMS, term
        assert term["match"].casefold() in term["term"].casefold(), term


@pytest.mark.parametrize("code", LANGUAGES)
def test_glossary_holds_the_seed_wording_issue_17_quotes(code: str) -> None:
    """Bravery = Bátorság, charge = roham; fase degli eroi, carica; hücum, büyü; Мощь, Воля,
    Судьба: as the seeds print them."""
    terms = {t["en"]: t["term"] for t in glossary(code)}
    for english, wording in SEED_TERMS[code].items():
        assert terms[english] == wording


@pytest.mark.parametrize("code", LANGUAGES)
def test_seed_wording_is_found_in_the_seed_transcript(code: str) -> None:
    """A term whose source names a seed file appears in that transcript (when it is present)."""
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the seed transcripts are not beside this checkout")
    texts = {p.name[:3]: p.read_text(encoding="utf-8").casefold() for p in seeds.glob("0*.txt")}
    missing = [
        t["term"]
        for t in glossary(code)
        if t["seed"][:3] in texts and t["match"].casefold() not in texts[t["seed"][:3]]
    ]
    assert not missing


def named_terms(text: str, terms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The glossary terms `text` names as whole words, longest first, each span counted once
    ("Arcane Bolt" is not also "Arcane"); a capitalised term (a characteristic such as Move or
    Will) only when capitalised, a lower-case one in any case."""
    found = []
    for term in sorted(terms, key=lambda t: -len(t["en"])):
        flags = 0 if term["en"][0].isupper() else re.I
        pattern = rf"(?<![\w-]){re.escape(term['en'])}(?![\w-])"
        if re.search(pattern, text, flags):
            found.append(term)
            text = re.sub(pattern, "\0", text, flags=flags)
    return found


def system_of(context: str | None, msgid: str) -> str:
    """The system a catalogue message belongs to: its context, else the system its rules
    citation names, else none (a message every system shares)."""
    if context in SYSTEMS:
        return context
    return next((s for s, marks in SYSTEM_MARKS.items() if any(m in msgid for m in marks)), "")


def terms_for(terms: list[dict[str, Any]], system: str) -> list[dict[str, Any]]:
    """The terms that hold in a system's messages: its own in place of the shared ones."""
    own = [t for t in terms if t.get("system") == system]
    replaced = {t["en"].casefold() for t in own}
    shared = [t for t in terms if "system" not in t and t["en"].casefold() not in replaced]
    return own + shared


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_use_the_glossary_terms(code: str) -> None:
    """A catalogue message naming a glossary term is translated with that language's term
    (a system's own term within that system's messages: Hungarian 40k's "csatakör")."""
    terms = glossary(code)
    problems = [
        f"{code}.po:{entry.line}: {term['en']} → {term['term']}: {entry.msgid!r}"
        for entry in parse_po(po_path(code).read_text(encoding="utf-8"), code)
        if entry.msgid
        for term in named_terms(
            re.sub(r"\{[^{}]*\}|`[^`]*`", " ", entry.msgid),  # not placeholders, commands
            terms_for(terms, system_of(entry.msgctxt, entry.msgid)),
        )
        if not all(term["match"].casefold() in form.casefold() for form in entry.msgstr)
    ]
    assert not problems, "\n".join(problems)
