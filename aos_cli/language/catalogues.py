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
    from collections.abc import Callable

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
    reader = _PoReader(name)
    for number, raw in enumerate(text.splitlines(), start=1):
        reader.read(number, raw.strip())
    reader.finish()
    return reader.entries


class _PoReader:
    """Reads a `.po` file line by line: the entries so far, the one being read, the part of
    it a continued string adds to, and whether a `#, fuzzy` flag came before it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.entries: list[PoEntry] = []
        self.entry = PoEntry()
        self.part: str | None = None
        self.fuzzy = False

    def finish(self) -> None:
        """Keep the entry read so far (if it began) and start the next."""
        if self.entry.line:
            self.entry.fuzzy = self.fuzzy
            self.entries.append(self.entry)
        self.entry, self.fuzzy, self.part = PoEntry(), False, None

    def finish_translated(self) -> None:
        """A comment or a new message after a translation ends the entry it belongs to."""
        if self.entry.msgstr:
            self.finish()

    def read(self, number: int, line: str) -> None:
        """One stripped line: blank or obsolete (skipped), a comment, a keyword with its
        string, or a string continuing the last part; anything else is an error."""
        where = f"{self.name}:{number}"
        if not line or line.startswith("#~"):
            return
        if line.startswith("#"):
            self.finish_translated()
            if line.startswith("#,") and "fuzzy" in line:
                self.fuzzy = True
            return
        for keyword, read in _PO_KEYWORDS:
            if line.startswith(keyword):
                read(self, line[len(keyword) :], number, where)
                return
        if line.startswith('"') and self.part is not None:
            self.continued(_unquote(line, where))
            return
        raise CatalogueError(f"{where}: cannot read {line[:40]!r}")

    def msgctxt(self, rest: str, number: int, where: str) -> None:
        """`msgctxt "..."`: a new entry's context (its line is the entry's line)."""
        self.finish_translated()
        self.entry.msgctxt, self.entry.line = _unquote(rest, where), number
        self.part = "msgctxt"

    def msgid_plural(self, rest: str, number: int, where: str) -> None:
        """`msgid_plural "..."`: the entry's English plural."""
        self.entry.msgid_plural, self.part = _unquote(rest, where), "msgid_plural"

    def msgid(self, rest: str, number: int, where: str) -> None:
        """`msgid "..."`: the entry's English text (a new entry unless a context began it)."""
        self.finish_translated()
        self.entry.msgid, self.part = _unquote(rest, where), "msgid"
        self.entry.line = self.entry.line or number

    def msgstr_form(self, rest: str, number: int, where: str) -> None:
        """`msgstr[N] "..."`: a plural form's translation, the forms in order from 0."""
        index_text, _bracket, rest = rest.partition("]")
        if not index_text.isdigit() or int(index_text) != len(self.entry.msgstr):
            raise CatalogueError(f"{where}: plural forms missing or out of order")
        self.entry.msgstr.append(_unquote(rest, where))
        self.part = "msgstr"

    def msgstr(self, rest: str, number: int, where: str) -> None:
        """`msgstr "..."`: the entry's translation."""
        self.entry.msgstr, self.part = [_unquote(rest, where)], "msgstr"

    def continued(self, value: str) -> None:
        """A string on a line of its own, added to the part read last."""
        if self.part == "msgstr":
            self.entry.msgstr[-1] += value
        elif self.part is not None:
            setattr(self.entry, self.part, (getattr(self.entry, self.part) or "") + value)


_PO_KEYWORDS: tuple[tuple[str, Callable[[_PoReader, str, int, str], None]], ...] = (
    ("msgctxt", _PoReader.msgctxt),
    ("msgid_plural", _PoReader.msgid_plural),
    ("msgid", _PoReader.msgid),
    ("msgstr[", _PoReader.msgstr_form),
    ("msgstr", _PoReader.msgstr),
)
"""A `.po` line's keywords and how each is read, the longer before the shorter it begins with."""


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
