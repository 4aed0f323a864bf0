"""The saved games and a game's history, for people (Rich) and programs (JSON)."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from aos_cli.app.history import LogEntry
    from aos_cli.store import GameRecord


def games_json(games: list[GameRecord], current: int | None) -> list[dict[str, Any]]:
    """The saved games, the current one marked."""
    return [
        {
            "id": g.id, "name": g.name, "system": g.system, "actions": g.action_count,
            "ended": g.ended, "current": g.id == current, "updated_at": g.updated_at.isoformat(),
        }
        for g in games
    ]  # fmt: skip


def games_table(games: list[GameRecord], current: int | None) -> Table:
    """The saved games as a table, the current one starred."""
    table = Table("", "Id", "Name", "System", "Actions", "Updated", "Ended", header_style="heading")
    for g in games:
        table.add_row(
            "*" if g.id == current else "", str(g.id), g.name, g.system, str(g.action_count),
            g.updated_at.strftime("%Y-%m-%d %H:%M"), "yes" if g.ended else "",
        )  # fmt: skip
    return table


def log_json(entries: list[LogEntry]) -> list[dict[str, Any]]:
    """The history for programs: one object per action."""
    return [asdict(entry) for entry in entries]


def log_view(entries: list[LogEntry]) -> Group:
    """The history by round, turn and phase, with the dice and notes of every action."""
    lines: list[Any] = []
    last = None
    for entry in entries:
        heading = (entry.round, entry.turn, entry.phase)
        if heading != last and entry.round:
            lines.append(
                Text.from_markup(f"[heading]Round {entry.round} · {entry.turn} · {entry.phase}[/]")
            )
            last = heading
        dice = " ".join(str(d) for d in entry.dice)
        lines.append(
            Text.from_markup(
                f"  {entry.seq:>3} {entry.kind}" + (f"  [muted]dice {dice}[/]" if dice else "")
            )
        )
        lines.extend(Text(f"      {note}") for note in entry.notes)
    return Group(*lines)
