"""What the page of `aos serve` shows, as plain JSON text in the viewer's language.

`page_data` is the one place the page's content is built: from the game's state today, from
its events once the store keeps them. Everything in it is text or numbers; the page puts each
value in with `textContent`, never as markup, so a name from an imported roster (`<script>`)
is shown as written.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from aos_cli.language.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    language,
    ngettext,
    number,
    percent_sign,
)
from aos_cli.views.events import note_lines
from aos_cli.views.hints import for_demo

if TYPE_CHECKING:
    from aos_cli.app.live_view import LiveGame, Pending
    from aos_cli.core.state import GameState, SideState, UnitState

LABELS = {
    "yours": N_("For you now"),
    "nothing": N_("Nothing waits for you now."),
    "events": N_("Last actions"),
    "viewer": N_("I play"),
    "language": N_("Language"),
    "live": N_("live"),
    "waiting": N_("reconnecting…"),
    "refused": N_("the server stopped or has too many viewers; reload to try again"),
    "read_only": N_("This page only shows the game: nothing here changes it."),
    "units": N_("Models"),
    "wounds": N_("Wounds lost"),
    "save": N_("Save"),
    "this_turn": N_("This turn"),
    "effects": N_("Effects"),
    "objectives": N_("Objectives"),
    "held_by": N_("Held by"),
    "dice": N_("dice: {dice}"),
}
"""The page's own words, sent translated with every update (English keys for the script)."""


def page_data(live: LiveGame | None, problem: str | None = None) -> dict[str, Any]:
    """Everything the page shows, in the language spoken now: where the game stands, both
    armies, the score, the last actions with their dice and what each side may do now.

    `live` is None with no game to show; `problem` is the one line saying why, when reading
    the game failed (the page shows it instead of the game).
    """
    data: dict[str, Any] = {
        "lang": language(),
        "languages": [[code, LANGUAGE_NAMES[code]] for code in LANGUAGES],
        "labels": {key: _(text) for key, text in LABELS.items()},
        "game": None,
        "message": problem,
    }
    if live is None:
        if problem is None:
            data["message"] = _(
                "No game to show yet: start one with `aos play` and this page follows it."
            )
        return data
    state = live.state
    data["game"] = {
        "id": live.game_id,
        "revision": live.revision,
        "name": live.name,
        "battleplan": _battleplan(state),
        "where": _where(state, live.ended),
        "standing": _standing(state),
        "sides": [_side(state, index) for index in range(len(state.sides))],
        "objectives": _objectives(state),
        "pending": [_pending(p) for p in live.pending],
        "more_pending": [
            ngettext("and {n} more", "and {n} more", n).format(n=n) if n else ""
            for n in live.more_pending
        ],
        "events": [
            {
                "seq": event.seq,
                "where": _event_where(event.round, event.turn, event.phase),
                "action": _action(event.kind),
                "dice": _("dice: {dice}").format(dice=" ".join(map(str, event.dice)))
                if event.dice
                else "",
                # no command to type here
                "notes": [for_demo(note) for note in note_lines(event.notes)],
            }
            for event in live.events
        ],
    }
    return data


def _battleplan(state: GameState) -> str:
    from aos_cli.views.score import battleplan_name

    return battleplan_name(state)


def _action(kind: str) -> str:
    from aos_cli.views.history import action_name

    return action_name(kind)


def _where(state: GameState, ended: bool) -> str:
    """`Round 2 · Player One's turn · shooting phase`, or how the game stands before or after."""
    from aos_cli.core.system import system_of
    from aos_cli.views.game import ROUND_ONE
    from aos_cli.views.words import phase_name

    if ended:
        return _("The battle is over.")
    if state.first_side is None:
        first = system_of(state).term("round_one")
        return _("Set-up done: {first}.").format(first=_(ROUND_ONE.get(first, first)))
    return _("Round {round} · {side}'s turn · {phase}").format(
        round=state.round,
        side=state.sides[state.active_side].name,
        phase=phase_name(state.phase),
    )


def _event_where(round_: int, turn: str, phase: str) -> str:
    from aos_cli.views.words import phase_name

    if not round_:
        return phase_name(phase)
    return _("Round {round} · {side} · {phase}").format(
        round=round_, side=turn, phase=phase_name(phase)
    )


def _standing(state: GameState) -> list[str]:
    """The result, or who leads with what the battle would give if it ended now, then what
    each side needs."""
    from aos_cli.core.scoring import describe, describe_lead, lead, needs
    from aos_cli.views.score import IF_IT_ENDED_NOW

    if state.result is not None:
        return [_("Result: {result}").format(result=describe(state.result))]
    now = lead(state)
    line = str(describe_lead(now))
    kind = now["if_it_ended_now"]
    if kind:
        line += " " + _("If it ended now: {result}.").format(
            result=_(IF_IT_ENDED_NOW.get(kind, kind))
        )
    return [line, *(f"{entry['side']}: {entry['text']}" for entry in needs(state))]


def _side(state: GameState, index: int) -> dict[str, Any]:
    """One side: its title, points, triumph and units."""
    from aos_cli.core.system import system_of
    from aos_cli.views.game import side_title

    side = state.sides[index]
    points = []
    if system_of(state).command_points:
        points.append(_("{n} CP").format(n=side.command_points))
    if side.command_rerolls:
        n = side.command_rerolls
        points.append(ngettext("{n} Command Re-roll", "{n} Command Re-rolls", n).format(n=n))
    points.append(_("{n} VP").format(n=side.victory_points))
    return {
        "name": side.name,
        "title": side_title(side),
        "points": points,
        "triumph": _triumph(side),
        "bravery": _(system_of(state).morale.bravery_name),
        "units": [_unit(state, unit) for unit in side.units],
    }


def _triumph(side: SideState) -> str:
    if not side.triumph:
        return ""
    template = (
        _("triumph: {name}, used") if side.triumph_used else _("triumph: {name}, once per battle")
    )
    return template.format(name=side.triumph.get("name"))


def _unit(state: GameState, unit: UnitState) -> dict[str, Any]:
    """One unit: models left of those set up, wounds on its damaged model, save, what it did
    this turn, the effects in force, its set-up choices and damage table row."""
    from aos_cli.core.dice import format_threshold
    from aos_cli.language.i18n import spell_name
    from aos_cli.views.game import invulnerable, unit_details, unit_flags, used_text

    save = format_threshold(unit.spec.save)
    if invulnerable(unit):
        save += _(", {value}+ invulnerable").format(value=invulnerable(unit))
    wounds = (
        _("{lost} of {wounds} ({left} left)").format(
            lost=unit.wounds_on_damaged,
            wounds=unit.spec.wounds,
            left=unit.spec.wounds - unit.wounds_on_damaged,
        )
        if unit.wounds_on_damaged
        else ""
    )
    chosen = {str(c.get("name")) for c in unit.spec.choices}
    return {
        "id": unit.spec.id,
        "name": unit.name,
        "alive": unit.alive,
        "models": f"{unit.models}/{unit.spec.models}",
        "wounds": wounds,
        "save": save,
        "bravery": str(unit.spec.bravery),
        "this_turn": [*unit_flags(unit, state, shown=True), *map(used_text, unit.used)],
        "effects": [spell_name(e.name) for e in unit.effects if e.name not in chosen],
        "details": unit_details(unit),
    }


def _objectives(state: GameState) -> list[dict[str, str]]:
    return [
        {
            "name": o.name,
            "holder": state.sides[o.holder].name if o.holder is not None else _("nobody"),
        }
        for o in state.objectives
    ]


def _pending(pending: Pending) -> dict[str, Any]:
    chances = []
    for chance in pending.chances:
        line = f"{chance.label}: {_chance(chance.chance, chance.out_of)}"
        if chance.again is not None:
            again = _chance(chance.again, chance.again_out_of)
            line += _("; with the re-roll {chance}").format(chance=again)
        chances.append(line)
    notes = [for_demo(note) for note in pending.notes]
    if pending.reroll:
        notes.insert(0, _("With a re-roll: {reroll}.").format(reroll=pending.reroll))
    return {
        "side": pending.side,
        "label": pending.label,
        "heading": pending.heading,
        "chances": chances,
        "notes": notes,
    }


def _chance(share: Fraction, out_of: int) -> str:
    """`58.3% (21/36)`: the exact chance, and as a count of rolls when it is one."""
    count = share * out_of
    exact = f"{count.numerator}/{out_of}" if count.denominator == 1 else str(share)
    return f"{percent_sign(number(float(share) * 100, 1))} ({exact})"
