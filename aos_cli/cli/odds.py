"""`aos odds ...`: Exact odds for every roll the game makes."""

from __future__ import annotations

import typer

odds_app = typer.Typer(help="Exact odds for every roll the game makes.", no_args_is_help=True)
