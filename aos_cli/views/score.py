"""Rich renderables and JSON for the score: the ledger per round, the standing, objectives."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aos_cli.core.state import GameState


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
                    "reason": e.reason,
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
        "needs": [] if state.ended else needs(state),
        "result": state.result,
        "objectives": objectives_json(state),
    }


def objectives_table(state: GameState) -> Table:
    """Objectives, their holders and territories."""
    table = Table(title="Objectives", header_style="heading")
    for column in ("Objective", "Where", "Range", "Held by", "Territory", "Counted this turn"):
        table.add_column(column)
    for o in state.objectives:
        counts = ", ".join(f"{state.sides[s].name} {n}" for s, n in sorted(o.counts.items()))
        table.add_row(
            f"{o.name} [muted]({o.id})[/]",
            o.position,
            f'{o.control_range}"',
            _side(state, o.holder) or "nobody",
            _side(state, o.territory) or "",
            counts,
        )
    return table


def score_view(state: GameState) -> Group:
    """The whole score screen: ledger, totals, standing or result, needs, objectives."""
    from aos_cli.core.scoring import describe, describe_lead, lead, needs

    parts: list[RenderableType] = []
    table = Table(title=f"Score · {battleplan_name(state)}", header_style="heading")
    table.add_column("Round", justify="right")
    table.add_column("Side")
    table.add_column("VP", justify="right")
    table.add_column("Why")
    for block in ledger_rounds(state):
        for entry in block["entries"]:
            points = str(entry["points"]) if entry["points"] else f"+{entry['command_points']} CP"
            table.add_row(str(block["round"]), entry["side"], points, entry["reason"])
    if not state.ledger:
        table.add_row("", "", "", "[muted]no points scored yet[/]")
    parts.append(table)
    totals = "   ".join(f"{s.name}: {s.victory_points} VP" for s in state.sides)
    parts.append(Text(f"Total  {totals}", style="heading"))
    if state.result is not None:
        parts.append(Text(f"Result: {describe(state.result)}"))
    else:
        now = lead(state)
        kind = now["if_it_ended_now"]
        ended_now = "a win" if kind == "win" else f"a {kind} victory"
        more = f" If it ended now: {ended_now}." if kind else ""
        parts.append(Text(f"{describe_lead(now)}{more}"))
        for entry in needs(state):
            parts.append(Text(f"  {entry['side']}: {entry['text']}"))
    if state.objectives:
        parts.append(objectives_table(state))
    return Group(*parts)


def battleplan_name(state: GameState) -> str:
    """The battleplan as players call it (`First Blood`), not its id."""
    plan = state.scoring.plan if state.scoring else None
    if plan is not None and plan.name:
        return plan.name
    return state.battleplan.replace("_", " ").replace("-", " ").title()
