"""The loaded rules database and its lookups: case-insensitive, unique prefix, did-you-mean."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from aos_cli.content.schema import Allegiance, Battalion, Battleplan, Ruleset, Warscroll
from aos_cli.core.errors import ContentError


class _Named(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=_Named)


@dataclass(frozen=True)
class Origin:
    """Where a record was read: file shown to the user, line, and its path in the file."""

    file: str
    line: int | None
    path: str


def _norm(text: str) -> str:
    """Case, hyphens, underscores and repeated spaces do not matter in names."""
    return re.sub(r"[\s_-]+", " ", text.strip().casefold())


def find(records: Iterable[R], query: str, what: str) -> R:
    """Find by id or name: exact (normalised) first, then a unique prefix; else a ContentError
    with "did you mean" suggestions."""
    items = list(records)
    by_id = [r for r in items if r.id == query.strip()]
    if len(by_id) == 1:
        return by_id[0]
    wanted = _norm(query)
    exact = [r for r in items if wanted in (_norm(r.id), _norm(r.name))]
    if len(exact) == 1:
        return exact[0]
    prefix = exact or [
        r for r in items if _norm(r.name).startswith(wanted) or _norm(r.id).startswith(wanted)
    ]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        names = ", ".join(sorted(r.name for r in prefix)[:8])
        raise ContentError(f"{query!r} matches several {what}s: {names}", "type more of the name")
    by_norm = {_norm(r.name): r.name for r in items}
    close = difflib.get_close_matches(wanted, list(by_norm), n=3, cutoff=0.5)
    hint = f"did you mean {' or '.join(repr(by_norm[c]) for c in close)}?" if close else None
    if hint is None:
        hint = f"see `aos {what} list`" if what in ("warscroll", "battleplan") else None
    raise ContentError(f"no {what} named {query!r}", hint)


@dataclass
class Database:
    """Every record loaded, keyed by id (later content folders override earlier ones)."""

    warscrolls: dict[str, Warscroll] = field(default_factory=dict)
    battalions: dict[str, Battalion] = field(default_factory=dict)
    allegiances: dict[str, Allegiance] = field(default_factory=dict)
    battleplans: dict[str, Battleplan] = field(default_factory=dict)
    rulesets: dict[str, Ruleset] = field(default_factory=dict)
    """Keyed by system (aos2, aos1, wh40k8, mesbg)."""
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    """(kind, id) → where the record in force was read."""
    army_files: list[str] = field(default_factory=list)
    """Army lists found among the content (validated by `load_army`, not loaded here)."""

    @staticmethod
    def _of(records: dict[str, R], system: str | None) -> list[R]:
        return [
            r for r in records.values() if system is None or getattr(r, "system", None) == system
        ]

    def warscroll(self, name_or_id: str, system: str | None = None) -> Warscroll:
        """A warscroll by id or name (case-insensitive, unique prefix), optionally of a system."""
        return find(self._of(self.warscrolls, system), name_or_id, "warscroll")

    def battleplan(self, name_or_id: str, system: str | None = None) -> Battleplan:
        """A battleplan (or mission) by id or name."""
        return find(self._of(self.battleplans, system), name_or_id, "battleplan")

    def battalion(self, name_or_id: str, system: str | None = None) -> Battalion:
        """A warscroll battalion by id or name."""
        return find(self._of(self.battalions, system), name_or_id, "battalion")

    def allegiance(self, name_or_id: str, system: str | None = None) -> Allegiance:
        """An allegiance by id, name or faction."""
        items = self._of(self.allegiances, system)
        for item in items:
            if _norm(item.faction) == _norm(name_or_id):
                return item
        return find(items, name_or_id, "allegiance")

    def ruleset(self, system: str) -> Ruleset:
        """The ruleset of a game system (aos2, aos1, wh40k8, mesbg)."""
        try:
            return self.rulesets[system.strip().lower()]
        except KeyError:
            known = ", ".join(sorted(self.rulesets)) or "none loaded"
            raise ContentError(f"no ruleset for system {system!r}", f"systems: {known}") from None

    def factions(self) -> list[str]:
        """Every faction with a warscroll, sorted."""
        return sorted({w.faction for w in self.warscrolls.values()})
