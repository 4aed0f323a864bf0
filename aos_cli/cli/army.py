"""`aos army ...`: Check and show army lists."""

from __future__ import annotations

import typer

army_app = typer.Typer(help="Check and show army lists.", no_args_is_help=True)
