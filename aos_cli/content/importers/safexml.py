"""Read other programs' XML safely: bounded sizes and elements, zipped files, no DTDs.

`xml.etree.ElementTree` expands internal entities. The parser here is defusedxml's, which
refuses a DOCTYPE, an ENTITY or an external reference as the parser meets it, that is after
the bytes are decoded, whatever the encoding (a UTF-16 file's `<!DOCTYPE` has no ASCII bytes
to match). It is fed in pieces and counts elements and depth as it builds the tree, so 16
million empty elements are refused at the limit instead of filling memory. Zipped files
(`.catz`, `.gstz`, `.rosz`) are read member by member within a size bound.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree

from aos_cli.content.files import UnreadableFile, read_regular_file
from aos_cli.core.errors import ContentError
from aos_cli.language.i18n import _

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file (or unzipped member) read: the biggest BattleScribe catalogue (Chaos
Data, 2021) is 1.4 MB."""
MAX_ZIP_MEMBERS = 64
MAX_XML_ELEMENTS = 100_000
"""The most elements one file may hold: the biggest catalogue holds 11,400."""
MAX_XML_DEPTH = 200
"""The deepest nesting of elements: BattleScribe catalogues and rosters nest 19 deep."""
_FEED = 1 << 16


class ImportProblem(ContentError):
    """A file that cannot be imported: unreadable, not XML, hostile, or of another game."""


def read_bytes(path: Path, *, suffixes: tuple[str, ...]) -> bytes:
    """The file's bytes, unzipped when it is a zip (the first member ending in `suffixes`).

    Raises ImportProblem for a missing, oversized or empty file, anything but a regular file
    (a pipe is never waited on) or a zip without such member.
    """
    try:
        data = read_regular_file(path, MAX_FILE_BYTES)
    except UnreadableFile as problem:
        raise ImportProblem(f"{path}: {problem.reason}") from None
    if data.startswith(b"PK\x03\x04") or data.startswith(b"PK\x05\x06"):
        return _unzip(path, suffixes)
    if not data.strip():
        raise ImportProblem(_("{path}: the file is empty").format(path=path))
    return data


def _unzip(path: Path, suffixes: tuple[str, ...]) -> bytes:
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            if len(members) > MAX_ZIP_MEMBERS:
                raise ImportProblem(
                    _("{path}: a zip of {n} files is not an export").format(
                        path=path, n=len(members)
                    )
                )
            wanted = [
                m for m in members if not m.is_dir() and m.filename.lower().endswith(suffixes)
            ]
            if not wanted:
                kinds = " / ".join(suffixes)
                raise ImportProblem(
                    _("{path}: the zip holds no {kinds} file").format(path=path, kinds=kinds)
                )
            member = wanted[0]
            too_large = _("{path}: {member} unzips to over the size limit").format(
                path=path, member=member.filename
            )
            if member.file_size > MAX_FILE_BYTES:
                raise ImportProblem(too_large)
            with archive.open(member) as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                raise ImportProblem(too_large)
            return data
    except (zipfile.BadZipFile, OSError, RuntimeError) as error:
        raise ImportProblem(
            _("{path}: not a readable zip ({reason})").format(path=path, reason=error)
        ) from None


class _TooMuch(Exception):
    """Raised from inside the parser when the file holds more than the element bounds."""


class _Builder(ElementTree.TreeBuilder):
    """A tree builder that strips namespaces from tags and counts elements and depth."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.depth = 0

    def start(self, tag: str, attrs: dict[str, str]) -> ElementTree.Element:
        self.count += 1
        self.depth += 1
        if self.count > MAX_XML_ELEMENTS:
            raise _TooMuch(
                _("more than {n} elements").format(n=f"{MAX_XML_ELEMENTS:,}".replace(",", " "))
            )
        if self.depth > MAX_XML_DEPTH:
            raise _TooMuch(_("elements nested more than {n} deep").format(n=MAX_XML_DEPTH))
        if tag.startswith("{"):
            tag = tag.split("}", 1)[1]
        return super().start(tag, attrs)

    def end(self, tag: str) -> ElementTree.Element:
        self.depth -= 1
        return super().end(tag)


def parse_xml(data: bytes, file: str) -> ElementTree.Element:
    """Parse XML with namespaces stripped from tags; DTDs, entities, external references,
    too many or too deeply nested elements and bad XML are refused (ImportProblem)."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    builder = _Builder()
    parser = DefusedXMLParser(
        target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True
    )
    try:
        for start in range(0, len(data), _FEED):
            parser.feed(data[start : start + _FEED])
        root: ElementTree.Element = parser.close()
    except DefusedXmlException:
        raise ImportProblem(
            _("{file}: a DOCTYPE or ENTITY declaration is not allowed in an import").format(
                file=file
            )
        ) from None
    except _TooMuch as problem:
        raise ImportProblem(
            _("{file}: {what}: not an export this tool reads").format(file=file, what=problem),
            _("import the file BattleScribe or New Recruit wrote, unchanged"),
        ) from None
    except ElementTree.ParseError as error:
        line = error.position[0] if getattr(error, "position", None) else None
        where = f"{file}:{line}" if line else file
        reason = str(error).split(":")[0]
        raise ImportProblem(
            _("{where}: not well-formed XML ({reason})").format(where=where, reason=reason)
        ) from None
    except (ValueError, LookupError) as error:  # an encoding expat cannot read (UTF-16LE, EBCDIC)
        raise ImportProblem(
            _("{where}: not well-formed XML ({reason})").format(where=file, reason=error),
            _("save it as UTF-8 or UTF-16"),
        ) from None
    return root
