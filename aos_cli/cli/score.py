"""`aos score` and `aos objective`: the ledger and standing, and the objectives' holders.

Registered as top-level in-game commands by the app (aos_cli/cli/app.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import DbOption, GameOption, JsonOption
from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_MODELS
from aos_cli.core.numbers import is_ascii_whole, parse_whole
from aos_cli.language.i18n import _


def score(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """The score: the ledger per round, the standing, and what each side needs to win."""
    from aos_cli.app.session import open_game
    from aos_cli.views.score import score_json, score_view

    with open_game(db, game) as session:
        state = session.state()
    if json:
        print_json(score_json(state, session.game_id))
        return
    console().print(score_view(state))


def parse_models(values: list[str]) -> dict[str, int]:
    """`--models Stormcast=3 --models Nighthaunt=5` → {"Stormcast": 3, "Nighthaunt": 5}."""
    counts: dict[str, int] = {}
    for value in values:
        side, sep, number = value.rpartition("=")
        if not sep or not side.strip() or not is_ascii_whole(number.strip()):
            raise InputError(
                _("--models: {value} is not SIDE=N").format(value=repr(value)),
                _("write e.g. --models Stormcast=3"),
            )
        counts[side.strip()] = parse_whole(number, what="--models", high=MAX_MODELS)
    return counts


def objective(
    name: Annotated[str | None, typer.Argument(help="Objective id or name.")] = None,
    models: Annotated[
        list[str] | None,
        typer.Option("--models", help='SIDE=N: models of SIDE near it now (repeat per side).'),
    ] = None,
    holder: Annotated[
        str | None, typer.Option("--holder", help="Set who holds it (a correction; 'none').")
    ] = None,
    territory: Annotated[
        str | None, typer.Option("--territory", help="The side in whose territory it lies.")
    ] = None,
    place: Annotated[
        bool, typer.Option("--place", help="Place a new objective (40k: players place them).")
    ] = False,
    position: Annotated[str | None, typer.Option(help="Where a placed objective is.")] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Show the objectives and their holders; record the models near one (AoS2 §17.3)."""
    changes = models or holder is not None or territory is not None or place
    if not changes:
        _show_objectives(name, game=game, db=db, as_json=json)
        return
    if name is None:
        raise InputError(_("name the objective"), _("see `aos objective` for their ids"))
    payload: dict[str, Any] = {"objective": name}
    if models:
        payload["models"] = parse_models(models)
    if holder is not None:
        payload["holder"] = holder
    if territory is not None:
        payload["territory"] = territory
    if place:
        payload["place"] = True
        payload["position"] = position
    from aos_cli.cli.acting import act

    act("objective", payload, db=db, game=game, as_json=json)


def _show_objectives(name: str | None, *, game: str | None, db: Path | None, as_json: bool) -> None:
    from aos_cli.app.session import open_game
    from aos_cli.core.scoring import find_objective
    from aos_cli.views.score import objectives_json, objectives_table

    with open_game(db, game) as session:
        state = session.state()
        game_id = session.game_id
    if name is not None:
        wanted = find_objective(state, name).id
        state.objectives = [o for o in state.objectives if o.id == wanted]
    if as_json:
        print_json({"game": game_id, "objectives": objectives_json(state)})
        return
    if not state.objectives:
        console().print(
            _("This battleplan has no objectives (place some with `aos objective NAME --place`).")
        )
        return
    console().print(objectives_table(state))
