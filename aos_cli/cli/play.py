"""`aos play` (a game step by step at the table) and `aos demo` (a whole battle between the
bundled demo armies, played by the tool)."""

from __future__ import annotations

import time
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import ask_line, console, dice_source, print_json
from aos_cli.cli.options import ContentOption, DbOption, GameOption, SeedOption
from aos_cli.core.errors import AosError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console

    from aos_cli.app.live_notes import LiveNotes
    from aos_cli.app.play import PhaseNumbers
    from aos_cli.app.session import Session
    from aos_cli.app.setup_draft import SetupDraft
    from aos_cli.app.table_memory import Assumed, RememberingAsker
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.events import Note
    from aos_cli.core.guide import Option
    from aos_cli.core.state import GameState
    from aos_cli.core.stored_setup import StoredUnit
    from aos_cli.language.text import Value
    from aos_cli.store import Store


def demo(
    seed: Annotated[int, typer.Option(help="Seed for the dice and the choices.")] = 1,
    battleplan: Annotated[
        str | None, typer.Option(help="Battleplan to fight (default: the system's first).")
    ] = None,
    quiet: Annotated[bool, typer.Option(help="Print only the battle report.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the battle report as JSON.")] = False,
    army: Annotated[
        list[Path] | None,
        typer.Option(help="Two army lists to fight (give it twice); default the demo armies."),
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(help="Game system of the demo: aos2 (default), aos1, wh40k8 or mesbg."),
    ] = None,
    content: ContentOption = None,
) -> None:
    """Play a whole battle between two armies (the bundled demo armies unless given)."""
    from aos_cli.app.autoplay import AutoPlayer
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import starting_armies
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.errors import GameError
    from aos_cli.core.system import get_system
    from aos_cli.core.turn import new_game
    from aos_cli.views.events import note_lines
    from aos_cli.views.game import army_table
    from aos_cli.views.hints import for_demo
    from aos_cli.views.report import report_json, report_view

    own = _own_demo(system, army)
    if own is not None:  # a system with its own engine plays its demo itself (Middle-earth)
        own(seed, quiet, json)
        return
    start = starting_armies(army, system, battleplan, content or [])
    setup = build_setup(
        start.armies, start.battleplan, name=_("Demo battle"), dice=SeededDice(seed), db=start.db
    )
    played = get_system(setup.get("system"))
    if not (played.autoplay or played.demo_player):
        raise GameError(
            _("aos demo cannot play {system} battles by itself").format(system=played.name),
            _("play one at the table with `aos play --system {system}`").format(system=played.id),
        )
    state = new_game(setup)
    out = console()
    talk = not (quiet or json)

    def emit(heading: str, notes: list[Note]) -> None:
        if not talk:
            return
        if heading == "round-end":
            for index in range(len(state.sides)):
                out.print(army_table(state, index))
        elif heading:
            out.rule(heading, style="heading")
        for note in note_lines(notes):
            out.print(f"  {for_demo(note)}", markup=False)

    import importlib

    make = AutoPlayer
    if played.demo_player:  # a system whose phases are not Age of Sigmar's plays its own
        module, _sep, attribute = played.demo_player.partition(":")
        make = getattr(importlib.import_module(module), attribute)
    make(state, SeededDice(seed), seed, emit).play_battle()
    if json:
        print_json(report_json(state))
        return
    out.rule(_("Battle report"), style="heading")
    out.print(report_view(state))


def _own_demo(system: str | None, army: list[Path] | None) -> Any:
    """The demo of a system with its own engine (`GameSystem.demo_command`), or None."""
    import importlib

    from aos_cli.app.start import chosen_system

    if army or system is None:
        return None
    found = chosen_system(system).demo_command
    if not found:
        return None
    module, _sep, name = found.partition(":")
    return getattr(importlib.import_module(module), name)


SAVED = N_("Game saved. Resume with `aos play`.")


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
            help="New game of aos2, aos1, wh40k8 or mesbg: the army lists given, else the system's "
            "bundled demo armies."
        ),
    ] = None,
    dice: Annotated[
        str | None,
        typer.Option(
            help="auto (the tool rolls) or manual (you type); default: as the game was left."
        ),
    ] = None,
    seed: SeedOption = None,
    quick: Annotated[
        bool, typer.Option(help="New game: skip the set-up questions (no realm, no terrain).")
    ] = False,
    game: GameOption = None,
    content: ContentOption = None,
    db: DbOption = None,
) -> None:
    """Play a game step by step: every legal choice listed, every answer saved at once."""
    from aos_cli.app.session import Session, game_id_for, open_store
    from aos_cli.app.setup_draft import SetupDraft
    from aos_cli.views.game import status_view

    own = _own_play(db, army, system, game)
    if own is not None:  # a system with its own engine walks its games itself (MESBG)
        own(db, game, system is not None, dice, seed)
        return
    out = console()
    with open_store(db) as store:
        draft = SetupDraft.saved(store) if game is None else None
        first_game = game is None and draft is None and store.current_game_id() is None
        if first_game and not (army or system):
            out.print(
                _(
                    "No game yet: setting one up between the demo armies "
                    "(give --army twice for your own)."
                ),
                markup=False,
            )
        if army or system or draft is not None or first_game:
            source = dice_source(dice or "auto", seed)
            game_id = _new_game(
                store, out, army, system, battleplan, quick, source, draft, content or []
            )
            if game_id is None:
                return
        else:
            game_id = game_id_for(store, game)
        mode = dice or store.setting(f"dice:{game_id}") or "auto"
        dice_source(mode, seed)  # a bad --dice is reported before anything else
        store.set_setting(f"dice:{game_id}", mode)
        session = Session(store, game_id)
        out.print(status_view(session.state()))
        _play_loop(session, out, mode, seed)


def _own_play(
    db: Path | None, army: list[Path] | None, system: str | None, game: str | None
) -> Any:
    """The play command of a system with its own engine: the one named by --system, else the
    system of the game resumed; None for the game engine's play loop."""
    import importlib

    from aos_cli.app.session import game_id_for, open_store
    from aos_cli.app.start import chosen_system

    if army:
        return None
    if system is not None:
        found = chosen_system(system).play_command
    else:
        with open_store(db) as store:
            current = store.current_game_id() if game is None else game_id_for(store, game)
            if current is None:
                return None
            found = chosen_system(store.game(current).system).play_command
    if not found:
        return None
    module, _sep, name = found.partition(":")
    return getattr(importlib.import_module(module), name)


def _new_game(
    store: Store,
    out: Console,
    army: list[Path] | None,
    system: str | None,
    battleplan: str | None,
    quick: bool,
    source: DiceSource,
    draft: SetupDraft | None = None,
    content: list[Path] | None = None,
) -> int | None:
    """Set up a new game (the wizard, or straight from the lists) and save it; a set-up that
    was stopped goes on where it stopped, with the same rolls. Each army list is read and
    checked once, against the bundled content and `content` (a draft keeps its folders)."""
    from aos_cli.app.setup_draft import SetupDraft
    from aos_cli.app.start import chosen_system, read_armies, save_game, starting_armies

    if draft is not None and not (army or system):
        start = read_armies(draft.army_paths, draft.content_paths)
        plan = draft.battleplan
        out.print(_("Going on with the set-up that was stopped (its answers and rolls are kept)."))
    else:
        start = starting_armies(army, system, battleplan, content or [])
        plan = start.battleplan
        draft = None
    if quick or (draft is None and not chosen_system(system).setup_wizard):
        from aos_cli.app.setup import build_setup

        setup = build_setup(start.armies, plan, dice=source, db=start.db)
    else:
        from aos_cli.cli.setup_wizard import run_wizard

        if draft is None:
            folders = [str(Path(c).resolve()) for c in content or []]
            draft = SetupDraft(store, [str(Path(a).resolve()) for a in start.paths], plan, folders)
            draft.save()
        try:
            setup = run_wizard(
                start.armies, draft.asker(_ask_or_stop), out, draft.roller(source), start.db
            )
        except (EOFError, KeyboardInterrupt):
            out.print(
                _("Set-up stopped; every answer so far is kept: `aos play` goes on from here.")
            )
            return None
        draft.finish()
    game_id = save_game(store, setup)
    out.print(
        _("Game {id} ({name}) is set up.").format(id=game_id, name=setup["name"]), markup=False
    )
    primary = setup.get("primary_objective")
    if primary:
        from aos_cli.language.text import content_word

        out.print(
            _("Primary objective (rolled {roll}): {name}.").format(
                roll=primary["roll"], name=content_word(primary["name"])
            )
        )
    return game_id


def _ask_or_stop(prompt: str) -> str:
    """A set-up answer; `q` stops the set-up (kept as far as answered), as at the menu."""
    from aos_cli.app.play import menu_action

    answer = ask_line(prompt)
    if menu_action(answer) == "quit":
        raise EOFError
    return answer


def _play_loop(session: Session, out: Console, mode: str, seed: int | None) -> None:
    """Show the menu, take one choice, perform it; until the battle ends or the player quits."""
    from rich.markup import escape

    from aos_cli.app.play import PhaseNumbers, menu_action
    from aos_cli.views.hints import for_play
    from aos_cli.views.report import report_view

    source = dice_source(mode, seed)
    keys = PhaseNumbers.resumed(session.store, session.game_id)
    table = _Table(session, out, mode, seed, source, keys)
    while True:
        state = session.state()
        if state.ended:
            out.rule(_("Battle report"), style="heading")
            out.print(report_view(state))
            return
        menu = table.show_menu(state)
        try:
            answer = _ask_choice()
            if menu_action(answer) == "quit":
                out.print(_(SAVED))
                return
            done = table.answer(menu, answer)
        except EOFError:
            out.print(_(SAVED))
            return
        except AosError as problem:
            out.print(
                _("[fail]{problem}[/] - nothing was recorded.").format(
                    problem=escape(for_play(str(problem)))
                )
            )
            continue
        if done is not None:
            table.tell_after(menu, done)


def _ask_choice() -> str:
    """The players' choice at the menu; Enter alone asks again (the menu is still there)."""
    answer = ask_line(_("Choose")).strip()
    while not answer:
        answer = ask_line(_("Choose")).strip()
    return answer


ATTACKS = ("shoot", "fight")
"""The options that make an attack: cover typed with the target, modifiers and re-rolls."""


@dataclass
class _Menu:
    """One showing of the menu: the state it was drawn from, its options and their numbers,
    when it was shown (for the step's clock) and the notes of the step taken from it."""

    state: GameState
    choices: list[Option]
    numbers: list[int]
    started: float
    live: LiveNotes


@dataclass
class _Table:
    """What the play loop keeps from one step to the next: the game, the dice (switched with
    `d`), the menu's numbers within the phase, and the facts the last step assumed (`c`)."""

    session: Session
    out: Console
    mode: str
    seed: int | None
    source: DiceSource
    keys: PhaseNumbers
    assumed: Correction | None = None

    def show_menu(self, state: GameState) -> _Menu:
        """Print the game's header, the players' clocks and the numbered options."""
        from aos_cli.app.live_notes import LiveNotes
        from aos_cli.app.play import clock_totals, shown_label, shown_names
        from aos_cli.core.guide import options
        from aos_cli.views.events import note_lines
        from aos_cli.views.game import header
        from aos_cli.views.hints import for_play
        from aos_cli.views.play import clock_line, menu_lines

        out, session = self.out, self.session
        out.print(header(state))
        out.print(clock_line(state, clock_totals(session.store, session.game_id, len(state.sides))))
        started = time.monotonic()

        def show(note: Note) -> None:
            for line in note_lines([note]):
                out.print(f"  {for_play(line)}", markup=False)

        live = LiveNotes(show)
        choices = options(state)
        numbers = self.keys.assign(state, choices)
        names = shown_names(state)
        labels = [shown_label(state, option, names) for option in choices]
        for line in menu_lines(choices, numbers, labels, state, terminal_height()):
            out.print(line)
        return _Menu(state, choices, numbers, started, live)

    def answer(self, menu: _Menu, answer: str) -> GameState | None:
        """Do what the typed answer asks: a menu key, `?N` for an option's odds, a correction
        at the table or a numbered option. Returns the state after a step that was played,
        None when none was (the menu is shown again)."""
        from aos_cli.app.play import menu_action, pick_numbered
        from aos_cli.views.play import keys_text

        action = menu_action(answer)
        keyed = _KEY_ACTIONS.get(action or "")
        if keyed is not None:
            return keyed(self, menu)
        if answer.startswith("?"):
            show_option_odds(menu.state, menu.choices, pick_numbered(answer[1:], menu.numbers))
            return None
        if action in FIXES:
            return self.fix(menu, action or "")
        picked = pick_numbered(answer, menu.numbers)
        if picked is not None:
            return self.play_option(menu, menu.choices[picked])
        self.out.print(
            _("Type a number from the list, or one of: {keys}").format(keys=keys_text()),
            markup=False,
        )
        return None

    def correct(self, menu: _Menu) -> GameState | None:
        """`c`: play the last step anew, asking the facts it assumed again."""
        if self.assumed is None:
            self.out.print(_("Nothing was assumed in the last step."))
            return None
        state = self.assumed.redo(self.session, self.source)
        self.assumed = None
        return state

    def end_phase(self, menu: _Menu) -> GameState | None:
        """`n`: end the phase, asked first while units can still act."""
        from aos_cli.app.play import step_clock, still_to_act
        from aos_cli.core.actions import RecordedAnswers

        state, live = menu.state, menu.live
        waiting = still_to_act(state, menu.choices)
        if waiting and not confirm_end(state, waiting):
            return None
        self.assumed = None
        clock = step_clock(state.active_side, menu.started)
        ending: dict[str, Any] = {"clock": clock}
        ends = remembering(self.session, state, "next", ending)
        return self.session.perform(
            "next", ending, live.dice(self.source), RecordedAnswers({}, live.asker(ends)),
            following_dice(live),
        )  # fmt: skip

    def undo(self, menu: _Menu) -> None:
        """`u`: take the last step back and say which it was."""
        self.assumed = None
        record = self.session.store.undo(self.session.game_id)
        self.out.print(took_back(record.kind) if record else _("Nothing to undo."))

    def status(self, menu: _Menu) -> None:
        """`s`: show the state of the battle."""
        from aos_cli.views.game import status_view

        self.out.print(status_view(menu.state))

    def plan(self, menu: _Menu) -> None:
        """`p`: show the planner's advice for the phase."""
        from aos_cli.cli.plan import show_plan

        show_plan(self.session, menu.state)

    def switch_dice(self, menu: _Menu) -> None:
        """`d`: switch between the tool rolling and the players typing their dice, kept for
        the game."""
        self.mode = "manual" if self.mode == "auto" else "auto"
        self.source = dice_source(self.mode, self.seed)
        self.session.store.set_setting(f"dice:{self.session.game_id}", self.mode)
        self.out.print(
            _("Dice: you roll and type them.")
            if self.mode == "manual"
            else _("Dice: the tool rolls.")
        )

    def blessed(self, menu: _Menu) -> GameState | None:
        """`b`: Blessed (AoS1 §5.3), once per battle: the last step's dice listed, one picked
        and given any result, and the step played again with it."""
        from aos_cli.app.blessed import bless, blessed_sides, step_dice
        from aos_cli.app.play import pick_numbered
        from aos_cli.cli.acting import TerminalAsker
        from aos_cli.views.play import step_dice_lines

        out, state = self.out, menu.state
        holding = blessed_sides(state)
        if not holding:
            out.print(_("No side has Blessed to use (once per battle)."))
            return None
        record, rolled = step_dice(self.session)
        for line in step_dice_lines(record.kind, rolled):
            out.print(line, markup=False)
        if not rolled:
            return None
        side = holding[0]
        if len(holding) > 1:
            names = [state.sides[i].name for i in holding]
            for number, name in enumerate(names, 1):
                out.print(f"  [{number}] {name}", markup=False)
            chosen = pick_numbered(ask_line(_("Whose Blessed")), list(range(1, len(names) + 1)))
            if chosen is None:
                out.print(_("No such side; nothing was done."))
                return None
            side = holding[chosen]
        die = pick_numbered(ask_line(_("Die to change")), [d.number for d in rolled])
        value = ask_whole(_("Its result instead (1 to 6)"), lowest=1)
        if die is None or value > 6:
            out.print(_("No such die or result; nothing was done."))
            return None
        self.assumed = None
        return bless(
            self.session, die + 1, value, menu.live.dice(self.source), state.sides[side].name,
            menu.live.asker(TerminalAsker(require_terminal=False)),
        )  # fmt: skip

    def fix(self, menu: _Menu, kind: str) -> GameState | None:
        """`a`, `h`, `g`: a correction made at the table."""
        from aos_cli.app.play import step_clock

        self.assumed = None
        clock = step_clock(menu.state.active_side, menu.started)
        return fix_the_table(self.session, menu.state, kind, clock, self.source)

    def play_option(self, menu: _Menu, option: Option) -> GameState | None:
        """A numbered option: its target picked (with cover and modifiers typed after it), an
        attack's modifiers and re-rolls asked, then the step played, answering what the
        table already told; None when no such target was picked."""
        from aos_cli.app.play import step_clock, told_by_picking
        from aos_cli.core.actions import RecordedAnswers
        from aos_cli.core.guide import targets

        state, live = menu.state, menu.live
        payload = dict(option.payload)
        if option.kind == "beast" and not payload.get("none"):
            picked_beast = pick_beast(state)
            if picked_beast is None:
                return None
            payload["unit"] = picked_beast
        told, _said = told_by_picking(state, option)
        typed, in_cover = "", None
        aims = targets(state, option)
        if aims:
            picked = pick_target(self.session, state, option, aims)
            if picked is None:
                self.out.print(_("No such target; nothing was done."))
                return None
            payload["target"], more, typed, said_cover = picked
            told.update(more)
            if option.kind in ATTACKS:
                in_cover = said_cover
        if option.kind in ATTACKS:
            _ask_attack_extras(state, option.kind, payload, typed)
        payload["clock"] = step_clock(option.side, menu.started)
        self.assumed = None
        request = dict(payload)
        asker = remembering(self.session, state, option.kind, payload, cover=in_cover)
        state = self.session.perform(
            option.kind, payload, live.dice(self.source),
            RecordedAnswers(dict(told), live.asker(typed_first(asker, in_cover))),
            following_dice(live),
        )  # fmt: skip
        if asker.assumed:
            self.assumed = Correction(option.kind, request, asker.assumed, told=told)
        return state

    def tell_after(self, menu: _Menu, state: GameState) -> None:
        """After a step: its notes not yet shown, and the facts it assumed (with the key that
        corrects them), said once."""
        from aos_cli.views.events import note_lines
        from aos_cli.views.hints import for_play
        from aos_cli.views.play import key_hint

        out, assumed = self.out, self.assumed
        for note in note_lines(menu.live.rest(state)):
            out.print(f"  {for_play(note)}", markup=False)
        if assumed is not None and assumed.fresh:
            for fact in assumed.facts:
                out.print("  " + _("Assumed: {fact}.").format(fact=fact.text), markup=False)
            out.print(f"  {key_hint('correct')}", markup=False)
            assumed.fresh = False


_KEY_ACTIONS: dict[str, Callable[[_Table, _Menu], GameState | None]] = {
    "correct": _Table.correct,
    "next": _Table.end_phase,
    "undo": _Table.undo,
    "status": _Table.status,
    "plan": _Table.plan,
    "dice": _Table.switch_dice,
    "blessed": _Table.blessed,
}
"""The menu's keys that are not options, each with what it does."""


def _ask_attack_extras(state: GameState, kind: str, payload: dict[str, Any], typed: str) -> None:
    """An attack's modifiers (when typed after the target: `2 m`, `2 hit-mod=1`) and the
    re-rolls offered, added to its payload in that order (the offer reads the modifiers)."""
    from aos_cli.cli.plan import offer_reroll

    if typed:
        from aos_cli.cli.attack_modifiers import ask_modifiers

        payload.update(ask_modifiers(state, state.unit(payload["unit"]), kind, typed))
    payload.update(offer_reroll(state, kind, payload))


def following_dice(live: LiveNotes) -> Callable[[GameState], None]:
    """The action's notes shown as they come, and the chance to destroy the target said as
    each attack's hit and wound rolls are known (issue 29 item 4): before the next dice are
    asked for when the players type them, in the attack's report when the tool rolls."""
    from aos_cli.views.play import dice_odds_line

    def watch(state: GameState) -> None:
        live.watch(state)
        state.follow_dice = lambda odds: state.notes.append(dice_odds_line(odds))

    return watch


def terminal_height() -> int:
    """The players' terminal's height in lines (50 when it cannot be told)."""
    import shutil

    return shutil.get_terminal_size((100, 50)).lines


def pick_target(
    session: Session, state: GameState, option: Option, aims: list[Any]
) -> tuple[str, dict[str, bool], str, bool] | None:
    """The target the players pick for an option: the list (same-named units told apart,
    what the table told of each), the rules the tool cannot apply for an attack, and the
    prompt saying what picking tells the tool. Returns the target's id, the answers the pick
    gives, the modifiers typed after the number (`2 m`, `2 hit-mod=1`) and whether the
    target was said to be in cover (`2c`; plain `2` is not in cover unless the table said
    so this phase); None for no such target."""
    from aos_cli.app.play import (
        acting_unit,
        pick_numbered,
        shown_names,
        target_numbers,
        target_told,
    )
    from aos_cli.app.table_memory import table_memory, told_of_target
    from aos_cli.views.play import target_lines

    out = console()
    names = shown_names(state)
    unit = acting_unit(option) or ""
    told = [""] * len(aims)
    reminders: list[tuple[Value, Value]] = []
    if option.kind in ("shoot", "fight"):
        from aos_cli.core.unit_attacks import attack_reminders

        memory = table_memory(session.store, session.game_id)
        told = [told_of_target(memory, state, option.kind, unit, a.spec.id) for a in aims]
        reminders = [(n, str(t)) for n, t in attack_reminders(state, state.unit(unit))]
    aim_numbers = target_numbers(state, aims)
    for line in target_lines(aims, aim_numbers, names, told):
        out.print(line)
    given, said = target_told(state, option)
    prompt = option.target_prompt or said or _("Target")
    if reminders:
        from rich.markup import escape

        out.print("  " + _("Rules the tool cannot apply (give what they add after the number):"))
        from aos_cli.language.text import render

        for name, text in reminders:
            out.print(f"    [muted]{escape(render(name))}:[/] {escape(render(text))}")
    if option.kind in ("shoot", "fight"):
        prompt = _("{prompt} (2c: in cover; 2 m: with modifiers)").format(prompt=prompt)
    typed = ask_line(prompt).strip()
    number = typed[: len(typed) - len(typed.lstrip("0123456789"))]
    words = typed[len(number) :].split()
    keys = words.pop(0).lower() if words and "=" not in words[0] else ""
    if keys.strip("cm"):  # not the keys of cover and modifiers: no such target
        return None
    pick = pick_numbered(number, aim_numbers)
    if pick is None:
        return None
    target = aims[pick].spec.id
    modifiers = " ".join(words) or ("m" if "m" in keys else "")
    return target, (given if target != unit else {}), modifiers, "c" in keys


def pick_beast(state: GameState) -> StoredUnit | None:
    """The Monster (not a Hero) a player sets up as a monstrous beast of Ghur (AoS2 §24.2),
    picked by number from the rules database (imported catalogues too); None when none is
    picked or the database has none."""
    from aos_cli.app.play import pick_numbered
    from aos_cli.app.setup import beast_snapshot, beast_warscrolls

    out = console()
    found = beast_warscrolls([], state.system or None)
    if not found:
        out.print(
            _("The rules database has no Monster that is not a Hero: import one "
              "(`aos warscroll import`) or set up no monstrous beast."),
            markup=False,
        )  # fmt: skip
        return None
    for number, (_id, name) in enumerate(found, 1):
        out.print(f"  {number}. {name}", markup=False)
    pick = pick_numbered(ask_line(_("Monster")).strip(), list(range(1, len(found) + 1)))
    if pick is None:
        return None
    taken = {u.spec.id for u in [*state.units(), *state.beasts]}
    return beast_snapshot(found[pick][0], [], state.system or None, taken)


FIXES = ("adjust", "heal", "general")
"""The corrections made at the table, each the menu action and the action it records."""


def took_back(kind: str) -> str:
    """`Took back: run.`: the step `u` undid, as the players call it."""
    from aos_cli.views.history import action_name

    return _("Took back: {step}.").format(step=action_name(kind))


def fix_the_table(
    session: Session, state: GameState, kind: str, clock: dict[str, Any], dice: DiceSource
) -> GameState | None:
    """`[a]` adjust a unit's models or wounds, `[h]` heal, `[g]` pick a new general: what the
    players correct at the table, asked here (issue 13 item 3); None when nothing was done."""
    from aos_cli.app.play import pick_numbered, units_to_fix
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.views.play import target_lines

    out = console()
    units = units_to_fix(state, kind)
    if not units:
        out.print(
            _("No unit has a wounded model to heal.")
            if kind == "heal"
            else _("No general has been slain: a general is replaced only when slain (AoS2 §5.3).")
        )
        return None
    numbers = list(range(1, len(units) + 1))
    for line in target_lines(units, numbers):
        out.print(line)
    pick = pick_numbered(ask_line(_("Unit")), numbers)
    if pick is None:
        out.print(_("No such unit; nothing was done."))
        return None
    payload: dict[str, Any] = {"unit": units[pick].spec.id, "clock": clock}
    if kind == "heal":
        payload["amount"] = ask_whole(_("Wounds to heal"), lowest=1)
    elif kind == "adjust":
        payload["wounds"] = ask_whole(_("Wounds to add (-N takes them off; Enter for none)"))
        payload["models"] = ask_whole(_("Models to add (-N removes them; Enter for none)"))
        if not (payload["wounds"] or payload["models"]):
            out.print(_("Nothing to change; nothing was done."))
            return None
        payload["reason"] = ask_line(_("What happened at the table (Enter to skip)"))[:200]
    return session.perform(kind, payload, dice, RecordedAnswers({}))


def ask_whole(question: str, lowest: int | None = None) -> int:
    """A whole number typed by the players (Enter: 0), asked until one is given."""
    import re

    while True:
        text = ask_line(question).strip()
        if not text and lowest is None:
            return 0
        if re.fullmatch(r"[+-]?[0-9]{1,4}", text) and (lowest is None or int(text) >= lowest):
            return int(text)
        console().print(
            _("Please type a whole number, such as 2 or -1.")
            if lowest is None
            else _("Please type a whole number of {lowest} or more, such as {example}.").format(
                lowest=lowest, example=lowest + 1
            )
        )


def confirm_end(state: GameState, waiting: list[str]) -> bool:
    """Ending a phase while units can still act is asked first (a stray `n` costs nothing)."""
    from aos_cli.views.words import phase_name, read_yes_no, yes_no_hint

    names = ", ".join(waiting[:6])
    if len(waiting) > 6:
        more = len(waiting) - 6
        names += " " + ngettext("and {n} more", "and {n} more", more).format(n=more)
    still = ngettext(
        "{n} unit can still act ({names}).", "{n} units can still act ({names}).", len(waiting)
    ).format(n=len(waiting), names=names)
    end = _("End the {phase}?").format(phase=phase_name(state.phase))
    if read_yes_no(ask_line(f"{still} {end} {yes_no_hint()}")):
        return True
    console().print(_("The phase goes on."))
    return False


def remembering(
    session: Session,
    state: GameState,
    kind: str,
    payload: dict[str, Any],
    forget: tuple[str, ...] = (),
    cover: bool | None = None,
) -> RememberingAsker:
    """Answers what the table already told (and still holds); asks the players the rest.
    With `cover` False (a target picked without `c`), the target's cover, if the rules ask
    it and the table has not told it this phase, is no."""
    from aos_cli.app.table_memory import RememberingAsker, TypedAnswers, table_memory
    from aos_cli.cli.acting import TerminalAsker

    memory = table_memory(session.store, session.game_id)
    fallback: Any = TerminalAsker(require_terminal=False)
    if cover is False:
        fallback = TypedAnswers({"cover": False}, fallback)
    return RememberingAsker(memory, state, kind, payload, fallback, forget)


def typed_first(asker: RememberingAsker, cover: bool | None) -> Any:
    """The answers typed with the target (`2c`: in cover) before what the table told."""
    from aos_cli.app.table_memory import TypedAnswers

    return TypedAnswers({"cover": True}, asker) if cover else asker


@dataclass
class Correction:
    """The last step's remembered facts, which `c` asks again and plays the step anew with
    the same dice."""

    kind: str
    request: dict[str, Any]
    facts: list[Assumed]
    fresh: bool = True
    told: dict[str, bool] = field(default_factory=dict)

    def redo(self, session: Session, live: DiceSource) -> GameState:
        """Take the step back and play it again, asking the assumed facts afresh; if it is
        not legal with the corrected answers, the step stands as it was."""
        from aos_cli.app.games import then_live
        from aos_cli.core.actions import RecordedAnswers
        from aos_cli.core.dice import ScriptedDice

        record = session.store.undo(session.game_id)
        if record is None:
            return session.state()
        keys = tuple(f.key for f in self.facts)
        kept = {k: v for k, v in (record.payload.get("answers") or {}).items() if k not in keys}
        kept.update(self.told)
        state = session.state()
        payload = dict(self.request)
        asker = remembering(session, state, self.kind, payload, forget=keys)
        try:
            return session.perform(
                self.kind, payload, then_live(record.dice, live), RecordedAnswers(kept, asker)
            )
        except AosError:
            session.perform(record.kind, dict(record.payload), ScriptedDice(record.dice))
            raise


def show_option_odds(state: GameState, choices: list[Option], index: int | None) -> None:
    """Before a roll: the mean damage of an attack option against each target it may pick,
    the chance of a charge by the gap, or of a spell being cast (and not unbound)."""
    from aos_cli.app.play import attack_option_odds
    from aos_cli.app.roll_odds import roll_option_odds
    from aos_cli.views.play import option_odds_lines, roll_odds_lines

    out = console()
    if index is None:
        out.print(_("No such option."))
        return
    option = choices[index]
    rolls = roll_option_odds(state, option)
    if rolls is not None:
        lines = roll_odds_lines(rolls)
    else:
        lines = option_odds_lines(state, option, attack_option_odds(state, option))
    for line in lines:
        out.print(line, markup=False)
