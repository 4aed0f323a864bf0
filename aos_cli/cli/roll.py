"""`aos roll ...`: roll dice, roll-offs, attack sequences, charges, runs, casts, battleshock."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from aos_cli.cli.attack_options import AttackRequest, attack_command
from aos_cli.cli.common import console, dice_source, print_json

roll_app = typer.Typer(
    help="Roll dice the rules ask for, with every die shown.", no_args_is_help=True
)

SeedOption = Annotated[int | None, typer.Option(help="Seed for repeatable dice.")]
DiceOption = Annotated[str, typer.Option(help="auto (the tool rolls) or manual (you type).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@roll_app.command("dice")
def roll_dice(
    expression: Annotated[str, typer.Argument(help="Dice such as D6, 2D6+1, D3+D6.")],
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """Roll a dice expression (D3 is a D6 halved, rounded up)."""
    from aos_cli.core.dice import parse_dice

    expr = parse_dice(expression, what="expression")
    rolled = dice_source(dice, seed).roll(expr.d6_count, str(expr)) if expr.d6_count else []
    total = expr.value_from(rolled)
    if json:
        print_json({"expression": str(expr), "dice": rolled, "total": total})
        return
    shown = " ".join(str(v) for v in rolled) or "no dice"
    console().print(f"[heading]{expr}[/]: {shown} → [total]{total}[/]")


@roll_app.command("rolloff")
def roll_rolloff(
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """Each player rolls a D6, ties rolled again; never rerolled or modified (AoS2 §2)."""
    from aos_cli.core.dice import roll_off

    result = roll_off(dice_source(dice, seed))
    winner = "first" if result.winner == 0 else "second"
    if json:
        print_json({"rounds": [list(r) for r in result.rounds], "winner": winner})
        return
    out = console()
    for first, second in result.rounds:
        tie = "  tie, roll again" if first == second else ""
        out.print(f"first player {first}  second player {second}{tie}")
    out.print(f"[total]The {winner} player wins the roll-off.[/]")


def attack_json(request: AttackRequest, result: Any) -> dict[str, Any]:
    """The JSON object of a rolled attack: totals and every stage's dice."""
    weapons = []
    for weapon in result.weapons:
        weapons.append(
            {
                "weapon": weapon.weapon,
                "attacks": weapon.attacks,
                "attack_rolls": list(weapon.attack_rolls),
                "stages": {
                    stage.name: {
                        "needed": stage.needed,
                        "dice": [d.value for d in stage.dice],
                        "first_rolls": [d.first for d in stage.dice],
                        "successes": stage.count,
                    }
                    for stage in weapon.stages
                },
                "damage_rolls": list(weapon.damage_rolls),
                "mortal_wounds": weapon.mortal_wounds,
            }
        )
    data: dict[str, Any] = {
        "attacks": result.attacks,
        "hits": result.hits,
        "wounds": result.wounds,
        "unsaved": result.unsaved,
        "mortal_wounds": result.mortal_wounds,
        "damage_before_ward": result.damage_before_ward,
        "ward_rolls": list(result.ward_rolls),
        "damage": result.damage,
        "slain": result.slain,
        "weapons": weapons,
    }
    if result.allocation is not None:
        data["models_left"] = result.allocation.models_left
        data["wounds_on_damaged_model"] = result.allocation.wounds_on_damaged
    data["percentile"] = damage_percentile(request, result)
    return data


def damage_percentile(request: AttackRequest, result: Any) -> float:
    """Where the rolled damage sits in the exact distribution, 0-100: P(less) + P(equal)/2
    (mid-rank, so an outcome every roll shares sits at 50 and luck reads alike both ways)."""
    from aos_cli.core.odds import attack_odds

    odds = attack_odds(request.attacks, request.target, ward=request.ward)
    return odds.damage.percentile(result.damage)


def show_attack_roll(request: AttackRequest) -> None:
    """Roll the attack sequence and show it."""
    from aos_cli.core.attack import resolve_attacks
    from aos_cli.views.dice import attack_table

    result = resolve_attacks(
        request.attacks,
        request.target,
        dice_source(request.dice_mode, request.seed),
        target_models=request.target_models,
        target_wounds=request.target_wounds,
        wounds_suffered=request.wounds_suffered,
        ward=request.ward,
    )
    if request.as_json:
        print_json(attack_json(request, result))
        return
    out = console()
    out.print(attack_table(result, show_slain=request.target_models is not None))
    out.print(luck_line(request, result))
    if not request.save_given:
        out.print("[muted]No --save given: the target had no save (-).[/]")


def luck_line(request: AttackRequest, result: Any) -> str:
    """`Luck: better than 78% of outcomes, worse than 12% (percentile 83).` for the damage."""
    from aos_cli.core.odds import attack_odds
    from aos_cli.views.charts import percent

    damage = attack_odds(request.attacks, request.target, ward=request.ward).damage
    rolled = result.damage
    return (
        f"[muted]Luck: better than {percent(damage.below(rolled))} of outcomes, worse than "
        f"{percent(damage.at_least(rolled + 1))} (percentile {damage.percentile(rolled):.0f}).[/]"
    )


roll_app.command("attack")(attack_command(show_attack_roll))
roll_app.registered_commands[
    -1
].help = "Roll an attack sequence: hit, wound, save, damage, ward and models slain (AoS2 §14)."


@roll_app.command("battleshock")
def roll_battleshock(
    bravery: Annotated[int, typer.Option(help="The unit's Bravery.")],
    slain: Annotated[int, typer.Option(help="Models from the unit slain this turn.")],
    models: Annotated[int, typer.Option(help="Models left in the unit.")],
    mod: Annotated[int, typer.Option(help="Modifier to Bravery.")] = 0,
    roll_mod: Annotated[int, typer.Option(help="Modifier to the battleshock roll.")] = 0,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """A battleshock test: D6 + slain against Bravery + 1 per 10 models (AoS2 §12)."""
    from aos_cli.core.battleshock import battleshock_test

    test = battleshock_test(
        dice_source(dice, seed),
        bravery=bravery,
        slain=slain,
        models=models,
        bravery_modifier=mod,
        roll_modifier=roll_mod,
    )
    if json:
        print_json(
            {
                "die": test.die,
                "roll": test.roll,
                "bravery": test.bravery,
                "passed": test.passed,
                "fled": test.fled,
            }
        )
        return
    verdict = "[success]passed[/]" if test.passed else f"[fail]failed: {test.fled} flee[/]"
    console().print(
        f"Battleshock: rolled {test.die} + {slain} slain"
        + (f" {roll_mod:+d}" if roll_mod else "")
        + f" = [total]{test.roll}[/] against Bravery [total]{test.bravery}[/] - {verdict}"
    )


@roll_app.command("charge")
def roll_charge_command(
    distance: Annotated[
        float | None, typer.Option(help="Gap to the nearest enemy model, in inches.")
    ] = None,
    reroll: Annotated[
        bool, typer.Option(help="Reroll the charge if it falls short (Forward to Victory).")
    ] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the charge roll.")] = 0,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """A 2D6 charge roll; the charger must end within 1/2" of an enemy model (AoS2 §10)."""
    from aos_cli.core.movement import roll_charge

    charge = roll_charge(dice_source(dice, seed), distance=distance, reroll=reroll, modifier=mod)
    if json:
        print_json(
            {
                "dice": list(charge.first),
                "reroll_dice": list(charge.rerolled) if charge.rerolled else None,
                "total": charge.total,
                "needed": charge.needed,
                "success": charge.succeeded,
            }
        )
        return
    line = f"Charge: {charge.first[0]} {charge.first[1]}"
    if charge.rerolled:
        line += f", rerolled {charge.rerolled[0]} {charge.rerolled[1]}"
    if mod:
        line += f" {mod:+d}"
    line += f' → [total]{charge.total}"[/]'
    if charge.needed is not None:
        line += (
            f" - [success]the charge reaches[/] (needed {charge.needed})"
            if charge.succeeded
            else f" - [fail]the charge fails[/] (needed {charge.needed})"
        )
    console().print(line)


@roll_app.command("run")
def roll_run_command(
    mod: Annotated[int, typer.Option(help="Modifier to the run roll.")] = 0,
    at_the_double: Annotated[
        bool, typer.Option(help="At the Double: the run roll counts as a 6.")
    ] = False,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """A D6 run roll added to Move (AoS2 §8.4)."""
    from aos_cli.core.movement import roll_run

    run = roll_run(dice_source(dice, seed), modifier=mod, at_the_double=at_the_double)
    if json:
        print_json({"die": run.die, "total": run.total, "at_the_double": at_the_double})
        return
    source = " (At the Double)" if at_the_double else ""
    extra = f" {mod:+d}" if mod else ""
    console().print(f'Run: {run.die}{source}{extra} → [total]+{run.total}"[/] to Move')


@roll_app.command("cast")
def roll_cast_command(
    value: Annotated[int, typer.Option(help="The spell's casting value.")],
    unbind: Annotated[bool, typer.Option(help="An enemy wizard tries to unbind.")] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the casting roll.")] = 0,
    unbind_mod: Annotated[int, typer.Option(help="Modifier to the unbinding roll.")] = 0,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """Cast with 2D6 against the casting value; an unbind must beat the casting roll (AoS2 §15)."""
    from aos_cli.core.magic import roll_cast

    cast = roll_cast(
        dice_source(dice, seed),
        value=value,
        modifier=mod,
        unbind=unbind,
        unbind_modifier=unbind_mod,
    )
    if json:
        print_json(
            {
                "dice": list(cast.dice),
                "total": cast.total,
                "cast": cast.cast,
                "unbind_dice": list(cast.unbind_dice) if cast.unbind_dice else None,
                "unbind_total": cast.unbind_total,
                "unbound": cast.unbound,
                "success": cast.succeeded,
            }
        )
        return
    out = console()
    extra = f" {mod:+d}" if mod else ""
    verdict = "[success]cast[/]" if cast.cast else "[fail]fails to cast[/]"
    out.print(
        f"Casting: {cast.dice[0]} {cast.dice[1]}{extra} = [total]{cast.total}[/]"
        f" against {value} - {verdict}"
    )
    if cast.unbind_dice:
        extra = f" {unbind_mod:+d}" if unbind_mod else ""
        verdict = "[fail]unbound[/]" if cast.unbound else "[success]not unbound[/]"
        out.print(
            f"Unbinding: {cast.unbind_dice[0]} {cast.unbind_dice[1]}{extra} = "
            f"[total]{cast.unbind_total}[/] must beat {cast.total} - {verdict}"
        )
