"""The phase planner (`aos plan`, `p` in `aos play`): for every unit that may still shoot or
fight and every enemy unit it may attack, the exact distribution of models slain and the chance
to destroy the unit, from the game as it stands; several attackers on one target in an order;
and the best assignment of attackers to targets with its two runners-up.

Every attack is the one the game would roll: the system's own builder (`GameSystem.
attack_planner`, the code `aos shoot` and `aos fight` run before their dice) gives the engine
and its spec, and the engine's exact odds (`AttackEngine.odds`, the same as `aos odds attack`)
and its `advance` (the target's state carried over, `aos_cli.core.plan`) give the numbers.
Nothing is simulated. What the tool cannot see (cover, auras in range) is taken from what the
table told it, else as no, and the players are told which.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any, TypeAlias

from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.core.distributions import Distribution
    from aos_cli.core.effects import Effect
    from aos_cli.core.plan import Assignment, Track
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.language.text import Text

    Reach: TypeAlias = list[tuple[UnitState, list[UnitState], str]]
    """Each unit that may attack now, the enemy units it may attack, and how."""

MAX_ATTACKERS = 8
"""Attackers one plan weighs at most: the recommendation considers every assignment, in time
that triples with each attacker (benchmarks/bench_plan.py); name some with --unit beyond."""
MAX_TARGETS = 10
"""Targets one plan weighs at most."""
FOCUS_STEP = 0.01
"""With --focus, chances to destroy the focus closer than this count as equal: a unit that adds
less than a point of percent to it is better used elsewhere."""


class TableDecides:
    """Answers every question the tool would ask at the roll with no and keeps the questions:
    the plan says what it took as no (an aura in range, cover)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def yes_no(self, key: str, question: str | Text) -> bool:
        if str(question) not in self.asked:
            self.asked.append(str(question))
        return False

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        if str(question) not in self.asked:
            self.asked.append(str(question))
        return 0.0


@dataclass(frozen=True)
class Side:
    """A unit as the plan names it: id, name and what it is worth per model."""

    id: str
    name: str
    models: int
    wounds: int
    suffered: int
    per_model: float
    """Points per model (from the warscroll), or Wounds when no target has points."""


@dataclass(frozen=True)
class PairOdds:
    """One attacker against one target: the engine's exact odds."""

    attacker: int
    target: int
    damage: Distribution
    slain: Distribution
    destroy: float

    @property
    def mean_slain(self) -> float:
        return self.slain.mean


@dataclass(frozen=True)
class Assigned:
    """A target in a plan: its attackers in order and what they do together."""

    target: int
    attackers: tuple[int, ...]
    after_each: tuple[float, ...]
    """The chance the target is destroyed after each attacker in turn."""
    slain: Distribution
    points: float
    """Expected points (or Wounds) destroyed."""

    @property
    def destroy(self) -> float:
        return self.after_each[-1] if self.after_each else 0.0


@dataclass(frozen=True)
class Choice:
    """One of the best plans: what each target gets, the units left idle, its worth."""

    rank: int
    assigned: tuple[Assigned, ...]
    idle: tuple[int, ...]
    points: float
    focus: float | None = None
    """With --focus: the chance to destroy the focus unit."""


@dataclass
class PhasePlan:
    """Everything `aos plan` shows."""

    kind: str
    """`shoot` or `fight`."""
    phase: str
    side: str
    attackers: list[Side]
    targets: list[Side]
    pairs: list[PairOdds]
    choices: list[Choice]
    points_known: bool
    focus: int | None = None
    sequence: Assigned | None = None
    """With one target and units given in order: those units on it, in that order."""
    assumed: list[str] = field(default_factory=list)

    def pair(self, attacker: int, target: int) -> PairOdds | None:
        return next((p for p in self.pairs if p.attacker == attacker and p.target == target), None)


def _matches(unit: UnitState, wanted: Sequence[str]) -> bool:
    keys = {unit.spec.id.lower(), unit.name.lower()}
    return any(w.strip().lower() in keys for w in wanted)


def _planner(state: GameState) -> Callable[..., Any]:
    """The system's attack builder (`GameSystem.attack_planner`)."""
    from aos_cli.core.system import system_of

    module, _sep, name = system_of(state).attack_planner.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return found


def _per_model(units: Sequence[UnitState]) -> tuple[list[float], bool]:
    """Points per model from the warscrolls (for a unit of the minimum size), or each model's
    Wounds for every unit when any of them has no points."""
    from aos_cli.core.errors import AosError

    values: list[float | None] = []
    try:
        from aos_cli.content import load_database

        db = load_database()
    except (AosError, OSError):
        db = None
    for unit in units:
        points = None
        if db is not None:
            try:
                scroll = db.warscroll(unit.spec.warscroll)
            except (AosError, KeyError, LookupError):
                scroll = None
            if scroll is not None and scroll.points is not None:
                points = scroll.points / max(1, scroll.unit_size.min)
        values.append(points)
    if all(v is not None for v in values):
        return [float(v or 0.0) for v in values], True
    return [float(u.spec.wounds) for u in units], False


def attack_options(state: GameState) -> list[tuple[UnitState, list[UnitState], str]]:
    """Each unit that may still shoot or fight now, the enemy units it may attack, and how."""
    from aos_cli.core.guide import options, targets

    found: list[tuple[UnitState, list[UnitState], str]] = []
    seen: set[str] = set()
    for option in options(state):
        if option.kind not in ("shoot", "fight") or "unit" not in option.payload:
            continue
        unit = state.unit(str(option.payload["unit"]))
        if unit.spec.id in seen:
            continue
        seen.add(unit.spec.id)
        aims = [t for t in targets(state, option) if t.alive and t.models > 0]
        found.append((unit, aims, option.kind))
    return found


def plan_phase(
    state: GameState,
    *,
    units: Sequence[str] = (),
    targets: Sequence[str] = (),
    focus: str | None = None,
    asker: Any = None,
    memory: Any = None,
    extra: tuple[Effect, ...] = (),
) -> PhasePlan:
    """The plan of the phase as the game stands (see the module's docstring). `units` and
    `targets` narrow it (names or ids); with one target and units named, the units attack it
    in the order named. `asker` answers what the tool cannot see (default: no, and said);
    with `memory` (`app.table_memory.TableMemory`) what the table told it comes first."""
    from aos_cli.core.errors import GameError
    from aos_cli.core.limits import check_at_most
    from aos_cli.core.plan import Track, best_assignments

    found = attack_options(state)
    if not found:
        raise GameError(
            _("no unit may shoot or fight now"),
            _("plan in a shooting or combat phase, before the units have attacked"),
        )
    kind = found[0][2]
    if units:
        found = _named_attackers(found, units)
    aims = _named_targets(found, targets)
    check_at_most("--unit", len(found), MAX_ATTACKERS, "units in one plan (name some with --unit)")
    check_at_most("--target", len(aims), MAX_TARGETS, "targets in one plan (name some)")
    focus_index = None if focus is None else _focus_index(aims, focus)

    said = TableDecides() if asker is None else asker
    planner = _planner(state)
    weights, points_known = _per_model(aims)
    attackers = [
        Side(u.spec.id, u.name, u.models, u.spec.wounds, u.wounds_on_damaged, 0.0)
        for u, _a, _k in found
    ]
    sides = [
        Side(t.spec.id, t.name, t.models, t.spec.wounds, _suffered(t), weights[i])
        for i, t in enumerate(aims)
    ]
    built, pairs = _pair_odds(state, planner, found, aims, memory, said, extra)
    track = _tracker([Track.start(s.models, s.wounds, s.suffered) for s in sides], built)
    score = _scorer(track, sides, focus_index)
    best = best_assignments(len(found), len(aims), lambda a, t: (a, t) in built, score)
    choices = _choices(best, len(aims), track, sides, focus_index)
    sequence = None
    if units and len(aims) == 1:
        order = tuple(a for a in range(len(found)) if (a, 0) in built)
        if order:
            sequence = _assigned(0, order, track, sides[0])
    return PhasePlan(
        kind,
        state.phase,
        state.sides[found[0][0].side].name,
        attackers,
        sides,
        pairs,
        choices,
        points_known,
        focus_index,
        sequence,
        list(getattr(said, "asked", [])),
    )


def _named_attackers(found: Reach, units: Sequence[str]) -> Reach:
    """The attackers named with --unit, in the order named (the order of their attacks),
    each once; an error for a name of no unit that may attack now."""
    from aos_cli.core.errors import InputError

    for name in units:
        if not any(_matches(u, [name]) for u, _aims, _kind in found):
            raise InputError(
                _("--unit: {unit} may not shoot or fight now").format(unit=repr(name)),
                _("units that may: {units}").format(units=", ".join(u.name for u, _a, _k in found)),
            )
    found = [next(f for f in found if _matches(f[0], [name])) for name in units]
    return list({f[0].spec.id: f for f in found}.values())


def _named_targets(found: Reach, targets: Sequence[str]) -> list[UnitState]:
    """The units the attackers may attack, in the order first met, narrowed to those named
    with --target; an error for a name of no unit they may attack."""
    from aos_cli.core.errors import InputError

    aims: list[UnitState] = []
    for _unit, reach, _kind in found:
        aims += [t for t in reach if t not in aims]
    if not targets:
        return aims
    for name in targets:
        if not any(_matches(t, [name]) for t in aims):
            raise InputError(
                _("--target: {unit} is not a unit these may attack now").format(unit=repr(name)),
                _("targets: {units}").format(units=", ".join(t.name for t in aims)),
            )
    return [t for t in aims if _matches(t, targets)]


def _focus_index(aims: list[UnitState], focus: str) -> int:
    """The index among the targets of the --focus unit; an error when it is none of them."""
    from aos_cli.core.errors import InputError

    hits = [i for i, t in enumerate(aims) if _matches(t, [focus])]
    if not hits:
        raise InputError(
            _("--focus: {unit} is not a unit these may attack now").format(unit=repr(focus)),
            _("targets: {units}").format(units=", ".join(t.name for t in aims)),
        )
    return hits[0]


def _pair_odds(
    state: GameState,
    planner: Callable[..., Any],
    found: Reach,
    aims: list[UnitState],
    memory: Any,
    said: Any,
    extra: tuple[Effect, ...],
) -> tuple[dict[tuple[int, int], tuple[Any, Any]], list[PairOdds]]:
    """Each attacker's attack on each target it may attack, as the system's builder makes
    it: the engine and spec by (attacker, target), and the engine's exact odds of each pair."""
    built: dict[tuple[int, int], tuple[Any, Any]] = {}
    pairs: list[PairOdds] = []
    for a, (unit, reach, how) in enumerate(found):
        for t, target in enumerate(aims):
            if target not in reach:
                continue
            made = planner(
                state, unit, target, how, _answers(state, memory, said, how, unit, target), extra
            )
            if made is None:
                continue
            engine, spec = made
            built[(a, t)] = (engine, spec)
            odds = engine.odds(spec)
            slain = odds.slain
            assert slain is not None  # the game's specs allocate: the target's models are known
            pairs.append(PairOdds(a, t, odds.damage, slain, slain.p(target.models)))
    return built, pairs


def _tracker(
    starts: list[Track], built: dict[tuple[int, int], tuple[Any, Any]]
) -> Callable[[int, int], Track]:
    """`track(t, mask)`: target `t`'s state after the attackers in `mask`, in their order,
    each state and each attack's stepper worked out once (the plans share them)."""
    steps: dict[tuple[int, int], Callable[[Track], Track]] = {}
    tracks: dict[tuple[int, int], Track] = {}

    def track(t: int, mask: int) -> Track:
        """The target's state after the attackers in `mask`, in their order."""
        key = (t, mask)
        known = tracks.get(key)
        if known is not None:
            return known
        if not mask:
            result = starts[t]
        else:
            last = mask.bit_length() - 1
            step = steps.get((last, t))
            if step is None:
                engine, spec = built[(last, t)]
                step = steps[(last, t)] = engine.stepper(spec)
            result = step(track(t, mask & ~(1 << last)))
        tracks[key] = result
        return result

    return track


def _scorer(
    track: Callable[[int, int], Track], sides: list[Side], focus_index: int | None
) -> Callable[[int, int], tuple[float, float]]:
    """A target's score with the attackers in `mask` on it: the points (or Wounds) slain,
    after the chance to destroy it, by steps of FOCUS_STEP, when it is the focus."""

    def score(t: int, mask: int) -> tuple[float, float]:
        after = track(t, mask)
        worth = sides[t].per_model * after.mean_slain
        if t == focus_index:
            return (round(after.destroyed / FOCUS_STEP) * FOCUS_STEP, worth)
        return (0.0, worth)

    return score


def _choices(
    best: Sequence[Assignment],
    targets: int,
    track: Callable[[int, int], Track],
    sides: list[Side],
    focus_index: int | None,
) -> list[Choice]:
    """The best assignments as the plan shows them: each target's attackers and what they
    do, the units left idle, the worth and the chance to destroy the focus."""
    choices = []
    for rank, plan in enumerate(best, start=1):
        assigned = []
        for t in range(targets):
            on = tuple(a for a, chosen in enumerate(plan.targets) if chosen == t)
            if on:
                assigned.append(_assigned(t, on, track, sides[t]))
        idle = tuple(a for a, chosen in enumerate(plan.targets) if chosen is None)
        focus_chance = None
        if focus_index is not None:
            focus_chance = next((x.destroy for x in assigned if x.target == focus_index), 0.0)
        choices.append(
            Choice(rank, tuple(assigned), idle, math.fsum(x.points for x in assigned),
                   focus_chance)
        )  # fmt: skip
    return choices


def _answers(
    state: GameState, memory: Any, said: Any, kind: str, unit: UnitState, target: UnitState
) -> Any:
    """The answers to one attack's questions: the table's memory first, then `said`."""
    from aos_cli.core.answers import RecordedAnswers

    if memory is None:
        return RecordedAnswers({}, said)
    from aos_cli.app.table_memory import RememberingAsker

    payload = {"unit": unit.spec.id, "target": target.spec.id}
    return RecordedAnswers({}, RememberingAsker(memory, state, kind, payload, said))


def _suffered(unit: UnitState) -> int:
    return min(unit.wounds_on_damaged, max(0, unit.spec.wounds - 1))


def _assigned(
    t: int, order: tuple[int, ...], track: Callable[[int, int], Track], side: Side
) -> Assigned:
    """The attackers `order` on target `t`: the chance after each, and their models slain."""
    mask = 0
    after: list[float] = []
    for a in order:
        mask |= 1 << a
        after.append(track(t, mask).destroyed)
    final = track(t, mask)
    return Assigned(t, order, tuple(after), final.slain, side.per_model * final.mean_slain)


# --------------------------------------------------------------------------- a reroll offered


@dataclass(frozen=True)
class RerollChances:
    """The chance to destroy the target without and with a reroll on offer."""

    target: str
    without: float
    with_it: float
    mean_without: float
    mean_with: float


def reroll_chances(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    kind: str,
    offered: Sequence[Effect],
    asker: Any = None,
) -> RerollChances | None:
    """The chance the attack destroys `target` without and with the effects on offer (a
    triumph's rerolls, an ability's), from the same builder and engine as the dice; None when
    the unit has no attack of this kind on it."""
    from aos_cli.core.answers import RecordedAnswers

    planner = _planner(state)
    answers = RecordedAnswers({}, TableDecides() if asker is None else asker)
    plain = planner(state, attacker, target, kind, answers, ())
    helped = planner(state, attacker, target, kind, answers, tuple(offered))
    if plain is None or helped is None:
        return None
    odds = plain[0].odds(plain[1])
    again = helped[0].odds(helped[1])
    if odds.slain is None or again.slain is None:
        return None
    return RerollChances(
        target.name,
        odds.slain.p(target.models),
        again.slain.p(target.models),
        odds.slain.mean,
        again.slain.mean,
    )


def triumph_offer(
    state: GameState, attacker: UnitState, target: UnitState, kind: str
) -> tuple[str, RerollChances] | None:
    """The attacker's side's triumph, when it is still to use and rerolls this attack's dice
    (Inspired, Bloodthirsty: AoS2 §16), with the chance to destroy the target without and with
    it; None when there is nothing to offer."""
    from aos_cli.core.ability_effects import build_effects, inner_effects
    from aos_cli.core.effects import compile_effects
    from aos_cli.core.unit_attacks import is_defence

    side = state.sides[attacker.side]
    triumph = side.triumph
    if not triumph or side.triumph_used:
        return None
    if triumph.get("phase") and triumph["phase"] != state.phase:
        return None  # the 1st edition's Inspired: in a combat phase only (AoS1 §5.3)
    name = str(triumph.get("name") or _("the triumph"))
    found: list[Effect] = []
    waiting = list(build_effects(triumph.get("effects"), name))
    while waiting:
        effect = waiting.pop(0)
        waiting += list(inner_effects(effect))
        try:
            compile_effects([effect])
        except TypeError:
            continue
        if not is_defence(effect):
            found.append(effect)
    if not found:
        return None
    chances = reroll_chances(state, attacker, target, kind, found)
    return None if chances is None else (name, chances)


@dataclass(frozen=True)
class AfterDice:
    """The chance to destroy the target before the roll and once a stage's dice are known."""

    target: str
    stage: str
    counts: tuple[int, ...]
    before: float
    after: float
    slain_before: Distribution
    slain_after: Distribution


def chance_after_dice(
    state: GameState,
    unit: str,
    target: str,
    stage: str,
    counts: Sequence[int],
    *,
    memory: Any = None,
) -> AfterDice:
    """Odds that follow the dice (issue 29 item 4): the chance `unit`'s attack destroys
    `target`, before the roll and given the successful hit rolls (`stage` "hit") or wound
    rolls ("wound") of each weapon, from the same builder and walk as the plan (Age of Sigmar
    attacks; the 40k engine's stages are not split here)."""
    from aos_cli.core.aos_engine import AosAttack
    from aos_cli.core.errors import InputError
    from aos_cli.core.odds import damage_given
    from aos_cli.core.plan import Track, carry_damage

    found = attack_options(state)
    chosen = next(((u, r, k) for u, r, k in found if _matches(u, [unit])), None)
    if chosen is None:
        raise InputError(
            _("--unit: {unit} may not shoot or fight now").format(unit=repr(unit)),
            _("units that may: {units}").format(units=", ".join(u.name for u, _r, _k in found)),
        )
    attacker, reach, kind = chosen
    aim = next((t for t in reach if _matches(t, [target])), None)
    if aim is None:
        raise InputError(
            _("--target: {unit} is not a unit these may attack now").format(unit=repr(target)),
            _("targets: {units}").format(units=", ".join(t.name for t in reach)),
        )
    said = TableDecides()
    made = _planner(state)(state, attacker, aim, kind, _answers(state, memory, said, kind,
                                                                 attacker, aim), ())  # fmt: skip
    if made is None or not isinstance(made[1], AosAttack):
        raise InputError(
            _("the odds after the hit or wound rolls are worked out for Age of Sigmar attacks"),
            _("see the plan without --hits or --wounds"),
        )
    engine, spec = made
    odds = engine.odds(spec)
    assert odds.slain is not None
    rest = damage_given(spec.attacks, spec.target, counts, stage=stage, ward=spec.ward)
    track = carry_damage(Track.start(aim.models, aim.spec.wounds, _suffered(aim)), rest)
    return AfterDice(
        aim.name, stage, tuple(counts), odds.slain.p(aim.models), track.destroyed,
        odds.slain, track.slain,
    )  # fmt: skip
