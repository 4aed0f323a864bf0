"""The loaded rules database and its lookups: case-insensitive, unique prefix, did-you-mean."""

from __future__ import annotations

from dataclasses import dataclass, field

from aos_cli.content.lookup import R, normalised
from aos_cli.content.lookup import find as find
from aos_cli.content.schema import Allegiance, Battalion, Battleplan, Ruleset, Warscroll
from aos_cli.core.errors import ContentError


@dataclass(frozen=True)
class Origin:
    """Where a record was read: file shown to the user, line, and its path in the file."""

    file: str
    line: int | None
    path: str


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
            if normalised(item.faction) == normalised(name_or_id):
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
