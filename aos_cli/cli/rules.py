"""`aos rules ...`: Core rules, tables and content validation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.warscroll import ContentOption, JsonOption, load_db, report_problems

rules_app = typer.Typer(help="Core rules, tables and content validation.", no_args_is_help=True)

TOPICS = (
    "phases, command-abilities, spells, scenery, triumphs, realms, command-traits, artefacts, "
    "rules, or any table, chart, realm or rule by name"
)


def _norm(text: str) -> str:
    return re.sub(r"[\s_-]+", " ", text.strip().casefold())


@rules_app.command("show")
def rules_show(
    topic: Annotated[str, typer.Argument(help=f"What to show: {TOPICS}.")],
    system: Annotated[str, typer.Option(help="Game system: aos2, aos1, wh40k8, mesbg.")] = "aos2",
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """Show part of a system's rules: tables, command abilities, spells, realms, phases."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from aos_cli.core.errors import ContentError
    from aos_cli.views.warscroll import abilities_table, roll_table

    db = load_db(content)
    ruleset = db.ruleset(system)
    wanted = _norm(topic)
    data: Any
    view: Any
    tables = [*ruleset.tables, *ruleset.command_traits, *ruleset.artefacts]
    allegiance_tables = [
        t
        for a in db.allegiances.values()
        if a.system == ruleset.system
        for t in (*a.command_traits, *a.artefacts)
    ]
    if wanted in ("phases", "phase", "turn"):
        data = [p.model_dump(mode="json") for p in ruleset.phases]
        grid = Table(title=f"{ruleset.name}: the turn", title_justify="left")
        grid.add_column("#")
        grid.add_column("Phase")
        grid.add_column("What happens")
        for index, phase in enumerate(ruleset.phases, 1):
            grid.add_row(str(index), phase.name, phase.text)
        view = grid
    elif wanted in ("command abilities", "commands", "command"):
        data = [c.model_dump(mode="json") for c in ruleset.command_abilities]
        view = abilities_table("Command abilities", ruleset.command_abilities)
    elif wanted in ("spells", "spell", "powers", "magic"):
        spells = [*ruleset.spells, *(s for r in ruleset.realms for s in r.spells)]
        data = [s.model_dump(mode="json") for s in spells]
        view = abilities_table("Spells", spells)
    elif wanted in ("realms", "realm"):
        data = [r.model_dump(mode="json") for r in ruleset.realms]
        view = Group(*(_realm(r) for r in ruleset.realms)) if ruleset.realms else "No realms."
    elif wanted in ("rules", "rule"):
        data = [r.model_dump(mode="json") for r in ruleset.rules]
        grid = Table(title=f"{ruleset.name}: rules", title_justify="left")
        for column in ("Rule", "Section", "Text"):
            grid.add_column(column)
        for rule in ruleset.rules:
            grid.add_row(rule.name, rule.section or "", rule.text)
        view = grid
    elif wanted in ("command traits", "traits", "artefacts", "artifacts"):
        kind = "command_traits" if "trait" in wanted else "artefacts"
        found = [*getattr(ruleset, kind)] + [
            t
            for a in db.allegiances.values()
            if a.system == ruleset.system
            for t in getattr(a, kind)
        ]
        data = [t.model_dump(mode="json") for t in found]
        view = Group(*(roll_table(t) for t in found)) if found else "None in this system."
    else:
        table = next(
            (
                t
                for t in [*tables, *allegiance_tables]
                if wanted in (_norm(t.id), _norm(t.name)) or _norm(t.id).startswith(wanted)
            ),
            None,
        )
        realm = next(
            (
                r
                for r in ruleset.realms
                if wanted in (_norm(r.id), _norm(r.name)) or wanted in _norm(r.name)
            ),
            None,
        )
        named = next(
            (r for r in ruleset.rules if wanted in (_norm(r.id), _norm(r.name))),
            None,
        )
        chart = next(
            (c for c in ruleset.charts if wanted in (_norm(c.id), _norm(c.name))),
            None,
        )
        if chart is not None:
            data = chart.model_dump(mode="json")
            grid = Table(title=chart.name, caption=chart.text, title_justify="left")
            for column in ("When", "Result", ""):
                grid.add_column(column)
            for row in chart.rows:
                grid.add_row(row.when, row.result, row.text or "")
            view = grid
        elif table is not None:
            data, view = table.model_dump(mode="json"), roll_table(table)
        elif realm is not None:
            data, view = realm.model_dump(mode="json"), _realm(realm)
        elif named is not None:
            data = named.model_dump(mode="json")
            view = Text.assemble((named.name, "heading"), f" ({named.section}): {named.text}")
        else:
            raise ContentError(f"no rules topic {topic!r} in {ruleset.system}", f"topics: {TOPICS}")
    if json:
        print_json(data)
        return
    console().print(view)


def _realm(realm: Any) -> Any:
    from rich.console import Group
    from rich.text import Text

    from aos_cli.views.warscroll import abilities_table, roll_table

    parts: list[Any] = [Text(realm.name, style="heading"), Text(realm.text)]
    if realm.realmscape_features is not None:
        parts.append(roll_table(realm.realmscape_features))
    if realm.spells:
        parts.append(abilities_table("Realmsphere magic", realm.spells))
    if realm.commands:
        parts.append(abilities_table("Realm commands", realm.commands))
    for rule in realm.rules:
        parts.append(Text.assemble((rule.name, "bold"), f": {rule.text}"))
    return Group(*parts)


@rules_app.command("validate")
def rules_validate(
    paths: Annotated[list[Path], typer.Argument(help="Content files or folders to check.")],
    json: JsonOption = False,
) -> None:
    """Check content files: every problem as file:line: field: what is wrong; exit 1 if any."""
    from aos_cli.content import validate_paths
    from aos_cli.core.errors import ContentError

    problems, count = validate_paths(paths)
    if json:
        print_json(
            {"files": count, "valid": not problems, "problems": [p.to_json() for p in problems]}
        )
    else:
        report_problems(problems, stream="stdout")
    if problems:
        files = len({p.file for p in problems})
        raise ContentError(
            f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in "
            f"{files} file{'s' if files != 1 else ''} ({count} checked)"
        )
    if not json:
        console().print(f"[success]{count} file{'s' if count != 1 else ''} valid.[/]")
