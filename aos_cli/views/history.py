"""The saved games and a game's history, for people (Rich) and programs (JSON)."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from aos_cli.language.i18n import N_, _
from aos_cli.views.theme import name_text

if TYPE_CHECKING:
    from aos_cli.app.history import LogEntry
    from aos_cli.store import GameRecord

ACTION_NAMES: dict[str, str] = {
    "priority": N_("priority roll"),
    "next": N_("end of the phase"),
    "general": N_("new general"),
    "move": N_("move"),
    "retreat": N_("retreat"),
    "run": N_("run"),
    "sacrifice": N_("sacrifice"),
    "garrison": N_("garrison"),
    "mystical": N_("Mystical terrain roll"),
    "arrive": N_("arrival from reserve"),
    "pre_battle_move": N_("pre-battle move"),
    "beast": N_("monstrous beast"),
    "pre_battle_roll_off": N_("pre-battle roll-off"),
    "shoot": N_("shooting"),
    "charge": N_("charge"),
    "fight": N_("fight"),
    "pass": N_("pass"),
    "battleshock": N_("battleshock tests"),
    "cast": N_("casting"),
    "unbind": N_("unbind attempt"),
    "ability": N_("ability"),
    "command": N_("command ability"),
    "heal": N_("healing"),
    "adjust": N_("adjustment"),
    "objective": N_("objective"),
    "triumph": N_("triumph roll"),
    "sudden-death": N_("Sudden Death objective"),
}
"""The recorded actions of the battle engine, as the players call them."""


def action_name(kind: str) -> str:
    """A recorded action's kind in the chosen language (`shoot` → "shooting"); a kind of a
    system's own is shown as it is stored."""
    english = ACTION_NAMES.get(kind)
    return _(english) if english else kind.replace("-", " ")


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
    table = Table(
        "", _("Id"), _("Name"), _("System"), _("Actions"), _("Updated"), _("Ended"),
        header_style="heading",
    )  # fmt: skip
    for g in games:
        table.add_row(
            "*" if g.id == current else "", str(g.id), name_text(g.name), name_text(g.system),
            str(g.action_count),
            g.updated_at.strftime("%Y-%m-%d %H:%M"), _("yes") if g.ended else "",
        )  # fmt: skip
    return table


def log_json(entries: list[LogEntry]) -> list[dict[str, Any]]:
    """The history for programs: one object per action, with its events as fields (an
    attack's attacks, hits, wounds, saves, damage and models slain), not sentences."""
    from aos_cli.views.events import note_lines

    return [
        {
            **{k: v for k, v in asdict(entry).items() if k not in ("events", "notes")},
            "notes": note_lines(entry.notes),
            "events": [event.to_data() for event in entry.events],
        }
        for entry in entries
    ]


def log_view(entries: list[LogEntry]) -> Group:
    """The history by round, turn and phase, with the dice and notes of every action."""
    from rich.markup import escape

    from aos_cli.views.events import note_lines
    from aos_cli.views.words import phase_name

    lines: list[Any] = []
    last = None
    for entry in entries:
        heading = (entry.round, entry.turn, entry.phase)
        if heading != last and entry.round:
            heading_text = _("Round {round} · {side} · {phase}").format(
                round=entry.round, side=entry.turn, phase=phase_name(entry.phase)
            )
            lines.append(Text(heading_text, style="heading"))
            last = heading
        dice = " ".join(str(d) for d in entry.dice)
        shown = _("[muted]dice {dice}[/]").format(dice=escape(dice)) if dice else ""
        lines.append(
            Text.from_markup(
                f"  {entry.seq:>3} {escape(action_name(entry.kind))}"
                + (f"  {shown}" if shown else "")
            )
        )
        lines.extend(Text(f"      {note}") for note in note_lines(entry.notes))
    return Group(*lines)
