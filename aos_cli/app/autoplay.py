"""Automatic choices for `aos demo`: every eligible unit acts against a sensible target.

The tool cannot see a table, so the demo keeps a small abstract battlefield of its own: which
units are locked in combat (within 3") after a charge, and a seeded guess at charge distances.
Every action still goes through the real rules (`apply_action`) with recorded answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import GameError, RuleError
from aos_cli.core.events import Note
from aos_cli.core.records import dataclass
from aos_cli.core.state import GameState, UnitState
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.language.text import Text

Emit = Callable[[str, list[Note]], None]
"""Receives a heading and the notes of each action."""


@dataclass
class Battlefield:
    """The demo's stand-in for the table: pairs of units within 3" of each other."""

    rng: random.Random
    engaged: dict[tuple[str, str], None] = field(default_factory=dict)
    """Engaged pairs in the order they met: a dict, not a set, so iteration never depends on
    the hash seed and a seeded demo is the same on every run (issue: reproducible demos)."""

    def foes(self, state: GameState, unit: UnitState) -> list[UnitState]:
        """Enemy units locked in combat with `unit`."""
        result = []
        for pair in self.engaged:
            if unit.spec.id in pair:
                other = pair[1] if pair[0] == unit.spec.id else pair[0]
                foe = state.unit(other)
                if foe.on_battlefield:
                    result.append(foe)
        return result

    def is_engaged(self, state: GameState, unit: UnitState) -> bool:
        return bool(self.foes(state, unit))


class TableAnswers:
    """Answers what the rules ask and the demo's own choices did not say (how many models stand
    at an objective, a yes or no the demo never meets otherwise): seeded guesses, so every
    question the rules may ask is answered and no phase waits forever for an answer."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def yes_no(self, key: str, question: str | Text) -> bool:
        """A seeded yes or no."""
        return self.rng.random() < 0.5

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        """A seeded count up to `at_most` (models near an objective), else a distance."""
        if at_most is not None:
            return float(self.rng.randint(0, min(at_most, 10)))
        return float(self.rng.randint(3, 12))


MAX_ACTIONS = 20_000
"""More actions than any battle of five rounds takes: past it the demo stops with one line
instead of playing on (a phase the automatic player cannot leave is a bug, not a long game)."""


def _pair(first: str, second: str) -> tuple[str, str]:
    """The same key for two units whichever of them is named first."""
    return (first, second) if first <= second else (second, first)


def _enemies(state: GameState, unit: UnitState) -> list[UnitState]:
    return [u for u in state.sides[1 - unit.side].units if u.on_battlefield]


def _best_target(state: GameState, unit: UnitState, kind: str) -> UnitState | None:
    """The enemy unit this unit's weapons can hurt most, as expected damage per wound left."""
    from aos_cli.core.actions import weapon_attack
    from aos_cli.core.effects import TargetInfo
    from aos_cli.core.odds import mean_damage

    weapons = [w for w in unit.spec.weapons if w.kind == kind]
    best, best_score = None, -1.0
    for enemy in _enemies(state, unit):
        attacks = [weapon_attack(unit, w, []) for w in weapons]
        expected = mean_damage(attacks, TargetInfo(enemy.spec.save))
        wounds_left = enemy.models * enemy.spec.wounds - enemy.wounds_on_damaged
        score = min(expected, wounds_left) / max(1, wounds_left) + (0.5 if enemy.general else 0)
        if score > best_score:
            best, best_score = enemy, score
    return best


class AutoPlayer:
    """Plays both sides of a game with sensible, seeded choices."""

    def __init__(self, state: GameState, dice: DiceSource, seed: int, emit: Emit) -> None:
        self.state = state
        self.dice = dice
        self.field = Battlefield(random.Random(seed))
        self.emit = emit
        self.table = TableAnswers(self.field.rng)
        self.actions = 0

    def do(self, kind: str, payload: dict[str, Any], answers: dict[str, Any] | None = None) -> bool:
        """Try one action through the rules; report it; False when the rules refused it. What
        `answers` does not say is answered by the seeded table (`TableAnswers`)."""
        self.actions += 1
        if self.actions > MAX_ACTIONS:
            raise self._stuck()
        # The demo's armies keep their units near their heroes: a battle trait that asks
        # (Deathless Spirits) is in range for every unit.
        given = {f"near-hero:{u.spec.id}": True for side in self.state.sides for u in side.units}
        given.update(answers or {})
        recorded = RecordedAnswers(given, self.table)
        try:
            apply_action(self.state, kind, payload, self.dice, recorded)
        except RuleError:
            return False
        self.emit("", list(self.state.notes))
        return True

    def play_battle(self) -> None:
        """Priority, then every phase of every turn until the battle ends."""
        while not self.state.ended:
            if self.state.phase == "priority":
                self.do("priority", {})
                continue
            self.emit(self.heading(), [])
            self.play_phase()
            if not self.state.ended:
                where = (self.state.round, self.state.active_side, self.state.phase)
                # a choice the rules owe that this player did not make: give it up, never loop
                if not self.do("next", {}) and not self._give_up():
                    raise self._stuck()
                if (self.state.round, self.state.active_side, self.state.phase) == where:
                    raise self._stuck()
            if self.state.phase == "priority" or self.state.ended:
                self.emit("round-end", [])

    def _give_up(self) -> bool:
        """A charger the robot could not fight with (two armies' units of one id, which it
        cannot tell apart) gives up its fight, as a player at the table would say; then on."""
        for unit in self.state.units():
            if unit.charged and not unit.fought:
                unit.fought = True
                unit.reset_attacks()
        return self.do("next", {})

    def _stuck(self) -> GameError:
        """The one line for a battle the automatic player cannot carry on (never a loop)."""
        from aos_cli.core.phase_names import phase_name

        return GameError(
            _("the automatic player cannot leave the {phase} of round {round}").format(
                phase=phase_name(self.state.phase), round=self.state.round
            ),
            _("play this battleplan at the table with `aos play`"),
        )

    def heading(self) -> str:
        state = self.state
        from aos_cli.core.phase_names import phase_name
        from aos_cli.language.i18n import _

        return _("Round {round} · {side} · {phase}").format(
            round=state.round,
            side=state.sides[state.active_side].name,
            phase=phase_name(state.phase),
        )

    def play_phase(self) -> None:
        state = self.state
        phase = state.phase
        side = state.active_side
        own = [u for u in state.sides[side].units]
        if phase == "hero":
            self._hero(own)
        elif phase == "movement":
            for unit in own:
                if unit.in_reserve:
                    self.do("arrive", {"unit": unit.spec.id})
                elif unit.alive and not self.field.is_engaged(state, unit):
                    self.do("move", {"unit": unit.spec.id}, {"engaged": False})
        elif phase == "shooting":
            for unit in own:
                if unit.on_battlefield and any(w.kind == "missile" for w in unit.spec.weapons):
                    self._shoot(unit)
        elif phase == "charge":
            for unit in own:
                if unit.on_battlefield and not self.field.is_engaged(state, unit):
                    self._charge(unit)
        elif phase == "combat":
            self._combat()
        elif phase == "battleshock":
            self._battleshock()

    def _hero(self, own: list[UnitState]) -> None:
        state = self.state
        for unit in own:
            if not unit.on_battlefield or unit.spec.casts < 1:
                continue
            target = _best_target(state, unit, "missile") or next(iter(_enemies(state, unit)), None)
            if target is None:
                return
            for spell, aim in (("Arcane Bolt", target.spec.id), ("Mystic Shield", unit.spec.id)):
                payload = {"wizard": unit.spec.id, "spell": spell, "target": aim}
                if self.do("cast", payload, {"target-in-range": True}):
                    self._answer_unbind()
                    break

    def _answer_unbind(self) -> None:
        """The enemy tries to unbind with its first wizard that still may."""
        pending = self.state.pending_spell
        if pending is None:
            return
        caster = self.state.unit(pending.caster)
        for wizard in self.state.sides[1 - caster.side].units:
            if (
                wizard.on_battlefield
                and wizard.spec.unbinds
                and self.do("unbind", {"wizard": wizard.spec.id}, {"within-30": True})
            ):
                return
        self.do("unbind", {"wizard": None})

    def _shoot(self, unit: UnitState) -> None:
        state = self.state
        foes = self.field.foes(state, unit)
        target = foes[0] if foes else _best_target(state, unit, "missile")
        if target is None:
            return
        answers = {
            "engaged": bool(foes),
            "target-engaged": bool(foes),
            "cover": self.field.rng.random() < 0.2,
            "look-out-sir": self.field.rng.random() < 0.5,
            "within-night-march": True,
            "in-range": True,  # it shoots at a target its weapons reach (p.7)
        }
        for weapon in unit.spec.weapons:
            if weapon.kind == "missile" and weapon.min_range:
                answers[f"min-range-{weapon.min_range:g}"] = False
        self.do("shoot", {"unit": unit.spec.id, "target": target.spec.id}, answers)

    def _charge(self, unit: UnitState) -> None:
        state = self.state
        if not any(w.kind == "melee" for w in unit.spec.weapons):
            return
        target = _best_target(state, unit, "melee")
        if target is None:
            return
        # First round: the armies start far apart; later the lines have closed.
        gap = self.field.rng.randint(9, 14) if state.round == 1 else self.field.rng.randint(3, 9)
        answers = {
            "engaged": False, "within-12": gap <= 12, "distance": gap, "in-command-range": True,
        }  # fmt: skip
        reroll = state.sides[unit.side].command_points > 1 and unit.spec.models > 1
        if self.do("charge", {"unit": unit.spec.id, "reroll": reroll}, answers) and unit.charged:
            self.field.engaged[_pair(unit.spec.id, target.spec.id)] = None

    def _combat(self) -> None:
        state = self.state
        while state.combat_passes < 2:
            side = state.combat_to_pick if state.combat_to_pick is not None else state.active_side
            fighter = next(
                (
                    u for u in state.sides[side].units
                    if u.on_battlefield and not u.fought
                    and (self.field.foes(state, u) or u.charged)
                    and any(w.kind == "melee" for w in u.spec.weapons)
                ),
                None,
            )  # fmt: skip
            if fighter is None:
                if not self.do("pass", {}, {"none-eligible": True}):
                    return
                continue
            # A unit that charged must fight (AoS2 p.6), even when its foe has fallen.
            foes = self.field.foes(state, fighter)
            target = foes[0] if foes else _best_target(state, fighter, "melee")
            if target is None:
                return
            if not self.do(
                "fight", {"unit": fighter.spec.id, "target": target.spec.id},
                {"engaged": True, "cover": False},
            ):  # fmt: skip
                return

    def _battleshock(self) -> None:
        state = self.state
        for side in (state.active_side, 1 - state.active_side):
            shaken = [
                u for u in state.sides[side].units if u.alive and u.slain_this_turn > 0
            ]  # fmt: skip
            if shaken and state.sides[side].command_points > 0:
                worst = max(shaken, key=lambda u: u.slain_this_turn)
                self.do(
                    "command",
                    {"ability": "Inspiring Presence", "unit": worst.spec.id},
                    {"in-command-range": True},
                )
        self.do("battleshock", {})
