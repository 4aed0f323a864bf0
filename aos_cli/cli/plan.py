"""`aos plan`: the exact odds of the phase in a game (issue 29): each unit that may still shoot
or fight against each enemy unit it may attack, units attacking one target in order, and the
best plans. The numbers come from `aos_cli.app.planner`; this module parses and prints."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import DbOption, GameOption, JsonOption

if TYPE_CHECKING:
    from aos_cli.app.session import Session
    from aos_cli.core.state import GameState


def plan(
    unit: Annotated[
        list[str] | None,
        typer.Option(
            "--unit",
            help="Only this unit (repeatable); with one --target the units attack it in the "
            "order given.",
        ),
    ] = None,
    target: Annotated[
        list[str] | None, typer.Option("--target", help="Only this enemy unit (repeatable).")
    ] = None,
    focus: Annotated[
        str | None,
        typer.Option(
            "--focus",
            help="Plan to destroy this unit first, then make the best use of the rest.",
        ),
    ] = None,
    hits: Annotated[
        str | None,
        typer.Option(
            "--hits",
            help="With one --unit and --target: the hit rolls that succeeded (per weapon, "
            "3,2); the chance to destroy now against before the roll.",
        ),
    ] = None,
    wounds: Annotated[
        str | None,
        typer.Option("--wounds", help="As --hits, with the wound rolls that succeeded."),
    ] = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Exact odds of the phase: models slain and the chance to destroy each target, and the
    best plans (AoS2 §9, §11, §14; 40k8 §6-§8, §10)."""
    from aos_cli.app.planner import plan_phase
    from aos_cli.app.session import open_game
    from aos_cli.app.table_memory import table_memory
    from aos_cli.views.plan import plan_json, plan_lines

    if hits is not None or wounds is not None:
        _after_dice(unit or [], target or [], hits, wounds, game, db, json)
        return
    with open_game(db, game) as session:
        state = session.state()
        result = plan_phase(
            state,
            units=tuple(unit or ()),
            targets=tuple(target or ()),
            focus=focus,
            memory=table_memory(session.store, session.game_id),
        )
    if json:
        print_json(plan_json(result))
        return
    out = console()
    for line in plan_lines(result, out.width):
        out.print(line)


def show_plan(session: Session, state: GameState) -> None:
    """`p` in `aos play`: the plan of the phase as the game stands (what the table told the
    tool this phase is used, the rest taken as no and said)."""
    from aos_cli.app.planner import plan_phase
    from aos_cli.app.table_memory import table_memory
    from aos_cli.core.errors import GameError
    from aos_cli.views.plan import plan_lines

    out = console()
    try:
        result = plan_phase(state, memory=table_memory(session.store, session.game_id))
    except GameError as problem:
        out.print(str(problem), markup=False)
        return
    for line in plan_lines(result, out.width):
        out.print(line)


def offer_reroll(state: GameState, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """In `aos play`, before an attack: offer the side's triumph when it would reroll this
    attack's dice, showing the chance to destroy the target without and with it (AoS2 §16);
    the action's `triumph` field when the players take it."""
    from aos_cli.app.planner import triumph_offer
    from aos_cli.cli.common import ask_line
    from aos_cli.language.i18n import _
    from aos_cli.views.plan import reroll_line
    from aos_cli.views.words import read_yes_no, yes_no_hint

    if payload.get("triumph") or "target" not in payload:
        return {}
    offer = triumph_offer(state, state.unit(payload["unit"]), state.unit(payload["target"]), kind)
    if offer is None:
        return {}
    name, chances = offer
    console().print("  " + reroll_line(chances, name), markup=False)
    question = _("Declare {triumph} for this attack (once per battle)?").format(triumph=name)
    return {"triumph": True} if read_yes_no(ask_line(f"{question} {yes_no_hint()}")) else {}


def _after_dice(
    units: list[str],
    targets: list[str],
    hits: str | None,
    wounds: str | None,
    game: str | None,
    db: Any,
    as_json: bool,
) -> None:
    """`--hits` / `--wounds`: the chance to destroy before the roll and now."""
    from aos_cli.app.planner import chance_after_dice
    from aos_cli.app.session import open_game
    from aos_cli.app.table_memory import table_memory
    from aos_cli.core.errors import InputError
    from aos_cli.core.limits import MAX_ATTACKS, MAX_WEAPONS, check_at_most
    from aos_cli.core.numbers import parse_whole
    from aos_cli.language.i18n import _
    from aos_cli.views.charts import dist_json
    from aos_cli.views.plan import after_dice_line

    if hits is not None and wounds is not None:
        raise InputError(_("give --hits or --wounds, not both"))
    if len(units) != 1 or len(targets) != 1:
        raise InputError(
            _("--hits and --wounds need one --unit and one --target"),
            _("e.g. {example}").format(example="--unit judicators --target chainrasps --hits 4"),
        )
    flag, text = ("--hits", hits) if hits is not None else ("--wounds", wounds or "")
    parts = text.split(",")
    check_at_most(flag, len(parts), MAX_WEAPONS, "weapons")
    counts = [parse_whole(part, what=flag, high=MAX_ATTACKS) for part in parts]
    with open_game(db, game) as session:
        state = session.state()
        after = chance_after_dice(
            state, units[0], targets[0], "hit" if flag == "--hits" else "wound", counts,
            memory=table_memory(session.store, session.game_id),
        )  # fmt: skip
    if as_json:
        print_json(
            {
                "target": after.target, "stage": after.stage, "counts": list(after.counts),
                "destroyed_before": after.before, "destroyed_now": after.after,
                "slain_before": dist_json(after.slain_before),
                "slain_now": dist_json(after.slain_after),
            }
        )  # fmt: skip
        return
    console().print(after_dice_line(after), markup=False)
