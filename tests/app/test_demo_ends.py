"""Every seeded `aos demo` ends, on every bundled battleplan of every system (issue 32 item 1).

The automatic player once left the objective questions of Ill Met by Moonlight and Changing
Priorities (AoS2 §19) unanswered, so `next` was refused and the battleshock phase was played
again forever. These tests run every battleplan there is, so a battleplan or a system added
later is covered without editing them; the bound is the automatic player's own (a battle it
cannot carry on stops with one line) and, for the subprocesses, a hang guard.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aos_cli.core.errors import GameError


def _plans() -> list[tuple[str, str | None]]:
    """(system, battleplan) for every bundled battleplan, and each system's default battle."""
    from aos_cli.content import load_database
    from aos_cli.core.system import all_systems

    db = load_database()
    pairs: list[tuple[str, str | None]] = []
    for system in all_systems():
        plans = sorted(p.id for p in db.battleplans.values() if p.system == system.id)
        pairs += [(system.id, plan) for plan in plans] or [(system.id, None)]
    return pairs


PLANS = _plans()
RESULT_KINDS = {"wh40k8": ("win", "minor")}
"""A battle's result where it is not Age of Sigmar's major or minor victory or draw (AoS2 §19):
40k8 §17.9, the player with more victory points wins; on equal points the Underdog wins a
minor victory."""
HANG_GUARD = 300
"""Seconds after which a demo counts as never ending (a guard against a hung test, not a
speed assertion: a demo takes a few seconds)."""


@pytest.mark.parametrize(("system", "plan"), PLANS, ids=[f"{s}-{p}" for s, p in PLANS])
def test_aos2_s19_every_bundled_battleplan_demo_ends_under_two_hash_seeds(
    system: str, plan: str | None, tmp_path: Path
) -> None:
    """Each (system, battleplan) demo ends with a report, or, for a system the demo cannot
    play, is refused in one line; and prints the same bytes under two PYTHONHASHSEED values."""
    argv = [sys.executable, "-m", "aos_cli", "demo", "--system", system, "--seed", "2", "--json"]
    if plan is not None:
        argv += ["--battleplan", plan]
    outputs = []
    for hash_seed in ("0", "7"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "AOS_DB": str(tmp_path / "g.db")}
        done = subprocess.run(argv, env=env, capture_output=True, timeout=HANG_GUARD)
        assert b"Traceback" not in done.stderr
        refusal = done.stderr.decode()
        if done.returncode in (1, 2) and ("cannot play" in refusal or "no demo" in refusal):
            assert len(refusal.strip().splitlines()) == 1  # a system the demo does not play
            return
        assert done.returncode == 0, refusal
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    report = json.loads(outputs[0])
    assert report
    if isinstance(report.get("result"), dict) and "kind" in report["result"]:
        assert report["result"]["kind"] in RESULT_KINDS.get(system, ("major", "minor", "draw"))


@pytest.mark.parametrize("plan", ["ill-met-by-moonlight", "changing-priorities", "first-blood"])
@pytest.mark.parametrize("seed", [1, 3, 4, 5])
def test_aos2_s19_coalition_battleplans_end_for_many_seeds(plan: str, seed: int) -> None:
    """AoS2 §19: the objective battleplans end after their five rounds whatever the seed; the
    automatic player answers every question the rules ask (models at each objective)."""
    from aos_cli.app.autoplay import AutoPlayer
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.turn import new_game

    state = new_game(build_setup(bundled_armies(), plan, name="Demo"))
    player = AutoPlayer(state, SeededDice(seed), seed, lambda heading, notes: None)
    player.play_battle()
    assert state.ended
    assert 1 <= state.round <= 5


def test_a_phase_the_player_cannot_leave_stops_with_one_line() -> None:
    """When the rules refuse `next` (a question nobody answers, a bug), the demo stops with a
    GameError naming the phase instead of playing the phase again forever."""
    from aos_cli.app.autoplay import AutoPlayer
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.turn import new_game

    class Stuck(AutoPlayer):
        def do(self, kind: str, payload: dict[str, object], answers: object = None) -> bool:
            if kind == "next":
                return False
            return super().do(kind, payload, answers)  # type: ignore[arg-type]

    state = new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))
    with pytest.raises(GameError, match="cannot leave the hero phase of round 1"):
        Stuck(state, SeededDice(1), 1, lambda heading, notes: None).play_battle()


def test_the_action_bound_stops_a_demo_that_would_never_end() -> None:
    """Past MAX_ACTIONS the demo stops with one line: no battle may run without end."""
    from aos_cli.app import autoplay
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.turn import new_game

    state = new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))
    player = autoplay.AutoPlayer(state, SeededDice(1), 1, lambda heading, notes: None)
    player.actions = autoplay.MAX_ACTIONS
    with pytest.raises(GameError, match="automatic player cannot leave"):
        player.play_battle()
