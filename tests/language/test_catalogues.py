"""The translation catalogues are complete and safe: CI fails on an untranslated or fuzzy entry,
on a translation that drops or adds a placeholder or a Rich style tag, and on a message in the
code that a catalogue does not carry (issue 17: "CI fails when a catalogue has an untranslated or
fuzzy entry, or a translation drops or adds a placeholder")."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from aos_cli.language.catalogues import LOCALE_DIR, compile_po, parse_po, po_path

LANGUAGES = ("hu", "it", "tr", "ru")
PLURAL_FORMS = {"hu": 2, "it": 2, "tr": 2, "ru": 3}
"""gettext's plural forms per language: Russian one/few/many, the others singular/plural."""
ROOT = Path(__file__).resolve().parents[2]
STYLE_WORDS = frozenset(
    [
        "success",
        "fail",
        "rerolled",
        "heading",
        "total",
        "muted",
        "bold",
        "dim",
        "italic",
        "underline",
        "reverse",
        "strike",
        "red",
        "green",
        "blue",
        "yellow",
        "cyan",
        "magenta",
        "white",
        "black",
        "on",
    ]
)
_FIELD = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdif%]")
_TAG = re.compile(r"\[/?([a-z][a-z _]*)?\]")


def placeholders(text: str) -> Counter[str]:
    """The format fields (`{name}`, `%s`) and Rich style tags (`[bold]`, `[/]`) of a message."""
    found = Counter(_FIELD.findall(text))
    for match in _TAG.finditer(text):
        words = (match.group(1) or "").split()
        if all(word in STYLE_WORDS for word in words):
            found[match.group(0)] += 1
    return found


def entries(code: str) -> list:  # type: ignore[type-arg]
    """The messages of one language's catalogue, header left out."""
    return [e for e in parse_po(po_path(code).read_text(encoding="utf-8"), code) if e.msgid]


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_has_no_fuzzy_or_untranslated_entry(code: str) -> None:
    """Every message carries a reviewed translation in every plural form the language has."""
    problems = [
        f"{code}.po:{e.line}: {'fuzzy' if e.fuzzy else 'untranslated'}: {e.msgid!r}"
        for e in entries(code)
        if e.fuzzy or not e.msgstr or not all(e.msgstr)
    ]
    problems += [
        f"{code}.po:{e.line}: {len(e.msgstr)} plural forms, {code} has {PLURAL_FORMS[code]}"
        for e in entries(code)
        if e.msgid_plural is not None and len(e.msgstr) != PLURAL_FORMS[code]
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_every_placeholder(code: str) -> None:
    """A translation neither drops nor adds a `{field}`, `%s` or Rich tag of its English."""
    problems = []
    for e in entries(code):
        for index, form in enumerate(e.msgstr):
            found = placeholders(form)
            if e.msgid_plural is None:
                wanted = placeholders(e.msgid)
                ok = found == wanted
            else:
                # Every form keeps the plural's fields; only a form used for exactly one thing
                # (not Russian's, which also serves 21, 31, ...) may say "one" instead.
                wanted = placeholders(e.msgid_plural)
                only_one = index == 0 and code != "ru"
                ok = found <= wanted | placeholders(e.msgid) if only_one else found == wanted
            if not ok:
                problems.append(f"{code}.po:{e.line}: {e.msgid!r} form {index}: {sorted(found)}")
    assert not problems, "\n".join(problems)


def code_messages() -> set[str]:
    """Every message the code marks with `_()`, `ngettext()`, `pgettext()` or `N_()`."""
    from babel.messages.extract import extract_from_dir

    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "aos_cli"), method_map=[("**.py", "python")]
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalogue_carries_every_message_of_the_code(code: str) -> None:
    """A string marked for translation in the code and missing from a catalogue fails CI: run
    `python tools/update_catalogues.py` and translate the new entries."""
    carried = {e.msgid for e in entries(code)}
    missing = sorted(code_messages() - carried)
    assert not missing, f"{code}.po lacks: {missing[:10]}"


def test_only_the_four_languages_have_catalogues() -> None:
    """The catalogue folders are exactly the languages `--lang` offers besides English."""
    folders = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())
    assert folders == sorted(LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_compiled_catalogue_reads_back_as_gnu_gettext(code: str) -> None:
    """The build's `.mo` (our compiler) loads in the standard library with every translation."""
    import gettext
    import io

    text = po_path(code).read_text(encoding="utf-8")
    translations = gettext.GNUTranslations(io.BytesIO(compile_po(text)))
    for e in entries(code):
        if e.msgid_plural is None and e.msgctxt is None:
            assert translations.gettext(e.msgid) == e.msgstr[0]


def test_placeholder_check_catches_a_dropped_field() -> None:
    """The checker itself: a dropped `{name}` or style tag is seen, literal brackets are not."""
    assert placeholders("error: {message}") != placeholders("hiba")
    assert placeholders("[total]{n}[/] wounds") == placeholders("{n} [total][/]")
    assert placeholders("[required]") == Counter()
