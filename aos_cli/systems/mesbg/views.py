"""Output for the Middle-earth rolls, odds and heroes: Rich markup lines and JSON objects.

The CLI prints these; nothing here decides a rule (the rules are in `aos_cli.systems.mesbg.rules`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from aos_cli.language.i18n import N_, _, ngettext, number
from aos_cli.systems.mesbg.events import (
    Barged,
    BattleEnded,
    FateRolled,
    FightWon,
    ForceAdded,
    ForceBroken,
    HeroJoined,
    HeroRestored,
    HeroSlain,
    ParalyseRolled,
    PhaseBegunMesbg,
    PowerCast,
    PowerEnded,
    PriorityRolledMesbg,
    StandsUp,
    StoreSpent,
    TurnBegunMesbg,
    WarriorsLost,
)
from aos_cli.systems.mesbg.words import duration_name, power_name, side_name, store_name
from aos_cli.views.events import tells

if TYPE_CHECKING:
    from rich.table import Table

    from aos_cli.core.events import Event
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
    return " ".join(str(v) for v in values) or _("no dice")


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
        name = power.get("shown_name") or power["name"]
        lines.append(f"[heading]{name}[/] ({duration_name(str(power['duration']))})")
    verdict = _("[success]cast[/]") if outcome.cast else _("[fail]fails[/]")
    casting = (
        _(
            "Casting with {will} Will: {dice} - highest {highest}, +{might} Might → {final} "
            "against {casting}+ - {verdict}"
        )
        if outcome.might_spent
        else _(
            "Casting with {will} Will: {dice} - highest {highest} against {casting}+ - {verdict}"
        )
    )
    lines.append(
        casting.format(
            will=request.will,
            dice=_dice(result.dice),
            highest=result.highest,
            might=outcome.might_spent,
            final=outcome.final,
            casting=request.casting,
            verdict=verdict,
        )
    )
    if result.resist_dice:
        verdict = _("[fail]resisted[/]") if outcome.resisted else _("[success]not resisted[/]")
        resisting = (
            _(
                "Resisting: {dice} - highest {highest}, +{might} Might → {resist_final} must "
                "reach {final} (ties resist) - {verdict}"
            )
            if outcome.resist_might_spent
            else _(
                "Resisting: {dice} - highest {highest} must reach {final} (ties resist) - {verdict}"
            )
        )
        lines.append(
            resisting.format(
                dice=_dice(result.resist_dice),
                highest=result.resist_highest,
                might=outcome.resist_might_spent,
                resist_final=outcome.resist_final,
                final=outcome.final,
                verdict=verdict,
            )
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
    lines = [
        _("Chance to cast with {will} Will ({casting}+): {chance}").format(
            will=will, casting=casting, chance=chance(odds.cast)
        )
    ]
    if resisting:
        lines.append(
            _("Chance it is cast and resisted: {chance}").format(chance=chance(odds.resisted))
        )
        lines.append(_("Chance it takes effect: {chance}").format(chance=chance(odds.probability)))
    if odds.mean_might:
        lines.append(
            _("[muted]Might spent by the caster on average: {mean}[/]").format(
                mean=number(float(odds.mean_might), 2)
            )
        )
    if odds.mean_resist_might:
        lines.append(
            _("[muted]Might spent by the target on average: {mean}[/]").format(
                mean=number(float(odds.mean_resist_might), 2)
            )
        )
    if table is not None and target is not None:
        shown = ", ".join(f"{w}: {percent(p)}" for w, p in table[:8])
        if least is None:
            lines.append(
                _("No spend up to {will} Will reaches {chance}.").format(
                    will=table[-1][0], chance=percent(target)
                )
            )
        else:
            lines.append(
                _("Spend [total]{will} Will[/] for at least {chance} ({actual}).").format(
                    will=least, chance=percent(target), actual=percent(dict(table)[least])
                )
            )
        lines.append(_("[muted]By Will spent: {chances}[/]").format(chances=shown))
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
        first = _("{roll}+{might} Might").format(roll=first, might=roll.might)
    return f"[success]{first}[/]" if roll.wounded else f"[fail]{first}[/]"


def duel_lines(result: DuelResult, barged: bool = False) -> list[str]:
    """A rolled Fight for people, step by step: the duel, what the winner's Special Strike
    did, its Strikes and saves, the Wounds lost and who backs away."""
    return [
        *_duel_roll_lines(result),
        *_special_strike_lines(result),
        *_strike_lines(result),
        *_outcome_lines(result, barged),
    ]


def _duel_roll_lines(result: DuelResult) -> list[str]:
    """Feints, each side's Duel roll and who won the Fight, and how (mesbg §1)."""
    from aos_cli.systems.mesbg.rules import DecidedBy

    lines: list[str] = []
    for side, d3 in result.feints.items():
        lines.append(
            _("{side} Feint: Fight value -{d3} to settle the Fight.").format(
                side=side_name(side.value), d3=d3
            )
        )
    for fighter, dice, high in (
        (result.good, result.good_dice, result.good_high),
        (result.evil, result.evil_dice, result.evil_high),
    ):
        shown = _dice(dice)
        if fighter.die_modifier:
            shown += " " + _("(-1 each, a 1 stays 1)")
        line = _("{side} Duel roll: {dice} - highest [total]{high}[/]").format(
            side=side_name(fighter.side.value), dice=shown, high=high
        )
        might = result.duel_might.get(fighter.side, 0)
        if might:
            line += " " + _("(+{might} Might)").format(might=might)
        lines.append(line)
    winner = side_name(result.winner.value)
    if result.decided_by is DecidedBy.DICE:
        decided = _("[total]{side} wins the Fight[/] on the dice.").format(side=winner)
    elif result.decided_by is DecidedBy.FIGHT:
        decided = _(
            "[total]{side} wins the Fight[/] on Fight value ({good} against {evil})."
        ).format(side=winner, good=result.good_fight, evil=result.evil_fight)
    else:
        decided = _(
            "[total]{side} wins the Fight[/] on the roll-off: {roll} ({good} needs {needs}+)."
        ).format(
            side=winner, roll=result.roll_off, good=side_name("good"), needs=result.roll_off_needs
        )
    lines.append(decided)
    return lines


def _special_strike_lines(result: DuelResult) -> list[str]:
    """What the winner's Special Strike did: Bash, Stun, Shielding, Piercing Strike."""
    lines: list[str] = []
    win = result.fighter(result.winner)
    if result.bash is not None:
        a, b, down = result.bash
        verdict = _("[success]knocked to the ground[/]") if down else _("[fail]stays up[/]")
        bash = (
            _("Bash: {die} + S{strength} +1 two-handed against {other} + S{target} - {verdict}")
            if win.two_handed
            else _("Bash: {die} + S{strength} against {other} + S{target} - {verdict}")
        )
        lines.append(
            bash.format(
                die=a,
                strength=win.strength,
                other=b,
                target=result.loser.strength,
                verdict=verdict,
            )
        )
    if result.stun is not None:
        die, stunned = result.stun
        verdict = (
            _("[success]stunned (Fight 1, Shoot 6+ to the end of next turn)[/]")
            if stunned
            else _("[fail]no effect[/]")
        )
        lines.append(_("Stun: {die} (4+) - {verdict}").format(die=die, verdict=verdict))
    if win.shielding:
        lines.append(_("[muted]The winner was shielding: it makes no Strikes.[/]"))
    for side, d3 in result.piercing.items():
        change = (
            _("Piercing Strike ({side}): Strength +{d3}.")
            if side is result.winner
            else _("Piercing Strike ({side}): Defence -{d3}.")
        )
        lines.append(change.format(side=side_name(side.value), d3=d3))
    return lines


def _strike_lines(result: DuelResult) -> list[str]:
    """The winner's Strikes and its supporters', and each wound's Fury and Fate rolls."""
    lines: list[str] = []
    if result.strikes or (result.need is None and result.strength is not None):
        shown = " ".join(_wound_text(r) for r in result.strikes) or _("none")
        strikes = (
            _("Strikes: S{strength} against D{defence} cannot wound: {rolls}")
            if result.need is None
            else _("Strikes: S{strength} against D{defence} needs {need}: {rolls}")
        )
        lines.append(
            strikes.format(
                strength=result.strength, defence=result.defence, need=result.need, rolls=shown
            )
        )
    if result.support_strikes or result.support_need is not None:
        shown = " ".join(_wound_text(r) for r in result.support_strikes) or _("none")
        support = (
            _("Supporters' Strikes cannot wound: {rolls}")
            if result.support_need is None
            else _("Supporters' Strikes need {need}: {rolls}")
        )
        lines.append(support.format(need=result.support_need, rolls=shown))
    if result.saves:
        parts = []
        for save in result.saves:
            bits = []
            if save.fury is not None:
                bits.append(_("Fury {roll}").format(roll=save.fury))
            if save.fate:
                bits.append(_("Fate {dice}").format(dice=" ".join(str(v) for v in save.fate)))
            what = ", ".join(bits) or _("no save")
            state = _("{save} → ignored") if save.ignored else _("{save} → lost")
            parts.append(state.format(save=what))
        lines.append(_("Wounds: {saves}").format(saves="; ".join(parts)))
    return lines


def _outcome_lines(result: DuelResult, barged: bool) -> list[str]:
    """The Wounds the loser lost, and the side that backs away (not after a Barge)."""
    lines: list[str] = []
    loser = result.loser
    if result.strikes or result.support_strikes:
        verdict = (
            _("[success]slain[/]")
            if result.slain
            else ngettext("{n} Wound left", "{n} Wounds left", result.wounds_left).format(
                n=result.wounds_left
            )
        )
        line = _("{side} loses [total]{lost}[/] of {wounds} Wounds - {verdict}").format(
            side=side_name(loser.side.value),
            lost=result.wounds_lost,
            wounds=loser.wounds,
            verdict=verdict,
        )
        if result.fate_spent:
            line += " " + _("(Fate spent {n})").format(n=result.fate_spent)
        lines.append(line)
    if not result.slain and not barged:  # a Barge drives it back 3" (mesbg §1): said after
        lines.append(
            _('[muted]The {side} side backs away 1".[/]').format(
                side=side_name(result.winner.other.value)
            )
        )
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
        _("{side} wins the Fight: {chance}").format(
            side=side_name(side.value), chance=chance(odds.win(side))
        )
        for side in (Side.GOOD, Side.EVIL)
    ]
    for win, lose in ((good, evil), (evil, good)):
        name, other = side_name(win.side.value), side_name(lose.side.value)
        if win.side in odds.special:
            what = (
                _("{side} wins and knocks its opponent down: {chance}")
                if win.strike is SpecialStrike.BASH
                else _("{side} wins and stuns: {chance}")
            )
            lines.append(what.format(side=name, chance=chance(odds.special[win.side])))
        if win.strikes:
            lines.append(
                _("{side}'s Strikes wound on {chance} each").format(
                    side=name, chance=percent(odds.wound_chance[win.side])
                )
            )
        lost = odds.wounds_lost[lose.side]
        mean = sum((k * p for k, p in lost.items()), Fraction(0))
        shown = ", ".join(f"{k}: {percent(p)}" for k, p in lost.items())
        lines.append(
            _("{side} Wounds lost (mean {mean}): {chances}; slain {chance}").format(
                side=other,
                mean=number(float(mean), 2),
                chances=shown,
                chance=chance(odds.slain[lose.side]),
            )
        )
    if Side.GOOD in odds.special or Side.EVIL in odds.special:
        lines.append(_("[muted]Bash and Stun replace the basher's or stunner's own Strikes.[/]"))
    return lines


# --------------------------------------------------------------------------- heroes


def battle_json(battle: Battle, game_id: int, *, notes: bool = False) -> dict[str, Any]:
    """The heroes, forces and powers in force of a Middle-earth game, for programs (with
    `notes`, what the action just taken did first)."""
    return {
        **(
            {"notes": told_notes(battle.notes), "events": told_events(battle.notes)}
            if notes
            else {}
        ),
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
                "conditions": list(h.conditions),
                "courage_lost": h.courage_lost,
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


CONDITIONS = {"knocked down": N_("knocked down"), "paralysed": N_("paralysed")}
"""What powers leave on a hero (mesbg §3 #17, #21), as the table shows them."""


def condition_name(condition: str) -> str:
    """A hero's condition in the chosen language."""
    return _(CONDITIONS[condition]) if condition in CONDITIONS else condition


def battle_tables(battle: Battle) -> list[Table | str]:
    """The forces with their break points, the heroes' stores, and the powers in force."""
    from rich.table import Table

    from aos_cli.systems.mesbg.rules import STORES
    from aos_cli.systems.mesbg.words import phase_name

    out: list[Table | str] = []
    forces = Table(title=_("Forces (turn {turn})").format(turn=battle.turn), title_justify="left")
    for column in (_("Force"), _("Side"), _("Models"), _("Lost"), _("Broken at"), _("State")):
        forces.add_column(column)
    for force in battle.forces.values():
        lost = battle.models_lost(force)
        more = battle.break_point(force) - lost
        state = (
            _("[fail]Broken[/]")
            if battle.broken(force)
            else ngettext("{n} more to break", "{n} more to break", more).format(n=more)
        )
        forces.add_row(
            force.name,
            side_name(force.side.value) if force.side else "-",
            str(force.models),
            str(lost),
            str(battle.break_point(force)),
            state,
        )
    out.append(forces)
    if battle.heroes:
        heroes = Table(title=_("Heroes"), title_justify="left")
        heroes.add_column(_("Hero"))
        heroes.add_column(_("Force"))
        for store in STORES:
            heroes.add_column(store_name(store), justify="right")
        for hero in battle.heroes.values():
            cells = [f"{hero.current[s]}/{hero.start[s]}" for s in STORES]
            name = _("[fail]{hero} (slain)[/]").format(hero=hero.name) if hero.slain else hero.name
            shown = [condition_name(c) for c in hero.conditions]
            if hero.courage_lost:
                shown.append(_("Courage -{n}").format(n=hero.courage_lost))
            if shown and not hero.slain:
                name = f"{name} ({', '.join(shown)})"
            heroes.add_row(name, hero.force, *cells)
        out.append(heroes)
    else:
        out.append(
            _(
                "[muted]No heroes yet: `aos hero add NAME --might 3 --will 3 --fate 3 --wounds 3`.[/]"
            )
        )
    if battle.effects:
        effects = Table(title=_("Powers in force"), title_justify="left")
        for column in (_("Power"), _("Caster"), _("Target"), _("Lasts")):
            effects.add_column(column)
        for effect in battle.effects:
            lasts = {
                "temporary": _("to the {end}").format(end=phase_name("end")),
                "exhausting": _("while {caster} has Will").format(caster=effect.caster),
            }.get(effect.duration.value, duration_name(effect.duration.value))
            name = power_name(effect.power)
            if effect.channelled:
                name = _("{power} (channelled)").format(power=name)
            effects.add_row(name, effect.caster, effect.target or "-", lasts)
        out.append(effects)
    return out


# --------------------------------------------------------------------------- events told


def _stores(values: tuple[int, ...]) -> str:
    """`Might 3, Will 3, Fate 3, Wounds 3`, in the chosen language."""
    from aos_cli.systems.mesbg.rules import STORES

    return ", ".join(f"{store_name(s)} {v}" for s, v in zip(STORES, values, strict=False))


def told_notes(notes: Sequence[str | Event]) -> list[str]:
    """A battle's notes as the player reads them: sentences as written, events told."""
    from aos_cli.views.events import note_lines

    return note_lines(notes)


def told_events(notes: Sequence[str | Event]) -> list[dict[str, Any]]:
    """The events among a battle's notes, as data with their fields (`--json`)."""
    from aos_cli.core.events import Event

    return [note.to_data() for note in notes if isinstance(note, Event)]


@tells(ForceAdded)
def _force_added(event: ForceAdded) -> list[str]:
    note = ngettext(
        "Force {force}: {n} model, Broken at {broken} lost.",
        "Force {force}: {n} models, Broken at {broken} lost.",
        event.models,
    )
    return [note.format(force=event.force, n=event.models, broken=event.broken_at)]


@tells(HeroJoined)
def _hero_joined(event: HeroJoined) -> list[str]:
    return [
        _("{hero} joins {force}: {stores}").format(
            hero=event.hero, force=event.force, stores=_stores(event.stores)
        )
    ]


@tells(StoreSpent)
def _spent(event: StoreSpent) -> list[str]:
    return [
        _("{hero} spends {amount} {store}: {left} left.").format(
            hero=event.hero, amount=event.amount, store=store_name(event.store), left=event.left
        )
    ]


@tells(HeroRestored)
def _restored(event: HeroRestored) -> list[str]:
    return [_("{hero} restored: {stores}").format(hero=event.hero, stores=_stores(event.stores))]


@tells(WarriorsLost)
def _warriors_lost(event: WarriorsLost) -> list[str]:
    note = ngettext("{force} loses {n} warrior.", "{force} loses {n} warriors.", event.lost)
    return [note.format(force=event.force, n=event.lost)]


@tells(ForceBroken)
def _broken(event: ForceBroken) -> list[str]:
    return [
        _("{force} is Broken: {lost} of {models} lost.").format(
            force=event.force, lost=event.lost, models=event.models
        )
    ]


def _power_effects(event: PowerCast) -> str:
    """What a power did to its target hero beyond its stores (mesbg §3 #4, #9, #17, #21)."""
    parts: list[str] = []
    if event.hit_strength:
        if not event.hit_need:
            parts.append(
                _("a Strength {strength} hit cannot wound {target}").format(
                    strength=event.hit_strength, target=event.target
                )
            )
        else:
            parts.append(
                ngettext(
                    "a Strength {strength} hit on {target} ({need}: {dice}): {n} Wound lost "
                    "({left} left)",
                    "a Strength {strength} hit on {target} ({need}: {dice}): {n} Wounds lost "
                    "({left} left)",
                    event.hit_lost,
                ).format(
                    strength=event.hit_strength,
                    target=event.target,
                    need=event.hit_need,
                    dice=", ".join(map(str, event.hit_dice)) or "-",
                    n=event.hit_lost,
                    left=event.wounds_left,
                )
            )
    if event.courage:
        parts.append(
            _("{target} loses {n} Courage for the rest of the battle ({total} in all)").format(
                target=event.target, n=event.courage, total=event.courage_total
            )
        )
    conditions = {
        "knocked down": _("{target} is knocked to the ground"),
        "paralysed": _("{target} is paralysed until it recovers on a 6"),
    }
    parts += [conditions.get(c, "{target}").format(target=event.target) for c in event.conditions]
    return "; ".join(parts)


@tells(PowerCast)
def _cast(event: PowerCast) -> list[str]:
    """mesbg §2.2-§2.5: a power cast, and what it did."""
    shown = {"caster": event.caster, "power": power_name(event.power)}
    if event.outcome == "failed":
        return [_("{caster} casts {power}: it fails.").format(**shown)]
    if event.outcome == "resisted":
        if event.target:
            return [
                _("{caster} casts {power}: it is resisted by {target}.").format(
                    target=event.target, **shown
                )
            ]
        return [_("{caster} casts {power}: it is resisted by the target.").format(**shown)]
    if event.store:
        note = (
            _("{caster} casts {power}: it takes effect: {target} gains {n} {store} ({left} left).")
            if event.change > 0
            else _(
                "{caster} casts {power}: it takes effect: {target} loses {n} {store} ({left} left)."
            )
        )
        return [
            note.format(
                target=event.target, n=abs(event.change), store=store_name(event.store),
                left=event.store_left, **shown,
            )
        ]  # fmt: skip
    if event.effects:
        return [
            _("{caster} casts {power}: it takes effect: {effects}.").format(
                effects=_power_effects(event), **shown
            )
        ]
    return [_("{caster} casts {power}: it takes effect.").format(**shown)]


@tells(FateRolled)
def _fate(event: FateRolled) -> list[str]:
    note = (
        _("{hero} rolls Fate {dice}: the Wound is ignored ({fate} Fate left).")
        if event.saved
        else _(
            "{hero} rolls Fate {dice}: no {value}+, the Wound is lost "
            "({wounds} Wounds, {fate} Fate left)."
        )
    )
    return [
        note.format(
            hero=event.hero, dice=", ".join(map(str, event.dice)), value=event.needed,
            wounds=event.wounds, fate=event.fate,
        )
    ]  # fmt: skip


@tells(FightWon)
def _fight(event: FightWon) -> list[str]:
    """mesbg §5: a Fight between heroes."""
    might = ", ".join(f"{name} {n}" for name, n in zip(event.might_by, event.might, strict=False))
    clauses = [_("{winner} wins the Fight against {loser}")]
    if might:
        clauses.append(_("Might spent: {spent}"))
    if event.wounds_lost:
        clauses.append(
            ngettext("{loser} loses {n} Wound", "{loser} loses {n} Wounds", event.wounds_lost)
        )
    if event.backs_away:
        clauses.append(_('{loser} backs away 1"'))
    shown = {"winner": event.winner, "loser": event.loser, "spent": might, "n": event.wounds_lost}
    return ["; ".join(c.format(**shown) for c in clauses) + "."]


@tells(Barged)
def _barged(event: Barged) -> list[str]:
    """mesbg §1 Barge."""
    backs = (
        _('{loser} cannot back away the full 3" and is knocked to the ground')
        if event.knocked
        else _('{loser} backs away 3"')
    )
    note = _(
        "{monster} wins the Fight against {loser} and Barges: no strikes; {backs}; "
        '{monster} may move {move}" and charge again (a second Fight, no Brutal Power '
        "Attack, mesbg §1)."
    )
    return [
        note.format(
            monster=event.monster, loser=event.loser, move=event.move,
            backs=backs.format(loser=event.loser),
        )
    ]  # fmt: skip


@tells(PriorityRolledMesbg)
def _priority(event: PriorityRolledMesbg) -> list[str]:
    good_name, evil_name = side_name("good"), side_name("evil")
    pairs = zip(event.rolls[::2], event.rolls[1::2], strict=False)
    shown = ", ".join(f"{good_name} {g}, {evil_name} {e}" for g, e in pairs)
    note = _("Priority ({rolls}): {side} has Priority this turn.")
    return [note.format(rolls=shown, side=side_name(event.side))]


@tells(ParalyseRolled)
def _paralyse(event: ParalyseRolled) -> list[str]:
    """mesbg §3 #21."""
    note = (
        _("{hero} rolls {dice} to recover from Paralyse: a 6, it stands up (mesbg §3 #21).")
        if event.recovered
        else _(
            "{hero} rolls {dice} to recover from Paralyse: no 6, it stays paralysed (mesbg §3 #21)."
        )
    )
    return [note.format(hero=event.hero, dice=", ".join(map(str, event.dice)))]


@tells(PhaseBegunMesbg)
def _phase(event: PhaseBegunMesbg) -> list[str]:
    from aos_cli.systems.mesbg.words import phase_name

    return [_("The {phase} begins.").format(phase=phase_name(event.phase))]


@tells(StandsUp)
def _stands_up(event: StandsUp) -> list[str]:
    return [_("{hero} stands up in its next move (half its move).").format(hero=event.hero)]


@tells(PowerEnded)
def _power_ended(event: PowerEnded) -> list[str]:
    """mesbg §2.5."""
    from aos_cli.systems.mesbg.words import phase_name

    if event.why == "no-will":
        return [
            _("{power} ends: {hero} has no Will left.").format(
                power=power_name(event.power), hero=event.caster
            )
        ]
    return [
        _("{power} ({caster}) ends: temporary, {end}.").format(
            power=power_name(event.power), caster=event.caster, end=phase_name("end")
        )
    ]


@tells(BattleEnded)
def _battle_ended(event: BattleEnded) -> list[str]:
    lost = ", ".join(
        _("{force} lost {lost} of {models}").format(force=force, lost=n, models=models)
        for force, n, models in zip(event.forces, event.lost, event.models, strict=False)
    )
    if event.winner:
        return [
            _("The battle ends: {losses}; {force} wins.").format(losses=lost, force=event.winner)
        ]
    return [_("The battle ends: {losses}; a draw.").format(losses=lost)]


@tells(TurnBegunMesbg)
def _turn(event: TurnBegunMesbg) -> list[str]:
    return [_("Turn {turn} begins.").format(turn=event.turn)]


@tells(HeroSlain)
def _hero_slain(event: HeroSlain) -> list[str]:
    return [_("{hero} is slain.").format(hero=event.hero)]
