"""`aos roll ...`: roll dice, roll-offs, attack sequences, charges, runs, casts, battleshock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from aos_cli.cli.attack_options import AttackRequest, attack_command
from aos_cli.cli.common import console, dice_source, print_json
from aos_cli.core.errors import InputError

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


def show_attack_roll(request: AttackRequest) -> None:
    """Roll the chosen system's attack sequence and show it, with where its damage sits."""
    kit, spec = request.kit, request.spec
    result = kit.engine.resolve(spec, dice_source(request.dice_mode, request.seed))
    # The damage distribution does not depend on the target's models: skip the allocation.
    damage = kit.engine.odds(spec.unallocated()).damage
    if request.as_json:
        print_json(kit.result_json(spec, result) | {"percentile": damage.percentile(result.damage)})
        return
    from aos_cli.views.charts import luck_line

    out = console()
    out.print(kit.table(spec, result))
    out.print(luck_line(damage, result.damage))
    for note in kit.notes(spec):
        out.print(f"[muted]{note}[/]")
    if not request.save_given:
        out.print("[muted]No --save given: the target had no save (-).[/]")


roll_app.command("attack")(attack_command(show_attack_roll))
roll_app.registered_commands[-1].help = (
    "Roll an attack sequence: hit, wound, save, damage, ward and models slain (AoS2 §14); "
    "with --system wh40k8 the 40k sequence (BS/WS, S vs T, AP, invulnerable saves, 40k8 §8)."
)


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


SystemOption = Annotated[
    str, typer.Option(help="Game system: aos2 (2D6 against --value) or mesbg (Will dice).")
]
WillOption = Annotated[int | None, typer.Option(help="mesbg: Will points spent (one D6 each).")]
CastingOption = Annotated[
    str | None, typer.Option(help="mesbg: the power's casting value, such as 4+.")
]
PowerOption = Annotated[
    str | None,
    typer.Option(help="mesbg: the power cast (its casting value and text from the rules)."),
]
ChannelledOption = Annotated[
    bool, typer.Option(help="mesbg: the channelled version (its cost is not in the fragment).")
]
ResistWillOption = Annotated[int, typer.Option(help="mesbg: Will the target spends to resist.")]
MightOption = Annotated[int, typer.Option(help="mesbg: Might the caster may spend.")]
ResistMightOption = Annotated[int, typer.Option(help="mesbg: Might the target may spend.")]
MightPolicyOption = Annotated[
    str,
    typer.Option(
        help="mesbg: minimum (just reach the casting value) or all (raise the die to 6, "
        "harder to resist)."
    ),
]
FortifyOption = Annotated[
    str,
    typer.Option(help="mesbg: Fortify Spirit on the target: none, normal (+2 dice), channelled."),
]


def check_system(system: str) -> str:
    """The game system of a cast or duel: aos2 or mesbg (InputError naming --system)."""
    wanted = system.strip().lower()
    if wanted not in ("aos2", "mesbg"):
        raise InputError(f"--system: {system!r} has no casting roll here", "use aos2 or mesbg")
    return wanted


def refuse_flags(system: str, given: dict[str, bool]) -> None:
    """One line naming the first flag that belongs to another system."""
    for flag, present in given.items():
        if present:
            other = "mesbg" if system == "aos2" else "aos2"
            raise InputError(
                f"{flag} is for --system {other}", f"leave it out with --system {system}"
            )


def mesbg_power(name: str | None, channelled: bool) -> dict[str, Any] | None:
    """The named power from the mesbg rules as a small dict (loads the rules only when asked)."""
    if name is None:
        if channelled:
            raise InputError("--channelled needs --power", "name the power cast")
        return None
    from aos_cli.content import load_database
    from aos_cli.content.database import find

    power = find(load_database().ruleset("mesbg").spells, name, "power")
    return {
        "id": power.id,
        "name": power.name,
        "casting": power.casting_value,
        "duration": power.duration or "instant",
        "channelled": channelled,
        "text": power.text,
        "channelled_text": f"Channelled: {power.channelled or 'no stronger version given'}",
        "source": power.source,
    }


def mesbg_cast_request(
    *,
    will: int | None,
    casting: str | None,
    power: dict[str, Any] | None,
    might: int,
    might_policy: str,
    resist_will: int,
    resist_might: int,
    fortify: str,
) -> Any:
    """The mesbg CastRequest from the flags; InputError naming the flag that is wrong."""
    from aos_cli.core.dice import parse_threshold
    from aos_cli.systems.mesbg import CastRequest, MightPolicy

    if will is None:
        raise InputError("--will is required with --system mesbg", "give the Will points spent")
    if casting is not None:
        value = parse_threshold(casting, what="--casting")
    elif power is not None:
        value = int(power["casting"])
    else:
        raise InputError(
            "--casting is required with --system mesbg", "give the casting value (4+) or --power"
        )
    try:
        policy = MightPolicy(might_policy.strip().lower())
    except ValueError:
        raise InputError(
            f"--might-policy: {might_policy!r} is not a policy", "use minimum or all"
        ) from None
    extra, bonus = {"none": (0, 0), "normal": (2, 0), "channelled": (2, 1)}.get(
        fortify.strip().lower(), (-1, -1)
    )
    if extra < 0:
        raise InputError(f"--fortify: {fortify!r}", "use none, normal or channelled")
    request = CastRequest(
        will=will,
        casting=value,
        might=might,
        might_policy=policy,
        resist_will=resist_will,
        resist_might=resist_might,
        resist_extra_dice=extra,
        resist_bonus=bonus,
    )
    request.check()
    return request


@roll_app.command("cast")
def roll_cast_command(
    value: Annotated[int | None, typer.Option(help="aos2: the spell's casting value.")] = None,
    unbind: Annotated[bool, typer.Option(help="aos2: an enemy wizard tries to unbind.")] = False,
    mod: Annotated[int, typer.Option(help="aos2: modifier to the casting roll.")] = 0,
    unbind_mod: Annotated[int, typer.Option(help="aos2: modifier to the unbinding roll.")] = 0,
    system: SystemOption = "aos2",
    will: WillOption = None,
    casting: CastingOption = None,
    power: PowerOption = None,
    channelled: ChannelledOption = False,
    resist_will: ResistWillOption = 0,
    might: MightOption = 0,
    resist_might: ResistMightOption = 0,
    might_policy: MightPolicyOption = "minimum",
    fortify: FortifyOption = "none",
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """Cast a spell: aos2 2D6 against the casting value, an unbind must beat it (AoS2 §15);
    mesbg one D6 per Will point, highest die against the casting value, resisted on a tie or
    better (mesbg §2.2-§2.4)."""
    chosen = check_system(system)
    if chosen == "mesbg":
        refuse_flags(
            "mesbg",
            {"--value": value is not None, "--unbind": unbind, "--mod": bool(mod),
             "--unbind-mod": bool(unbind_mod)},
        )  # fmt: skip
        show_mesbg_cast(
            mesbg_power(power, channelled),
            mesbg_cast_request(
                will=will,
                casting=casting,
                power=mesbg_power(power, False) if power else None,
                might=might,
                might_policy=might_policy,
                resist_will=resist_will,
                resist_might=resist_might,
                fortify=fortify,
            ),
            seed=seed,
            dice=dice,
            as_json=json,
        )
        return
    refuse_flags(
        "aos2",
        {"--will": will is not None, "--casting": casting is not None, "--power": power is not None,
         "--channelled": channelled, "--resist-will": bool(resist_will), "--might": bool(might),
         "--resist-might": bool(resist_might), "--fortify": fortify != "none"},
    )  # fmt: skip
    if value is None:
        raise InputError("--value is required with --system aos2", "give the casting value")
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


def show_mesbg_cast(
    power: dict[str, Any] | None, request: Any, *, seed: int | None, dice: str, as_json: bool
) -> None:
    """Roll a Middle-earth cast and show it."""
    from aos_cli.systems.mesbg import roll_cast as roll_mesbg_cast
    from aos_cli.systems.mesbg.views import cast_json, cast_lines

    result = roll_mesbg_cast(dice_source(dice, seed), request)
    if as_json:
        print_json(cast_json(result, power=power))
        return
    out = console()
    for line in cast_lines(result, power=power):
        out.print(line)


# --------------------------------------------------------------------------- mesbg duels

WEAPONS_HELP = (
    "hand, unarmed, two-handed, elven-blade, elven-blade-two-handed, spear, pike, "
    "wood-elf-spear, lance, throwing"
)
STRIKES_HELP = "bash, feint, piercing, stun or whirl"


def _fighter(side: str, values: dict[str, Any]) -> Any:
    """A mesbg Fighter from one side's flags; InputError naming the flag that is wrong."""
    from aos_cli.systems.mesbg import Fighter, Side, SpecialStrike, WeaponRule

    try:
        weapon = WeaponRule(str(values["weapon"]).strip().lower())
    except ValueError:
        raise InputError(f"--{side}-weapon: {values['weapon']!r}", f"use {WEAPONS_HELP}") from None
    strike = None
    if values["strike"] is not None:
        try:
            strike = SpecialStrike(str(values["strike"]).strip().lower().removesuffix("-strike"))
        except ValueError:
            raise InputError(
                f"--{side}-strike: {values['strike']!r}", f"use {STRIKES_HELP}"
            ) from None
    fighter = Fighter(
        Side(side),
        attacks=values["attacks"],
        fight=values["fight"],
        strength=values["strength"],
        defence=values["defence"],
        wounds=values["wounds"],
        fate=values["fate"],
        weapon=weapon,
        shielding=values["shielding"],
        support=values["support"],
        support_strength=values["support_strength"],
        strike=strike,
        charged=values["charged"],
        ignore_on=values["fury"],
    )
    return fighter


def duel_command(run: Callable[[Any, Any, int | None, str, bool], None]) -> Callable[..., None]:
    """A Typer command with both sides' duel flags that hands (good, evil, seed, dice, json) to
    `run`; registered by `aos roll duel` and `aos odds duel`, so the two never drift apart."""

    def command(
        good_attacks: Annotated[int, typer.Option(help="Good: Attacks.")] = 1,
        good_fight: Annotated[int, typer.Option(help="Good: Fight value.")] = 3,
        good_strength: Annotated[int, typer.Option(help="Good: Strength.")] = 3,
        good_defence: Annotated[int, typer.Option(help="Good: Defence (+1 for a shield).")] = 4,
        good_wounds: Annotated[int, typer.Option(help="Good: Wounds left.")] = 1,
        good_fate: Annotated[int, typer.Option(help="Good: Fate points it will spend.")] = 0,
        good_weapon: Annotated[str, typer.Option(help=f"Good: {WEAPONS_HELP}.")] = "hand",
        good_shielding: Annotated[
            bool, typer.Option(help="Good: shields (2 dice per Attack, no Strikes).")
        ] = False,
        good_support: Annotated[
            int, typer.Option(help="Good: spear/pike supporters (+1 Attack each).")
        ] = 0,
        good_support_strength: Annotated[
            int | None, typer.Option(help="Good: supporters' Strength (default its own).")
        ] = None,
        good_strike: Annotated[
            str | None, typer.Option(help=f"Good: special strike, {STRIKES_HELP}.")
        ] = None,
        good_charged: Annotated[
            bool, typer.Option(help="Good: charged this turn with a lance (+1 to wound).")
        ] = False,
        good_fury: Annotated[
            int | None, typer.Option(help="Good: Fury ignores Wounds on this roll (6 or 5).")
        ] = None,
        evil_attacks: Annotated[int, typer.Option(help="Evil: Attacks.")] = 1,
        evil_fight: Annotated[int, typer.Option(help="Evil: Fight value.")] = 3,
        evil_strength: Annotated[int, typer.Option(help="Evil: Strength.")] = 3,
        evil_defence: Annotated[int, typer.Option(help="Evil: Defence (+1 for a shield).")] = 4,
        evil_wounds: Annotated[int, typer.Option(help="Evil: Wounds left.")] = 1,
        evil_fate: Annotated[int, typer.Option(help="Evil: Fate points it will spend.")] = 0,
        evil_weapon: Annotated[str, typer.Option(help=f"Evil: {WEAPONS_HELP}.")] = "hand",
        evil_shielding: Annotated[
            bool, typer.Option(help="Evil: shields (2 dice per Attack, no Strikes).")
        ] = False,
        evil_support: Annotated[
            int, typer.Option(help="Evil: spear/pike supporters (+1 Attack each).")
        ] = 0,
        evil_support_strength: Annotated[
            int | None, typer.Option(help="Evil: supporters' Strength (default its own).")
        ] = None,
        evil_strike: Annotated[
            str | None, typer.Option(help=f"Evil: special strike, {STRIKES_HELP}.")
        ] = None,
        evil_charged: Annotated[
            bool, typer.Option(help="Evil: charged this turn with a lance (+1 to wound).")
        ] = False,
        evil_fury: Annotated[
            int | None, typer.Option(help="Evil: Fury ignores Wounds on this roll (6 or 5).")
        ] = None,
        system: SystemOption = "mesbg",
        seed: SeedOption = None,
        dice: DiceOption = "auto",
        json: JsonOption = False,
    ) -> None:
        if check_system(system) != "mesbg":
            raise InputError("--system: duels are a mesbg roll", "use --system mesbg")
        flags = locals()
        sides = [
            _fighter(
                side,
                {
                    key.removeprefix(f"{side}_"): value
                    for key, value in flags.items()
                    if key.startswith(f"{side}_")
                },
            )
            for side in ("good", "evil")
        ]
        run(sides[0], sides[1], seed, dice, json)

    return command


def show_duel_roll(good: Any, evil: Any, seed: int | None, dice: str, as_json: bool) -> None:
    """Roll a Middle-earth Fight and show every step."""
    from aos_cli.systems.mesbg import roll_duel
    from aos_cli.systems.mesbg.views import duel_json, duel_lines

    result = roll_duel(dice_source(dice, seed), good, evil)
    if as_json:
        print_json(duel_json(result))
        return
    out = console()
    for line in duel_lines(result):
        out.print(line)


roll_app.command("duel")(duel_command(show_duel_roll))
roll_app.registered_commands[-1].help = (
    "Roll a Middle-earth Fight: the Duel roll, ties, special strikes, wound rolls and Fate "
    "(mesbg §4, §5)."
)
