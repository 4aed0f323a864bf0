"""`aos demo`: a whole battle between the bundled demo armies, played by the tool."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.core.errors import InputError

if TYPE_CHECKING:
    from aos_cli.core.state import GameState
    from aos_cli.guide import Option
    from aos_cli.store import Store

DEMO_ARMIES = ("stormcast-demo.yaml", "nighthaunt-demo.yaml")
SYSTEM_ARMIES: dict[str, tuple[str, str]] = {
    "aos2": DEMO_ARMIES,
    "aos1": ("stormcast-aos1-demo.yaml", "nighthaunt-aos1-demo.yaml"),
    "wh40k8": ("death-guard-wh40k8-demo.yaml", "space-marines-wh40k8-demo.yaml"),
}
"""The bundled demo army lists of each game system (issue 8)."""
SYSTEM_BATTLEPLANS = {
    "aos2": "first-blood",
    "aos1": "glorious-victory",
    "wh40k8": "only-war-domination",
}
"""The battleplan a new game of each system is fought on unless one is given."""


def bundled_armies(system: str = "aos2") -> list[Path]:
    """The demo army lists of a system, from the installed package data or the source tree."""
    from aos_cli.content.loader import bundled_dirs
    from aos_cli.core.errors import ContentError

    names = SYSTEM_ARMIES.get(system)
    if names is None:
        raise InputError(
            f"--system: no demo armies for {system!r}", f"use {', '.join(SYSTEM_ARMIES)}"
        )
    for folder in bundled_dirs():
        armies = folder / "armies"
        if all((armies / name).is_file() for name in names):
            return [armies / name for name in names]
    raise ContentError("the demo armies are missing", "reinstall aos-cli")


def armies_for(
    army: list[Path] | None, system: str | None, battleplan: str | None
) -> tuple[list[Path], str]:
    """The army lists and battleplan of a new game: the given lists (which must be of
    `system` when one is named), or the bundled demo armies of `system`."""
    from aos_cli.content import load_army, load_database

    if army:
        if len(army) != 2:
            raise InputError(f"--army: {len(army)} army lists given", "give --army twice")
        if system is not None:
            db = load_database()
            found = {load_army(Path(p), db).system for p in army}
            if found != {system}:
                raise InputError(
                    f"--system {system}: the army lists are for {', '.join(sorted(found))}",
                    "give army lists of that system, or leave out --army for its demo armies",
                )
        key = system or "aos2"
    else:
        key = system or "aos2"
        army = bundled_armies(key)
    return list(army), battleplan or SYSTEM_BATTLEPLANS.get(key, "first-blood")


def demo(
    seed: Annotated[int, typer.Option(help="Seed for the dice and the choices.")] = 1,
    battleplan: Annotated[str, typer.Option(help="Battleplan to fight.")] = "first-blood",
    quiet: Annotated[bool, typer.Option(help="Print only the battle report.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the battle report as JSON.")] = False,
) -> None:
    """Play a whole battle between the two bundled demo armies, then show the report."""
    from aos_cli.autoplay import AutoPlayer
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.turn import new_game
    from aos_cli.setup import build_setup
    from aos_cli.views.game import army_table
    from aos_cli.views.report import report_json, report_view

    setup = build_setup(bundled_armies(), battleplan, name="Demo battle")
    state = new_game(setup)
    out = console()
    talk = not (quiet or json)

    def emit(heading: str, notes: list[str]) -> None:
        if not talk:
            return
        if heading == "round-end":
            for index in range(len(state.sides)):
                out.print(army_table(state, index))
        elif heading:
            out.rule(heading, style="heading")
        for note in notes:
            out.print(f"  {note}")

    player = AutoPlayer(state, SeededDice(seed), seed, emit)
    player.play_battle()
    if json:
        print_json(report_json(state))
        return
    out.rule("Battle report", style="heading")
    out.print(report_view(state))


class PromptAsker:
    """Asks every question at the prompt (answers are recorded with the action)."""

    def yes_no(self, key: str, question: str) -> bool:
        from aos_cli.cli.common import ask_line

        while True:
            answer = ask_line(f"{question} [y/n]").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            print("Please answer y or n.")

    def number(self, key: str, question: str) -> float:
        from aos_cli.cli.common import ask_line

        while True:
            answer = ask_line(question)
            try:
                value = float(answer)
            except ValueError:
                value = -1.0
            if value >= 0:
                return value
            print("Please type a number of inches, such as 7 or 8.5.")


HELP = "[n] next phase  [u] undo  [s] status  [d] dice auto/manual  [?N] odds of option N  [q] quit"


def play(
    army: Annotated[
        list[Path] | None, typer.Option(help="Start a new game: give two army list files.")
    ] = None,
    battleplan: Annotated[
        str | None,
        typer.Option(help="Battleplan for a new game (default: the system's first)."),
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(
            help="New game of aos2, aos1 or wh40k8: the army lists given, else the system's "
            "bundled demo armies."
        ),
    ] = None,
    dice: Annotated[str, typer.Option(help="auto (the tool rolls) or manual (you type).")] = "auto",
    seed: Annotated[int | None, typer.Option(help="Seed for the tool's dice.")] = None,
    quick: Annotated[
        bool, typer.Option(help="New game: skip the set-up questions (no realm, no terrain).")
    ] = False,
    game: Annotated[str | None, typer.Option("--game", help="Game id or name.")] = None,
    db: Annotated[Path | None, typer.Option("--db", help="Games database.")] = None,
) -> None:
    """Play a game step by step: every legal choice listed, every answer saved at once."""
    from aos_cli.cli.common import ask_line, dice_source
    from aos_cli.cli.game import game_id_for, open_store
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.core.errors import AosError
    from aos_cli.games import load, perform
    from aos_cli.guide import options, targets
    from aos_cli.views.game import header, status_view
    from aos_cli.views.report import report_view

    out = console()
    with open_store(db) as store:
        mode = dice
        source = dice_source(mode, seed)
        if army or system:
            army, plan = armies_for(army, system, battleplan)
            if quick or (system or "aos2") != "aos2":
                from aos_cli.setup import build_setup

                setup = build_setup(army, plan)
            else:
                from aos_cli.cli.setup_wizard import run_wizard
                from aos_cli.content import load_database

                try:
                    setup = run_wizard(army, ask_line, out, source, load_database())
                except EOFError:
                    out.print("Set-up stopped; nothing was saved.")
                    return
            game_id = store.create_game(setup["name"], setup, setup.get("system", "aos2"))
            out.print(f"Game {game_id} ({setup['name']}) is set up.")
        else:
            game_id = game_id_for(store, game)
        out.print(status_view(load(store, game_id).state))
        while True:
            state = load(store, game_id).state
            if state.ended:
                out.rule("Battle report", style="heading")
                out.print(report_view(state))
                return
            out.print(header(state))
            clocks = clock_totals(store, game_id, len(state.sides))
            out.print(
                "[muted]Clock: "
                + ", ".join(
                    f"{s.name} {_minutes(t)}" for s, t in zip(state.sides, clocks, strict=True)
                )
                + "[/]"
            )
            started = time.monotonic()
            choices = options(state)
            for number, option in enumerate(choices, start=1):
                out.print(f"  [{number}] {option.label}", markup=False)
            out.print(HELP, style="muted", markup=False)
            try:
                answer = ask_line("Choose").strip().lower()
            except EOFError:
                out.print("Game saved. Resume with `aos play`.")
                return
            try:
                if answer in ("q", "quit"):
                    out.print("Game saved. Resume with `aos play`.")
                    return
                if answer in ("n", "next"):
                    clock = _clock(state.active_side, started)
                    state = perform(store, game_id, "next", {"clock": clock}, source)
                elif answer in ("u", "undo"):
                    record = store.undo(game_id)
                    out.print(f"Took back {record.kind}." if record else "Nothing to undo.")
                    continue
                elif answer in ("s", "status"):
                    out.print(status_view(state))
                    continue
                elif answer in ("d", "dice"):
                    mode = "manual" if mode == "auto" else "auto"
                    source = dice_source(mode, seed)
                    out.print(
                        f"Dice: {'you roll and type them' if mode == 'manual' else 'the tool rolls'}."
                    )
                    continue
                elif answer.startswith("?") and answer[1:].isdigit():
                    show_option_odds(state, choices, int(answer[1:]))
                    continue
                elif answer.isdigit() and 1 <= int(answer) <= len(choices):
                    option = choices[int(answer) - 1]
                    payload = dict(option.payload)
                    aims = targets(state, option)
                    if aims:
                        for number, unit in enumerate(aims, start=1):
                            models = "model" if unit.models == 1 else "models"
                            out.print(
                                f"    [{number}] {unit.name} ({unit.models} {models})",
                                markup=False,
                            )
                        pick = ask_line("Target").strip()
                        if not pick.isdigit() or not 1 <= int(pick) <= len(aims):
                            out.print("No such target; nothing was done.")
                            continue
                        payload["target"] = aims[int(pick) - 1].spec.id
                    payload["clock"] = _clock(option.side, started)
                    state = perform(
                        store, game_id, option.kind, payload, source,
                        RecordedAnswers({}, PromptAsker()),
                    )  # fmt: skip
                else:
                    out.print(f"Type a number from the list, or one of: {HELP}", markup=False)
                    continue
            except EOFError:
                out.print("Game saved. Resume with `aos play`.")
                return
            except AosError as problem:
                out.print(f"[fail]{problem}[/] - nothing was recorded.")
                continue
            for note in state.notes:
                out.print(f"  {note}")


def show_option_odds(state: GameState, choices: list[Option], number: int) -> None:
    """Before a roll: the mean damage of an attack option against each target it may pick."""
    from aos_cli.core.actions import weapon_attack
    from aos_cli.core.effects import TargetInfo
    from aos_cli.core.odds import mean_damage
    from aos_cli.guide import targets

    out = console()
    if not 1 <= number <= len(choices):
        out.print("No such option.")
        return
    option = choices[number - 1]
    if option.kind not in ("shoot", "fight"):
        out.print("Odds are shown for shooting and fighting; see `aos odds` for the other rolls.")
        return
    if state.system == "wh40k8":
        out.print("See `aos odds attack --system wh40k8` for the odds of a 40k attack.")
        return
    unit = state.unit(option.payload["unit"])
    kind = "missile" if option.kind == "shoot" else "melee"
    attacks = [weapon_attack(unit, w, []) for w in unit.spec.weapons if w.kind == kind]
    for target in targets(state, option):
        expected = mean_damage(attacks, TargetInfo(target.spec.save))
        out.print(f"    {target.name}: {expected:.2f} damage expected (save {target.spec.save}+)")


def _clock(side: int, started: float) -> dict[str, Any]:
    """The thinking time of one step, charged to the side that acted."""
    return {"side": side, "seconds": round(time.monotonic() - started, 1)}


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def clock_totals(store: Store, game_id: int, sides: int) -> list[float]:
    """Each side's total time at the table, from the clock kept with every played step."""
    totals = [0.0] * sides
    for record in store.actions(game_id):
        clock = record.payload.get("clock")
        if isinstance(clock, dict) and 0 <= int(clock.get("side", -1)) < sides:
            totals[int(clock["side"])] += float(clock.get("seconds", 0))
    return totals
