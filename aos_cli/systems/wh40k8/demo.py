"""`aos demo --system wh40k8`: both players of a 40k battle played by the tool (40k8 §3-§12).

Like the Age of Sigmar demo it keeps no table: every action goes through the real rules with
answers to what the tool cannot see, drawn from a seeded generator (distances, cover, half
range, who fires Overwatch); who is in combat with whom the rules themselves remember (a charge
or a fight locks units together until one Falls Back, `table.lock`). Seeded, it plays the same
battle on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import RuleError
from aos_cli.core.events import Note
from aos_cli.core.phase_names import phase_name
from aos_cli.core.records import dataclass
from aos_cli.core.state import GameState, UnitState
from aos_cli.language.i18n import _
from aos_cli.systems.wh40k8.table import fight_picker, known_foes, may_fight, weapon_type_of

if TYPE_CHECKING:
    from aos_cli.language.text import Text

Emit = Callable[[str, list[Note]], None]
"""Receives a heading and the notes of each action (as the Age of Sigmar demo's)."""

PHASE_STEPS = 40
"""At most this many actions in one phase: a demo never loops on a refused action."""


@dataclass
class SeededAsker:
    """Answers what the tool cannot see from a seeded generator: a fixed answer where the
    demo knows it (`known`), else a coin weighted by the question's kind."""

    rng: random.Random
    known: dict[str, Any] = field(default_factory=dict)

    def yes_no(self, key: str, question: str | Text) -> bool:
        if key in self.known:
            return bool(self.known[key])
        base = key.split(":")[0]
        if base in ("engaged", "target-engaged", "zones-chosen-by"):
            return False
        if base in ("cover", "overwatch-cover"):
            return self.rng.random() < 0.25
        if base in ("half-range", "overwatch"):
            return self.rng.random() < 0.5
        return True  # in range, in sight, the closest: the demo picks sensible targets

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        if key in self.known:
            return float(self.known[key])
        if at_most is not None:
            return float(self.rng.randint(0, at_most) if key.startswith("objective") else 0)
        return float(self.rng.randint(3, 9))


def _enemies(state: GameState, unit: UnitState) -> list[UnitState]:
    return [u for u in state.sides[1 - unit.side].units if u.on_battlefield]


def _ranged(unit: UnitState) -> list[str]:
    return [weapon_type_of(w)[0] for w in unit.spec.weapons if weapon_type_of(w)[0] != "melee"]


class Player40k:
    """Plays both sides of a 40k battle with seeded, sensible choices."""

    def __init__(self, state: GameState, dice: DiceSource, seed: int, emit: Emit) -> None:
        self.state = state
        self.dice = dice
        self.rng = random.Random(seed)
        self.emit = emit

    def do(self, kind: str, payload: dict[str, Any], known: dict[str, Any] | None = None) -> bool:
        """Try one action through the rules; report it; False when the rules refused it."""
        asker = SeededAsker(self.rng, dict(known or {}))
        try:
            apply_action(
                self.state, kind, payload, self.dice, RecordedAnswers(dict(known or {}), asker)
            )
        except RuleError:
            return False
        self.emit("", list(self.state.notes))
        return True

    def play_battle(self) -> None:
        """The Underdog's choice, then every phase of every turn until the battle ends."""
        state = self.state
        while not state.ended:
            if state.phase == "priority":
                if not self.do("priority", {}):
                    return
                continue
            self.emit(self.heading(), [])
            self.play_phase()
            if state.ended:
                break
            where = (state.round, state.turn_in_round, state.phase)
            if not self.do("next", {}) or (state.round, state.turn_in_round, state.phase) == where:
                return  # the rules hold the phase: stop rather than loop
            if state.ended or state.round != where[0]:
                self.emit("round-end", [])

    def heading(self) -> str:
        state = self.state
        return _("Round {round} · {side} · {phase}").format(
            round=state.round,
            side=state.sides[state.active_side].name,
            phase=phase_name(state.phase),
        )

    def play_phase(self) -> None:
        state = self.state
        own = [u for u in state.sides[state.active_side].units if u.on_battlefield]
        step = getattr(self, f"_{state.phase}", None)
        if step is not None:
            step(own)

    # ---------------------------------------------------------------- the phases (§4-§11)

    def _movement(self, own: list[UnitState]) -> None:
        for unit in own:
            if known_foes(self.state, unit):
                # a unit that shoots better than it fights breaks away (40k8 §4.5)
                if not unit.spec.has("CHARACTER") and self.rng.random() < 0.3:
                    self.do("retreat", {"unit": unit.spec.id})
                continue
            kind = "run" if self.state.round == 1 and self.rng.random() < 0.2 else "move"
            self.do(kind, {"unit": unit.spec.id}, {"engaged": False})

    def _psychic(self, own: list[UnitState]) -> None:
        for unit in own:
            if unit.spec.casts < 1:
                continue
            targets = [u for u in _enemies(self.state, unit) if u.embarked_in is None]
            if not targets:
                return
            aim = targets[self.rng.randrange(len(targets))]
            payload = {"wizard": unit.spec.id, "spell": "Smite", "target": aim.spec.id}
            if self.do("cast", payload, {"closest-visible": True}):
                self._deny()

    def _deny(self) -> None:
        """The enemy's first psyker that still may tries to Deny the Witch (40k8 §5.5)."""
        pending = self.state.pending_spell
        if pending is None:
            return
        caster = self.state.unit(pending.caster)
        for psyker in self.state.sides[1 - caster.side].units:
            tries = psyker.on_battlefield and psyker.spec.unbinds
            if tries and self.do("unbind", {"wizard": psyker.spec.id}, {"closest-visible": True}):
                return
        self.do("unbind", {"wizard": None}, {"closest-visible": True})

    def _shooting(self, own: list[UnitState]) -> None:
        state = self.state
        for unit in own:
            if not _ranged(unit) or not unit.on_battlefield:
                continue
            foes = known_foes(state, unit)
            if foes:
                if "pistol" in _ranged(unit):
                    self.do("shoot", {"unit": unit.spec.id, "target": foes[0].spec.id})
                continue
            free = [
                e
                for e in _enemies(state, unit)
                if not any(f.side == unit.side for f in known_foes(state, e))
            ]
            if free:
                target = free[self.rng.randrange(len(free))]
                self.do("shoot", {"unit": unit.spec.id, "target": target.spec.id})

    def _charge(self, own: list[UnitState]) -> None:
        state = self.state
        for unit in own:
            if known_foes(state, unit) or unit.advanced or unit.fell_back:
                continue
            if unit.spec.has("VEHICLE") or not unit.on_battlefield:
                continue
            enemies = _enemies(state, unit)
            if not enemies:
                return
            target = enemies[self.rng.randrange(len(enemies))]
            gap = self.rng.randint(9, 14) if state.round == 1 else self.rng.randint(3, 10)
            known = {"engaged": False, "within-12": gap <= 12, "distance": gap}
            self.do("charge", {"unit": unit.spec.id, "target": target.spec.id}, known)

    def _fight(self, own: list[UnitState]) -> None:
        state = self.state
        tried: set[str] = set()
        for _step in range(PHASE_STEPS):
            picker = fight_picker(state)
            fighter = next(
                (
                    u
                    for u in state.sides[picker].units
                    if may_fight(state, u) and u.spec.id not in tried
                ),
                None,
            )
            if fighter is None:
                return
            tried.add(fighter.spec.id)
            targets = [
                state.unit(t) for t in fighter.charge_targets if state.unit(t).on_battlefield
            ] or known_foes(state, fighter)
            if targets:
                self.do("fight", {"unit": fighter.spec.id, "target": targets[0].spec.id})

    def _morale(self, own: list[UnitState]) -> None:
        self.do("battleshock", {})
