"""`aos demo --system mesbg`: the demo forces of `aos play --system mesbg` fight a battle played
by the tool, turn by turn (Priority, Move with its magical powers, Shoot, Fight with a duel
between heroes, End), until a force is reduced to a quarter of its models.

Every step is one of the heroes' recorded actions applied to the battle (`Battle.apply`), with
the casting, resisting and duel dice of the rules (mesbg §2, §5) from the seed; what the tool
does not follow (warriors shot or cut down) is drawn from the same seed. Nothing is stored.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from aos_cli.cli.common import console, print_json
from aos_cli.core.dice import SeededDice
from aos_cli.language.i18n import _
from aos_cli.systems.mesbg.words import phase_name

if TYPE_CHECKING:
    from aos_cli.systems.mesbg.rules import Battle, Hero

MAX_TURNS = 12
"""The demo stops after this many turns if no force has been reduced to a quarter by then."""

HERO_POWERS = ("sap-will", "immobilise", "compel", "sorcerous-blast", "black-dart", "curse")
"""The powers the demo casts at an enemy hero, when the caster knows one of them."""


class MesbgDemo:
    """Plays the demo forces against each other with seeded dice and choices."""

    def __init__(self, seed: int, talk: bool) -> None:
        from aos_cli.systems.mesbg.rules import Battle

        self.battle = Battle()
        self.dice = SeededDice(seed)
        self.rng = random.Random(seed)
        self.talk = talk
        self.out = console()

    def apply(self, payload: dict[str, Any]) -> None:
        """One recorded action; its notes shown."""
        self.battle.notes = []
        self.battle.apply(payload)
        if self.talk:
            from aos_cli.systems.mesbg.views import told_notes

            for note in told_notes(self.battle.notes):
                self.out.print(f"  {note}", markup=False)

    def heading(self, phase: str) -> None:
        if self.talk:
            text = _("Turn {turn} · {phase}").format(turn=self.battle.turn, phase=phase_name(phase))
            self.out.rule(text, style="heading")

    def play(self) -> Battle:
        from aos_cli.systems.mesbg.play import DEMO_FORCES

        for force in DEMO_FORCES:
            self.apply({"op": "force", "name": force["name"], "models": force["models"],
                        "side": force["side"]})  # fmt: skip
            for hero in force["heroes"]:
                self.apply({"op": "hero", "force": force["name"], **hero})
        battle = self.battle
        while battle.result is None and battle.turn <= MAX_TURNS:
            self.heading("priority")
            self.priority()
            self.heading("move")
            self.magic()
            self.apply({"op": "phase", "phase": "shoot"})
            self.heading("shoot")
            self.losses(0, 1)
            self.apply({"op": "phase", "phase": "fight"})
            self.heading("fight")
            self.duel()
            self.losses(0, 2)
            self.apply({"op": "phase", "phase": "end"})
            self.heading("end")
            self.apply({"op": "end_phase"})
        return battle

    # ---------------------------------------------------------------- the phases

    def priority(self) -> None:
        rolls: list[list[int]] = []
        for _attempt in range(20):
            rolls.append(self.dice.roll(2, "priority"))
            if rolls[-1][0] != rolls[-1][1] or self.battle.priority is not None:
                break
        self.apply({"op": "priority", "rolls": rolls})

    def _side_of(self, hero: Hero) -> str:
        side = self.battle.forces[hero.force].side
        return side.value if side is not None else ""

    def magic(self) -> None:
        """Each hero with powers and Will casts one at an enemy hero (mesbg §2.1-§2.4); the
        target resists with one Will if it has some."""
        from aos_cli.systems.mesbg.rules import (
            CastRequest,
            Duration,
            cast_payload,
            roll_cast,
            roll_store_change,
        )
        from aos_cli.systems.mesbg.words import power_title

        battle = self.battle
        for hero in [h for h in battle.heroes.values() if not h.slain]:
            known = [p for p in HERO_POWERS if p in (hero.powers or {})]
            foes = [
                h
                for h in battle.heroes.values()
                if not h.slain and self._side_of(h) != self._side_of(hero)
            ]
            if not known or not foes or hero.current["will"] < 1:
                continue
            power = known[self.rng.randrange(len(known))]
            victim = foes[self.rng.randrange(len(foes))]
            will = min(2, hero.current["will"])
            request = CastRequest(will=will, casting=(hero.powers or {})[power])
            resist = min(1, victim.current["will"])

            def asking(
                highest: int, request: CastRequest = request, resist: int = resist
            ) -> CastRequest:
                return replace(request, resist_will=resist)

            result = roll_cast(self.dice, request, asking)
            payload = cast_payload(
                caster=hero.name,
                target=victim.name,
                power_id=power,
                name=_english_name(power),
                duration=Duration(_duration(power)),
                channelled=False,
                result=result,
            )
            if result.outcome.succeeded:
                change = roll_store_change(power, False, self.dice, victim, power_title(power))
                if change is not None:
                    payload["store_change"] = change
            self.apply(payload)

    def losses(self, low: int, high: int) -> None:
        """Warriors of each force slain in the phase (the tool follows counts, not models)."""
        for force in self.battle.forces.values():
            heroes = sum(1 for h in self.battle.heroes.values() if h.force == force.name)
            left = force.models - heroes - force.warriors_lost
            amount = min(left, self.rng.randint(low, high))
            if amount > 0:
                self.apply({"op": "lose", "force": force.name, "amount": amount})

    def duel(self) -> None:
        """A Fight between a living Good and a living Evil hero (mesbg §5)."""
        from aos_cli.systems.mesbg.duel import DUEL_FLAGS, fighter
        from aos_cli.systems.mesbg.rules import Side, roll_duel

        battle = self.battle
        sides = {
            side: [h for h in battle.heroes.values() if not h.slain and self._side_of(h) == side]
            for side in ("good", "evil")
        }
        if not sides["good"] or not sides["evil"]:
            return
        chosen = {side: heroes[self.rng.randrange(len(heroes))] for side, heroes in sides.items()}
        fighters, offered = {}, {}
        for side, hero in chosen.items():
            values: dict[str, Any] = {
                f.name.removeprefix(f"{side}_"): f.default
                for f in DUEL_FLAGS
                if f.name.startswith(f"{side}_")
            }
            values |= dict(hero.profile)
            values |= {"wounds": hero.current["wounds"], "fate": hero.current["fate"]}
            fighters[Side(side)] = fighter(side, values)
            offered[Side(side)] = min(1, hero.current["might"])
        result = roll_duel(self.dice, fighters[Side.GOOD], fighters[Side.EVIL], offered)
        self.apply(
            {
                "op": "duel",
                "good": chosen["good"].name,
                "evil": chosen["evil"].name,
                "winner": result.winner.value,
                "might": {side.value: result.might_spent(side) for side in Side},
                "fate": {result.winner.other.value: result.fate_spent},
                "wounds_lost": result.wounds_lost,
            }
        )


def _power(power_id: str) -> Any:
    from aos_cli.content import load_database

    return next(s for s in load_database().ruleset("mesbg").spells if s.id == power_id)


def _english_name(power_id: str) -> str:
    """The power's record name, as a cast records it (shown in the player's language)."""
    return str(_power(power_id).name)


def _duration(power_id: str) -> str:
    return str(_power(power_id).duration or "instant")


def play_demo(seed: int, quiet: bool, as_json: bool) -> None:
    """`aos demo --system mesbg`: the battle, then its report (the forces and heroes)."""
    from aos_cli.systems.mesbg.views import battle_json, battle_tables

    demo = MesbgDemo(seed, talk=not (quiet or as_json))
    battle = demo.play()
    if as_json:
        print_json(battle_json(battle, 0))
        return
    out = console()
    out.rule(_("Battle report"), style="heading")
    for part in battle_tables(battle):
        out.print(part)
    out.print(
        battle.result or _("The battle ends: no force is reduced to a quarter."), markup=False
    )
