"""Finding a record by id or name: case-insensitive, a unique prefix, or did-you-mean.

A leaf of content/: the schema (a warscroll's weapons) and the database both look up with it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Protocol, TypeVar

from aos_cli.core.errors import ContentError


class _Named(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=_Named)
"""A record with an id and a name."""


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
        raise ContentError(f"{query!r} matches several {what}s: {names}", "type more of the name")
    by_norm = {normalised(r.name): r.name for r in items}
    close = difflib.get_close_matches(wanted, list(by_norm), n=3, cutoff=0.5)
    hint = f"did you mean {' or '.join(repr(by_norm[c]) for c in close)}?" if close else None
    if hint is None:
        hint = f"see `aos {what} list`" if what in ("warscroll", "battleplan") else None
    raise ContentError(f"no {what} named {query!r}", hint)
