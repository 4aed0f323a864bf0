"""Write imported records as content files, replacing only what an earlier import wrote.

Each file an import writes starts with `MARKER`. Re-importing overwrites those files, and
takes the records it writes anew out of any other marked file (so a unit never ends up twice
in one folder); files without the marker are the player's own and are never touched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aos_cli.content.importers import IMPORTED_SYSTEM
from aos_cli.content.importers.safexml import ImportProblem
from aos_cli.content.schema import SCHEMA_VERSION, slug
from aos_cli.language.i18n import N_, _

NOT_IMPORTED = N_("{path} exists and was not written by an import")

MARKER = "# Written by aos import"
KINDS = ("warscrolls", "battalions", "allegiances")


def is_imported(path: Path) -> bool:
    """Whether a content file was written by an import (its first line is the marker)."""
    from aos_cli.content.files import first_line

    line = first_line(path)
    return line is not None and line.startswith(MARKER)


def _dump(data: dict[str, Any]) -> str:
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text: str = yaml.dump(
        data,
        Dumper=dumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
        default_flow_style=False,
    )
    return text


TEMP_PREFIX = ".aos-import-"
"""Temporary files an import writes before renaming them into place: a killed import leaves
one behind, and the next import into that folder deletes it (under the folder's lock)."""


def write_atomic(path: Path, text: str) -> None:
    """Write `path` whole or not at all: a temporary file in its folder, flushed to disk, then
    renamed over it. The temporary file is removed on any failure; one left by a killed
    process is cleaned up by the next import (`import_lock`)."""
    from aos_cli.content.files import check_output

    check_output(path)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=TEMP_PREFIX, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


@contextlib.contextmanager
def import_lock(folder: Path) -> Iterator[None]:
    """Hold the folder's import lock (an advisory lock on the folder itself: one import writes
    into a folder at a time, and no lock file is left behind) and, holding it, delete the
    temporary files a killed import left there: no one else is writing them."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; temporary files are left as they are
        yield
        return
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as error:
        raise ImportProblem(
            _("{path}: cannot be written ({reason})").format(
                path=folder, reason=error.strerror or error
            )
        ) from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:  # a file system without locks (some network shares): no clean-up
            yield
            return
        clean_leftovers(folder)
        yield
    finally:
        os.close(handle)


def clean_leftovers(folder: Path) -> list[str]:
    """Delete the temporary files killed imports left in `folder`; their names."""
    removed = []
    for path in sorted(folder.glob(f"{TEMP_PREFIX}*.tmp")):
        with contextlib.suppress(OSError):
            if path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(path.name)
    return removed


_write = write_atomic


def _ids(path: Path) -> dict[str, set[str]]:
    """The record ids of a content file by kind (empty when it cannot be read)."""
    import yaml

    from aos_cli.content.files import UnreadableFile, read_text_file

    try:
        data = yaml.safe_load(read_text_file(path))
    except (UnreadableFile, yaml.YAMLError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    found: dict[str, set[str]] = {}
    for kind in KINDS:
        items = data.get(kind)
        if isinstance(items, list):
            found[kind] = {
                str(item.get("id") or slug(str(item.get("name", ""))))
                for item in items
                if isinstance(item, dict)
            }
    return found


def file_name(label: str, prefix: str = "imported") -> str:
    """`Stormcast Eternals` → `imported-stormcast-eternals.yaml`."""
    return f"{prefix}-{slug(label) or 'content'}.yaml"


def taken_ids(out: Path, replacing: set[str]) -> dict[str, str]:
    """Warscroll ids already defined by the player's own files in `out` (id → file name);
    files named in `replacing` and files an import wrote are left out."""
    taken: dict[str, str] = {}
    if not out.is_dir():
        return taken
    for path in sorted(out.glob("*.y*ml")):
        if path.name in replacing or is_imported(path):
            continue
        for ident in _ids(path).get("warscrolls", set()):
            taken[ident] = path.name
    return taken


def write_files(
    out: Path, files: dict[str, dict[str, list[dict[str, Any]]]], header: str
) -> list[str]:
    """Write each file (name → records by kind) into `out` and take their records out of other
    files an earlier import wrote. Returns the paths written. A player's own file of the same
    name is never overwritten (ImportProblem)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ImportProblem(
            _("{path}: cannot create the folder ({reason})").format(path=out, reason=error.strerror)
        ) from None
    with import_lock(out):
        return _write_files(out, files, header)


def _write_files(
    out: Path, files: dict[str, dict[str, list[dict[str, Any]]]], header: str
) -> list[str]:
    from aos_cli.content.files import output_problem

    for name in files:
        target = out / name
        problem = output_problem(target)
        if problem is not None:
            raise ImportProblem(f"{str(target)!r} {problem}")
        if target.exists() and not is_imported(target):
            raise ImportProblem(
                _(NOT_IMPORTED).format(path=target), _("move it, or give --out another folder")
            )
    new_ids = {kind: {r["id"] for f in files.values() for r in f.get(kind, [])} for kind in KINDS}
    for path in sorted(out.glob("*.y*ml")):
        if path.name in files or not is_imported(path):
            continue
        held = _ids(path)
        if not any(held.get(kind, set()) & new_ids[kind] for kind in KINDS):
            continue
        _prune(path, new_ids)
    written: list[str] = []
    for name, records in files.items():
        body: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "system": IMPORTED_SYSTEM}
        body.update({kind: items for kind, items in records.items() if items})
        _write(out / name, f"{MARKER}: {header}\n" + _dump(body))
        written.append(str(out / name))
    return written


def _prune(path: Path, remove: dict[str, set[str]]) -> None:
    """Take records out of an imported file; delete it when nothing is left."""
    import yaml

    from aos_cli.content.files import UnreadableFile, read_text_file

    try:
        text = read_text_file(path)
        data = yaml.safe_load(text)
    except (UnreadableFile, yaml.YAMLError, RecursionError):
        return
    first, _, _rest = text.partition("\n")
    if not isinstance(data, dict):
        return
    left = 0
    for kind in KINDS:
        items = data.get(kind)
        if not isinstance(items, list):
            continue
        kept = [i for i in items if not (isinstance(i, dict) and i.get("id") in remove[kind])]
        data[kind] = kept
        left += len(kept)
        if not kept:
            del data[kind]
    if left == 0:
        path.unlink()
        return
    _write(path, first + "\n" + _dump(data))
