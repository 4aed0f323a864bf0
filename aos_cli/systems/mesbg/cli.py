"""`aos hero ...`: Middle-earth's own commands (registered with the system), a game's heroes (Might, Will, Fate, Wounds), forces and powers.

A Middle-earth game is a game in the store whose system is `mesbg` (set-up
`{"system": "mesbg"}`); each change is one action of kind `mesbg_hero` whose payload the pure
model in `aos_cli.systems.mesbg.rules` replays. A cast is recorded with its dice and outcome, so
replay never re-rolls. Nothing is written when an action fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import console, dice_source, print_json
from aos_cli.cli.options import DbOption, DiceOption, GameOption, JsonOption, SeedOption
from aos_cli.core.errors import GameError
from aos_cli.language.i18n import _
from aos_cli.systems.mesbg.words import action_name

if TYPE_CHECKING:
    from aos_cli.app.session import Session
    from aos_cli.core.dice import DiceSource
    from aos_cli.systems.mesbg.rules import Battle, CastRequest, Hero

hero_app = typer.Typer(
    help="Middle-earth heroes through a game: Might, Will, Fate, Wounds, powers, break point.",
    no_args_is_help=True,
)

KIND = "mesbg_hero"


@contextmanager
def _session(db: Path | None, game: str | None) -> Iterator[Session]:
    """A session on the named or current game, which must be a Middle-earth game."""
    from aos_cli.app.session import open_game

    with open_game(db, game, _("start one with `aos hero new-force NAME`")) as session:
        record = session.record()
        if record.system != "mesbg":
            raise GameError(
                _("game {id} ({name}) is a {system} game").format(
                    id=record.id, name=record.name, system=record.system
                ),
                _("start a Middle-earth one with `aos hero new-force NAME --new-game`"),
            )
        yield session


def _battle(session: Session) -> Battle:
    """The battle as its recorded hero actions leave it."""
    from aos_cli.systems.mesbg.rules import replay_battle

    payloads = [a.payload for a in session.store.actions(session.game_id) if a.kind == KIND]
    try:
        return replay_battle(payloads)
    except Exception as problem:  # a recorded action that no longer applies
        raise GameError(
            _("the game no longer replays: {problem}").format(problem=problem), "`aos hero undo`"
        ) from None


def _act(session: Session, payload: dict[str, Any]) -> Battle:
    """Apply one action to the replayed battle and record it only if it applied."""

    from aos_cli.core.dice import ScriptedDice

    def attempt(_: DiceSource) -> tuple[dict[str, Any], Battle]:
        battle = _battle(session)
        recorded = dict(payload)
        battle.apply(recorded)
        return recorded, battle

    return session.perform_with(KIND, attempt, ScriptedDice([]))


def _show(battle: Battle, game_id: int, as_json: bool) -> None:
    from aos_cli.systems.mesbg.views import battle_json, battle_tables

    if as_json:
        print_json(battle_json(battle, game_id, notes=True))
        return
    from aos_cli.systems.mesbg.views import told_notes

    out = console()
    for note in told_notes(battle.notes):
        out.print(note, markup=False)
    for part in battle_tables(battle):
        out.print(part)


def _run(payload: dict[str, Any], db: Path | None, game: str | None, as_json: bool) -> None:
    with _session(db, game) as session:
        battle = _act(session, payload)
    _show(battle, session.game_id, as_json)


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
        raise InputError(f"--side: {side!r}", _("use good or evil"))
    payload: dict[str, Any] = {
        "op": "force",
        "name": name,
        "models": models,
        "side": side.strip().lower() if side else None,
    }
    from aos_cli.app.session import Session, open_store

    with open_store(db) as store:
        current = store.current_game_id()
        usable = (
            current is not None
            and not new_game
            and store.game(current).system == "mesbg"
            and not store.game(current).ended
        )
        if usable and current is not None:
            battle = _act(Session(store, current), payload)
            game_id = current
        else:
            from aos_cli.systems.mesbg.rules import Battle

            Battle().apply(dict(payload))  # check before anything is written
            game_id = store.create_game(name, {"system": "mesbg"}, system="mesbg")
            battle = _act(Session(store, game_id), payload)
            note = _("Started Middle-earth game {id} ({name}).").format(id=game_id, name=name)
            battle.notes.insert(0, note)
    _show(battle, game_id, json)


@hero_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The hero's name.")],
    might: Annotated[int, typer.Option(help="Might points.")] = 0,
    will: Annotated[int, typer.Option(help="Will points.")] = 0,
    fate: Annotated[int, typer.Option(help="Fate points.")] = 0,
    wounds: Annotated[int, typer.Option(help="Wounds.")] = 1,
    force: Annotated[str | None, typer.Option(help="Its force (needed with two or more).")] = None,
    fight: Annotated[int | None, typer.Option(help="Fight value (for duels in play).")] = None,
    strength: Annotated[int | None, typer.Option(help="Strength (for duels in play).")] = None,
    defence: Annotated[int | None, typer.Option(help="Defence (for duels in play).")] = None,
    attacks: Annotated[int | None, typer.Option(help="Attacks (for duels in play).")] = None,
    power: Annotated[
        list[str] | None,
        typer.Option(help="A magical power it knows with its casting value: 'sap-will=4'."),
    ] = None,
    monster: Annotated[
        bool, typer.Option(help="A Monster: it may Barge when it wins a Fight (mesbg §1).")
    ] = False,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Add a hero with its Might, Will, Fate and Wounds, and the magical powers it knows."""
    payload: dict[str, Any] = {
        "op": "hero",
        "name": name,
        "force": force,
        "might": might,
        "will": will,
        "fate": fate,
        "wounds": wounds,
    }
    given = {"fight": fight, "strength": strength, "defence": defence, "attacks": attacks}
    if any(v is not None for v in given.values()):
        payload["profile"] = {k: v for k, v in given.items() if v is not None}
    if power:  # without --power the hero's powers are not recorded: it may cast any
        payload["powers"] = known_powers(power)
    if monster:
        payload["monster"] = True
    _run(payload, db, game, json)


MAX_POWERS = 21
"""A hero knows at most the 21 powers of the rules (mesbg §3)."""


def known_powers(given: list[str]) -> dict[str, int]:
    """`--power 'sap-will=4'` (name or id, casting value) → {power id: casting value}, the
    power checked against the rules (mesbg §2.1, §3)."""
    from aos_cli.content import load_database
    from aos_cli.content.database import find
    from aos_cli.core.dice import parse_threshold
    from aos_cli.core.errors import InputError

    if len(given) > MAX_POWERS:
        raise InputError(
            _("--power given {n} times").format(n=len(given)),
            _("a hero knows at most {n} powers").format(n=MAX_POWERS),
        )
    powers: dict[str, int] = {}
    spells = load_database().ruleset("mesbg").spells
    for text in given:
        name, sep, value = text.rpartition("=")
        if not sep or not name.strip():
            raise InputError(
                f"--power {text!r}", _("give the power and its casting value: 'sap-will=4'")
            )
        found = find(spells, name.strip(), "power")
        powers[found.id] = parse_threshold(value.strip(), what="--power")
    return powers


@hero_app.command("spend")
def spend(
    name: Annotated[str, typer.Argument(help="The hero.")],
    store: Annotated[str, typer.Argument(help="might, will, fate or wounds.")],
    amount: Annotated[int, typer.Argument(help="How many points.")] = 1,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Spend Might or Will, or lose Wounds; Will at 0 ends its exhausting powers. Fate is
    spent against a Wound just suffered: a D6 per point until one scores 4+ and ignores it;
    if none does, the Wound is lost."""
    from aos_cli.systems.mesbg.rules import _left_error, _store, roll_fate

    if _store(store) != "fate":
        _run({"op": "spend", "hero": name, "store": store, "amount": amount}, db, game, json)
        return

    def attempt(source: DiceSource) -> tuple[dict[str, Any], Battle]:
        battle = _battle(session)
        hero = battle.living(name)
        if amount > hero.current["fate"]:
            from aos_cli.core.errors import RuleError

            raise RuleError(_left_error(hero, "fate", amount))
        payload = {"op": "fate", "hero": hero.name, "dice": roll_fate(source, amount)}
        battle.apply(payload)
        return payload, battle

    with _session(db, game) as session:
        battle = session.perform_with(KIND, attempt, dice_source(dice, seed))
    _show(battle, session.game_id, json)


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
    from aos_cli.systems.mesbg.rules import STORES

    if store is not None and store.strip().lower() not in (*STORES, "wound", "w"):
        from aos_cli.core.errors import InputError

        raise InputError(
            _("{value!r} is not a hero's store").format(value=store),
            _("use one of {names}").format(names=", ".join(STORES)),
        )
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
    resist_will: Annotated[
        int | None,
        typer.Option(help="Will the target hero spends (asked at a terminal once it is cast)."),
    ] = None,
    might: Annotated[int, typer.Option(help="Might the caster may spend.")] = 0,
    resist_might: Annotated[int, typer.Option(help="Might the target may spend.")] = 0,
    might_policy: Annotated[str, typer.Option(help="minimum or all.")] = "minimum",
    channelled: Annotated[bool, typer.Option(help="The channelled version.")] = False,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Cast a power with Will: the stores are checked first, the dice rolled, the Will and Might
    spent, and a lasting power put in force (mesbg §2)."""
    from aos_cli.core.errors import InputError, RuleError
    from aos_cli.systems.mesbg.cast import cast_request, power_from_rules
    from aos_cli.systems.mesbg.rules import (
        CastResult,
        Duration,
        cast_payload,
        check_knows,
        has_not_error,
        roll_cast,
        roll_store_change,
    )
    from aos_cli.systems.mesbg.views import cast_lines

    info = power_from_rules(power, channelled)
    assert info is not None
    flags = {"casting": casting, "might": might, "might_policy": might_policy}
    flags |= {"resist_will": resist_will or 0, "resist_might": resist_might}
    request = cast_request(flags, info, will)
    if (resist_will or resist_might) and target is None:
        raise InputError(
            _("--resist-will and --resist-might need --target"), _("name the target hero")
        )

    def attempt(dice: DiceSource) -> tuple[dict[str, Any], tuple[Battle, CastResult]]:
        battle = _battle(session)
        hero = battle.check_can_cast(caster)
        check_knows(hero, str(info["id"]), str(info["name"]))
        chosen = request
        if casting is None and hero.powers and str(info["id"]) in hero.powers:
            chosen = replace(request, casting=hero.powers[str(info["id"])])  # the hero's value
        victim = battle.living(target) if target else None
        for who, key, wanted in (
            (hero, "will", will),
            (hero, "might", might),
            (victim, "will", resist_will or 0),
            (victim, "might", resist_might),
        ):
            if who is not None and wanted > who.current[key]:
                raise RuleError(has_not_error(who, key, wanted))
        asking = None
        if victim is not None and resist_will is None:
            asking = resist_asker(chosen, victim)
        result = roll_cast(dice, chosen, asking)
        change = None
        if victim is not None and result.outcome.succeeded:
            change = roll_store_change(
                str(info["id"]), channelled, dice, victim, str(info["shown_name"])
            )
        payload = cast_payload(
            caster=hero.name,
            target=victim.name if victim else None,
            power_id=str(info["id"]),
            name=str(info["name"]),
            duration=Duration(info["duration"]),
            channelled=channelled,
            result=result,
        )
        if change is not None:
            payload["store_change"] = change
        battle.apply(payload)
        return payload, (battle, result)

    with _session(db, game) as session:
        battle, result = session.perform_with(KIND, attempt, dice_source(dice, seed))
    if not json:
        out = console()
        for line in cast_lines(result, power=info):
            out.print(line)
    _show(battle, session.game_id, json)


def resist_asker(request: CastRequest, victim: Hero) -> Callable[[int], CastRequest]:
    """Once the power is cast, the target's player is asked how much Will it spends to resist
    (mesbg §2.3); without a terminal it does not resist (give --resist-will to script it)."""
    import sys
    from dataclasses import replace

    from aos_cli.cli.common import ask_line
    from aos_cli.core.numbers import is_ascii_whole

    def decide(final: int) -> CastRequest:
        have = victim.current["will"]
        if have <= 0 or not sys.stdin.isatty():
            return request
        while True:
            answer = ask_line(
                _(
                    "The power is cast on {final}. Does {hero} resist? Will to spend "
                    "(0 to {have}, 0 for no)"
                ).format(final=final, hero=victim.name, have=have)
            ).strip()
            if is_ascii_whole(answer) and len(answer) <= 3 and int(answer) <= have:
                return replace(request, resist_will=int(answer))
            console().print(_("Type a number from {low} to {high}.").format(low=0, high=have))

    return decide


def _duel_command() -> Callable[..., None]:
    """`aos hero duel GOOD EVIL`: the Fight flags of `aos roll duel` for each side (Wounds and
    Fate come from the heroes' stores), and the Might each may spend."""
    import inspect

    from aos_cli.cli.attack_options import _parameter
    from aos_cli.core.attack_flags import Flag
    from aos_cli.systems.mesbg.duel import DUEL_FLAGS

    keyword = inspect.Parameter.KEYWORD_ONLY
    heroes = [
        inspect.Parameter(
            side,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=Annotated[str, typer.Argument(help=f"The {side.title()} hero.")],
        )
        for side in ("good", "evil")
    ]
    taken = ("wounds", "fate")
    flags = [f for f in DUEL_FLAGS if f.name.split("_", 1)[1] not in taken]
    for side in ("good", "evil"):
        flags.append(Flag(f"{side}_might", int, 0, f"{side.title()}: Might it may spend "
                          "(the least that wins the Duel, then on failed wound rolls)."))  # fmt: skip
        flags.append(Flag(f"{side}_fate", int, None, f"{side.title()}: Fate it may spend "
                          "(default: all it has).", optional=True))  # fmt: skip
    common = {
        "seed": (int | None, None, "Seed for repeatable dice."),
        "dice": (str, "auto", "auto (the tool rolls) or manual (you type)."),
        "db": (Path | None, None, "Games database file."),
        "game": (str | None, None, "Game id or name (default: the current game)."),
    }
    extra = [
        inspect.Parameter(
            name, keyword, default=default, annotation=Annotated[kind, typer.Option(help=text)]
        )
        for name, (kind, default, text) in common.items()
    ]
    extra.append(
        inspect.Parameter(
            "barge", keyword, default=None,
            annotation=Annotated[str | None, typer.Option(
                help="good or evil: that side's Monster Barges if it wins (mesbg §1).")],
        )
    )  # fmt: skip
    extra.append(
        inspect.Parameter(
            "barge_knocks_down", keyword, default=False,
            annotation=Annotated[bool, typer.Option(
                help='Barge: the loser cannot back away the full 3" and is knocked down.')],
        )
    )  # fmt: skip
    extra.append(
        inspect.Parameter("json", keyword, default=False,
                          annotation=Annotated[bool, typer.Option("--json", help="Print JSON.")])
    )  # fmt: skip

    def duel(good: str, evil: str, **values: Any) -> None:
        run_duel(good, evil, values)

    duel.__doc__ = (
        "A Fight between two heroes of the game: Wounds and Fate from their stores, Might "
        "spent on the Duel and wound rolls, and what they spent and lost recorded (mesbg §5)."
    )
    duel.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        heroes + [_parameter(f, None) for f in flags] + extra
    )
    return duel


def run_duel(good: str, evil: str, values: dict[str, Any]) -> None:
    """Roll a Fight between two heroes from their stores and record what it cost them."""
    from aos_cli.systems.mesbg.duel import fighter
    from aos_cli.systems.mesbg.rules import DuelResult, Side, has_not_error, roll_duel
    from aos_cli.systems.mesbg.views import duel_json, duel_lines

    seed, mode = values.pop("seed"), values.pop("dice")
    db, game, as_json = values.pop("db"), values.pop("game"), values.pop("json")
    wants_barge = values.pop("barge", None)
    knocked = values.pop("barge_knocks_down", False)
    if wants_barge is not None and wants_barge not in ("good", "evil"):
        from aos_cli.core.errors import InputError

        raise InputError(f"--barge: {wants_barge!r}", _("use good or evil"))

    def attempt(source: DiceSource) -> tuple[dict[str, Any], tuple[Battle, DuelResult]]:
        battle = _battle(session)
        heroes = {Side.GOOD: battle.living(good), Side.EVIL: battle.living(evil)}
        fighters, offered = {}, {}
        for side, hero in heroes.items():
            own = {k.removeprefix(f"{side.value}_"): v for k, v in values.items()
                   if k.startswith(f"{side.value}_")}  # fmt: skip
            might, fate = int(own.pop("might")), own.pop("fate")
            have_fate = hero.current["fate"]
            fate = have_fate if fate is None else int(fate)
            for store, wanted in (("might", might), ("fate", fate)):
                if wanted < 0 or wanted > hero.current[store]:
                    from aos_cli.core.errors import RuleError

                    raise RuleError(has_not_error(hero, store, wanted))
            own |= {"wounds": min(hero.current["wounds"], 20), "fate": min(fate, 10)}
            fighters[side] = fighter(side.value, own)
            offered[side] = might
        barging = None
        if wants_barge is not None:
            barging = Side(wants_barge)
            if not heroes[barging].monster:
                from aos_cli.core.errors import RuleError

                raise RuleError(
                    _("{hero} is not a Monster: only a Monster Barges (mesbg §1)").format(
                        hero=heroes[barging].name
                    )
                )
        result = roll_duel(source, fighters[Side.GOOD], fighters[Side.EVIL], offered, barging)
        barged = barging is not None and result.winner is barging
        payload: dict[str, Any] = {
            "op": "duel",
            "good": heroes[Side.GOOD].name,
            "evil": heroes[Side.EVIL].name,
            "winner": result.winner.value,
            "might": {side.value: result.might_spent(side) for side in Side},
            "fate": {result.winner.other.value: 0 if barged else result.fate_spent},
            "wounds_lost": 0 if barged else result.wounds_lost,
        }
        if barged and barging is not None:
            move = source.roll(1, _("the Barging Monster's move (D6\")"))[0]
            payload["barge"] = {"side": barging.value, "move": move, "knocked": bool(knocked)}
        battle.apply(payload)
        return payload, (battle, result)

    with _session(db, game) as session:
        battle, result = session.perform_with(KIND, attempt, dice_source(mode, seed))
    if as_json:
        print_json({**duel_json(result), "battle": battle_json_of(battle, session.game_id)})
        return
    out = console()
    barged = wants_barge is not None and result.winner.value == wants_barge
    for line in duel_lines(result, barged):
        out.print(line)
    _show(battle, session.game_id, False)


def battle_json_of(battle: Battle, game_id: int) -> dict[str, Any]:
    """The battle after an action, for programs."""
    from aos_cli.systems.mesbg.views import battle_json

    return battle_json(battle, game_id, notes=True)


hero_app.command("duel")(_duel_command())


@hero_app.command("priority")
def priority(
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """The Priority phase: a D6 for each side, the higher has Priority; a tie gives it to the
    side that did not have it (rolled again in the first turn). The Move phase follows."""

    def attempt(source: DiceSource) -> tuple[dict[str, Any], Battle]:
        battle = _battle(session)
        rolls: list[list[int]] = []
        from aos_cli.systems.mesbg.words import side_name

        purpose = _("priority ({good}, then {evil})").format(
            good=side_name("good"), evil=side_name("evil")
        )
        for _attempt in range(20):
            rolls.append(source.roll(2, purpose))
            if rolls[-1][0] != rolls[-1][1] or battle.priority is not None:
                break
        payload = {"op": "priority", "rolls": rolls}
        battle.apply(payload)
        return payload, battle

    with _session(db, game) as session:
        battle = session.perform_with(KIND, attempt, dice_source(dice, seed))
    _show(battle, session.game_id, json)


def phase_step(
    phase: str, db: Path | None, game: str | None, dice: str = "auto", seed: int | None = None
) -> None:
    """Record that the turn goes on to `phase` (Move, Shoot, Fight, End); as the Fight phase
    ends each paralysed hero rolls a D6 to recover (mesbg §3 #21), recorded with the step."""
    from aos_cli.systems.mesbg.rules import paralysed

    payload: dict[str, Any] = {"op": "phase", "phase": phase}
    battle, _game_id, _count = battle_of(db, game)
    if battle.phase == "fight" and phase == "end":
        source = dice_source(dice, seed)
        recovery = {
            h.name: source.roll(
                1, _("{hero} recovers from Paralyse on a 6 (D6)").format(hero=h.name)
            )
            for h in paralysed(battle)
        }
        if recovery:
            payload["recovery"] = recovery
    _run(payload, db, game, False)


def new_game(db: Path | None, name: str, steps: list[tuple[str, dict[str, Any]]]) -> int:
    """A new Middle-earth game with its forces and heroes recorded (checked before anything is
    written); the game's id, now the current game."""
    from aos_cli.app.session import Session, open_store
    from aos_cli.systems.mesbg.rules import Battle

    trial = Battle()
    for _kind, payload in steps:
        trial.apply(dict(payload))
    with open_store(db) as store:
        game_id = store.create_game(name, {"system": "mesbg"}, system="mesbg")
        for _kind, payload in steps:
            _act(Session(store, game_id), payload)
    return game_id


def battle_of(db: Path | None, game: str | None) -> tuple[Battle, int, int]:
    """The named (or current) Middle-earth game's battle, its id and how many actions it has."""
    with _session(db, game) as session:
        battle = _battle(session)
        count = len(session.store.actions(session.game_id))
    return battle, session.game_id, count


def show_battle(battle: Battle, game_id: int) -> None:
    """The forces, heroes and powers in force, as `aos hero list` shows them."""
    _show(battle, game_id, False)


@hero_app.command("end-phase")
def end_phase(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The End phase: temporary powers end and the next turn begins (mesbg §2.5)."""
    _run({"op": "end_phase"}, db, game, json)


@hero_app.command("list")
def list_heroes(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The forces with their break points, the heroes' stores and the powers in force."""
    with _session(db, game) as session:
        battle = _battle(session)
    _show(battle, session.game_id, json)


@hero_app.command("undo")
def undo(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """Take back the last hero action of the game."""
    with _session(db, game) as session:
        store = session.store
        taken = store.undo(session.game_id, expected_revision=store.revision(session.game_id))
        battle = _battle(session)
    battle.notes.append(
        _("Took back: {action}.").format(action=action_name(taken.payload.get("op")))
        if taken
        else _("Nothing to take back.")
    )
    _show(battle, session.game_id, json)


@hero_app.command("log")
def hero_log(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The game's hero actions in order, turn by turn, each with its dice and what it did."""
    # --json: each entry's events with their fields beside its sentences (issue 25 item 4)
    from aos_cli.systems.mesbg.rules import Battle
    from aos_cli.systems.mesbg.views import told_events, told_notes

    with _session(db, game) as session:
        records = [a for a in session.store.actions(session.game_id) if a.kind == KIND]
    battle, entries = Battle(), list[dict[str, Any]]()
    for record in records:
        turn, battle.notes = battle.turn, []
        try:
            battle.apply(dict(record.payload))
        except Exception as problem:  # a recorded action that no longer applies
            raise GameError(
                _("the game no longer replays: {problem}").format(problem=problem),
                "`aos hero undo`",
            ) from None
        entries.append(
            {"seq": record.seq, "turn": turn, "action": str(record.payload.get("op")),
             "dice": _recorded_dice(record.payload), "notes": told_notes(battle.notes),
             "events": told_events(battle.notes)}
        )  # fmt: skip
    if json:
        print_json({"game": session.game_id, "system": "mesbg", "entries": entries})
        return
    out, shown_turn = console(), None
    for entry in entries:
        if entry["turn"] != shown_turn:
            shown_turn = entry["turn"]
            out.rule(_("Turn {turn}").format(turn=shown_turn), style="heading")
        dice, notes = entry["dice"], list(entry["notes"]) or [action_name(entry["action"])]
        for index, note in enumerate(notes):
            prefix = f"{entry['seq']:>3}. " if index == 0 else "     "
            out.print(prefix + str(note), markup=False)
        if dice:
            rolled = "; ".join(" ".join(str(d) for d in roll) for roll in dice)
            out.print("     " + _("dice: {dice}").format(dice=rolled), markup=False, style="muted")
    if not entries:
        out.print(_("No hero actions recorded yet."))


def _recorded_dice(payload: dict[str, Any]) -> list[list[int]]:
    """The dice a recorded hero action rolled, each roll apart (a cast's Will dice, then the
    target's; a Priority roll's Good and Evil dice, rolled again on a first-turn tie)."""
    rolled = [payload.get("dice"), payload.get("resist_dice")]
    if payload.get("op") == "priority":
        rolled = [list(pair) for pair in payload.get("rolls") or []]
    return [[int(d) for d in dice] for dice in rolled if dice]
