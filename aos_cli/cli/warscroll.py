"""`aos warscroll ...`: Read warscrolls from the rules database.

Also home of the helpers the content commands share (`--content`, loading with every problem
printed). pydantic and yaml are imported only inside the commands (DESIGN §6).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import ContentOption, JsonOption

if TYPE_CHECKING:
    from aos_cli.content import Database, Problem

warscroll_app = typer.Typer(help="Read warscrolls from the rules database.", no_args_is_help=True)


def report_problems(problems: list[Problem], *, stream: str = "stderr") -> None:
    """Print every problem, one per line (`file.yaml:LINE: path: what is wrong`)."""
    out = sys.stderr if stream == "stderr" else sys.stdout
    for problem in problems:
        print(str(problem), file=out)


def load_db(content: list[Path] | None) -> Database:
    """Load the database; on bad content print every problem, then fail with a summary line."""
    from aos_cli.content import ContentProblems, load_database
    from aos_cli.core.errors import ContentError

    try:
        return load_database(content or [])
    except ContentProblems as problems:
        report_problems(problems.problems)
        from aos_cli.language.i18n import _

        raise ContentError(problems.summary, _("fix the content files listed above")) from None


@warscroll_app.command("list")
def warscroll_list(
    faction: Annotated[str | None, typer.Option(help="Only this faction.")] = None,
    system: Annotated[str | None, typer.Option(help="Only this game system.")] = None,
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """List warscrolls (and datasheets), optionally of one faction or system."""
    db = load_db(content)
    scrolls = sorted(db.warscrolls.entries(), key=lambda s: (s.system or "", s.faction, s.name))
    if faction:
        wanted = faction.strip().casefold()
        scrolls = [s for s in scrolls if s.faction.casefold().startswith(wanted)]
    if system:
        scrolls = [s for s in scrolls if s.system == system.strip().lower()]
    if json:
        from aos_cli.views.warscroll import warscroll_list_json

        print_json(warscroll_list_json(scrolls))
        return
    from aos_cli.views.warscroll import warscroll_list as view

    console().print(view(scrolls))


@warscroll_app.command("show")
def warscroll_show(
    name: Annotated[str, typer.Argument(help="Name or id; any unique beginning will do.")],
    system: Annotated[str | None, typer.Option(help="Only this game system.")] = None,
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """Show a warscroll as a card: characteristics, weapons, damage table, abilities, keywords."""
    scroll = load_db(content).plain_warscroll(name, system)
    if json:
        print_json(scroll.data)
        return
    from aos_cli.views.warscroll import warscroll_card

    console().print(warscroll_card(scroll))


@warscroll_app.command("import")
def warscroll_import(
    paths: Annotated[
        list[Path], typer.Argument(help="BattleScribe .gst/.cat (or .gstz/.catz) files or folders.")
    ],
    out: Annotated[
        Path | None,
        typer.Option(help="Folder to write to (default: the content folder of your data)."),
    ] = None,
    json: JsonOption = False,
) -> None:
    """Import every unit of BattleScribe / New Recruit data as warscrolls, with a report."""
    import sys

    from aos_cli.cli.common import shown
    from aos_cli.content.importers.battlescribe import import_into, report_lines
    from aos_cli.content.loader import user_data_dir

    def on_terminal(text: str) -> None:
        """Show the step on one line of the terminal (file by file), overwritten."""
        sys.stderr.write(f"\r\x1b[K{shown(text)[:150]}")
        sys.stderr.flush()

    step = on_terminal if not json and sys.stderr.isatty() else None

    try:
        report = import_into(paths, out or user_data_dir() / "content", step)
    finally:
        if step is not None:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
    if json:
        print_json(report.to_json())
        return
    for line in report_lines(report, shown):
        print(line)
