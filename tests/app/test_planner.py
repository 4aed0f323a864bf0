"""The phase planner from a game (issue 29): one attacker agrees exactly with `aos odds attack`
(the same engine, DESIGN principle 4), units in order on one target, the recommendation and
--focus, in Age of Sigmar and 40k games."""

from __future__ import annotations

import itertools
import math

import pytest

from aos_cli.app.planner import plan_phase, triumph_offer
from aos_cli.core.errors import AosError, GameError, InputError
from aos_cli.core.plan import Track
from tests.app.plan_armies import shooting_game


def _kit_odds(flags: dict[str, object]) -> object:
    """What `aos odds attack` computes for these flags (its kit and engine)."""
    from aos_cli.systems.aos2.attack import KIT

    spec = KIT.build(flags)
    return KIT.engine.odds(spec)


def test_aos2_s14_one_attacker_agrees_exactly_with_aos_odds_attack() -> None:
    """Each pair's models slain and damage equal `aos odds attack` with the same profile and
    target, value for value (Shooters 1: 5 Skybolt Bows, 1/3+/3+/-1/1; Shooters 4: D6 Damage)."""
    state = shooting_game(4, 3)
    plan = plan_phase(state)
    cases = {
        ("shooter-1", "target-1"): ["5x1/3+/3+/-1/1"],
        ("shooter-2", "target-2"): ["5x3/3+/4+/0/1"],
        ("shooter-4", "target-3"): ["1x1/4+/3+/-2/D6"],
    }
    for (unit, aim), profiles in cases.items():
        a = next(i for i, s in enumerate(plan.attackers) if s.id == unit)
        t = next(i for i, s in enumerate(plan.targets) if s.id == aim)
        pair = plan.pair(a, t)
        assert pair is not None
        target = plan.targets[t]
        odds = _kit_odds({
            "profiles": profiles, "save": f"{state.unit(aim).spec.save}+",
            "target_models": target.models, "target_wounds": target.wounds,
        })  # fmt: skip
        assert pair.slain == odds.slain  # type: ignore[attr-defined]
        assert pair.damage == odds.damage  # type: ignore[attr-defined]
        assert pair.destroy == odds.slain.p(target.models)  # type: ignore[attr-defined]


def test_aos2_s14_10_units_named_attack_one_target_in_order() -> None:
    """`--unit A --unit B --unit C --target T`: the chance after each is the engine's carried
    state, and the last equals P(total damage of the three ≥ the target's wounds left) from
    the three pairs' own damage distributions (AoS2 §14.10)."""
    state = shooting_game(6, 3)
    plan = plan_phase(state, units=("Shooters 3", "shooter-1", "Shooters 6"), targets=("target-2",))
    seq = plan.sequence
    assert seq is not None
    assert [plan.attackers[a].id for a in seq.attackers] == ["shooter-3", "shooter-1", "shooter-6"]
    pairs = [plan.pair(a, 0) for a in seq.attackers]
    need = plan.targets[0].models * plan.targets[0].wounds
    total = 0.0
    dists = [list(p.damage.items()) for p in pairs if p is not None]
    for outcome in itertools.product(*dists):
        if sum(d for d, _ in outcome) >= need:
            total += outcome[0][1] * outcome[1][1] * outcome[2][1]
    assert seq.after_each[-1] == pytest.approx(total, abs=1e-12)
    assert list(seq.after_each) == sorted(seq.after_each)


def test_the_best_plan_is_the_best_of_every_assignment() -> None:
    """The recommendation's worth equals the best over every assignment of 4 attackers to 3
    targets (or idle), each valued by the carried state (expected Wounds' worth slain)."""
    state = shooting_game(4, 3)
    plan = plan_phase(state)
    from aos_cli.app.planner import TableDecides
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.aos_engine import AOS_ENGINE
    from aos_cli.core.handlers.combat import planned_attack

    units = [state.unit(a.id) for a in plan.attackers]
    aims = [state.unit(t.id) for t in plan.targets]
    answers = RecordedAnswers({}, TableDecides())
    best = []
    for choice in itertools.product([None, 0, 1, 2], repeat=4):
        worth = 0.0
        for t, aim in enumerate(aims):
            track = Track.start(aim.models, aim.spec.wounds)
            for a, c in enumerate(choice):
                if c == t:
                    made = planned_attack(state, units[a], aim, "shoot", answers)
                    assert made is not None
                    track = AOS_ENGINE.advance(made[1], track)
            worth += track.mean_slain * aim.spec.wounds
        best.append(worth)
    best.sort(reverse=True)
    assert [c.points for c in plan.choices] == pytest.approx(best[:3], abs=1e-9)
    assert not plan.points_known


def test_focus_puts_the_chance_to_destroy_one_unit_first() -> None:
    """--focus: the best plan has the highest chance (to a point of percent) of destroying
    the focus unit of any plan, then the most of the rest."""
    state = shooting_game(5, 3)
    free = plan_phase(state)
    focused = plan_phase(state, focus="Target 3")
    chance = focused.choices[0].focus
    assert chance is not None and focused.focus == 2
    everything = plan_phase(state, targets=("target-3",), units=[a.id for a in free.attackers])
    assert everything.sequence is not None
    assert chance == pytest.approx(everything.sequence.destroy, abs=0.01)
    assert focused.choices[0].points <= free.choices[0].points + 1e-12


def test_narrowing_names_what_is_wrong() -> None:
    state = shooting_game(2, 2)
    with pytest.raises(InputError, match="--unit: 'Nobody' may not shoot or fight now"):
        plan_phase(state, units=("Nobody",))
    with pytest.raises(InputError, match="--target: 'Nobody'"):
        plan_phase(state, targets=("Nobody",))
    with pytest.raises(InputError, match="--focus: 'Nobody'"):
        plan_phase(state, focus="Nobody")


def test_no_plan_outside_the_shooting_and_combat_phases() -> None:
    from aos_cli.core.actions import RecordedAnswers, apply_action
    from aos_cli.core.dice import ScriptedDice

    state = shooting_game(2, 2)
    apply_action(state, "next", {}, ScriptedDice([]), RecordedAnswers({}))
    with pytest.raises(GameError, match="no unit may shoot or fight now"):
        plan_phase(state)


def test_too_many_attackers_is_a_limit() -> None:
    state = shooting_game(9, 2)
    with pytest.raises(AosError, match="--unit"):
        plan_phase(state)


def test_aos2_s16_a_triumph_offer_gives_both_chances() -> None:
    """Inspired rerolls failed hit rolls: the chance with it is the engine's with that reroll,
    higher than without."""
    from tests.cli.test_plan_pty import INSPIRED

    state = shooting_game(3, 3)
    state.sides[0].triumph = dict(INSPIRED)
    offer = triumph_offer(state, state.unit("shooter-2"), state.unit("target-3"), "shoot")
    assert offer is not None
    name, chances = offer
    assert name == "Inspired"
    # 15 shots (5 models x 3), 3+ to hit, 4+ to wound, 4+ save: 3 models of 3 Wounds need 9.
    for hit, got in ((2 / 3, chances.without), (8 / 9, chances.with_it)):
        p = hit * 0.5 * 0.5
        exact = sum(math.comb(15, k) * p**k * (1 - p) ** (15 - k) for k in range(9, 16))
        assert got == pytest.approx(exact, abs=1e-12)
    assert chances.with_it > chances.without > 0


def test_40k8_plan_in_a_shooting_phase_carries_excess_lost() -> None:
    """40k8 §8.5: the plan of the Death Guard's shooting phase uses the 40k engine: one pair
    equals `odds_40k` of the spec the shooting builds."""
    from aos_cli.core.turn import new_game
    from tests.systems.harness import act, to_phase
    from tests.systems.wh40k8.test_engine import armies

    state = new_game(armies())
    act(state, "priority", [], first=0)
    to_phase(state, "shooting")
    plan = plan_phase(state)
    assert plan.kind == "shoot" and plan.pairs
    from aos_cli.app.planner import TableDecides
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.systems.wh40k8.engine import ENGINE_40K
    from aos_cli.systems.wh40k8.rules import planned_attack_40k

    pair = plan.pairs[0]
    unit = state.unit(plan.attackers[pair.attacker].id)
    aim = state.unit(plan.targets[pair.target].id)
    made = planned_attack_40k(state, unit, aim, "shoot", RecordedAnswers({}, TableDecides()))
    assert made is not None
    assert pair.slain == ENGINE_40K.odds(made[1]).slain
