"""Bundled warscrolls are never replaced in silence by an import (issue 23 §7).

The user's content folder overrides bundled records with the same id, on purpose: that is how
a player mends a warscroll. An import must not use that by accident, or the demo armies and the
README's examples would change under the player's feet. An imported warscroll whose id or name
a bundled warscroll has is written under the id `<id>-imported` and keeps its name: an army list
or a command that names it gets the bundled warscroll (a name shared by a bundled and an
imported warscroll finds the bundled one, see `aos_cli.content.lookup`), the imported one is
reached by its id; a roster import takes the imported one, whose choices are the catalogue's.
"""

from __future__ import annotations

from typing import Any

from aos_cli.content.lookup import IMPORTED_SUFFIX, normalised


def bundled_warscrolls() -> dict[str, str]:
    """Id → name of every bundled warscroll (read through the content cache)."""
    from aos_cli.content.loader import Cache, bundled_dirs, content_files, merge

    files, _problems = content_files(bundled_dirs())
    cache = Cache()
    results = [cache.result(path) for path in files]
    cache.save()
    db, _found = merge([results], check=False)
    return {entry.id: entry.name for entry in db.warscrolls.entries()}


def keep_bundled(
    warscrolls: list[dict[str, Any]], bundled: dict[str, str] | None = None
) -> list[dict[str, str]]:
    """Give every imported warscroll that shares an id or a name with a bundled one the id
    `<id>-imported`; the names that now have two sources, with both ids."""
    if bundled is None:
        bundled = bundled_warscrolls()
    names = {normalised(name): ident for ident, name in bundled.items()}
    taken = set(bundled) | {str(data["id"]) for data in warscrolls}
    shared: list[dict[str, str]] = []
    for data in warscrolls:
        ident = str(data["id"])
        twin = ident if ident in bundled else names.get(normalised(str(data["name"])))
        if twin is None:
            continue
        base = ident.removesuffix(IMPORTED_SUFFIX) + IMPORTED_SUFFIX
        fresh, number = base, 2
        while fresh in taken:
            fresh, number = f"{base}-{number}", number + 1
        taken.add(fresh)
        data["id"] = fresh
        shared.append({"name": str(data["name"]), "bundled": twin, "imported": fresh})
    return shared


def two_sources_lines(shared: list[dict[str, str]], shown: Any = str) -> list[str]:
    """The import report's lines for names that now have two sources."""
    from aos_cli.language.i18n import _, ngettext

    lines = [
        ngettext(
            "{n} name is now both bundled and imported: an army list naming it gets the "
            "bundled warscroll; give the imported one's id to get it.",
            "{n} names are now both bundled and imported: an army list naming one gets the "
            "bundled warscroll; give the imported one's id to get it.",
            len(shared),
        ).format(n=len(shared))
    ]
    lines.extend(
        "  "
        + _("{name}: bundled {bundled}, imported {imported}").format(
            name=shown(row["name"]), bundled=shown(row["bundled"]), imported=shown(row["imported"])
        )
        for row in shared
    )
    return lines
