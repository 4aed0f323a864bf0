"""`aos warscroll ...`: Read warscrolls from the rules database."""

from __future__ import annotations

import typer

warscroll_app = typer.Typer(help="Read warscrolls from the rules database.", no_args_is_help=True)
