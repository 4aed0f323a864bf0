"""`aos game ...` and the in-game commands (`aos status`, `aos next`, `aos shoot` ...).

Each in-game command replays the current game, checks and applies one action, records it with
its dice in one transaction, and shows what happened. Nothing is written when it fails.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import ask_line, console, dice_source, print_json
from aos_cli.core.errors import GameError, InputError

if TYPE_CHECKING:
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.core.state import GameState
    from aos_cli.store import Store

game_app = typer.Typer(help="Start, pick, list and review saved games.", no_args_is_help=True)

DbOption = Annotated[
    Path | None, typer.Option("--db", help="Games database (default: AOS_DB or your data folder).")
]
GameOption = Annotated[
    str | None, typer.Option("--game", help="Game id or name (default: current).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
SeedOption = Annotated[int | None, typer.Option(help="Seed for repeatable dice.")]
DiceOption = Annotated[str, typer.Option(help="auto (the tool rolls) or manual (you type).")]


def open_store(db: Path | None) -> Store:
    """Open the games database named by --db, AOS_DB or the default location."""
    from aos_cli.store import Store, default_db_path

    return Store(db or default_db_path())


def game_id_for(store: Store, game: str | None) -> int:
    """The game named by --game, or the current one."""
    if game is not None:
        return store.find_game(game).id
    current = store.current_game_id()
    if current is None:
        raise GameError(
            "no current game",
            "start one with `aos play --army A.yaml --army B.yaml` or `aos game new`, or pick one with `aos game use`",
        )
    return current


class TableAsker:
    """Asks the players at the terminal; without a terminal, says which flag answers it."""

    def yes_no(self, key: str, question: str) -> bool:
        if not sys.stdin.isatty():
            hint = (
                f"answer with --{key} or --no-{key}"
                if key in FLAG_ANSWERS
                else f"answer with --answer {key}=yes (or =no)"
            )
            raise InputError(f"the tool needs to know: {question}", hint)
        while True:
            answer = ask_line(f"{question} [y/n]").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            print("Please answer y or n.", file=sys.stderr)

    def number(self, key: str, question: str) -> float:
        if not sys.stdin.isatty():
            hint = (
                f"answer with --{key} N" if key == "distance" else f"answer with --answer {key}=N"
            )
            raise InputError(f"the tool needs to know: {question}", hint)
        while True:
            answer = ask_line(question)
            try:
                value = float(answer)
            except ValueError:
                print("Please type a number, such as 7 or 8.5.", file=sys.stderr)
                continue
            if value >= 0:
                return value


FLAG_ANSWERS = {
    "cover", "engaged", "target-engaged", "look-out-sir", "in-command-range", "within-12",
    "none-eligible", "within-30",
}  # fmt: skip
"""Questions with a flag of their own; the rest are answered with `--answer KEY=VALUE`."""

AnswerOption = Annotated[
    list[str] | None,
    typer.Option(
        "--answer",
        help="Answer a question the tool would ask: KEY=yes|no|NUMBER (repeatable).",
    ),
]


def parse_answers(items: list[str] | None) -> dict[str, Any]:
    """Read `--answer KEY=VALUE` items: yes/no become booleans, numbers numbers."""
    answers: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        text = value.strip().lower()
        if not sep or not key.strip():
            raise InputError(f"--answer: {item!r} is not KEY=VALUE", "e.g. --answer mystical=yes")
        if text in ("y", "yes", "true"):
            answers[key.strip()] = True
        elif text in ("n", "no", "false"):
            answers[key.strip()] = False
        else:
            try:
                answers[key.strip()] = float(text)
            except ValueError:
                raise InputError(
                    f"--answer: {value!r} is not yes, no or a number", "e.g. --answer distance=7"
                ) from None
    return answers


def answers_from(flags: dict[str, Any]) -> RecordedAnswers:
    """The answers given as flags; anything missing is asked at the terminal."""
    from aos_cli.core.actions import RecordedAnswers

    return RecordedAnswers({k: v for k, v in flags.items() if v is not None}, TableAsker())


def act(
    kind: str,
    payload: dict[str, Any],
    *,
    db: Path | None,
    game: str | None,
    as_json: bool,
    dice: str = "auto",
    seed: int | None = None,
    answers: dict[str, Any] | None = None,
    answer: list[str] | None = None,
) -> None:
    """Perform one action on a game and show what it did."""
    from aos_cli.games import perform

    given = {**parse_answers(answer), **(answers or {})}
    with open_store(db) as store:
        game_id = game_id_for(store, game)
        state = perform(store, game_id, kind, payload, dice_source(dice, seed), answers_from(given))
    show_notes(state, game_id, as_json)


def show_notes(state: GameState, game_id: int, as_json: bool) -> None:
    """What the action did, then where the game stands."""
    from aos_cli.views.game import header, status_json

    if as_json:
        print_json({"notes": state.notes, **status_json(state, game_id)})
        return
    out = console()
    for note in state.notes:
        out.print(note)
    out.print(header(state))


# --------------------------------------------------------------------------- aos game ...


@game_app.command("new")
def game_new(
    army: Annotated[
        list[Path] | None,
        typer.Option(help="Army list file (give two; default: the --system's demo armies)."),
    ] = None,
    battleplan: Annotated[
        str | None, typer.Option(help="Battleplan name or id (default: the system's first).")
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(help="Game system: aos2 (default), aos1 or wh40k8."),
    ] = None,
    name: Annotated[str | None, typer.Option(help="A name for the game.")] = None,
    realm: Annotated[str | None, typer.Option(help="Realm of battle (ghur has rules).")] = None,
    realmscape: Annotated[
        str | None, typer.Option(help="Ghur realmscape feature (rolled when not given).")
    ] = None,
    terrain: Annotated[
        list[str] | None,
        typer.Option(help="Terrain NAME=RULE[+garrison]; RULE a scenery rule or random."),
    ] = None,
    seed: SeedOption = None,
    content: Annotated[list[Path] | None, typer.Option(help="Extra content folder.")] = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Start a game between two army lists on a battleplan; it becomes the current game."""
    from aos_cli.cli.play import armies_for
    from aos_cli.setup import build_setup

    if not army and system is None:
        raise InputError("--army: no army lists given", "give --army twice, or --system")
    if army and len(army) != 2:
        raise InputError(f"--army: {len(army)} army lists given", "give --army twice, one per side")
    from aos_cli.core.dice import SeededDice

    armies, plan = armies_for(army, system, battleplan)
    setup = build_setup(
        armies, plan, name=name, realm=realm, content_dirs=content or [],
        terrain=terrain or [], realmscape=realmscape, dice=SeededDice(seed),
    )  # fmt: skip
    with open_store(db) as store:
        game_id = store.create_game(setup["name"], setup, setup.get("system", "aos2"))
    if json:
        print_json({"game": game_id, "name": setup["name"]})
        return
    first = {
        "aos1": "The player who finished set-up first chooses who goes first with "
        "`aos priority --first SIDE`.",
        "wh40k8": "The Underdog chooses who goes first in every round with "
        "`aos priority --first SIDE`.",
    }
    console().print(
        f"Game {game_id} ({setup['name']}) is set up. "
        + first.get(
            str(setup.get("system", "aos2")),
            "Roll priority for battle round 1 with `aos priority`.",
        )
    )


@game_app.command("list")
def game_list(db: DbOption = None, json: JsonOption = False) -> None:
    """List saved games."""
    from rich.table import Table

    with open_store(db) as store:
        games = store.list_games()
        current = store.current_game_id()
    if json:
        print_json(
            [
                {
                    "id": g.id, "name": g.name, "system": g.system, "actions": g.action_count,
                    "ended": g.ended, "current": g.id == current,
                    "updated_at": g.updated_at.isoformat(),
                }
                for g in games
            ]
        )  # fmt: skip
        return
    table = Table("", "Id", "Name", "System", "Actions", "Updated", "Ended", header_style="heading")
    for g in games:
        table.add_row(
            "*" if g.id == current else "", str(g.id), g.name, g.system, str(g.action_count),
            g.updated_at.strftime("%Y-%m-%d %H:%M"), "yes" if g.ended else "",
        )  # fmt: skip
    console().print(table)


@game_app.command("use")
def game_use(
    game: Annotated[str, typer.Argument(help="Game id or name.")], db: DbOption = None
) -> None:
    """Make a game the current one."""
    with open_store(db) as store:
        record = store.find_game(game)
        store.set_current_game(record.id)
    console().print(f"Game {record.id} ({record.name}) is now the current game.")


@game_app.command("show")
def game_show(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """Show a game's state (the same as `aos status --game`)."""
    status(game=game, db=db, json=json)


@game_app.command("delete")
def game_delete(
    game: Annotated[str, typer.Argument(help="Game id or name.")],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    db: DbOption = None,
) -> None:
    """Delete a game and its history."""
    with open_store(db) as store:
        record = store.find_game(game)
        if not yes and not typer.confirm(f"Delete game {record.id} ({record.name})?", err=True):
            raise typer.Abort()
        store.delete_game(record.id)
    console().print(f"Game {record.id} deleted.")


@game_app.command("log")
def game_log(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """The history by round and phase, with the dice of every action."""
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.turn import new_game
    from aos_cli.setup import upgrade_setup

    with open_store(db) as store:
        game_id = game_id_for(store, game)
        setup = store.setup(game_id)
        actions = store.actions(game_id)
    state = new_game(upgrade_setup(setup))
    entries: list[dict[str, Any]] = []
    for record in actions:
        where = (
            state.round,
            state.sides[state.active_side].name if state.first_side is not None else "",
            state.phase,
        )
        apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
        entries.append(
            {
                "seq": record.seq, "round": where[0], "turn": where[1], "phase": where[2],
                "kind": record.kind, "payload": record.payload, "dice": record.dice,
                "notes": list(state.notes),
            }
        )  # fmt: skip
    if json:
        print_json(entries)
        return
    out = console()
    last = None
    for entry in entries:
        heading = (entry["round"], entry["turn"], entry["phase"])
        if heading != last and entry["round"]:
            out.print(f"[heading]Round {entry['round']} · {entry['turn']} · {entry['phase']}[/]")
            last = heading
        dice = " ".join(str(d) for d in entry["dice"])
        out.print(
            f"  {entry['seq']:>3} {entry['kind']}" + (f"  [muted]dice {dice}[/]" if dice else "")
        )
        for note in entry["notes"]:
            out.print(f"      {note}")


@game_app.command("report")
def game_report(
    markdown: Annotated[
        Path | None, typer.Option(help="Also write the report as Markdown to this file.")
    ] = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """The battle report: result, victory points per round, losses and the luck report."""
    from aos_cli.games import load
    from aos_cli.views.report import report_json, report_markdown, report_view

    with open_store(db) as store:
        game_id = game_id_for(store, game)
        state = load(store, game_id).state
    if markdown is not None:
        try:
            markdown.write_text(report_markdown(state), encoding="utf-8")
        except OSError as problem:
            raise InputError(f"--markdown: cannot write {markdown}: {problem.strerror}") from None
    if json:
        print_json(report_json(state))
        return
    console().print(report_view(state))


@game_app.command("end")
def game_end(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """End a game now (conceded or out of time); its actions become final."""
    from aos_cli.games import load, standing

    with open_store(db) as store:
        game_id = game_id_for(store, game)
        current = load(store, game_id)
        result = standing(current.state)
        store.end_game(game_id, result)
    if json:
        print_json(result)
        return
    console().print(f"Game {game_id} ended.")


# --------------------------------------------------------------------------- in-game commands


def status(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """Where the game stands: round, turn, phase, command and victory points, every unit."""
    from aos_cli.games import load
    from aos_cli.views.game import status_json, status_view

    with open_store(db) as store:
        game_id = game_id_for(store, game)
        if store.game(game_id).system == "mesbg":
            from aos_cli.cli.hero import list_heroes

            # A Middle-earth game is its heroes' Might, Will, Fate and Wounds (mesbg §1).
            return list_heroes(db=db, game=str(game_id), json=json)
        current = load(store, game_id)
    if json:
        print_json(status_json(current.state, game_id))
        return
    console().print(status_view(current.state))


def next_step(
    answer: AnswerOption = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Go on to the next phase, turn or battle round, doing what the rules do on the way."""
    act("next", {}, db=db, game=game, as_json=json, answer=answer)


def priority(
    first: Annotated[
        str | None, typer.Option(help="The side the roll-off winner sends first (default: itself).")
    ] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Roll off for priority at the start of a battle round (AoS2 §6)."""
    payload: dict[str, Any] = {}
    if first is not None:
        with open_store(db) as store:
            from aos_cli.games import load

            state = load(store, game_id_for(store, game)).state
        names = [s.name.lower() for s in state.sides]
        if first.lower() not in names:
            raise InputError(
                f"--first: no side called {first!r}",
                f"use {' or '.join(s.name for s in state.sides)}",
            )
        payload["first"] = names.index(first.lower())
    act("priority", payload, db=db, game=game, as_json=json, dice=dice, seed=seed)


UnitArg = Annotated[str, typer.Argument(help="Unit id or name (see `aos status`).")]
TargetOption = Annotated[str, typer.Option("--target", help="Target unit id or name.")]
InRangeOption = Annotated[
    bool | None,
    typer.Option(
        "--in-command-range/--no-in-command-range", help='Within 6" of a Hero (12" of the general).'
    ),
]
EngagedOption = Annotated[
    bool | None,
    typer.Option("--engaged/--no-engaged", help='The unit is within 3" of an enemy unit.'),
]
CoverOption = Annotated[
    bool | None, typer.Option("--cover/--no-cover", help="Every target model is on or in terrain.")
]


def move(
    unit: UnitArg,
    answer: AnswerOption = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Make a normal move with a unit (AoS2 §8.2)."""
    act("move", {"unit": unit}, db=db, game=game, as_json=json, answer=answer)


def retreat(
    unit: UnitArg,
    answer: AnswerOption = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Retreat: the unit cannot shoot or charge this turn (AoS2 §8.3)."""
    act("retreat", {"unit": unit}, db=db, game=game, as_json=json, answer=answer)


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


def shoot(
    unit: UnitArg,
    target: TargetOption,
    weapon: Annotated[str | None, typer.Option(help="Shoot with this weapon only.")] = None,
    cover: CoverOption = None,
    engaged: EngagedOption = None,
    target_engaged: Annotated[
        bool | None, typer.Option("--target-engaged/--no-target-engaged", help='Target within 3".')
    ] = None,
    look_out_sir: Annotated[
        bool | None,
        typer.Option("--look-out-sir/--no-look-out-sir", help='Hero target near a unit of 3+ models.'),
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Shoot with a unit's missile weapons (AoS2 §9, §14)."""
    act(
        "shoot", {"unit": unit, "target": target, "weapon": weapon}, db=db, game=game,
        as_json=json, dice=dice, seed=seed,
        answers={"cover": cover, "engaged": engaged, "target-engaged": target_engaged,
                 "look-out-sir": look_out_sir}, answer=answer)  # fmt: skip


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
    cover: CoverOption = None,
    engaged: EngagedOption = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Pile in and attack with a unit's melee weapons (AoS2 §11, §14)."""
    act(
        "fight", {"unit": unit, "target": target}, db=db, game=game, as_json=json, dice=dice,
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
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Attempt a spell: 2D6 against its casting value (AoS2 §15)."""
    act(
        "cast", {"wizard": wizard, "spell": spell, "target": target, "mod": mod},
        db=db, game=game, as_json=json, dice=dice, seed=seed, answer=answer)  # fmt: skip


def unbind(
    wizard: Annotated[str | None, typer.Argument(help="The unbinding wizard.")] = None,
    pass_: Annotated[bool, typer.Option("--pass", help="Let the spell through.")] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the unbinding roll.")] = 0,
    within_30: Annotated[
        bool | None, typer.Option("--within-30/--no-within-30", help='Within 30" of the caster.')
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Try to unbind the spell just cast: 2D6 must beat the casting roll (AoS2 §15)."""
    if wizard is None and not pass_:
        raise InputError("name the unbinding wizard, or give --pass to let the spell through")
    act(
        "unbind", {"wizard": None if pass_ else wizard, "mod": mod}, db=db, game=game,
        as_json=json, dice=dice, seed=seed, answers={"within-30": within_30}, answer=answer)  # fmt: skip


def command(
    ability: Annotated[str, typer.Argument(help="Command ability, e.g. 'Inspiring Presence'.")],
    unit: Annotated[str, typer.Option("--unit", help="The unit it is used on or by.")],
    target: Annotated[str | None, typer.Option(help="Target unit, if the ability picks one.")] = None,
    in_command_range: InRangeOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Use a command ability, spending 1 command point (AoS2 §7)."""
    act(
        "command", {"ability": ability, "unit": unit, "target": target}, db=db, game=game,
        as_json=json, dice=dice, seed=seed, answers={"in-command-range": in_command_range},
    )  # fmt: skip


def ability(
    unit: UnitArg,
    name: Annotated[str, typer.Argument(help="The ability (name or id).")],
    target: Annotated[str | None, typer.Option(help="Target unit, if the ability picks one.")] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Use a warscroll ability or prayer at its timing (AoS2 §21)."""
    act(
        "ability", {"unit": unit, "ability": name, "target": target}, db=db, game=game,
        as_json=json, dice=dice, seed=seed,
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
        raise InputError(f"heal: {amount} is below 1", "heal 1 or more wounds")
    act("heal", {"unit": unit, "amount": amount}, db=db, game=game, as_json=json)


def adjust(
    unit: UnitArg,
    models: Annotated[int, typer.Option(help="Add (or with -N remove) models.")] = 0,
    wounds: Annotated[int, typer.Option(help="Inflict (or with -N remove) wounds.")] = 0,
    reason: Annotated[str, typer.Option(help="What happened at the table.")] = "",
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Correct a unit for something that happened at the table that the tool did not see."""
    if not models and not wounds:
        raise InputError("adjust: nothing to change", "give --models N or --wounds N")
    act(
        "adjust", {"unit": unit, "models": models, "wounds": wounds, "reason": reason},
        db=db, game=game, as_json=json,
    )  # fmt: skip


def advance_move(
    unit: UnitArg,
    command_reroll: Annotated[
        bool, typer.Option(help="The Underdog re-rolls the dice (40k8 §17.6).")
    ] = False,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Advance: add a D6 to M; no charging, Assault weapons only (40k8 §4.6)."""
    act("advance", {"unit": unit, "command_reroll": command_reroll}, db=db, game=game,
        as_json=json, dice=dice, seed=seed)  # fmt: skip


def fall_back(
    unit: UnitArg, game: GameOption = None, db: DbOption = None, json: JsonOption = False
) -> None:
    """Fall Back from within 1" of the enemy: no shooting (unless FLY) or charging (40k8 §4.5)."""
    act("fall-back", {"unit": unit}, db=db, game=game, as_json=json)


def embark(
    unit: UnitArg,
    transport: Annotated[str, typer.Option("--transport", help="The friendly TRANSPORT.")],
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Embark a unit wholly within 3" of a friendly transport (40k8 §12.3)."""
    act("embark", {"unit": unit, "transport": transport}, db=db, game=game, as_json=json,
        answer=answer)  # fmt: skip


def disembark(
    unit: UnitArg,
    unplaced: Annotated[
        int | None, typer.Option(help="Models that cannot be set up (they are slain).")
    ] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Disembark within 3" of the transport; from a wreck, a D6 per model (40k8 §12.4-§12.5)."""
    answers = {} if unplaced is None else {f"unplaced:{unit}": unplaced}
    act("disembark", {"unit": unit}, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answers=answers)  # fmt: skip


def intervene(
    unit: UnitArg,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Heroic Intervention: a CHARACTER within 3" of the enemy moves up to 3" (40k8 §9.5)."""
    act("intervene", {"unit": unit}, db=db, game=game, as_json=json, answer=answer)


def morale(
    command_reroll: Annotated[
        str | None, typer.Option(help="The Underdog re-rolls this unit's die (40k8 §17.6).")
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Take every morale test due: D6 + slain against Leadership (40k8 §11)."""
    act("battleshock", {"command_reroll": command_reroll}, db=db, game=game, as_json=json,
        dice=dice, seed=seed, answer=answer)  # fmt: skip


def sudden_death(
    side: Annotated[str, typer.Argument(help="The outnumbered side.")],
    objective: Annotated[
        str, typer.Argument(help="assassinate, blunt, endure or seize-ground.")
    ],
    unit: Annotated[
        str | None, typer.Option(help="Assassinate/Blunt: the unit the enemy picks.")
    ] = None,
    feature: Annotated[str | None, typer.Option(help="Seize Ground: the feature.")] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Pick a Sudden Death objective when outnumbered by a third (AoS1 §5.2)."""
    act("sudden-death", {"side": side, "objective": objective, "unit": unit, "feature": feature},
        db=db, game=game, as_json=json)  # fmt: skip


def triumph(
    side: Annotated[str, typer.Argument(help="The side that won its last battle.")],
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Roll on the 1st edition Triumphs table (AoS1 §5.3)."""
    act("triumph", {"side": side}, db=db, game=game, as_json=json, dice=dice, seed=seed)


def general(
    unit: UnitArg, game: GameOption = None, db: DbOption = None, json: JsonOption = False
) -> None:
    """Pick the model that takes a slain general's place (AoS2 §5.3)."""
    act("general", {"unit": unit}, db=db, game=game, as_json=json)


def undo(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """Take back the last action (repeatable)."""
    from aos_cli.games import load

    with open_store(db) as store:
        game_id = game_id_for(store, game)
        record = store.undo(game_id)
        current = load(store, game_id)
    if record is None:
        raise GameError("there is nothing to undo in this game")
    current.state.notes = [f"Took back action {record.seq} ({record.kind})."]
    show_notes(current.state, game_id, json)


from aos_cli.cli import score as score_cli  # noqa: E402  (issue 7: aos score, aos objective)

IN_GAME_COMMANDS: dict[str, Callable[..., None]] = {
    "score": score_cli.score,
    "objective": score_cli.objective,
    "status": status,
    "next": next_step,
    "priority": priority,
    "move": move,
    "run": run,
    "retreat": retreat,
    "arrive": arrive,
    "shoot": shoot,
    "charge": charge,
    "fight": fight,
    "pass": pass_pick,
    "cast": cast,
    "unbind": unbind,
    "command": command,
    "ability": ability,
    "battleshock": battleshock,
    "heal": heal,
    "adjust": adjust,
    "general": general,
    "undo": undo,
    "advance": advance_move,
    "fall-back": fall_back,
    "embark": embark,
    "disembark": disembark,
    "intervene": intervene,
    "morale": morale,
    "deny": unbind,
    "sudden-death": sudden_death,
    "triumph": triumph,
}
"""Top-level commands acting on the current game, registered by the app."""
