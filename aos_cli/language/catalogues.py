"""Gettext catalogues: compile a `.po` into `.mo` bytes, and load the one a language needs.

Standard library only, so the package build hook (`hatch_build.py`) can compile the catalogues
with this very code without importing the rest of the package. The compiler follows CPython's
`Tools/i18n/msgfmt.py`: fuzzy and untranslated entries are left out (the English shows), the
header and its Plural-Forms line are kept, contexts and plurals are supported.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext

LOCALE_DIR = Path(__file__).parent.parent / "locale"
DOMAIN = "aos"
MAX_CATALOGUE_BYTES = 8_000_000
"""A `.po` larger than this is refused rather than read (the real ones are far smaller)."""


class CatalogueError(ValueError):
    """A `.po` file that cannot be compiled, with file:line in the message."""


def _unquote(text: str, where: str) -> str:
    """The value of one quoted `.po` string literal."""
    text = text.strip()
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise CatalogueError(f"{where}: expected a quoted string, found {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as problem:
        raise CatalogueError(f"{where}: bad string literal ({problem})") from None
    if not isinstance(value, str):
        raise CatalogueError(f"{where}: expected a string")
    return value


@dataclass
class PoEntry:
    """One message of a `.po` file: its context, English text(s) and translated form(s)."""

    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False
    line: int = 0


def parse_po(text: str, name: str = "<po>") -> list[PoEntry]:
    """The entries of a `.po` file in order (obsolete `#~` entries skipped)."""
    entries: list[PoEntry] = []
    entry = PoEntry()
    part: str | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry, fuzzy, part
        if entry.line:
            entry.fuzzy = fuzzy
            entries.append(entry)
        entry, fuzzy, part = PoEntry(), False, None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if entry.msgstr:
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith("msgctxt"):
            if entry.msgstr:
                finish()
            entry.msgctxt, entry.line, part = _unquote(line[7:], where), number, "msgctxt"
        elif line.startswith("msgid_plural"):
            entry.msgid_plural, part = _unquote(line[12:], where), "msgid_plural"
        elif line.startswith("msgid"):
            if entry.msgstr:
                finish()
            entry.msgid, part = _unquote(line[5:], where), "msgid"
            entry.line = entry.line or number
        elif line.startswith("msgstr["):
            index_text, _bracket, rest = line[7:].partition("]")
            if not index_text.isdigit() or int(index_text) != len(entry.msgstr):
                raise CatalogueError(f"{where}: plural forms missing or out of order")
            entry.msgstr.append(_unquote(rest, where))
            part = "msgstr"
        elif line.startswith("msgstr"):
            entry.msgstr, part = [_unquote(line[6:], where)], "msgstr"
        elif line.startswith('"') and part is not None:
            value = _unquote(line, where)
            if part == "msgstr":
                entry.msgstr[-1] += value
            else:
                setattr(entry, part, (getattr(entry, part) or "") + value)
        else:
            raise CatalogueError(f"{where}: cannot read {line[:40]!r}")
    finish()
    return entries


def compile_po(text: str, name: str = "<po>") -> bytes:
    """The `.mo` bytes of a `.po` file's text (fuzzy and empty translations left out)."""
    messages: dict[bytes, bytes] = {}
    for entry in parse_po(text, name):
        if entry.msgid and (entry.fuzzy or not entry.msgstr or not all(entry.msgstr)):
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        messages[key.encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(messages)
    offsets: list[tuple[int, int, int, int]] = []
    ids = strs = b""
    for encoded in keys:
        offsets.append((len(ids), len(encoded), len(strs), len(messages[encoded])))
        ids += encoded + b"\0"
        strs += messages[encoded] + b"\0"
    start = 7 * 4 + 16 * len(keys)
    key_table: list[int] = []
    value_table: list[int] = []
    for id_offset, id_length, str_offset, str_length in offsets:
        key_table += [id_length, start + id_offset]
        value_table += [str_length, start + len(ids) + str_offset]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    tables = struct.pack(f"{len(key_table)}i", *key_table)
    tables += struct.pack(f"{len(value_table)}i", *value_table)
    return header + tables + ids + strs


def po_path(code: str) -> Path:
    """Where the source catalogue of a language lives in the package."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _cache_folder() -> Path:
    import os

    env = os.environ.get("AOS_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("aos-cli", appauthor=False))


def _compiled(code: str) -> bytes | None:
    """The `.mo` bytes of a language: the one built with the package when it is current, else
    the `.po` compiled once into the cache folder (or in memory when that cannot be written)."""
    po = po_path(code)
    mo = po.with_suffix(".mo")
    try:
        po_stat = po.stat()
    except OSError:
        po_stat = None
    try:
        if po_stat is None or mo.stat().st_mtime_ns >= po_stat.st_mtime_ns:
            return mo.read_bytes()
    except OSError:
        if po_stat is None:
            return None
    if po_stat.st_size > MAX_CATALOGUE_BYTES:
        return None
    cached = _cache_folder() / "locale" / f"{code}-{po_stat.st_mtime_ns}-{po_stat.st_size}.mo"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    data = compile_po(po.read_text(encoding="utf-8"), str(po))
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".part")
        partial.write_bytes(data)
        partial.replace(cached)
    except OSError:
        pass
    return data


def load(code: str) -> gettext.NullTranslations:
    """The translations of language `code` (the English itself when it has no catalogue)."""
    import gettext
    import io

    data = _compiled(code)
    if data is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))
