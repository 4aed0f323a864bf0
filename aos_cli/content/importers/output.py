"""Write imported records as content files, replacing only what an earlier import wrote.

Each file an import writes starts with `MARKER`. Re-importing overwrites those files, and
takes the records it writes anew out of any other marked file (so a unit never ends up twice
in one folder); files without the marker are the player's own and are never touched.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from aos_cli.content.importers import IMPORTED_SYSTEM
from aos_cli.content.importers.safexml import ImportProblem
from aos_cli.content.schema import SCHEMA_VERSION, slug
from aos_cli.core.i18n import N_, _

NOT_IMPORTED = N_("{path} exists and was not written by an import")

MARKER = "# Written by aos import"
KINDS = ("warscrolls", "battalions", "allegiances")


def is_imported(path: Path) -> bool:
    """Whether a content file was written by an import (its first line is the marker)."""
    try:
        with path.open(encoding="utf-8") as handle:
            return handle.readline().startswith(MARKER)
    except (OSError, UnicodeDecodeError):
        return False


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


def _write(path: Path, text: str) -> None:
    handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temp, path)


def _ids(path: Path) -> dict[str, set[str]]:
    """The record ids of a content file by kind (empty when it cannot be read)."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
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
    for name in files:
        target = out / name
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

    text = path.read_text(encoding="utf-8")
    first, _, _rest = text.partition("\n")
    data = yaml.safe_load(text)
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
