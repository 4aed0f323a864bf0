"""The option types every command shares (`--json`, `--db`, `--game`, `--seed`, `--dice`,
`--answer`, `--content`), defined once so they read and behave the same everywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
DbOption = Annotated[
    Path | None, typer.Option("--db", help="Games database (default: AOS_DB or your data folder).")
]
GameOption = Annotated[
    str | None, typer.Option("--game", help="Game id or name (default: current).")
]
SeedOption = Annotated[int | None, typer.Option(help="Seed for repeatable dice.")]
DiceOption = Annotated[str, typer.Option(help="auto (the tool rolls) or manual (you type).")]
AnswerOption = Annotated[
    list[str] | None,
    typer.Option(
        "--answer",
        help="Answer a question the tool would ask: KEY=yes|no|NUMBER (repeatable).",
    ),
]
ContentOption = Annotated[
    list[Path] | None,
    typer.Option("--content", help="Extra content folder (repeatable); later ones override."),
]
UnitArg = Annotated[str, typer.Argument(help="Unit id or name (see `aos status`).")]
