"""Only War's set-up in `aos play` (40k8 §17.3-§17.7): the roll-off whose winner rolls the D3
primary objective and chooses the deployment zones (the other player divides the battlefield),
the players setting up one unit at a time from the player who divided it, each unit on the
battlefield, embarked in a transport already set up (40k8 §12) or, with Teleport Strike, in a
teleportarium chamber (40k8 §4.7), then the Power Levels and the Underdog (40k8 §17.6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aos_cli.language.i18n import _, ngettext
from aos_cli.language.text import content_word

if TYPE_CHECKING:
    from rich.console import Console

    from aos_cli.cli.setup_wizard import Ask
    from aos_cli.content import ArmyList, Database
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.stored_setup import StoredSetUp, StoredSide, StoredUnit


def run_wizard(
    armies: Sequence[ArmyList], ask: Ask, out: Console, dice: DiceSource, db: Database
) -> StoredSetUp:
    """Walk the players through the set-up of Only War; the game's set-up snapshot."""
    from aos_cli.app.setup import build_setup
    from aos_cli.cli.setup_wizard import _choose
    from aos_cli.core.dice import roll_off

    system = armies[0].system
    from aos_cli.app.setup import player_name

    names = [player_name(a.player) if a.player else a.name for a in armies]
    if names[0] == names[1]:
        names[1] = f"{names[1]} (2)"  # as the set-up names the second side
    missions = sorted(
        (p for p in db.battleplans.values() if p.system == system and p.primary_objective_table),
        key=lambda p: p.name,
    )
    out.rule(_("Set-up: the mission (40k8 §17)"), style="heading")
    mission = (
        missions[_choose(ask, out, _("Mission"), [p.shown() for p in missions])]
        if missions
        else None
    )
    result = roll_off(dice, reroll_ties=True)
    chooser = result.winner or 0
    rolls = ", ".join(f"{a}-{b}" for a, b in result.rounds)
    out.print(
        _(
            "Roll-off for the primary objective ({rolls}, ties rolled again): {side} rolls the D3 "
            "on the primary objectives table (40k8 §17.4)."
        ).format(rolls=rolls, side=names[chooser]),
        markup=False,
    )
    plan = mission.id if mission is not None else "only-war"
    setup = build_setup(armies, plan, dice=dice, underdog=chooser, db=db)
    primary = setup.get("primary_objective")
    if primary:
        primary["rolled_by"] = setup["sides"][chooser]["name"]
        said = {"roll": primary["roll"], "name": content_word(primary["name"])}
        out.print("  " + _("Rolled {roll}: {name}.").format(**said), markup=False)
    setup["zones_chosen_by"] = chooser
    sides = setup["sides"]
    out.print(
        _(
            "{divider} divides the battlefield into two halves and {chooser} chooses which is "
            "whose deployment zone (40k8 §17.5)."
        ).format(divider=sides[1 - chooser]["name"], chooser=sides[chooser]["name"]),
        markup=False,
    )
    place_objectives(setup, ask, out, dice)
    warlord_traits(setup, ask, out, dice, db, first=1 - chooser)
    deploy(setup, ask, out, first=1 - chooser)
    underdog_note(setup, out)
    return setup


def place_objectives(setup: StoredSetUp, ask: Ask, out: Console, dice: DiceSource) -> None:
    """40k8 §17.3: after the terrain each player places 2 objective markers anywhere on the
    battlefield, each at least 10" from every other, alternating from the winner of a roll-off;
    the players say where each one stands (kept as the marker's position)."""
    from dataclasses import replace

    from aos_cli.app.setup_steps import plan_rules
    from aos_cli.core.dice import roll_off

    rules = plan_rules(setup)
    if not rules.objectives:
        return
    sides = setup["sides"]
    out.rule(_("Set-up: objective markers (40k8 §17.3)"), style="heading")
    result = roll_off(dice, reroll_ties=True)
    first = result.winner or 0
    rolls = ", ".join(f"{a}-{b}" for a, b in result.rounds)
    out.print(
        _(
            "Roll-off to place the objective markers ({rolls}, ties rolled again): {side} "
            'places the first; each player places 2, anywhere, each at least 10" from every '
            "other marker."
        ).format(rolls=rolls, side=sides[first]["name"]),
        markup=False,
    )
    placed = []
    for index, marker in enumerate(rules.objectives):
        side = sides[(first + index) % 2]["name"]
        where = ask(
            _("{side} places {marker}: where is it? (a landmark; Enter: just placed)").format(
                side=side, marker=marker.name
            )
        ).strip()[:120]
        position = (
            _("{where}, placed by {side}").format(where=where, side=side)
            if where
            else _("placed by {side}").format(side=side)
        )
        placed.append(replace(marker, position=position, placed_by=side))
        out.print(
            "  " + _("{marker}: {position}.").format(marker=marker.name, position=position),
            markup=False,
        )
    setup["battleplan_rules"] = replace(rules, objectives=tuple(placed)).to_dict()
    setup["objective_placement"] = {"rolls": [list(r) for r in result.rounds], "first": first}


def warlord_traits(
    setup: StoredSetUp, ask: Ask, out: Console, dice: DiceSource, db: Database, first: int
) -> None:
    """40k8 §16: immediately before either player deploys, each CHARACTER Warlord may have one
    Warlord Trait, rolled on the D3 table or picked; one the army list named is kept."""
    from aos_cli.app.setup import _choice
    from aos_cli.cli.setup_wizard import _choose
    from aos_cli.core.dice import d3_from_d6

    tables = db.ruleset(str(setup.get("system", "wh40k8"))).command_traits
    rows = [r for t in tables for r in t.rows]
    if not rows:
        return
    sides = setup["sides"]
    for index in (first, 1 - first):
        side = sides[index]
        warlord = next((u for u in side["units"] if u.get("general")), None)
        if warlord is None or "CHARACTER" not in (k.upper() for k in warlord["keywords"]):
            continue
        named = [c for c in warlord.get("choices", []) if c["kind"] == "command trait"]
        if named:
            out.print(
                _("{side}'s Warlord, {unit}, has the Warlord Trait {trait} (40k8 §16).").format(
                    side=side["name"], unit=warlord["name"], trait=named[0]["name"]
                ),
                markup=False,
            )
            continue
        options = [_("no Warlord Trait"), _("roll a D3"), *(r.name for r in rows)]
        picked = _choose(
            ask,
            out,
            _("{side}'s Warlord Trait for {unit} (40k8 §16)").format(
                side=side["name"], unit=warlord["name"]
            ),
            options,
        )
        if picked == 0:
            continue
        if picked == 1:
            roll = d3_from_d6(dice.roll(1, _("Warlord Trait (D3)"))[0])
            row = next(r for r in rows if r.rolls[0] <= roll <= r.rolls[1])
            out.print("  " + _("Rolled {roll}: {name}.").format(roll=roll, name=row.name),
                      markup=False)  # fmt: skip
        else:
            row = rows[picked - 2]
        warlord["choices"] = [*warlord.get("choices", []), _choice("command trait", row, warlord)]
        out.print(
            _("{side}'s Warlord, {unit}, has the Warlord Trait {trait} (40k8 §16).").format(
                side=side["name"], unit=warlord["name"], trait=row.name
            ),
            markup=False,
        )


def deploy(setup: StoredSetUp, ask: Ask, out: Console, first: int) -> None:
    """40k8 §17.5: one unit at a time, alternating from `first` (the player who divided the
    battlefield); once one side is done the other sets up the rest. A unit goes on the
    battlefield (wholly in its zone, more than 12" from the enemy's), into a friendly
    transport already set up with room for it (40k8 §12.2), or into reserve by its ability."""
    from aos_cli.app.setup_steps import reserve_candidates
    from aos_cli.cli.setup_wizard import _choose

    sides = setup["sides"]
    out.rule(_("Set-up: deployment (40k8 §17.5)"), style="heading")
    placed: list[list[StoredUnit]] = [[], []]
    turn = first
    while any(len(placed[i]) < len(sides[i]["units"]) for i in (0, 1)):
        if len(placed[turn]) == len(sides[turn]["units"]):
            turn = 1 - turn
            continue
        side = sides[turn]
        waiting = [u for u in side["units"] if u not in placed[turn]]
        reserve = {id(u) for u in reserve_candidates(side, setup.get("system"))}
        choices: list[tuple[str, str, StoredUnit, str | None]] = []
        for unit in waiting:
            name = unit["name"]
            choices.append((_("set up {unit}").format(unit=name), name, unit, None))
            for transport in placed[turn]:
                if _room(side, transport) >= int(unit.get("models", 1)) and _carries(unit):
                    label = _("{unit} embarked in {transport}").format(
                        unit=name, transport=transport["name"]
                    )
                    choices.append((label, label, unit, transport["id"]))
            if id(unit) in reserve:
                label = _("{unit} in a teleportarium chamber").format(unit=name)
                choices.append((label, label, unit, "reserve"))
        picked = (
            _choose(
                ask,
                out,
                _("{side} sets up").format(side=side["name"]),
                [c[0] for c in choices],
            )
            if len(choices) > 1
            else 0
        )
        _label, done, unit, where = choices[picked]
        unit["reserve"] = where == "reserve"
        unit["embarked_in"] = where if where not in (None, "reserve") else None
        placed[turn].append(unit)
        out.print(f"  {side['name']}: {done}.", markup=False)
        turn = 1 - turn


def _carries(unit: StoredUnit) -> bool:
    """Only INFANTRY ride in the demo's transports (the Rhino carries infantry models)."""
    return "INFANTRY" in (k.upper() for k in unit.get("keywords", ()))


def _room(side: StoredSide, transport: StoredUnit) -> int:
    """The models a friendly transport still has room for (0 for any other unit)."""
    capacity = int(transport.get("transport_capacity", 0))
    if not capacity or transport.get("reserve"):
        return 0
    aboard = sum(
        int(u.get("models", 1)) for u in side["units"] if u.get("embarked_in") == transport["id"]
    )
    return capacity - aboard


def underdog_note(setup: StoredSetUp, out: Console) -> None:
    """40k8 §17.6: the Power Levels, the Underdog and its Command Re-rolls."""
    sides = setup["sides"]
    dog = next((i for i, s in enumerate(sides) if s.get("underdog")), None)
    if dog is None:
        return
    levels = [int(s.get("power_level", 0)) for s in sides]
    rerolls = int(sides[dog].get("command_rerolls", 0))
    why = (
        _("equal Power Levels: it chose the deployment zones")
        if levels[0] == levels[1]
        else _("Power Level {ours} against {theirs}").format(
            ours=levels[dog], theirs=levels[1 - dog]
        )
    )
    gift = (
        ngettext("{n} Command Re-roll", "{n} Command Re-rolls", rerolls).format(n=rerolls)
        if rerolls
        else _("no Command Re-rolls")
    )
    out.print(
        _(
            "{side} is the Underdog ({why}; {gift}, 40k8 §17.6) and decides who takes the first "
            "turn."
        ).format(side=sides[dog]["name"], why=why, gift=gift),
        markup=False,
    )
