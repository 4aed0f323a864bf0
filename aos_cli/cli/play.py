"""`aos demo`: a whole battle between the bundled demo armies, played by the tool."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aos_cli.cli.common import console, print_json

DEMO_ARMIES = ("stormcast-demo.yaml", "nighthaunt-demo.yaml")


def bundled_armies() -> list[Path]:
    """The demo army lists, from the installed package data or the source tree."""
    from aos_cli.content.loader import bundled_dirs

    for folder in bundled_dirs():
        armies = folder / "armies"
        if all((armies / name).is_file() for name in DEMO_ARMIES):
            return [armies / name for name in DEMO_ARMIES]
    from aos_cli.core.errors import ContentError

    raise ContentError("the demo armies are missing", "reinstall aos-cli")


def demo(
    seed: Annotated[int, typer.Option(help="Seed for the dice and the choices.")] = 1,
    battleplan: Annotated[str, typer.Option(help="Battleplan to fight.")] = "first-blood",
    quiet: Annotated[bool, typer.Option(help="Print only the battle report.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the battle report as JSON.")] = False,
) -> None:
    """Play a whole battle between the two bundled demo armies, then show the report."""
    from aos_cli.autoplay import AutoPlayer
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.turn import new_game
    from aos_cli.setup import build_setup
    from aos_cli.views.game import army_table
    from aos_cli.views.report import report_json, report_view

    setup = build_setup(bundled_armies(), battleplan, name="Demo battle")
    state = new_game(setup)
    out = console()
    talk = not (quiet or json)

    def emit(heading: str, notes: list[str]) -> None:
        if not talk:
            return
        if heading == "round-end":
            for index in range(len(state.sides)):
                out.print(army_table(state, index))
        elif heading:
            out.rule(heading, style="heading")
        for note in notes:
            out.print(f"  {note}")

    player = AutoPlayer(state, SeededDice(seed), seed, emit)
    player.play_battle()
    if json:
        print_json(report_json(state, player.rounds))
        return
    out.rule("Battle report", style="heading")
    out.print(report_view(state, player.rounds))
