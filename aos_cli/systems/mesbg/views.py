"""Output for the Middle-earth rolls, odds and heroes: Rich markup lines and JSON objects.

The CLI prints these; nothing here decides a rule (the rules are in `aos_cli.systems.mesbg.rules`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table

    from aos_cli.systems.mesbg.rules import (
        Battle,
        CastOdds,
        CastResult,
        DuelOdds,
        DuelResult,
        Fighter,
        WoundRoll,
    )


def percent(p: Fraction | float) -> str:
    """A chance as a short percentage."""
    from aos_cli.views.charts import percent as chart_percent

    return chart_percent(float(p))


def chance(p: Fraction) -> str:
    """`[total]75%[/] (3/4)`: the percentage and the exact fraction."""
    return f"[total]{percent(p)}[/] ({p})"


def _dice(values: tuple[int, ...] | list[int]) -> str:
    return " ".join(str(v) for v in values) or "no dice"


def _fractions(mapping: dict[Any, Fraction]) -> dict[str, float]:
    return {str(k): float(v) for k, v in mapping.items()}


# --------------------------------------------------------------------------- casting


def cast_json(result: CastResult, *, power: dict[str, Any] | None = None) -> dict[str, Any]:
    """A rolled cast for programs."""
    request, outcome = result.request, result.outcome
    data: dict[str, Any] = {
        "system": "mesbg",
        "will": request.will,
        "casting": request.casting,
        "dice": list(result.dice),
        "highest": result.highest,
        "might_spent": outcome.might_spent,
        "final": outcome.final,
        "cast": outcome.cast,
        "resist_dice": list(result.resist_dice),
        "resist_highest": result.resist_highest,
        "resist_might_spent": outcome.resist_might_spent,
        "resist_final": outcome.resist_final,
        "resisted": outcome.resisted,
        "success": outcome.succeeded,
    }
    if power is not None:
        data["power"] = power
    return data


def cast_lines(result: CastResult, *, power: dict[str, Any] | None = None) -> list[str]:
    """A rolled cast for people: the Will dice, the Might, the resist and the verdict."""
    request, outcome = result.request, result.outcome
    lines: list[str] = []
    if power is not None:
        lines.append(f"[heading]{power['name']}[/] ({power['duration']})")
    might = f", +{outcome.might_spent} Might → {outcome.final}" if outcome.might_spent else ""
    verdict = "[success]cast[/]" if outcome.cast else "[fail]fails[/]"
    lines.append(
        f"Casting with {request.will} Will: {_dice(result.dice)} - highest {result.highest}"
        f"{might} against {request.casting}+ - {verdict}"
    )
    if result.resist_dice:
        might = (
            f", +{outcome.resist_might_spent} Might → {outcome.resist_final}"
            if outcome.resist_might_spent
            else ""
        )
        verdict = "[fail]resisted[/]" if outcome.resisted else "[success]not resisted[/]"
        lines.append(
            f"Resisting: {_dice(result.resist_dice)} - highest {result.resist_highest}{might}"
            f" must reach {outcome.final} (ties resist) - {verdict}"
        )
    if power is not None and outcome.succeeded:
        lines.append(str(power["channelled_text" if power.get("channelled") else "text"]))
    return lines


def cast_odds_json(
    odds: CastOdds, *, least: int | None = None, table: list[tuple[int, Fraction]] | None = None
) -> dict[str, Any]:
    """Exact casting odds for programs."""
    data: dict[str, Any] = {
        "system": "mesbg",
        "probability": float(odds.probability),
        "fraction": str(odds.probability),
        "cast": float(odds.cast),
        "resisted": float(odds.resisted),
        "mean_might_spent": float(odds.mean_might),
        "mean_resist_might_spent": float(odds.mean_resist_might),
        "highest": _fractions(odds.highest),
    }
    if table is not None:
        data["will_needed"] = least
        data["by_will"] = {str(w): float(p) for w, p in table}
    return data


def cast_odds_lines(
    odds: CastOdds,
    *,
    will: int,
    casting: int,
    resisting: bool,
    target: float | None = None,
    least: int | None = None,
    table: list[tuple[int, Fraction]] | None = None,
) -> list[str]:
    """Exact casting odds for people, with the Will to spend for a wanted chance."""
    lines = [f"Chance to cast with {will} Will ({casting}+): {chance(odds.cast)}"]
    if resisting:
        lines.append(f"Chance it is cast and resisted: {chance(odds.resisted)}")
        lines.append(f"Chance it takes effect: {chance(odds.probability)}")
    if odds.mean_might:
        lines.append(
            f"[muted]Might spent by the caster on average: {float(odds.mean_might):.2f}[/]"
        )
    if odds.mean_resist_might:
        lines.append(
            f"[muted]Might spent by the target on average: {float(odds.mean_resist_might):.2f}[/]"
        )
    if table is not None and target is not None:
        shown = ", ".join(f"{w}: {percent(p)}" for w, p in table[:8])
        if least is None:
            lines.append(f"No spend up to {table[-1][0]} Will reaches {percent(target)}.")
        else:
            lines.append(
                f"Spend [total]{least} Will[/] for at least {percent(target)} "
                f"({percent(dict(table)[least])})."
            )
        lines.append(f"[muted]By Will spent: {shown}[/]")
    return lines


# --------------------------------------------------------------------------- duels


def _fighter_json(fighter: Fighter) -> dict[str, Any]:
    return {
        "attacks": fighter.attacks,
        "fight": fighter.fight,
        "strength": fighter.strength,
        "defence": fighter.defence,
        "wounds": fighter.wounds,
        "fate": fighter.fate,
        "weapon": fighter.weapon.value,
        "shielding": fighter.shielding,
        "support": fighter.support,
        "strike": fighter.strike.value if fighter.strike else None,
        "dice": fighter.dice,
    }


def _wound_roll_json(roll: WoundRoll) -> dict[str, Any]:
    return {
        "first": roll.first,
        "first_reroll": roll.first_reroll,
        "second": roll.second,
        "second_reroll": roll.second_reroll,
        "wounded": roll.wounded,
        "might": roll.might,
    }


def duel_json(result: DuelResult) -> dict[str, Any]:
    """A rolled Fight for programs."""
    return {
        "system": "mesbg",
        "good": _fighter_json(result.good),
        "evil": _fighter_json(result.evil),
        "feint": {side.value: d3 for side, d3 in result.feints.items()},
        "good_dice": list(result.good_dice),
        "evil_dice": list(result.evil_dice),
        "good_highest": result.good_high,
        "evil_highest": result.evil_high,
        "good_fight": result.good_fight,
        "evil_fight": result.evil_fight,
        "roll_off": result.roll_off,
        "roll_off_good_needs": result.roll_off_needs,
        "winner": result.winner.value,
        "decided_by": result.decided_by.value,
        "bash": None
        if result.bash is None
        else {
            "winner_die": result.bash[0],
            "target_die": result.bash[1],
            "knocked_down": result.bash[2],
        },
        "stun": None if result.stun is None else {"die": result.stun[0], "stunned": result.stun[1]},
        "piercing": {side.value: d3 for side, d3 in result.piercing.items()},
        "strength": result.strength,
        "defence": result.defence,
        "needed": None if result.need is None else str(result.need),
        "strikes": [_wound_roll_json(r) for r in result.strikes],
        "support_needed": None if result.support_need is None else str(result.support_need),
        "support_strikes": [_wound_roll_json(r) for r in result.support_strikes],
        "wounds_inflicted": result.wounds_inflicted,
        "fury_rolls": [s.fury for s in result.saves if s.fury is not None],
        "fate_rolls": [list(s.fate) for s in result.saves],
        "fate_spent": result.fate_spent,
        "wounds_lost": result.wounds_lost,
        "might_spent": {
            side.value: result.might_spent(side) for side in (result.good.side, result.evil.side)
        },
        "loser_wounds_left": result.wounds_left,
        "slain": result.slain,
    }


def _wound_text(roll: WoundRoll) -> str:
    first = (
        f"{roll.first}→{roll.first_reroll}" if roll.first_reroll is not None else str(roll.first)
    )
    if roll.second is not None:
        second = (
            f"{roll.second}→{roll.second_reroll}"
            if roll.second_reroll is not None
            else str(roll.second)
        )
        first = f"{first}/{second}"
    if roll.might:
        first = f"{first}+{roll.might} Might"
    return f"[success]{first}[/]" if roll.wounded else f"[fail]{first}[/]"


def duel_lines(result: DuelResult) -> list[str]:
    """A rolled Fight for people, step by step."""
    from aos_cli.systems.mesbg.rules import DecidedBy

    lines: list[str] = []
    for side, d3 in result.feints.items():
        lines.append(f"{side.value.title()} Feint: Fight value -{d3} to settle the Fight.")
    for fighter, dice, high in (
        (result.good, result.good_dice, result.good_high),
        (result.evil, result.evil_dice, result.evil_high),
    ):
        mod = " (-1 each, a 1 stays 1)" if fighter.die_modifier else ""
        might = result.duel_might.get(fighter.side, 0)
        raised = f" (+{might} Might)" if might else ""
        lines.append(
            f"{fighter.side.value.title()} Duel roll: {_dice(dice)}{mod} - highest "
            f"[total]{high}[/]{raised}"
        )
    how = {
        DecidedBy.DICE: "on the dice",
        DecidedBy.FIGHT: f"on Fight value ({result.good_fight} against {result.evil_fight})",
        DecidedBy.ROLL_OFF: f"on the roll-off: {result.roll_off} (Good needs {result.roll_off_needs}+)",
    }[result.decided_by]
    lines.append(f"[total]{result.winner.value.title()} wins the Fight[/] {how}.")
    win = result.fighter(result.winner)
    if result.bash is not None:
        a, b, down = result.bash
        extra = " +1 two-handed" if win.two_handed else ""
        verdict = "[success]knocked to the ground[/]" if down else "[fail]stays up[/]"
        lines.append(
            f"Bash: {a} + S{win.strength}{extra} against {b} + S{result.loser.strength} - {verdict}"
        )
    if result.stun is not None:
        die, stunned = result.stun
        verdict = (
            "[success]stunned (Fight 1, Shoot 6+ to the end of next turn)[/]"
            if stunned
            else "[fail]no effect[/]"
        )
        lines.append(f"Stun: {die} (4+) - {verdict}")
    if win.shielding:
        lines.append("[muted]The winner was shielding: it makes no Strikes.[/]")
    for side, d3 in result.piercing.items():
        change = f"Strength +{d3}" if side is result.winner else f"Defence -{d3}"
        lines.append(f"Piercing Strike ({side.value}): {change}.")
    if result.strikes or (result.need is None and result.strength is not None):
        need = "cannot wound" if result.need is None else f"needs {result.need}"
        shown = " ".join(_wound_text(r) for r in result.strikes) or "none"
        lines.append(f"Strikes: S{result.strength} against D{result.defence} {need}: {shown}")
    if result.support_strikes or result.support_need is not None:
        need = "cannot wound" if result.support_need is None else f"need {result.support_need}"
        shown = " ".join(_wound_text(r) for r in result.support_strikes) or "none"
        lines.append(f"Supporters' Strikes {need}: {shown}")
    if result.saves:
        parts = []
        for save in result.saves:
            bits = []
            if save.fury is not None:
                bits.append(f"Fury {save.fury}")
            if save.fate:
                bits.append("Fate " + " ".join(str(v) for v in save.fate))
            state = "ignored" if save.ignored else "lost"
            parts.append(f"{', '.join(bits) or 'no save'} → {state}")
        lines.append("Wounds: " + "; ".join(parts))
    loser = result.loser
    if result.strikes or result.support_strikes:
        verdict = "[success]slain[/]" if result.slain else f"{result.wounds_left} Wounds left"
        lines.append(
            f"{loser.side.value.title()} loses [total]{result.wounds_lost}[/] of "
            f"{loser.wounds} Wounds - {verdict}"
            + (f" (Fate spent {result.fate_spent})" if result.fate_spent else "")
        )
    if not result.slain:
        lines.append(f'[muted]The {result.winner.other.value} side backs away 1".[/]')
    return lines


def duel_odds_json(odds: DuelOdds, good: Fighter, evil: Fighter) -> dict[str, Any]:
    """Exact Fight odds for programs."""
    from aos_cli.systems.mesbg.rules import Side

    data: dict[str, Any] = {
        "system": "mesbg",
        "good_wins": float(odds.good_wins),
        "good_wins_fraction": str(odds.good_wins),
        "evil_wins": float(odds.evil_wins),
        "good_highest": _fractions(odds.good_high),
        "evil_highest": _fractions(odds.evil_high),
    }
    for side in (Side.GOOD, Side.EVIL):
        key = side.value
        data[f"{key}_wound_chance"] = float(odds.wound_chance[side])
        data[f"{key}_wounds_lost"] = _fractions(odds.wounds_lost[side])
        data[f"{key}_slain"] = float(odds.slain[side])
        if side in odds.special:
            data[f"{key}_special_strike_takes"] = float(odds.special[side])
    return data


def duel_odds_lines(odds: DuelOdds, good: Fighter, evil: Fighter) -> list[str]:
    """Exact Fight odds for people."""
    from aos_cli.systems.mesbg.rules import Side, SpecialStrike

    lines = [
        f"Good wins the Fight: {chance(odds.good_wins)}",
        f"Evil wins the Fight: {chance(odds.evil_wins)}",
    ]
    for win, lose in ((good, evil), (evil, good)):
        name, other = win.side.value.title(), lose.side.value.title()
        if win.side in odds.special:
            what = "knocks its opponent down" if win.strike is SpecialStrike.BASH else "stuns"
            lines.append(f"{name} wins and {what}: {chance(odds.special[win.side])}")
        if win.strikes:
            lines.append(f"{name}'s Strikes wound on {percent(odds.wound_chance[win.side])} each")
        lost = odds.wounds_lost[lose.side]
        mean = sum((k * p for k, p in lost.items()), Fraction(0))
        shown = ", ".join(f"{k}: {percent(p)}" for k, p in lost.items())
        lines.append(
            f"{other} Wounds lost (mean {float(mean):.2f}): {shown}; slain {chance(odds.slain[lose.side])}"
        )
    if Side.GOOD in odds.special or Side.EVIL in odds.special:
        lines.append("[muted]Bash and Stun replace the basher's or stunner's own Strikes.[/]")
    return lines


# --------------------------------------------------------------------------- heroes


def battle_json(battle: Battle, game_id: int, *, notes: bool = False) -> dict[str, Any]:
    """The heroes, forces and powers in force of a Middle-earth game, for programs (with
    `notes`, what the action just taken did first)."""
    return {
        **({"notes": battle.notes} if notes else {}),
        "game": game_id,
        "system": "mesbg",
        "turn": battle.turn,
        "forces": [
            {
                "name": f.name,
                "side": f.side.value if f.side else None,
                "models": f.models,
                "lost": battle.models_lost(f),
                "break_point": battle.break_point(f),
                "broken": battle.broken(f),
            }
            for f in battle.forces.values()
        ],
        "heroes": [
            {
                "name": h.name,
                "force": h.force,
                "start": h.start,
                "current": h.current,
                "slain": h.slain,
            }
            for h in battle.heroes.values()
        ],
        "effects": [
            {
                "power": e.power,
                "caster": e.caster,
                "target": e.target,
                "duration": e.duration.value,
                "channelled": e.channelled,
            }
            for e in battle.effects
        ],
    }


def battle_tables(battle: Battle) -> list[Table | str]:
    """The forces with their break points, the heroes' stores, and the powers in force."""
    from rich.table import Table

    from aos_cli.systems.mesbg.rules import STORES

    out: list[Table | str] = []
    forces = Table(title=f"Forces (turn {battle.turn})", title_justify="left")
    for column in ("Force", "Side", "Models", "Lost", "Broken at", "State"):
        forces.add_column(column)
    for force in battle.forces.values():
        lost = battle.models_lost(force)
        state = (
            "[fail]Broken[/]"
            if battle.broken(force)
            else f"{battle.break_point(force) - lost} more to break"
        )
        forces.add_row(
            force.name,
            force.side.value if force.side else "-",
            str(force.models),
            str(lost),
            str(battle.break_point(force)),
            state,
        )
    out.append(forces)
    if battle.heroes:
        heroes = Table(title="Heroes", title_justify="left")
        heroes.add_column("Hero")
        heroes.add_column("Force")
        for store in STORES:
            heroes.add_column(store.title(), justify="right")
        for hero in battle.heroes.values():
            cells = [f"{hero.current[s]}/{hero.start[s]}" for s in STORES]
            name = f"[fail]{hero.name} (slain)[/]" if hero.slain else hero.name
            heroes.add_row(name, hero.force, *cells)
        out.append(heroes)
    else:
        out.append(
            "[muted]No heroes yet: `aos hero add NAME --might 3 --will 3 --fate 3 --wounds 3`.[/]"
        )
    if battle.effects:
        effects = Table(title="Powers in force", title_justify="left")
        for column in ("Power", "Caster", "Target", "Lasts"):
            effects.add_column(column)
        for effect in battle.effects:
            lasts = {
                "temporary": "to the End phase",
                "exhausting": f"while {effect.caster} has Will",
            }.get(effect.duration.value, effect.duration.value)
            name = effect.power + (" (channelled)" if effect.channelled else "")
            effects.add_row(name, effect.caster, effect.target or "-", lasts)
        out.append(effects)
    return out
