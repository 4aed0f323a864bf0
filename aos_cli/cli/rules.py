"""`aos rules ...`: Core rules, tables and content validation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import ContentOption, JsonOption
from aos_cli.cli.warscroll import load_db, report_problems

rules_app = typer.Typer(help="Core rules, tables and content validation.", no_args_is_help=True)


@rules_app.command("show")
def rules_show(
    topic: Annotated[
        str,
        typer.Argument(
            help="What to show: phases, command-abilities, spells, scenery, triumphs, realms, "
            "command-traits, artefacts, rules, or any table, chart, realm or rule by name."
        ),
    ],
    system: Annotated[
        str | None, typer.Option(help="Game system: aos2 (default), aos1, wh40k8, mesbg.")
    ] = None,
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """Show part of a system's rules: tables, command abilities, spells, realms, phases."""
    from aos_cli.app.rules import find_topic
    from aos_cli.core.system import default_id
    from aos_cli.views.rules import topic_json, topic_view

    found = find_topic(load_db(content), system or default_id(), topic)
    if json:
        print_json(topic_json(found))
        return
    console().print(topic_view(found))


@rules_app.command("validate")
def rules_validate(
    paths: Annotated[list[Path], typer.Argument(help="Content files or folders to check.")],
    json: JsonOption = False,
) -> None:
    """Check content files: every problem as file:line: field: what is wrong; exit 1 if any."""
    from aos_cli.content import validate_paths
    from aos_cli.core.errors import ContentError
    from aos_cli.language.i18n import ngettext

    problems, count = validate_paths(paths)
    if json:
        print_json(
            {"files": count, "valid": not problems, "problems": [p.to_json() for p in problems]}
        )
    else:
        report_problems(problems, stream="stdout")
    if problems:
        files = len({p.file for p in problems})
        found = ngettext("{n} problem", "{n} problems", len(problems)).format(n=len(problems))
        where = ngettext("in {n} file", "in {n} files", files).format(n=files)
        checked = ngettext("{n} checked", "{n} checked", count).format(n=count)
        raise ContentError(f"{found} {where} ({checked})")
    if not json:
        valid = ngettext("{n} file valid.", "{n} files valid.", count).format(n=count)
        console().print(f"[success]{valid}[/]")
