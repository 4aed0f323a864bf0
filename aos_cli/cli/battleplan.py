"""`aos battleplan ...`: Read battleplans from the rules database."""

from __future__ import annotations

import typer

battleplan_app = typer.Typer(help="Read battleplans from the rules database.", no_args_is_help=True)
