"""Battle rounds, priority, the six phases in order and what happens between them (AoS2 §6-§7).

Functions here move the turn position and do what the rules do automatically at each step:
command points at the start of your hero phase, effects expiring, per-turn flags cleared. The
phase list, the first turn of each round and command points come from the game's system
(`aos_cli.systems`): AoS2, AoS1 (AoS1 §6) or 40k8 (40k8 §3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from aos_cli.core.ability_effects import build_effects
from aos_cli.core.errors import RuleError
from aos_cli.core.events import (
    CommandPointGained,
    EffectEnded,
    RoundBegun,
    RoundOver,
    TurnBegun,
    emit,
)
from aos_cli.core.state import (
    ActiveEffect,
    GameState,
    SideState,
    UnitState,
)
from aos_cli.core.system import get_system, system_of
from aos_cli.core.unit_attacks import check_unit_effects
from aos_cli.language.i18n import N_
from aos_cli.language.text import Join, Text, tr

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.setup_value import SetUp


def new_game(stored: SetUp | Mapping[str, object]) -> GameState:
    """Build the state at the end of set-up from a game's set-up (the value, or the JSON the
    store keeps, read through `SetUp.from_stored`).

    Each side starts with 1 command point per warscroll battalion (AoS2 §7.1) where the system
    has command points; the 40k8 Underdog has its Command Re-rolls (40k8 §17.6).
    """
    from aos_cli.core.setup_value import SetUp

    setup = stored if isinstance(stored, SetUp) else SetUp.from_stored(stored)
    system = get_system(setup.system)
    sides: list[SideState] = []
    for index, data in enumerate(setup.sides):
        side = SideState(
            name=data.name,
            players=data.players,
            army=data.army,
            command_points=data.battalions if system.command_points else 0,
            finished_setup_first=data.finished_setup_first,
            command_rerolls=data.command_rerolls,
            power_level=data.power_level,
            triumph=dict(data.triumph) if data.triumph else None,
            command_traits=tuple(dict(t) for t in data.command_traits),
            warlord=data.warlord,
        )
        for spec in data.units:
            state_unit = UnitState(
                spec, index, spec.models, in_reserve=spec.reserve, general=spec.general
            )
            state_unit.embarked_in = spec.embarked_in
            state_unit.garrison = spec.garrison
            check_unit_effects(spec)
            state_unit.effects = [
                ActiveEffect(
                    str(c["name"]),
                    build_effects(c.get("effects"), str(c["name"])),
                    "battle",
                    index,
                )
                for c in spec.choices
            ]
            side.units.append(state_unit)
        sides.append(side)
    if len(sides) != 2:
        raise RuleError(tr("a game needs two sides, this set-up has {n}", n=len(sides)))
    state = GameState(
        name=setup.name,
        battleplan=setup.battleplan,
        sides=sides,
        battle_rounds=system.battle_rounds if setup.battle_rounds is None else setup.battle_rounds,
        phase="priority",
        system=system.id,
        terrain=[dict(t) for t in setup.terrain],
        realm=setup.realm,
        realmscape=setup.realmscape,
        rules_revision=setup.rules_revision,
        realm_spells=setup.realm_spells,
    )
    from aos_cli.core import scoring

    scoring.start(state, setup)  # objectives and scoring rules (issue 7)
    return state


CORE_EFFECTS = (
    N_("Arcane Bolt"),
    N_("Mystic Shield"),
    N_("Inspiring Presence"),
    N_("Damned sacrifice"),
)
"""Effects the core rules put in force, named in the chosen language where they are shown (an
ability's own effects keep their warscroll's names)."""


def effect_name(name: str) -> Text | str:
    """An effect in force as a player reads it: a core rule's in the reader's language (a
    text), an ability's by its warscroll's name."""
    return Text(name) if name in CORE_EFFECTS else name


def expire(state: GameState, scope: str, side: int | None = None) -> None:
    """Remove effects whose duration ends now (`phase`, `turn` or a side's next hero phase)."""
    for unit in state.units():
        kept = []
        for effect in unit.effects:
            if effect.expires == scope and (side is None or effect.owner == side):
                emit(state, EffectEnded(unit.spec.id, unit.name, effect.name))
            else:
                kept.append(effect)
        unit.effects = kept


def start_phase(
    state: GameState, dice: DiceSource | None = None, answers: Asker | None = None
) -> None:
    """What happens at the start of a phase without anyone choosing it (with `dice`, the rolls
    a rule makes then: Hungering Animus, AoS2 §24.2)."""
    system = system_of(state)
    active = state.sides[state.active_side]
    state.used_this_phase.clear()
    state.phase_begun = state.phase_ending = False
    if state.phase == "hero" and system.command_points:
        # AoS2 §7.1: 1 CP at the start of each of your hero phases ([TRANSLATION] note).
        active.command_points += 1
        gained = CommandPointGained(state.active_side, active.name, 1, active.command_points)
        emit(state, gained)
    if state.phase == system.turn_start_phase:
        # "Until your next hero phase" (AoS2, AoS1) or "until your next turn" (40k8).
        expire(state, "your_next_hero", state.active_side)
    if state.phase == system.combat_phase:
        state.combat_to_pick = state.active_side
        state.combat_passes = 0
    from aos_cli.core.guards import RANGE_AND_REALM_REVISION
    from aos_cli.core.realm import hungering_animus
    from aos_cli.core.terrain import realmscape_reminder

    played = state.rules_revision >= RANGE_AND_REALM_REVISION  # Ghur's realmscape is rolled
    realmscape_reminder(state, system.own_scenery_reminders, played)
    hungering_animus(state, dice, answers)
    system.start_of_phase(state)


def end_turn(state: GameState) -> None:
    """End-of-turn clean-up: per-turn flags, turn-long effects, spells attempted this turn."""
    expire(state, "turn")
    for unit in state.units():
        unit.reset_turn_flags()
    state.spells_attempted.clear()
    state.used_this_turn.clear()
    state.combat_repeated = False


def due_battleshock(state: GameState) -> list[UnitState]:
    """Units that must still take a battleshock (40k8: morale) test this phase, the active side
    first; Inspiring Presence of the 1st edition spares a unit until your next hero phase."""
    system = system_of(state)
    units = [
        u
        for u in state.units()
        if u.alive
        and u.embarked_in is None
        and u.slain_this_turn > 0
        and not u.battleshock_exempt
        and not u.battleshock_tested
        and not system.battleshock_exempt(state, u.side, u.effects)
    ]
    return sorted(units, key=lambda u: u.side != state.active_side)


def advance(state: GameState, dice: DiceSource | None = None, answers: Asker | None = None) -> None:
    """Move to the next phase, turn or battle round (AoS2 §6; AoS1 §6; 40k8 §3)."""
    system = system_of(state)
    if state.ended:
        raise RuleError(tr("the battle is over"), tr("start another with `aos game new`"))
    if state.phase == "priority":
        raise RuleError(
            tr("the battle round starts with the priority roll"), tr("roll it with `aos priority`")
        )
    if state.pending_spell is not None:
        raise system.spell_waiting(state.pending_spell.spell)
    waiting_transport = [u for u in state.units() if u.must_disembark and u.alive]
    if waiting_transport:
        names = Join(tuple(u.name for u in waiting_transport))
        raise RuleError(
            tr(
                "{units} must disembark from the destroyed transport first (40k8 §12.5)",
                units=names,
            ),
            tr("disembark with `aos disembark UNIT`"),
        )
    if state.phase == system.shock_phase:
        waiting = due_battleshock(state)
        if waiting:
            names = Join(tuple(u.name for u in waiting))
            raise RuleError(
                tr("morale tests are due for {units}", units=names)
                if system.shock_phase == "morale"
                else tr("battleshock tests are due for {units}", units=names),
                tr("take them with `aos battleshock`"),
            )
    from aos_cli.core.legality import check_phase_owed
    from aos_cli.core.realm import reckless_aggression
    from aos_cli.core.terrain import primal_violence

    check_phase_owed(state)
    reckless_aggression(state, dice, answers)  # at the end of the charge phase (AoS2 §24.2)
    if state.phase == "combat" and primal_violence(state, dice):
        expire(state, "phase")
        start_phase(state, dice, answers)
        return
    expire(state, "phase")
    phases = system.phases
    index = phases.index(state.phase)
    if index + 1 < len(phases):
        state.phase = phases[index + 1]
        start_phase(state, dice, answers)
        return
    end_turn(state)
    from aos_cli.core import scoring

    # Objectives are checked and scored at the end of each player's turn (AoS2 §17.3).
    scoring.end_of_turn(state, dice, answers, round_over=state.turn_in_round == 1)
    if state.ended:
        return
    if state.turn_in_round == 0:
        state.turn_in_round = 1
        state.phase = phases[0]
        side = state.active_side
        emit(state, TurnBegun(state.round, side, state.sides[side].name))
        start_phase(state, dice, answers)
        return
    expire(state, "round")
    if system.battle_over(state, answers):
        state.ended = True
        state.phase = "ended"
        emit(state, RoundOver(state.round, ended=True))
        scoring.end_of_battle(state, dice, answers)
        return
    if not system.needs_priority_roll(state) and state.first_side is not None:
        # 40k8 §3: the same player takes the first turn in every battle round.
        begin_round(state, state.first_side, dice, answers)
        return
    state.phase = "priority"
    emit(state, RoundOver(state.round, ended=False))


def begin_round(
    state: GameState,
    first_side: int,
    dice: DiceSource | None = None,
    answers: Asker | None = None,
) -> None:
    """Start a battle round with `first_side` taking the first turn."""
    state.round += 1
    state.used_this_round.clear()
    state.first_side = first_side
    state.turn_in_round = 0
    state.phase = system_of(state).phases[0]
    emit(state, RoundBegun(state.round, first_side, state.sides[first_side].name))
    from aos_cli.core import scoring

    scoring.start_of_round(state, dice)  # moving objectives, Night March (AoS2 §19)
    from aos_cli.core.beasts import choose_prey

    choose_prey(state, dice, answers)  # Ghur's monstrous beasts pick their prey (AoS2 §24.2)
    start_phase(state, dice, answers)
