"""The in-game commands (`aos status`, `aos next`, `aos shoot` ...): each one acts on the
current game through the game session (checked, recorded with its dice, nothing written when it
fails) and shows what happened. Registered as top-level commands by the app, lazily."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from aos_cli.cli.acting import act, show_notes, unit_action
from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import (
    AnswerOption,
    ContentOption,
    DbOption,
    DiceOption,
    GameOption,
    JsonOption,
    SeedOption,
    UnitArg,
)
from aos_cli.core.errors import GameError, InputError
from aos_cli.language.i18n import _


def status(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """Where the game stands: round, turn, phase, command and victory points, every unit."""
    from importlib import import_module

    from aos_cli.app.session import open_game
    from aos_cli.core.system import get_system
    from aos_cli.views.game import status_json, status_view

    with open_game(db, game) as session:
        system = get_system(session.record().system)
        if system.front.status_command:  # a system with its own engine shows its games itself
            module, _, attribute = system.front.status_command.partition(":")
            show = getattr(import_module(module), attribute)
            return show(db=db, game=str(session.game_id), json=json)  # type: ignore[no-any-return]
        state = session.state()
    if json:
        print_json(status_json(state, session.game_id))
        return
    console().print(status_view(state))


def next_step(
    answer: AnswerOption = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
    dice: DiceOption = "auto",
    seed: SeedOption = None,
) -> None:
    """Go on to the next phase, turn or battle round, doing what the rules do on the way."""
    act("next", {}, db=db, game=game, as_json=json, answer=answer, dice=dice, seed=seed)


def priority(
    first: Annotated[
        str | None, typer.Option(help="The side the roll-off winner sends first (default: itself).")
    ] = None,
    zones_chosen_by: Annotated[
        str | None,
        typer.Option(help="40k: the side that chose the deployment zones (Underdog on a tie)."),
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Roll off for priority at the start of a battle round (AoS2 §6)."""
    payload: dict[str, Any] = {}
    answers: dict[str, Any] = {}
    if first is not None or zones_chosen_by is not None:
        from aos_cli.app.session import open_game
        from aos_cli.core.scoring import side_index

        with open_game(db, game) as session:
            if first is not None:
                payload["first"] = side_index(session.state(), first)
            if zones_chosen_by is not None:
                chooser = side_index(session.state(), zones_chosen_by)
                answers["zones-chosen-by"] = chooser == 0
    act("priority", payload, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answers=answers, answer=answer)  # fmt: skip


TargetOption = Annotated[str, typer.Option("--target", help="Target unit id or name.")]
TargetInRangeOption = Annotated[
    bool | None,
    typer.Option(
        "--target-in-range/--no-target-in-range",
        help="The target is within the range the spell or ability picks it at.",
    ),
]
InRangeOption = Annotated[
    bool | None,
    typer.Option(
        "--in-command-range/--no-in-command-range", help='Within 6" of a Hero (12" of the general).'
    ),
]
EngagedOption = Annotated[
    bool | None,
    typer.Option(
        "--engaged/--no-engaged",
        help='The unit is within engagement range of an enemy unit (AoS 3", 40k 1").',
    ),
]
CoverOption = Annotated[
    bool | None, typer.Option("--cover/--no-cover", help="Every target model is on or in terrain.")
]
TriumphOption = Annotated[
    bool,
    typer.Option(
        "--triumph", help="AoS2: declare your triumph for this unit (Inspired, Bloodthirsty)."
    ),
]
TargetTriumphOption = Annotated[
    bool,
    typer.Option(
        "--target-triumph",
        help="AoS2: the target's player declares their triumph for it (Indomitable).",
    ),
]


def triumphs(triumph: bool, target_triumph: bool) -> dict[str, bool]:
    """The triumph flags given, as the attack action's fields (AoS2 §16)."""
    return {k: True for k, v in (("triumph", triumph), ("target_triumph", target_triumph)) if v}


move = unit_action("move", "Make a normal move with a unit (AoS2 §8.2).")
retreat = unit_action("retreat", "Retreat: the unit cannot shoot or charge this turn (AoS2 §8.3).")


def run(
    unit: UnitArg,
    at_the_double: Annotated[bool, typer.Option(help="Spend 1 CP: the run roll is a 6.")] = False,
    in_command_range: InRangeOption = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Run: add a D6 to Move; no shooting or charging this turn (AoS2 §8.4)."""
    act(
        "run", {"unit": unit, "at_the_double": at_the_double}, db=db, game=game, as_json=json,
        dice=dice, seed=seed, answers={"in-command-range": in_command_range}, answer=answer)  # fmt: skip


def arrive(
    unit: UnitArg,
    mod: Annotated[int, typer.Option(help="Modifier to the arrival roll.")] = 0,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Roll for a unit in reserve to arrive (Scions of the Storm: 3+, AoS2 §26.1)."""
    act(
        "arrive",
        {"unit": unit, "mod": mod},
        db=db,
        game=game,
        as_json=json,
        dice=dice,
        seed=seed,
        answer=answer,
    )


def pre_battle_move(
    unit: UnitArg,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Before the first battle round, move a unit as a pre-battle ability allows (Cunning
    Strategist: D3 Stormcast Eternals units, up to 5")."""
    act("pre_battle_move", {"unit": unit}, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answer=answer)  # fmt: skip


def pre_battle_roll_off(
    first: Annotated[
        str | None,
        typer.Option(help="The side the winner sends first to use its pre-battle abilities."),
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Before the first battle round, when both armies have pre-battle abilities: roll off;
    the winner decides who uses all of theirs first (AoS2 p.14)."""
    payload: dict[str, Any] = {}
    if first is not None:
        from aos_cli.app.session import open_game
        from aos_cli.core.scoring import side_index

        with open_game(db, game) as session:
            payload["first"] = side_index(session.state(), first)
    act("pre_battle_roll_off", payload, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answer=answer)  # fmt: skip


def garrison(
    unit: UnitArg,
    feature: Annotated[
        str | None, typer.Option(help="The terrain feature to garrison (instead of a normal move).")
    ] = None,
    leave: Annotated[
        bool, typer.Option("--leave", help="Leave the feature the unit garrisons (its move).")
    ] = False,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Garrison a terrain feature instead of a normal move, or leave it (AoS2 §4.5)."""
    payload: dict[str, Any] = {"unit": unit, "leave": leave}
    if feature is not None:
        payload["feature"] = feature
    act("garrison", payload, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answer=answer)  # fmt: skip


def beast(
    warscroll: Annotated[
        str | None, typer.Argument(help="The Monster's warscroll (id or name), not a Hero.")
    ] = None,
    none: Annotated[bool, typer.Option("--none", help="Set up no monstrous beast.")] = False,
    content: ContentOption = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """After set-up in Ghur, set up a monstrous beast (a Monster that is not a Hero), in turn
    from the player who finished setting up first; it joins an army each battle round."""
    payload: dict[str, Any] = {"none": True}
    if none and warscroll is not None:
        raise InputError(
            _("give the Monster's warscroll or --none, not both"),
            _("e.g. `aos beast WARSCROLL --content FOLDER`"),
        )
    if not none:
        if warscroll is None:
            raise InputError(
                _("name the Monster to set up as a monstrous beast, or give --none"),
                _("e.g. `aos beast WARSCROLL --content FOLDER`"),
            )
        from aos_cli.app.session import open_game
        from aos_cli.app.setup import beast_snapshot

        with open_game(db, game) as session:
            state = session.state()
        taken = {u.spec.id for u in [*state.units(), *state.beasts]}
        payload = {"unit": beast_snapshot(warscroll, content or [], state.system or None, taken)}
    act("beast", payload, db=db, game=game, as_json=json, dice=dice, seed=seed, answer=answer)


def sacrifice(
    unit: UnitArg,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Sacrifice at a Damned feature: D3 mortal wounds, then reroll hit rolls of 1 (AoS2 §4.3)."""
    act("sacrifice", {"unit": unit}, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answer=answer)  # fmt: skip


def command_rerolled(value: str | bool | None) -> dict[str, Any]:
    """The payload's `command_reroll` when one is given (40k8 §17.6), nothing otherwise: an
    action stored without it reads as before."""
    return {"command_reroll": value} if value else {}


SplitOption = Annotated[
    int | None,
    typer.Option(
        "--attacks",
        help="AoS2 p.7: with --weapon, how many of its attacks go at this target (the rest at "
        "others; 0 when none is within reach).",
    ),
]


def split(attacks: int | None) -> dict[str, Any]:
    """The payload's `attacks` when a weapon's attacks are split (AoS2 p.7), nothing
    otherwise: an action stored without it reads as before. Checked here rather than by a
    `min=` on the option, which would make Typer import pydantic for every shot."""
    if attacks is not None and attacks < 0:
        raise InputError(
            _("--attacks is a count of attacks, not {attacks}").format(attacks=attacks),
            _("give 0 or more"),
        )
    return {} if attacks is None else {"attacks": attacks}


def shoot(
    unit: UnitArg,
    target: TargetOption,
    weapon: Annotated[
        str | None,
        typer.Option(help="Shoot with this weapon only (40k8: weapons comma-separated, a grenade "
                     "with the others' weapons)."),
    ] = None,
    attacks: SplitOption = None,
    cover: CoverOption = None,
    engaged: EngagedOption = None,
    target_engaged: Annotated[
        bool | None, typer.Option("--target-engaged/--no-target-engaged", help='AoS2: the target is within 3" of one of your units.')
    ] = None,
    look_out_sir: Annotated[
        bool | None,
        typer.Option("--look-out-sir/--no-look-out-sir", help='Hero target near a unit of 3+ models.'),
    ] = None,
    in_range: Annotated[
        bool | None,
        typer.Option("--in-range/--no-in-range", help="AoS2: the target is within the Range of the weapons shooting (p.7)."),
    ] = None,
    triumph: TriumphOption = False,
    target_triumph: TargetTriumphOption = False,
    command_reroll: Annotated[
        str | None,
        typer.Option(help="40k8: the Underdog re-rolls one die of this roll: hit, wound, save or damage (§17.6)."),
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
    modifiers: dict[str, Any] | None = None,
) -> None:  # fmt: skip
    """Shoot with a unit's ranged weapons (AoS2 §9, §14; 40k8 §6-§8); abilities the tool
    cannot see are given with the flags of `aos roll attack` (--extra-attacks, --hit-mod ...)."""
    act(
        "shoot", {"unit": unit, "target": target, "weapon": weapon, **split(attacks),
                  **(modifiers or {}),
                  **triumphs(triumph, target_triumph), **command_rerolled(command_reroll)},
        db=db, game=game,
        as_json=json, dice=dice, seed=seed,
        answers={"cover": cover, "engaged": engaged, "target-engaged": target_engaged,
                 "look-out-sir": look_out_sir, "in-range": in_range}, answer=answer)  # fmt: skip


def charge(
    unit: UnitArg,
    distance: Annotated[float | None, typer.Option(help="Inches to the nearest enemy model.")] = None,
    reroll: Annotated[bool, typer.Option(help="Forward to Victory: 1 CP, reroll a short charge.")] = False,
    engaged: EngagedOption = None,
    within_12: Annotated[
        bool | None, typer.Option("--within-12/--no-within-12", help='An enemy unit is within 12".')
    ] = None,
    in_command_range: InRangeOption = None,
    target: Annotated[
        str | None, typer.Option(help="40k8: the charge's target unit(s), comma-separated.")
    ] = None,
    command_reroll: Annotated[
        bool, typer.Option(help="40k8: the Underdog re-rolls one charge die (§17.6).")
    ] = False,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Charge with 2D6 (AoS2 §10; 40k8 §9 with Overwatch)."""
    payload: dict[str, Any] = {"unit": unit, "reroll": reroll}
    if target is not None:
        payload["target"] = target
    if command_reroll:
        payload["command_reroll"] = True
    act(
        "charge", payload, db=db, game=game, as_json=json, dice=dice,
        seed=seed,
        answers={"distance": distance, "engaged": engaged, "within-12": within_12,
                 "in-command-range": in_command_range}, answer=answer)  # fmt: skip


def fight(
    unit: UnitArg,
    target: TargetOption,
    weapon: Annotated[str | None, typer.Option(help="Fight with this weapon only.")] = None,
    attacks: SplitOption = None,
    cover: CoverOption = None,
    engaged: EngagedOption = None,
    triumph: TriumphOption = False,
    target_triumph: TargetTriumphOption = False,
    command_reroll: Annotated[
        str | None,
        typer.Option(help="40k8: the Underdog re-rolls one die of this roll: hit, wound, save or damage (§17.6)."),
    ] = None,
    smiths: Annotated[
        str | None,
        typer.Option(help="AoS2 Gift of the Six Smiths: once per turn, re-roll one failed die of this roll of the blessed weapon: hit, wound or damage (seed p.19)."),
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
    modifiers: dict[str, Any] | None = None,
) -> None:  # fmt: skip
    """Pile in and attack with a unit's melee weapons (AoS2 §11, §14; 40k8 §10); abilities the tool
    cannot see are given with the flags of `aos roll attack` (--extra-attacks, --hit-mod ...)."""
    act(
        "fight", {"unit": unit, "target": target, "weapon": weapon, **split(attacks),
                  **(modifiers or {}),
                  **triumphs(triumph, target_triumph), **command_rerolled(command_reroll),
                  **({"smiths": smiths} if smiths else {})},
        db=db, game=game, as_json=json, dice=dice,
        seed=seed, answers={"cover": cover, "engaged": engaged}, answer=answer)  # fmt: skip


def pass_pick(
    none_eligible: Annotated[
        bool | None,
        typer.Option("--none-eligible/--some-eligible", help="No unit of yours can still fight."),
    ] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Pass your pick in the combat phase (only with no eligible unit, AoS2 §11)."""
    act("pass", {}, db=db, game=game, as_json=json, answers={"none-eligible": none_eligible})


def cast(
    wizard: Annotated[str, typer.Argument(help="The casting wizard.")],
    spell: Annotated[str, typer.Argument(help="The spell.")],
    target: Annotated[str | None, typer.Option(help="Target unit.")] = None,
    mod: Annotated[int, typer.Option(help="Modifier to the casting roll.")] = 0,
    target_in_range: TargetInRangeOption = None,
    command_reroll: Annotated[
        bool, typer.Option(help="40k8: the Underdog re-rolls the lower Psychic test die (§17.6).")
    ] = False,
    nudge: Annotated[
        int,
        typer.Option(
            help="Change the casting roll by this much with an ability that lets a player choose "
            '(1 or -1 for a wizard within 18" of a Stardrake).'
        ),
    ] = 0,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Attempt a spell: 2D6 against its casting value (AoS2 §15)."""
    act(
        "cast", {"wizard": wizard, "spell": spell, "target": target, "mod": mod,
                 **command_rerolled(command_reroll or None), **({"nudge": nudge} if nudge else {})},
        db=db, game=game, as_json=json, dice=dice, seed=seed, answer=answer,
        answers={"target-in-range": target_in_range})  # fmt: skip


def unbind(
    wizard: Annotated[str | None, typer.Argument(help="The wizard (or psyker) who tries to stop it.")] = None,
    pass_: Annotated[bool, typer.Option("--pass", help="Let it through.")] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the 2D6 roll.")] = 0,
    within_30: Annotated[
        bool | None, typer.Option("--within-30/--no-within-30", help='Within 30" of the caster.')
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Try to unbind the spell just cast: 2D6 must beat the casting roll (AoS2 §15)."""
    if wizard is None and not pass_:
        raise InputError(_("name the unbinding wizard, or give --pass to let the spell through"))
    act(
        "unbind", {"wizard": None if pass_ else wizard, "mod": mod}, db=db, game=game,
        as_json=json, dice=dice, seed=seed, answers={"within-30": within_30}, answer=answer)  # fmt: skip


def command(
    ability: Annotated[str, typer.Argument(help="Command ability, e.g. 'Inspiring Presence'.")],
    unit: Annotated[
        str | None,
        typer.Option(
            "--unit", help="The unit it is used on or by (AoS1: the general unless named)."
        ),
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target unit, if the ability picks one.")] = None,
    in_command_range: InRangeOption = None,
    target_in_range: TargetInRangeOption = None,
    command_reroll: Annotated[
        bool, typer.Option(help="40k8: the Underdog re-rolls the lower Psychic test die (§17.6).")
    ] = False,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Use a command ability: 1 command point in AoS2 (§7); the general's one free command
    of the hero phase in AoS1 (§7.2)."""
    act(
        "command", {"ability": ability, "unit": unit, "target": target}, db=db, game=game,
        as_json=json, dice=dice, seed=seed,
        answers={"in-command-range": in_command_range, "target-in-range": target_in_range},
        answer=answer,
    )  # fmt: skip


def ability(
    unit: UnitArg,
    name: Annotated[str, typer.Argument(help="The ability (name or id).")],
    target: Annotated[str | None, typer.Option(help="Target unit, if the ability picks one.")] = None,
    target_in_range: TargetInRangeOption = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Use a warscroll ability or prayer at its timing (AoS2 §21)."""
    act(
        "ability", {"unit": unit, "ability": name, "target": target}, db=db, game=game,
        as_json=json, dice=dice, seed=seed, answers={"target-in-range": target_in_range},
        answer=answer,
    )  # fmt: skip


def battleshock(
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Take every battleshock test due this phase, the player whose turn it is first (AoS2 §12)."""
    act("battleshock", {}, db=db, game=game, as_json=json, dice=dice, seed=seed, answer=answer)


def heal(
    unit: UnitArg,
    amount: Annotated[int, typer.Argument(help="Wounds to heal.")],
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Heal wounds on a unit's damaged model (AoS2 §14.12)."""
    if amount < 1:
        raise InputError(
            _("heal: {amount} is below 1").format(amount=amount), _("heal 1 or more wounds")
        )
    act("heal", {"unit": unit, "amount": amount}, db=db, game=game, as_json=json)


def adjust(
    unit: UnitArg,
    models: Annotated[int, typer.Option(help="Add (or with -N remove) models.")] = 0,
    wounds: Annotated[int, typer.Option(help="Inflict (or with -N remove) wounds.")] = 0,
    reason: Annotated[str, typer.Option(help="What happened at the table.")] = "",
    slain_by: Annotated[str | None, typer.Option(
        "--slain-by", help="The side whose attack or ability slew them, so it scores the kill "
        "(First Blood, victory points); none by default, 'none' for terrain.")] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Correct a unit for something that happened at the table that the tool did not see."""
    if not models and not wounds:
        raise InputError(_("adjust: nothing to change"), _("give --models N or --wounds N"))
    payload = {"unit": unit, "models": models, "wounds": wounds, "reason": reason}
    if slain_by:
        payload["by"] = slain_by
    act("adjust", payload, db=db, game=game, as_json=json)


general = unit_action("general", "Pick the model that takes a slain general's place (AoS2 §5.3).")


def undo(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """Take back the last action (repeatable)."""
    from aos_cli.app.session import open_game

    with open_game(db, game) as session:
        record = session.store.undo(session.game_id)
        state = session.state()
    if record is None:
        raise GameError(_("there is nothing to undo in this game"))
    state.notes = [_("Took back action {seq} ({kind}).").format(seq=record.seq, kind=record.kind)]
    show_notes(state, session.game_id, json)
