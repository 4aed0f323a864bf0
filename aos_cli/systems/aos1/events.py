"""Age of Sigmar 1st edition's own results as typed events (issue 25 item 4): the battle's
length, who chooses the first turn, the priority roll-off, scenery rules (Deadly, Damned,
Mystical and the reminders of the others), Sudden Death, the Triumphs and Blessed.

The rules emit them with the facts as fields; `aos_cli.systems.aos1.views` tells them in the
chosen language, so a stored AoS1 game's log reads in any language with no rule run. Each kind
is prefixed `aos1-` so it never meets a 2nd edition one.
"""

from __future__ import annotations

from typing import ClassVar

from aos_cli.core.events import Event, event
from aos_cli.core.records import dataclass
from aos_cli.language.text import Text


@event
@dataclass(frozen=True)
class BattleLengthReached(Event):
    """AoS1 §5.1: a battle round ended with the set-up's number of rounds played (a game stored
    before the players were asked): the battle ends, and how to play on."""

    kind: ClassVar[str] = "aos1-battle-length"
    speaks: ClassVar[bool] = True

    round: int
    rounds: int


@event
@dataclass(frozen=True)
class SetUpFirst(Event):
    """AoS1 §4 step 6: in round one the side that finished setting up first chooses who goes
    first (no roll)."""

    kind: ClassVar[str] = "aos1-set-up-first"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str


@event
@dataclass(frozen=True)
class PriorityRolledOff(Event):
    """AoS1 §6: from round two a roll-off for priority, ties rolled again (`rolls`: each pair,
    side one's die first, flattened); the winner (`decider`) chooses."""

    kind: ClassVar[str] = "aos1-priority"
    speaks: ClassVar[bool] = True

    round: int
    side_names: tuple[str, ...]
    rolls: tuple[int, ...]
    decider: int
    decider_name: str


@event
@dataclass(frozen=True)
class SceneryReminder(Event):
    """AoS1 §3.4: a scenery rule the players apply at its moment (`rule`: damned, mystical,
    sinister), with the features that have it."""

    kind: ClassVar[str] = "aos1-scenery-reminder"
    speaks: ClassVar[bool] = True

    rule: str
    features: tuple[str, ...]


@event
@dataclass(frozen=True)
class DeadlyTerrain(Event):
    """AoS1 §3.4 Deadly: a D6 for each model that crossed the feature; each 1 slays one."""

    kind: ClassVar[str] = "aos1-deadly-terrain"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    rolls: tuple[int, ...]
    slain: int


@event
@dataclass(frozen=True)
class Sacrificed(Event):
    """AoS1 §3.4 Damned: a unit's sacrifice: D3 mortal wounds on itself, +1 to its hit rolls
    until its next hero phase."""

    kind: ClassVar[str] = "aos1-sacrifice"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    wounds: int


@event
@dataclass(frozen=True)
class MysticalRolled(Event):
    """AoS1 §3.4 Mystical: the D6: 1 befuddled, 2-6 ensorcelled, until the next hero phase."""

    kind: ClassVar[str] = "aos1-mystical"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    roll: int


@event
@dataclass(frozen=True)
class SuddenDeathPicked(Event):
    """AoS1 §5.2: the outnumbered side's Sudden Death objective, and its target: an enemy unit
    or a terrain feature by name (`target`), any feature in enemy territory (`any_feature`),
    or none."""

    kind: ClassVar[str] = "aos1-sudden-death"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    objective: str
    target: str
    any_feature: bool


@event
@dataclass(frozen=True)
class TriumphRolled(Event):
    """AoS1 §5.3: a side's Triumph roll: 1-2 Blessed, 3-4 Inspired, 5-6 Empowered (the general,
    `unit`, with its new Wounds)."""

    kind: ClassVar[str] = "aos1-triumph"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    roll: int
    triumph: str
    unit: str
    unit_name: str
    wounds: int


@event
@dataclass(frozen=True)
class BlessedChanged(Event):
    """AoS1 §5.3 Blessed: one die of the last step changed to the chosen result: what it was
    rolled for, what it was, and what it is made."""

    kind: ClassVar[str] = "aos1-blessed"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    purpose: Text
    was: int
    value: int
