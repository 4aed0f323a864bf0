"""Rich renderables and JSON for the score: the ledger per round, the standing, objectives."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aos_cli.core.state import GameState
from aos_cli.language.i18n import N_, _
from aos_cli.views.tables import FitTable
from aos_cli.views.theme import markup_safe, name_text


def _side(state: GameState, index: int | None) -> str | None:
    return None if index is None else state.sides[index].name


def objectives_json(state: GameState) -> list[dict[str, Any]]:
    """Every objective: where it is, its range, who holds it, whose territory it is in."""
    return [
        {
            "id": o.id,
            "name": o.name,
            "position": o.position,
            "control_range": o.control_range,
            "holder": _side(state, o.holder),
            "territory": _side(state, o.territory),
            "counts": {state.sides[s].name: n for s, n in sorted(o.counts.items())},
        }
        for o in state.objectives
    ]


def ledger_rounds(state: GameState) -> list[dict[str, Any]]:
    """The ledger grouped by battle round, with each side's points in that round."""
    rounds: dict[int, list[Any]] = {}
    for entry in state.ledger:
        rounds.setdefault(entry.round, []).append(entry)
    return [
        {
            "round": number,
            "entries": [
                {
                    "side": state.sides[e.side].name,
                    "points": e.points,
                    "command_points": e.command_points,
                    "reason": str(e.reason),
                }
                for e in entries
            ],
            "victory_points": {
                side.name: sum(e.points for e in entries if e.side == index)
                for index, side in enumerate(state.sides)
            },
        }
        for number, entries in sorted(rounds.items())
    ]


def score_json(state: GameState, game_id: int) -> dict[str, Any]:
    """`aos score --json`: per side victory points, the ledger per round, the standing (the
    result if the battle ended now), who leads before the end, what each side needs."""
    from aos_cli.core.scoring import decide, lead, needs

    return {
        "game": game_id,
        "battleplan": state.battleplan,
        "round": state.round,
        "ended": state.ended,
        "sides": [
            {
                "name": side.name,
                "players": list(side.players),
                "victory_points": side.victory_points,
                "command_points": side.command_points,
            }
            for side in state.sides
        ],
        "rounds": ledger_rounds(state),
        "standing": state.result or decide(state, final=False),
        "lead": None if state.result else lead(state),
        "needs": [] if state.ended else [n | {"text": str(n["text"])} for n in needs(state)],
        "result": state.result,
        "objectives": objectives_json(state),
    }


def objectives_table(state: GameState) -> Table:
    """Objectives, their holders and territories."""
    table = FitTable(title=_("Objectives"), header_style="heading")
    for column in (_("Objective"), _("Where"), _("Range"), _("Held by"), _("Territory"),
                   _("Counted this turn")):  # fmt: skip
        table.add_column(column)
    for o in state.objectives:
        counts = ", ".join(f"{state.sides[s].name} {n}" for s, n in sorted(o.counts.items()))
        table.add_row(
            f"{markup_safe(o.name)} [muted]({markup_safe(o.id)})[/]",
            name_text(o.position),
            f'{o.control_range}"',
            name_text(_side(state, o.holder) or _("nobody")),
            name_text(_side(state, o.territory) or ""),
            name_text(counts),
        )
    return table


def score_view(state: GameState) -> Group:
    """The whole score screen: ledger, totals, standing or result, needs, objectives."""
    from aos_cli.core.scoring import describe, describe_lead, lead, needs

    parts: list[RenderableType] = []
    title = _("Score · {battleplan}").format(battleplan=markup_safe(battleplan_name(state)))
    table = FitTable(title=title, header_style="heading")
    table.add_column(_("Round"), justify="right")
    table.add_column(_("Side"))
    table.add_column(_("VP"), justify="right")
    table.add_column(_("Why"))
    for block in ledger_rounds(state):
        for entry in block["entries"]:
            points = (
                str(entry["points"])
                if entry["points"]
                else _("+{n} CP").format(n=entry["command_points"])
            )
            table.add_row(
                str(block["round"]), name_text(entry["side"]), points, name_text(entry["reason"])
            )
    if not state.ledger:
        table.add_row("", "", "", "[muted]" + _("no points scored yet") + "[/]")
    parts.append(table)
    totals = "   ".join(
        _("{side}: {n} VP").format(side=s.name, n=s.victory_points) for s in state.sides
    )
    parts.append(Text(_("Total  {totals}").format(totals=totals), style="heading"))
    if state.result is not None:
        parts.append(Text(_("Result: {result}").format(result=describe(state.result))))
    else:
        now = lead(state)
        kind = now["if_it_ended_now"]
        more = ""
        if kind:
            ended_now = _(IF_IT_ENDED_NOW.get(kind, kind))
            more = " " + _("If it ended now: {result}.").format(result=ended_now)
        parts.append(Text(f"{describe_lead(now)}{more}"))
        for entry in needs(state):
            parts.append(Text(f"  {entry['side']}: {entry['text']}"))
    if state.objectives:
        parts.append(objectives_table(state))
    return Group(*parts)


IF_IT_ENDED_NOW = {"win": N_("a win"), "major": N_("a major victory"),
                   "minor": N_("a minor victory"), "draw": N_("a draw")}  # fmt: skip
"""The result the standing would give if the battle ended now."""


def battleplan_name(state: GameState) -> str:
    """The battleplan as players call it (`First Blood`), not its id."""
    plan = state.scoring.plan if state.scoring else None
    if plan is not None and plan.name:
        return plan.name
    return state.battleplan.replace("_", " ").replace("-", " ").title()
