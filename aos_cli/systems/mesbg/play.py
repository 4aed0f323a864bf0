"""`aos play --system mesbg`: a Middle-earth game walked through turn by turn, as far as the
tool follows one (the heroes' stores, forces and break points, powers, duels between heroes):
the demo forces set up, then each turn's phases (Priority, Move, Shoot, Fight, End) with what
may be recorded in each, until a force is reduced to a quarter of its models.

Each step is one of `aos hero`'s own actions (the same checks, the same record), so a game
played here goes on with `aos hero ...` and the other way round."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aos_cli.cli.common import ask_line, console
from aos_cli.core.errors import AosError
from aos_cli.language.i18n import _
from aos_cli.systems.mesbg import PhaseMESBG
from aos_cli.systems.mesbg.words import phase_name

if TYPE_CHECKING:
    from rich.console import Console

    from aos_cli.systems.mesbg.rules import Battle

DEMO_FORCES: tuple[dict[str, Any], ...] = (
    {
        "name": "Minas Tirith",
        "side": "good",
        "models": 12,
        "heroes": (
            {"name": "Aragorn", "might": 3, "will": 3, "fate": 3, "wounds": 3,
             "profile": {"fight": 6, "strength": 4, "defence": 6, "attacks": 3}, "powers": {}},
            {"name": "Gandalf", "might": 3, "will": 6, "fate": 3, "wounds": 3,
             "profile": {"fight": 5, "strength": 4, "defence": 5, "attacks": 1},
             "powers": {"blinding-light": 2, "immobilise": 3, "sorcerous-blast": 5,
                        "strengthen-will": 4, "terrifying-aura": 2}},
        ),
    },
    {
        "name": "Isengard",
        "side": "evil",
        "models": 14,
        "heroes": (
            {"name": "Lurtz", "might": 3, "will": 1, "fate": 1, "wounds": 2,
             "profile": {"fight": 5, "strength": 5, "defence": 6, "attacks": 2}, "powers": {}},
            {"name": "Saruman", "might": 3, "will": 6, "fate": 3, "wounds": 3,
             "profile": {"fight": 5, "strength": 4, "defence": 5, "attacks": 1},
             "powers": {"compel": 4, "immobilise": 3, "sap-will": 4, "sorcerous-blast": 5,
                        "terrifying-aura": 3}},
        ),
    },
)  # fmt: skip
"""Two small demo forces: each hero's Might, Will, Fate and Wounds, its Fight, Strength,
Defence and Attacks for duels, and the magical powers it knows with its casting values (mesbg
§2.1: none for Aragorn and Lurtz; commonly published Lord of the Rings SBG profiles), the rest
of each force counted as warriors."""

PHASES: tuple[str, ...] = tuple(PhaseMESBG)
"""The phases of a turn (commonly published, digest §5); powers are cast in the Move phase."""


def start_demo(db: Path | None) -> int:
    """A new Middle-earth game with the demo forces and heroes; its id."""
    from aos_cli.systems.mesbg.cli import KIND, new_game

    steps: list[dict[str, Any]] = []
    for force in DEMO_FORCES:
        steps.append({"op": "force", "name": force["name"], "models": force["models"],
                      "side": force["side"]})  # fmt: skip
        steps += [{"op": "hero", "force": force["name"], **hero} for hero in force["heroes"]]
    one, two = (str(f["name"]) for f in DEMO_FORCES)
    name = _("{one} vs {two}").format(one=one, two=two)
    return new_game(db, name, [(KIND, step) for step in steps])


def play_mesbg(
    db: Path | None, game: str | None, new: bool, dice: str | None, seed: int | None
) -> None:
    """Walk a Middle-earth game turn by turn until it ends or the players quit."""
    out = console()
    game_id = start_demo(db) if new else None
    if game_id is not None:
        note = _("Middle-earth game {id} is set up with the demo forces.").format(id=game_id)
        out.print(note, markup=False)
    chosen = str(game_id) if game_id is not None else game
    try:
        _loop(db, chosen, out, dice or "auto", seed)
    except EOFError:
        out.print(_("Game saved. Resume with `aos play`."))


def _loop(db: Path | None, game: str | None, out: Console, mode: str, seed: int | None) -> None:
    from aos_cli.systems.mesbg.cli import battle_of, show_battle

    while True:
        battle, game_id, count = battle_of(db, game)
        game = str(game_id)
        if battle.result:
            out.rule(_("Battle report"), style="heading")
            show_battle(battle, game_id)
            out.print(battle.result, markup=False)
            return
        step_seed = None if seed is None else seed + count
        phase = battle.phase or "priority"
        heading = _("Turn {turn} · {phase}").format(turn=battle.turn, phase=phase_name(phase))
        out.rule(heading, style="heading")
        choices = _menu(battle, phase)
        for number, (label, _step) in enumerate(choices, start=1):
            out.print(f"  [{number}] {label}", markup=False)
        if phase == "priority":
            following = _("roll for Priority (then the {move})").format(move=phase_name("move"))
        elif phase == "end":
            following = _("end the turn (temporary powers end)")
        else:
            following = _("on to the {phase}").format(
                phase=phase_name(PHASES[PHASES.index(phase) + 1])
            )
        keys = _("[n] {next}  [s] heroes and forces  [q] quit").format(next=following)
        out.print(keys, markup=False, style="muted")
        answer = ask_line(_("Choose")).strip().lower()
        try:
            if answer in ("q", "quit"):
                out.print(_("Game saved. Resume with `aos play`."))
                return
            if answer in ("s", "status"):
                show_battle(battle, game_id)
                continue
            if answer in ("n", "next"):
                _next(db, game, battle, phase, mode, step_seed)
                continue
            from aos_cli.core.numbers import menu_pick

            picked = menu_pick(answer, len(choices))
            if picked is None:
                out.print(_("Type a number from the list, or n, s or q."))
                continue
            choices[picked][1](db, game, battle, mode, step_seed)
        except AosError as problem:
            out.print(_("[fail]{problem}[/] - nothing was recorded.").format(problem=problem))


Step = Callable[[Path | None, str | None, "Battle", str, int | None], None]


def _menu(battle: Battle, phase: str) -> list[tuple[str, Step]]:
    """What may be recorded in this phase (mesbg §2.1: powers in the Move phase)."""
    living = [h for h in battle.heroes.values() if not h.slain]
    found: list[tuple[str, Step]] = []
    if phase == "move":
        for hero in living:
            if hero.powers == {}:
                continue  # no magical powers (mesbg §2.1)
            if hero.current["will"] > 0 and hero.name not in battle.cast_this_turn:
                label = _("{hero}: cast a magical power").format(hero=hero.name)
                found.append((label, _caster(hero.name)))
    if phase in ("shoot", "fight"):
        if phase == "fight":
            found.append((_("A duel between two heroes"), _duel))
        for force in battle.forces.values():
            label = _("{force}: warriors slain").format(force=force.name)
            found.append((label, _lost(force.name)))
        for hero in living:
            label = _("{hero}: suffers a Wound").format(hero=hero.name)
            found.append((label, _wounded(hero.name)))
    return found


def _next(db: Path | None, game: str | None, battle: Battle, phase: str, mode: str,
          seed: int | None) -> None:  # fmt: skip
    """The next phase: the priority roll starts the turn, the End phase ends it."""
    from aos_cli.systems.mesbg.cli import end_phase, phase_step, priority

    if phase == "priority":
        priority(seed=seed, dice=mode, db=db, game=game, json=False)
    elif phase == "end":
        end_phase(db=db, game=game, json=False)
    else:
        phase_step(PHASES[PHASES.index(phase) + 1], db=db, game=game, dice=mode, seed=seed)


def _number(question: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`, asked until one is given."""
    from aos_cli.core.numbers import is_ascii_whole

    while True:
        answer = ask_line(f"{question} ({low}-{high})").strip()
        if is_ascii_whole(answer) and len(answer) <= 4 and low <= int(answer) <= high:
            return int(answer)
        console().print(_("Type a number from {low} to {high}.").format(low=low, high=high))


def _yes(question: str) -> bool:
    """A yes or no, asked until one is given; Enter is no."""
    from aos_cli.views.words import read_yes_no, yes_no_hint, yes_no_retry

    while True:
        answer = ask_line(f"{question} {yes_no_hint(False)}").strip()
        if not answer:
            return False
        said = read_yes_no(answer)
        if said is not None:
            return said
        console().print(yes_no_retry())


def _pick(question: str, names: list[str]) -> int:
    """One of `names` by number."""
    for number, name in enumerate(names, start=1):
        console().print(f"    [{number}] {name}", markup=False)
    return _number(question, 1, len(names)) - 1


def _caster(name: str) -> Step:
    def cast_power(db: Path | None, game: str | None, battle: Battle, mode: str,
                   seed: int | None) -> None:  # fmt: skip
        from aos_cli.content import load_database
        from aos_cli.systems.mesbg.cli import cast

        hero = battle.hero(name)
        powers = sorted(load_database().ruleset("mesbg").spells, key=lambda p: p.name)
        known = hero.powers
        if known is not None:  # the powers the hero knows, at its own casting values (§2.1)
            powers = [p for p in powers if p.id in known]
        values = [p.casting_value if known is None else known[p.id] for p in powers]
        shown = [f"{p.shown('name')} ({v}+)" for p, v in zip(powers, values, strict=True)]
        picked = _pick(_("Power"), shown)
        power, casting = powers[picked], values[picked]
        will = _number(_("Will {hero} spends").format(hero=hero.name), 1, hero.current["will"])
        might = _number(
            _("Might {hero} may spend to cast it").format(hero=hero.name),
            0,
            hero.current["might"],
        )
        channelled = _yes(_("Cast its channelled version (the power increased, mesbg §2.6)?"))
        others = [h.name for h in battle.heroes.values() if not h.slain and h.name != hero.name]
        nobody = _("no hero (a warrior, or the caster itself)")
        picked = _pick(_("Target"), [*others, nobody])
        target = others[picked] if picked < len(others) else None
        resist_might = 0
        if target is not None and battle.hero(target).current["might"]:
            # the caster's Might is committed first; then the target may add its own (§2.4)
            question = _("Might {hero} may spend to resist it").format(hero=target)
            resist_might = _number(question, 0, battle.hero(target).current["might"])
        cast(hero.name, power.id, will=will, casting=str(casting), target=target, resist_will=None,
             might=might, resist_might=resist_might, might_policy="minimum",
             channelled=channelled, seed=seed, dice=mode, db=db, game=game, json=False)  # fmt: skip

    return cast_power


def _duel(db: Path | None, game: str | None, battle: Battle, mode: str, seed: int | None) -> None:
    """A Fight between a Good and an Evil hero, their profiles from the set-up."""
    from aos_cli.systems.mesbg.cli import run_duel
    from aos_cli.systems.mesbg.duel import DUEL_FLAGS

    sides: dict[str, list[str]] = {"good": [], "evil": []}
    for hero in battle.heroes.values():
        belongs = battle.forces[hero.force].side
        if belongs is not None and not hero.slain:
            sides[belongs.value].append(hero.name)
    if not sides["good"] or not sides["evil"]:
        from aos_cli.core.errors import RuleError

        raise RuleError(_("a duel needs a living hero on each side"))
    values: dict[str, Any] = {f.name: f.default for f in DUEL_FLAGS}
    chosen: dict[str, str] = {}
    for side in ("good", "evil"):
        from aos_cli.systems.mesbg.words import side_name

        question = _("The {side} hero").format(side=side_name(side))
        chosen[side] = sides[side][_pick(question, sides[side])]
        hero = battle.hero(chosen[side])
        for key, value in battle.heroes[hero.name].profile.items():
            values[f"{side}_{key}"] = value
        question = _("Might {hero} may spend").format(hero=hero.name)
        values[f"{side}_might"] = _number(question, 0, hero.current["might"])
        values[f"{side}_fate"] = None
        if (
            hero.monster
            and hero.name not in battle.barged_this_turn
            and _yes(
                _("If {hero} wins, does it Barge instead of striking (mesbg §1)?").format(
                    hero=hero.name
                )
            )
        ):
            values["barge"] = side
            values["barge_knocks_down"] = _yes(
                _('Can the enemy not back away the full 3" (it is knocked down)?')
            )
    values |= {"seed": seed, "dice": mode, "db": db, "game": game, "json": False}
    run_duel(chosen["good"], chosen["evil"], values)


def _lost(force: str) -> Step:
    def lose_warriors(db: Path | None, game: str | None, battle: Battle, mode: str,
                      seed: int | None) -> None:  # fmt: skip
        from aos_cli.systems.mesbg.cli import lose

        left = battle.forces[force].models - battle.models_lost(battle.forces[force])
        question = _("Warriors of {force} slain").format(force=force)
        lose(_number(question, 1, max(1, left)), force=force, db=db, game=game, json=False)

    return lose_warriors


def _wounded(name: str) -> Step:
    def suffer(db: Path | None, game: str | None, battle: Battle, mode: str,
               seed: int | None) -> None:  # fmt: skip
        from aos_cli.systems.mesbg.cli import spend

        hero = battle.hero(name)
        question = _("Fate {hero} spends against it").format(hero=hero.name)
        fate = _number(question, 0, hero.current["fate"])
        if fate:
            spend(hero.name, "fate", fate, seed=seed, dice=mode, db=db, game=game, json=False)
        else:
            spend(hero.name, "wounds", 1, seed=seed, dice=mode, db=db, game=game, json=False)

    return suffer
