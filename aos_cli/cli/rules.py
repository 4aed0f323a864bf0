"""`aos rules ...`: Core rules, tables and content validation."""

from __future__ import annotations

import typer

rules_app = typer.Typer(help="Core rules, tables and content validation.", no_args_is_help=True)
