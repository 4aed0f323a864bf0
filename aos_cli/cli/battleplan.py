"""`aos battleplan ...`: Read battleplans from the rules database."""

from __future__ import annotations

from typing import Annotated

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import ContentOption, JsonOption
from aos_cli.cli.warscroll import load_db

battleplan_app = typer.Typer(help="Read battleplans from the rules database.", no_args_is_help=True)


@battleplan_app.command("list")
def battleplan_list(
    system: Annotated[str | None, typer.Option(help="Only this game system.")] = None,
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """List battleplans and missions."""
    db = load_db(content)
    plans = sorted(db.battleplans.entries(), key=lambda p: (p.system or "", p.name))
    if system:
        plans = [p for p in plans if p.system == system.strip().lower()]
    from aos_cli.views.warscroll import battleplan_list_json, battleplans_table

    if json:
        print_json(battleplan_list_json(plans))
        return
    console().print(battleplans_table(plans))


@battleplan_app.command("show")
def battleplan_show(
    name: Annotated[str, typer.Argument(help="Name or id; any unique beginning will do.")],
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """Show a battleplan: set-up, special rules, battle length, objectives and victory."""
    db = load_db(content)
    plan = db.battleplan(name)
    if json:
        print_json(plan.model_dump(mode="json"))
        return
    from aos_cli.views.warscroll import battleplan_card

    console().print(battleplan_card(plan))
