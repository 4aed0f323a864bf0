"""`aos rules show TOPIC`: find the part of a system's rules a player asks for by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.content.lookup import normalised
from aos_cli.core.errors import ContentError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.content import Database
    from aos_cli.content.plain import Allegiance, RollTable, Ruleset

TOPICS = (
    "phases, command-abilities, spells, scenery, triumphs, realms, command-traits, artefacts, rules"
)
"""The topics by name, typed as they are whatever the language."""


@dataclass(frozen=True)
class Topic:
    """What was found: its kind (`phases`, `commands`, `spells`, `realms`, `rules`, `tables`,
    `chart`, `table`, `realm`, `rule`) and the plain record or records of that kind."""

    kind: str
    ruleset: Ruleset
    found: Any


def find_topic(db: Database, system: str, topic: str) -> Topic:
    """A group of rules by its name, else one table, chart, realm or rule by name or id. The
    system's allegiances are read only when their tables are asked for (or searched)."""
    ruleset = db.plain_ruleset(system)
    wanted = normalised(topic)

    def allegiances() -> list[Allegiance]:
        return db.plain_allegiances(ruleset.system)

    groups: dict[tuple[str, ...], tuple[str, Any]] = {
        ("phases", "phase", "turn"): ("phases", lambda: ruleset.phases),
        ("command abilities", "commands", "command"): (
            "commands", lambda: ruleset.command_abilities,
        ),
        ("spells", "spell", "powers", "magic"): (
            "spells", lambda: [*ruleset.spells, *(s for r in ruleset.realms for s in r.spells)],
        ),
        ("realms", "realm"): ("realms", lambda: ruleset.realms),
        ("rules", "rule"): ("rules", lambda: ruleset.rules),
        ("command traits", "traits"): (
            "tables",
            lambda: [*ruleset.command_traits, *(t for a in allegiances() for t in a.command_traits)],
        ),
        ("artefacts", "artifacts"): (
            "tables", lambda: [*ruleset.artefacts, *(t for a in allegiances() for t in a.artefacts)],
        ),
    }  # fmt: skip
    for names, (kind, found) in groups.items():
        if wanted in names:
            return Topic(kind, ruleset, list(found()))
    chart = next(
        (c for c in ruleset.charts if wanted in (normalised(c.id), normalised(c.name))), None
    )
    if chart is not None:
        return Topic("chart", ruleset, chart)
    own = [*ruleset.tables, *ruleset.command_traits, *ruleset.artefacts]
    table = _table(wanted, own) or _table(
        wanted, [t for a in allegiances() for t in (*a.command_traits, *a.artefacts)]
    )
    if table is not None:
        return Topic("table", ruleset, table)
    realm = next(
        (
            r
            for r in ruleset.realms
            if wanted in (normalised(r.id), normalised(r.name)) or wanted in normalised(r.name)
        ),
        None,
    )
    if realm is not None:
        return Topic("realm", ruleset, realm)
    rule = next(
        (r for r in ruleset.rules if wanted in (normalised(r.id), normalised(r.name))), None
    )
    if rule is not None:
        return Topic("rule", ruleset, rule)
    raise ContentError(
        _("no rules topic {topic} in {system}").format(topic=repr(topic), system=ruleset.system),
        _("topics: {topics}, or any table, chart, realm or rule by name").format(topics=TOPICS),
    )


def _table(wanted: str, tables: list[RollTable]) -> RollTable | None:
    """The first table named or id'd `wanted` (or whose id begins with it)."""
    return next(
        (
            t
            for t in tables
            if wanted in (normalised(t.id), normalised(t.name))
            or normalised(t.id).startswith(wanted)
        ),
        None,
    )
