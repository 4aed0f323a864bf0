"""`aos hero ...`: a Middle-earth game's heroes (Might, Will, Fate, Wounds), forces and powers.

A Middle-earth game is a game in the store whose system is `mesbg` (set-up
`{"system": "mesbg"}`); each change is one action of kind `mesbg_hero` whose payload the pure
model in `aos_cli.systems.mesbg` replays. A cast is recorded with its dice and outcome, so
replay never re-rolls. Nothing is written when an action fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import console, dice_source, print_json
from aos_cli.core.errors import GameError

if TYPE_CHECKING:
    from aos_cli.store import Store
    from aos_cli.systems.mesbg import Battle

hero_app = typer.Typer(
    help="Middle-earth heroes through a game: Might, Will, Fate, Wounds, powers, break point.",
    no_args_is_help=True,
)

KIND = "mesbg_hero"
DbOption = Annotated[
    Path | None, typer.Option("--db", help="Games database (default: AOS_DB or your data folder).")
]
GameOption = Annotated[
    str | None, typer.Option("--game", help="Game id or name (default: current).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _open(db: Path | None) -> Store:
    from aos_cli.store import Store, default_db_path

    return Store(db or default_db_path())


def _game_id(store: Store, game: str | None) -> int:
    """The named or current game, which must be a Middle-earth game."""
    if game is not None:
        record = store.find_game(game)
    else:
        current = store.current_game_id()
        if current is None:
            raise GameError("no current game", "start one with `aos hero new-force NAME`")
        record = store.game(current)
    if record.system != "mesbg":
        raise GameError(
            f"game {record.id} ({record.name}) is a {record.system} game",
            "start a Middle-earth one with `aos hero new-force NAME --new-game`",
        )
    return record.id


def _battle(store: Store, game_id: int) -> tuple[Battle, int]:
    from aos_cli.systems.mesbg import replay_battle

    revision = store.revision(game_id)
    payloads = [a.payload for a in store.actions(game_id) if a.kind == KIND]
    try:
        return replay_battle(payloads), revision
    except Exception as problem:  # a recorded action that no longer applies
        raise GameError(f"the game no longer replays: {problem}", "`aos hero undo`") from None


def _act(
    store: Store, game_id: int, payload: dict[str, Any], dice: list[int] | None = None
) -> Battle:
    """Apply one action to the replayed battle and record it only if it applied."""
    battle, revision = _battle(store, game_id)
    battle.apply(payload)
    store.append(game_id, KIND, payload, dice or [], expected_revision=revision)
    return battle


def _show(battle: Battle, game_id: int, as_json: bool) -> None:
    from aos_cli.systems.mesbg.views import battle_json, battle_tables

    if as_json:
        print_json({"notes": battle.notes, **battle_json(battle, game_id)})
        return
    out = console()
    for note in battle.notes:
        out.print(note)
    for part in battle_tables(battle):
        out.print(part)


def _run(payload: dict[str, Any], db: Path | None, game: str | None, as_json: bool) -> None:
    with _open(db) as store:
        game_id = _game_id(store, game)
        battle = _act(store, game_id, payload)
    _show(battle, game_id, as_json)


@hero_app.command("new-force")
def new_force(
    name: Annotated[str, typer.Argument(help="The force's name.")],
    models: Annotated[int, typer.Option(help="Models in the force at the start, heroes too.")],
    side: Annotated[str | None, typer.Option(help="good or evil.")] = None,
    new_game: Annotated[
        bool, typer.Option(help="Start a new Middle-earth game even if one is current.")
    ] = False,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Add a force to the current Middle-earth game, or start a game (named after it)."""
    from aos_cli.core.errors import InputError

    if side is not None and side.strip().lower() not in ("good", "evil"):
        raise InputError(f"--side: {side!r}", "use good or evil")
    payload: dict[str, Any] = {
        "op": "force",
        "name": name,
        "models": models,
        "side": side.strip().lower() if side else None,
    }
    with _open(db) as store:
        current = store.current_game_id()
        usable = (
            current is not None
            and not new_game
            and store.game(current).system == "mesbg"
            and not store.game(current).ended
        )
        if usable and current is not None:
            game_id = current
            battle = _act(store, game_id, payload)
        else:
            from aos_cli.systems.mesbg import Battle

            Battle().apply(dict(payload))  # check before anything is written
            game_id = store.create_game(name, {"system": "mesbg"}, system="mesbg")
            battle = _act(store, game_id, payload)
            battle.notes.insert(0, f"Started Middle-earth game {game_id} ({name}).")
    _show(battle, game_id, json)


@hero_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The hero's name.")],
    might: Annotated[int, typer.Option(help="Might points.")] = 0,
    will: Annotated[int, typer.Option(help="Will points.")] = 0,
    fate: Annotated[int, typer.Option(help="Fate points.")] = 0,
    wounds: Annotated[int, typer.Option(help="Wounds.")] = 1,
    force: Annotated[str | None, typer.Option(help="Its force (needed with two or more).")] = None,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Add a hero with its Might, Will, Fate and Wounds."""
    payload = {
        "op": "hero",
        "name": name,
        "force": force,
        "might": might,
        "will": will,
        "fate": fate,
        "wounds": wounds,
    }
    _run(payload, db, game, json)


@hero_app.command("spend")
def spend(
    name: Annotated[str, typer.Argument(help="The hero.")],
    store: Annotated[str, typer.Argument(help="might, will, fate or wounds.")],
    amount: Annotated[int, typer.Argument(help="How many points.")] = 1,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Spend Might, Will or Fate, or lose Wounds; Will at 0 ends its exhausting powers."""
    _run({"op": "spend", "hero": name, "store": store, "amount": amount}, db, game, json)


@hero_app.command("restore")
def restore(
    name: Annotated[str, typer.Argument(help="The hero.")],
    store: Annotated[
        str | None, typer.Argument(help="might, will, fate or wounds (default: all).")
    ] = None,
    amount: Annotated[
        int | None, typer.Argument(help="Points to add (default: back to the start).")
    ] = None,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Restore a hero's stores: all back to the start, or add points to one (Renew, Strengthen
    Will; Will may pass its start, the others stop there)."""
    from aos_cli.systems.mesbg import STORES

    if store is not None and store.strip().lower() not in (*STORES, "wound", "w"):
        from aos_cli.core.errors import InputError

        raise InputError(f"{store!r} is not a hero's store", f"use one of {', '.join(STORES)}")
    _run({"op": "restore", "hero": name, "store": store, "amount": amount}, db, game, json)


@hero_app.command("lose")
def lose(
    amount: Annotated[int, typer.Argument(help="Warriors (not heroes) lost.")],
    force: Annotated[str | None, typer.Option(help="The force (needed with two or more).")] = None,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Record warriors lost; the force is Broken once half its models are gone."""
    _run({"op": "lose", "force": force, "amount": amount}, db, game, json)


@hero_app.command("cast")
def cast(
    caster: Annotated[str, typer.Argument(help="The hero casting.")],
    power: Annotated[str, typer.Argument(help="The power (name or id).")],
    will: Annotated[int, typer.Option(help="Will spent (one D6 each).")],
    casting: Annotated[
        str | None, typer.Option(help="Casting value if not the power's (4+).")
    ] = None,
    target: Annotated[str | None, typer.Option(help="The target hero, if a hero.")] = None,
    resist_will: Annotated[int, typer.Option(help="Will the target hero spends.")] = 0,
    might: Annotated[int, typer.Option(help="Might the caster may spend.")] = 0,
    resist_might: Annotated[int, typer.Option(help="Might the target may spend.")] = 0,
    might_policy: Annotated[str, typer.Option(help="minimum or all.")] = "minimum",
    channelled: Annotated[bool, typer.Option(help="The channelled version.")] = False,
    seed: Annotated[int | None, typer.Option(help="Seed for repeatable dice.")] = None,
    dice: Annotated[str, typer.Option(help="auto or manual.")] = "auto",
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Cast a power with Will: the stores are checked first, the dice rolled, the Will and Might
    spent, and a lasting power put in force (mesbg §2)."""
    from aos_cli.core.errors import InputError, RuleError
    from aos_cli.systems.mesbg import Duration, cast_payload, roll_cast
    from aos_cli.systems.mesbg.views import cast_lines
    from aos_cli.systems.mesbg_cast import cast_request, power_from_rules

    info = power_from_rules(power, channelled)
    assert info is not None
    flags = {"casting": casting, "might": might, "might_policy": might_policy}
    flags |= {"resist_will": resist_will, "resist_might": resist_might}
    request = cast_request(flags, info, will)
    if (resist_will or resist_might) and target is None:
        raise InputError("--resist-will and --resist-might need --target", "name the target hero")
    with _open(db) as store:
        game_id = _game_id(store, game)
        battle, revision = _battle(store, game_id)
        hero = battle.hero(caster)
        victim = battle.hero(target) if target else None
        for who, key, wanted in (
            (hero, "will", will),
            (hero, "might", might),
            (victim, "will", resist_will),
            (victim, "might", resist_might),
        ):
            if who is not None and wanted > who.current[key]:
                raise RuleError(f"{who.name} has {who.current[key]} {key.title()}, not {wanted}")
        result = roll_cast(dice_source(dice, seed), request)
        payload = cast_payload(
            caster=hero.name,
            target=victim.name if victim else None,
            power_id=str(info["id"]),
            name=str(info["name"]),
            duration=Duration(info["duration"]),
            channelled=channelled,
            result=result,
        )
        battle.apply(payload)
        store.append(
            game_id,
            KIND,
            payload,
            [*result.dice, *result.resist_dice],
            expected_revision=revision,
        )
    if not json:
        out = console()
        for line in cast_lines(result, power=info):
            out.print(line)
    _show(battle, game_id, json)


@hero_app.command("end-phase")
def end_phase(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The End phase: temporary powers end and the next turn begins (mesbg §2.5)."""
    _run({"op": "end_phase"}, db, game, json)


@hero_app.command("list")
def list_heroes(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The forces with their break points, the heroes' stores and the powers in force."""
    with _open(db) as store:
        game_id = _game_id(store, game)
        battle, _ = _battle(store, game_id)
    _show(battle, game_id, json)


@hero_app.command("undo")
def undo(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """Take back the last hero action of the game."""
    with _open(db) as store:
        game_id = _game_id(store, game)
        taken = store.undo(game_id, expected_revision=store.revision(game_id))
        battle, _ = _battle(store, game_id)
    battle.notes.append(
        f"Took back: {taken.payload.get('op')}." if taken else "Nothing to take back."
    )
    _show(battle, game_id, json)
