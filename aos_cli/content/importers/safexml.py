"""Read other programs' XML safely: bounded sizes, zipped files, no DTDs or entities.

`xml.etree.ElementTree` expands internal entities, so a file carrying `<!DOCTYPE` or
`<!ENTITY` is refused before parsing (a "billion laughs" file is then never expanded). Zipped
files (`.catz`, `.gstz`, `.rosz`) are read member by member within a size bound.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

from aos_cli.content.files import UnreadableFile, read_regular_file
from aos_cli.core.errors import ContentError
from aos_cli.core.i18n import _

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file (or unzipped member) read: the biggest BattleScribe catalogue is ~5 MB."""
MAX_ZIP_MEMBERS = 64
_HOSTILE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


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


def parse_xml(data: bytes, file: str) -> ElementTree.Element:
    """Parse XML with namespaces stripped from tags; DTDs, entities and bad XML are refused."""
    if _HOSTILE.search(data[:1_000_000]) or _HOSTILE.search(data):
        raise ImportProblem(
            _("{file}: a DOCTYPE or ENTITY declaration is not allowed in an import").format(
                file=file
            )
        )
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        line = error.position[0] if getattr(error, "position", None) else None
        where = f"{file}:{line}" if line else file
        reason = str(error).split(":")[0]
        raise ImportProblem(
            _("{where}: not well-formed XML ({reason})").format(where=where, reason=reason)
        ) from None
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.startswith("{"):
            element.tag = element.tag.split("}", 1)[1]
    return root
