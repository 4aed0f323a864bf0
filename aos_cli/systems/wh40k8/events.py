"""Warhammer 40,000 8th edition's own results as typed events (issue 25 item 4): who goes first,
moves, Advances, Falling Back, transports, charges, Heroic Interventions, psychic tests, Perils
of the Warp, Smite, morale, abilities that roll, Command Re-rolls and the end of an army.

The rules emit them with the facts as fields; `aos_cli.systems.wh40k8.views` tells them in the
chosen language, so a stored 40k game's log and report read in any language with no rule run.
Each kind is prefixed `40k-` so it never meets an Age of Sigmar one.
"""

from __future__ import annotations

from typing import ClassVar

from aos_cli.core.events import Event, event
from aos_cli.core.records import dataclass
from aos_cli.language.text import Text


@event
@dataclass(frozen=True)
class FirstTurnDecided(Event):
    """40k8 §1.4, §3, §17.6-§17.7: the side that decides who goes first in every round: the
    Underdog by Power Level (`levels`: its own, then the other's; equal levels: the side that
    chose the deployment zones), or without one the winner of a roll-off (`rolls`: each roll-off's
    pair of dice, flattened)."""

    kind: ClassVar[str] = "40k-first-turn"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    underdog: bool
    rolls: tuple[int, ...]
    levels: tuple[int, ...]


@event
@dataclass(frozen=True)
class CommandRerollKept(Event):
    """40k8 §17.6: a Command Re-roll declared for an attack whose `stage` roll never failed is
    kept."""

    kind: ClassVar[str] = "40k-reroll-kept"
    speaks: ClassVar[bool] = True

    side: int
    stage: str


@event
@dataclass(frozen=True)
class CommandRerolled(Event):
    """40k8 §17.6: one of the Underdog's Command Re-rolls spent on a single die: what it was for,
    the new value and how many are left."""

    kind: ClassVar[str] = "40k-command-reroll"
    speaks: ClassVar[bool] = True

    side: int
    what: Text
    value: int
    left: int


@event
@dataclass(frozen=True)
class Moved40k(Event):
    """40k8 §4.2: a unit's normal move, up to its Move characteristic (inches, as it stands)."""

    kind: ClassVar[str] = "40k-moved"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    inches: str


@event
@dataclass(frozen=True)
class Advanced(Event):
    """40k8 §4.6: an Advance: the D6 (re-rolled or not), halved by Cataphractii Armour (§15),
    the modifiers by name and the inches added to its Move."""

    kind: ClassVar[str] = "40k-advanced"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    roll: int
    halved: bool
    modifier: int
    modifiers: tuple[str, ...]
    inches: int


@event
@dataclass(frozen=True)
class FellBack(Event):
    """40k8 §4.5: a unit Falls Back; it cannot charge, nor shoot unless it can FLY (`fly`)."""

    kind: ClassVar[str] = "40k-fell-back"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    fly: bool


@event
@dataclass(frozen=True)
class Embarked(Event):
    """40k8 §12.3: a unit embarks in a friendly TRANSPORT."""

    kind: ClassVar[str] = "40k-embarked"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    transport: str
    transport_name: str


@event
@dataclass(frozen=True)
class Disembarked(Event):
    """40k8 §12.4-§12.5: a unit disembarks; from a wreck (`wreck`) it rolls a D6 per model
    (`rolls`) and each 1 slays one (`slain`)."""

    kind: ClassVar[str] = "40k-disembarked"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    transport: str
    transport_name: str
    wreck: bool
    rolls: tuple[int, ...]
    slain: int


@event
@dataclass(frozen=True)
class PsychicTested(Event):
    """40k8 §5.2-§5.4: a Psychic test: the psyker, the power, the 2D6 (after any Command
    Re-roll) and the modifier, the total against the warp charge, and whether it manifested."""

    kind: ClassVar[str] = "40k-psychic-test"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    power: str
    dice: tuple[int, ...]
    modifier: int
    total: int
    value: int
    manifested: bool


@event
@dataclass(frozen=True)
class PerilsSuffered(Event):
    """40k8 §5.4: Perils of the Warp: the psyker's own D3 mortal wounds (`double`: the double
    rolled), or, with `double` 0, a unit within 6" of a psyker the Perils slew."""

    kind: ClassVar[str] = "40k-perils"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    double: int
    wounds: int


@event
@dataclass(frozen=True)
class PerilsSlew(Event):
    """40k8 §5.4: a psyker slain by its own Perils of the Warp: the power fails and every unit
    within 6" suffers D3 mortal wounds."""

    kind: ClassVar[str] = "40k-perils-slew"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    power: str


@event
@dataclass(frozen=True)
class SmiteStruck(Event):
    """40k8 §5.3: Smite's mortal wounds on its target (`dice`: D3, or D6 for a test over 10)."""

    kind: ClassVar[str] = "40k-smite"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    dice: str
    wounds: int


@event
@dataclass(frozen=True)
class OverwatchBarred(Event):
    """40k8 §9.3: a charge target with enemy models within 1" cannot fire Overwatch."""

    kind: ClassVar[str] = "40k-no-overwatch"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int


@event
@dataclass(frozen=True)
class ChargerDestroyed(Event):
    """40k8 §9.3: a charging unit destroyed by Overwatch before it rolls its charge."""

    kind: ClassVar[str] = "40k-charger-destroyed"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int


@event
@dataclass(frozen=True)
class Charged40k(Event):
    """40k8 §9.4: a charge roll: the 2D6 (after any Command Re-roll), the modifiers by name, the
    roll against what the distance needs (one less than the inches: the charge ends within 1"),
    and whether it charged."""

    kind: ClassVar[str] = "40k-charged"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    distance: float
    dice: tuple[int, ...]
    modifier: int
    modifiers: tuple[str, ...]
    roll: int
    needed: int
    charged: bool


@event
@dataclass(frozen=True)
class Intervened(Event):
    """40k8 §9.5: a CHARACTER's Heroic Intervention (the phase's charges are over)."""

    kind: ClassVar[str] = "40k-intervened"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int


@event
@dataclass(frozen=True)
class MayConsolidate(Event):
    """40k8 §10.6: after its attacks a unit may consolidate up to 3" towards the nearest
    enemy."""

    kind: ClassVar[str] = "40k-consolidate"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int


@event
@dataclass(frozen=True)
class NoMoraleDue(Event):
    """40k8 §11: no unit lost models this turn, so no morale test is due."""

    kind: ClassVar[str] = "40k-no-morale"
    speaks: ClassVar[bool] = True

    round: int


@event
@dataclass(frozen=True)
class MoraleTested(Event):
    """40k8 §11: a morale test: the D6 (after any Command Re-roll) plus the models slain this
    turn against the unit's Leadership; one model flees per point over."""

    kind: ClassVar[str] = "40k-morale"
    speaks: ClassVar[bool] = True

    round: int
    unit: str
    unit_name: str
    side: int
    die: int
    slain: int
    total: int
    leadership: int
    fled: int


@event
@dataclass(frozen=True)
class AbilityStruck(Event):
    """40k8 §15: an ability that rolls against each enemy unit close enough: the roll against
    the one it needs, and the mortal wounds it dealt (0 with `struck` false: unharmed)."""

    kind: ClassVar[str] = "40k-ability-roll"
    speaks: ClassVar[bool] = True

    ability: str
    unit: str
    unit_name: str
    side: int
    roll: int
    needed: int
    struck: bool
    wounds: int


@event
@dataclass(frozen=True)
class AbilityNoTarget(Event):
    """40k8 §15: an ability that rolls against enemy units found none close enough."""

    kind: ClassVar[str] = "40k-ability-no-target"
    speaks: ClassVar[bool] = True

    ability: str


@event
@dataclass(frozen=True)
class ArmyDestroyed(Event):
    """40k8 §17.8-§17.9: an army with no model left ends the battle: the other side wins at once
    (`side`, the winner), or both armies are gone (`side` -1)."""

    kind: ClassVar[str] = "40k-army-destroyed"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str


@event
@dataclass(frozen=True)
class RelicKept(Event):
    """40k8 §17.4 Ancient Relic: the one objective marker left, and those removed."""

    kind: ClassVar[str] = "40k-relic"
    speaks: ClassVar[bool] = True

    kept: str
    removed: tuple[str, ...]
