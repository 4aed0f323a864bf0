"""The 1st edition's set-up in `aos play` (AoS1 §3-§4): the battle, the terrain and its
scenery rules, the territories roll-off (ties rolled again), the players setting up one unit
at a time from the roll-off winner until each says it has finished, who finished first (it
chooses who takes the first turn), and each general picked from the models set up. Units never
set up take no part in the battle (AoS1 §4 step 4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from rich.console import Console

    from aos_cli.cli.setup_wizard import Ask
    from aos_cli.content import ArmyList, Database
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.stored_setup import StoredSetUp, StoredUnit


def run_wizard(
    armies: Sequence[ArmyList], ask: Ask, out: Console, dice: DiceSource, db: Database
) -> StoredSetUp:
    """Walk the players through the 1st edition set-up; the game's set-up snapshot."""
    from aos_cli.app.setup import build_setup
    from aos_cli.cli.setup_wizard import _choose, _terrain

    plans = sorted((p for p in db.battleplans.values() if p.system == "aos1"), key=lambda p: p.name)
    out.rule(_("Set-up: the battle"), style="heading")
    plan = plans[_choose(ask, out, _("Battle"), [p.shown() for p in plans])]
    terrain = _terrain(ask, out, dice, garrisons=False)  # no garrisons in the 1st edition
    setup = build_setup(armies, plan.id, terrain=terrain, dice=dice, db=db)
    deploy(setup, ask, out, dice)
    out.print(
        _(
            "Generals are chosen. The outnumbered side may now pick a Sudden Death objective, "
            "then Triumphs are rolled (in the first menu of the battle)."
        )
    )
    return setup


def deploy(setup: StoredSetUp, ask: Ask, out: Console, dice: DiceSource) -> None:
    """AoS1 §4: the territories roll-off, units set up one at a time in turn from its winner,
    who finished first, and each side's general (§4.1) among the models it set up."""
    from aos_cli.cli.setup_wizard import _choose
    from aos_cli.core.dice import roll_off

    sides = setup["sides"]
    out.rule(_("Set-up: territories and deployment (AoS1 §4)"), style="heading")
    result = roll_off(dice, reroll_ties=True)
    winner = result.winner or 0
    rolls = ", ".join(f"{a}-{b}" for a, b in result.rounds)
    setup["deployment"] = {"rolls": [list(r) for r in result.rounds], "winner": winner}
    out.print(
        _(
            "Territories roll-off ({rolls}, ties rolled again): {winner} divides the battlefield "
            "into two halves and {other} picks its territory. {winner} sets up the first unit, "
            'more than 12" from enemy territory.'
        ).format(rolls=rolls, winner=sides[winner]["name"], other=sides[1 - winner]["name"]),
        markup=False,
    )
    placed: list[list[StoredUnit]] = [[], []]
    finished: list[int] = []
    turn = winner
    while len(finished) < 2:
        if turn in finished:
            turn = 1 - turn
            continue
        side = sides[turn]
        waiting = [u for u in side["units"] if u not in placed[turn]]
        if not waiting:
            finished.append(turn)
            said = _("{side} has set up every unit.").format(side=side["name"])
            out.print(f"  {said}", markup=False)
            continue
        names = [_("set up {unit}").format(unit=u["name"]) for u in waiting]
        if placed[turn]:
            names.append(_("finished: set up no more units"))
        picked = _choose(ask, out, _("{side}: set up a unit").format(side=side["name"]), names)
        if picked == len(waiting):
            finished.append(turn)
            said = _("{side} has finished setting up.").format(side=side["name"])
        else:
            placed[turn].append(waiting[picked])
            said = _("{side}: {unit} is set up.").format(
                side=side["name"], unit=waiting[picked]["name"]
            )
        out.print(f"  {said}", markup=False)
        turn = 1 - turn
    first = finished[0]
    for index, side in enumerate(sides):
        side["finished_setup_first"] = index == first
        for unit in side["units"]:
            unit["reserve"] = unit not in placed[index]
        left_out = [u["name"] for u in side["units"] if u["reserve"]]
        if left_out:
            said = _(
                "{side} left out {units}: not part of its army, they take no part in the battle."
            ).format(side=side["name"], units=", ".join(left_out))
            out.print(f"  {said}", markup=False)
    out.print(
        _(
            "{side} finished setting up first and chooses who takes the first turn (AoS1 §4)."
        ).format(side=sides[first]["name"]),
        markup=False,
    )
    for index, side in enumerate(sides):
        current = next((i for i, u in enumerate(placed[index]) if u.get("general")), 0)
        names = [u["name"] for u in placed[index]]
        prompt = _("{side}: general (any model set up)").format(side=side["name"])
        general = _choose(ask, out, prompt, names, current)
        for unit in side["units"]:
            unit["general"] = unit is placed[index][general]
