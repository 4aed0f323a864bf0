"""Finding a record by id or name: case-insensitive, a unique prefix, or did-you-mean.

A leaf of content/: the schema (a warscroll's weapons) and the database both look up with it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Protocol, TypeVar

from aos_cli.core.errors import ContentError
from aos_cli.language.i18n import _


class _Named(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=_Named)
"""A record with an id and a name."""


IMPORTED_SUFFIX = "-imported"
"""The id ending of an imported record that shares its name with a bundled one (the bundled
one is what the name finds; see `aos_cli.content.importers.bundled`)."""


def normalised(text: str) -> str:
    """Case, hyphens, underscores and repeated spaces do not matter in names."""
    return re.sub(r"[\s_-]+", " ", text.strip().casefold())


def find(records: Iterable[R], query: str, what: str) -> R:
    """Find by id or name: exact (normalised) first, then a unique prefix; else a ContentError
    with "did you mean" suggestions."""
    items = list(records)
    by_id = [r for r in items if r.id == query.strip()]
    if len(by_id) == 1:
        return by_id[0]
    wanted = normalised(query)
    exact = [r for r in items if wanted in (normalised(r.id), normalised(r.name))]
    if len(exact) > 1:
        # A name shared by a bundled record and an imported one finds the bundled one.
        kept = [r for r in exact if not r.id.endswith(IMPORTED_SUFFIX)]
        exact = kept if len(kept) == 1 else exact
    if len(exact) == 1:
        return exact[0]
    prefix = exact or [
        r
        for r in items
        if normalised(r.name).startswith(wanted) or normalised(r.id).startswith(wanted)
    ]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        names = ", ".join(sorted(r.name for r in prefix)[:8])
        raise ContentError(
            _said(what)[1].format(name=repr(query), names=names), _("type more of the name")
        )
    by_norm = {normalised(r.name): r.name for r in items}
    close = difflib.get_close_matches(wanted, list(by_norm), n=3, cutoff=0.5)
    hint = (
        _("did you mean {names}?").format(names=", ".join(repr(by_norm[c]) for c in close))
        if close
        else None
    )
    if hint is None and what in ("warscroll", "battleplan"):
        hint = _("see `aos {what} list`").format(what=what)
    raise ContentError(_said(what)[0].format(name=repr(query)), hint)


def _said(what: str) -> tuple[str, str]:
    """For records of the kind `what`: the message for a name that finds none, and for a name
    that fits several."""
    said = {
        "warscroll": (
            _("no warscroll named {name}"),
            _("{name} matches several warscrolls: {names}"),
        ),
        "battleplan": (
            _("no battleplan named {name}"),
            _("{name} matches several battleplans: {names}"),
        ),
        "battalion": (
            _("no battalion named {name}"),
            _("{name} matches several battalions: {names}"),
        ),
        "allegiance": (
            _("no allegiance named {name}"),
            _("{name} matches several allegiances: {names}"),
        ),
        "weapon": (_("no weapon named {name}"), _("{name} matches several weapons: {names}")),
        "power": (_("no power named {name}"), _("{name} matches several powers: {names}")),
    }
    return said.get(what, (_("nothing named {name}"), _("{name} matches several: {names}")))
