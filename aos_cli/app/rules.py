"""`aos rules show TOPIC`: find the part of a system's rules a player asks for by name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aos_cli.content.lookup import normalised
from aos_cli.core.errors import ContentError

if TYPE_CHECKING:
    from aos_cli.content import Database
    from aos_cli.content.schema import Ruleset

TOPICS = (
    "phases, command-abilities, spells, scenery, triumphs, realms, command-traits, artefacts, "
    "rules, or any table, chart, realm or rule by name"
)


@dataclass(frozen=True)
class Topic:
    """What was found: its kind (`phases`, `commands`, `spells`, `realms`, `rules`, `tables`,
    `chart`, `table`, `realm`, `rule`) and the record or records of that kind."""

    kind: str
    ruleset: Ruleset
    found: Any


def find_topic(db: Database, system: str, topic: str) -> Topic:
    """A group of rules by its name, else one table, chart, realm or rule by name or id."""
    ruleset = db.ruleset(system)
    wanted = normalised(topic)
    allegiances = [db.allegiances[e.id] for e in db.allegiances.entries(ruleset.system)]
    groups: dict[tuple[str, ...], tuple[str, Any]] = {
        ("phases", "phase", "turn"): ("phases", ruleset.phases),
        ("command abilities", "commands", "command"): ("commands", ruleset.command_abilities),
        ("spells", "spell", "powers", "magic"): (
            "spells", [*ruleset.spells, *(s for r in ruleset.realms for s in r.spells)],
        ),
        ("realms", "realm"): ("realms", ruleset.realms),
        ("rules", "rule"): ("rules", ruleset.rules),
        ("command traits", "traits"): (
            "tables", [*ruleset.command_traits, *(t for a in allegiances for t in a.command_traits)],
        ),
        ("artefacts", "artifacts"): (
            "tables", [*ruleset.artefacts, *(t for a in allegiances for t in a.artefacts)],
        ),
    }  # fmt: skip
    for names, (kind, found) in groups.items():
        if wanted in names:
            return Topic(kind, ruleset, found)
    tables = [
        *ruleset.tables, *ruleset.command_traits, *ruleset.artefacts,
        *(t for a in allegiances for t in (*a.command_traits, *a.artefacts)),
    ]  # fmt: skip
    chart = next(
        (c for c in ruleset.charts if wanted in (normalised(c.id), normalised(c.name))), None
    )
    table = next(
        (
            t
            for t in tables
            if wanted in (normalised(t.id), normalised(t.name))
            or normalised(t.id).startswith(wanted)
        ),
        None,
    )
    realm = next(
        (
            r
            for r in ruleset.realms
            if wanted in (normalised(r.id), normalised(r.name)) or wanted in normalised(r.name)
        ),
        None,
    )
    rule = next(
        (r for r in ruleset.rules if wanted in (normalised(r.id), normalised(r.name))), None
    )
    for kind, found in (("chart", chart), ("table", table), ("realm", realm), ("rule", rule)):
        if found is not None:
            return Topic(kind, ruleset, found)
    raise ContentError(f"no rules topic {topic!r} in {ruleset.system}", f"topics: {TOPICS}")
