"""Middle-earth Strategy Battle Game's results as typed events (issue 25 item 4): forces and
heroes set up, stores spent and restored, warriors lost, powers cast, Fate rolled, heroes'
Fights and Barges, Priority, phases and turns, the end of the battle.

The rules (`Battle`) record them with the facts as fields; `aos_cli.systems.mesbg.views` tells
them in the chosen language, and `aos hero log --json` gives their fields. Each kind is
prefixed `mesbg-`. Stores are given in the order of `rules.STORES` (Might, Will, Fate, Wounds).
"""

from __future__ import annotations

from typing import ClassVar

from aos_cli.core.events import Event, event
from aos_cli.core.records import dataclass


@event
@dataclass(frozen=True)
class ForceAdded(Event):
    """A force of the set-up: its models, and the models lost that Break it (half, rounded
    up)."""

    kind: ClassVar[str] = "mesbg-force"
    speaks: ClassVar[bool] = True

    force: str
    models: int
    broken_at: int


@event
@dataclass(frozen=True)
class HeroJoined(Event):
    """A Hero joins a force with its stores (`stores`: Might, Will, Fate, Wounds)."""

    kind: ClassVar[str] = "mesbg-hero"
    speaks: ClassVar[bool] = True

    hero: str
    force: str
    stores: tuple[int, ...]


@event
@dataclass(frozen=True)
class StoreSpent(Event):
    """A Hero spends points of a store (§2.4): how many, and how many are left."""

    kind: ClassVar[str] = "mesbg-spent"
    speaks: ClassVar[bool] = True

    hero: str
    store: str
    amount: int
    left: int


@event
@dataclass(frozen=True)
class HeroRestored(Event):
    """A Hero's stores restored or changed by a correction, as they now stand."""

    kind: ClassVar[str] = "mesbg-restored"
    speaks: ClassVar[bool] = True

    hero: str
    stores: tuple[int, ...]


@event
@dataclass(frozen=True)
class WarriorsLost(Event):
    """Warriors of a force lost (its models slain)."""

    kind: ClassVar[str] = "mesbg-warriors-lost"
    speaks: ClassVar[bool] = True

    force: str
    lost: int


@event
@dataclass(frozen=True)
class ForceBroken(Event):
    """A force reaches its break point: half its models or more lost."""

    kind: ClassVar[str] = "mesbg-broken"
    speaks: ClassVar[bool] = True

    force: str
    lost: int
    models: int


@event
@dataclass(frozen=True)
class PowerCast(Event):
    """A magical power cast (§2.2-§2.5): `outcome` is `effect`, `resisted` or `failed`; on a
    target hero it took effect on, what it did: a store changed (`store`, the signed `change`,
    `store_left`), or a hit on the wound chart (`hit_strength`; `hit_need` empty: it cannot
    wound), Courage lost, conditions (`effects` true: the power's own effects were given)."""

    kind: ClassVar[str] = "mesbg-cast"
    speaks: ClassVar[bool] = True

    caster: str
    power: str
    outcome: str
    target: str
    store: str = ""
    change: int = 0
    store_left: int = 0
    effects: bool = False
    hit_strength: int = 0
    hit_need: str = ""
    hit_dice: tuple[int, ...] = ()
    hit_lost: int = 0
    wounds_left: int = 0
    courage: int = 0
    courage_total: int = 0
    conditions: tuple[str, ...] = ()


@event
@dataclass(frozen=True)
class FateRolled(Event):
    """Fate against a Wound (digest §5): the dice, one per point; a 4+ (`needed`) ignores it,
    else the Wound is lost; the Wounds and Fate left."""

    kind: ClassVar[str] = "mesbg-fate"
    speaks: ClassVar[bool] = True

    hero: str
    dice: tuple[int, ...]
    needed: int
    saved: bool
    wounds: int
    fate: int


@event
@dataclass(frozen=True)
class FightWon(Event):
    """A Fight between two heroes (§5): the winner, the loser, the Might each spent (names and
    points, in side order), the Wounds the loser lost and whether it backs away 1"."""

    kind: ClassVar[str] = "mesbg-fight"
    speaks: ClassVar[bool] = True

    winner: str
    loser: str
    might_by: tuple[str, ...]
    might: tuple[int, ...]
    wounds_lost: int
    backs_away: bool


@event
@dataclass(frozen=True)
class Barged(Event):
    """mesbg §1 Barge: the Monster won and strikes no one; the loser backs away 3" (or is
    knocked to the ground); the Monster may move `move`" and charge again."""

    kind: ClassVar[str] = "mesbg-barge"
    speaks: ClassVar[bool] = True

    monster: str
    loser: str
    move: int
    knocked: bool


@event
@dataclass(frozen=True)
class PriorityRolledMesbg(Event):
    """The Priority phase (digest §5): each pair of D6 (Good's first, flattened) and the side
    that has Priority this turn."""

    kind: ClassVar[str] = "mesbg-priority"
    speaks: ClassVar[bool] = True

    rolls: tuple[int, ...]
    side: str


@event
@dataclass(frozen=True)
class ParalyseRolled(Event):
    """mesbg §3 #21: a paralysed hero's dice to recover: a 6 and it stands up."""

    kind: ClassVar[str] = "mesbg-paralyse"
    speaks: ClassVar[bool] = True

    hero: str
    dice: tuple[int, ...]
    recovered: bool


@event
@dataclass(frozen=True)
class PhaseBegunMesbg(Event):
    """A phase of the turn begins (Priority, Move, Shoot, Fight, End)."""

    kind: ClassVar[str] = "mesbg-phase"
    speaks: ClassVar[bool] = True

    phase: str


@event
@dataclass(frozen=True)
class StandsUp(Event):
    """A hero knocked to the ground stands up in its next move."""

    kind: ClassVar[str] = "mesbg-stands-up"
    speaks: ClassVar[bool] = True

    hero: str


@event
@dataclass(frozen=True)
class PowerEnded(Event):
    """A power in force ends (§2.5): a temporary one in the End phase (`why` `temporary`), an
    exhausting one when its caster has no Will left (`why` `no-will`)."""

    kind: ClassVar[str] = "mesbg-power-ended"
    speaks: ClassVar[bool] = True

    power: str
    caster: str
    why: str


@event
@dataclass(frozen=True)
class BattleEnded(Event):
    """A force reduced to a quarter of its models ends the battle: each force's models lost
    and models, and the winner (empty: a draw)."""

    kind: ClassVar[str] = "mesbg-battle-ended"
    speaks: ClassVar[bool] = True

    forces: tuple[str, ...]
    lost: tuple[int, ...]
    models: tuple[int, ...]
    winner: str


@event
@dataclass(frozen=True)
class TurnBegunMesbg(Event):
    """The next turn begins."""

    kind: ClassVar[str] = "mesbg-turn"
    speaks: ClassVar[bool] = True

    turn: int


@event
@dataclass(frozen=True)
class HeroSlain(Event):
    """A Hero on 0 Wounds is slain and counts as a model lost."""

    kind: ClassVar[str] = "mesbg-hero-slain"
    speaks: ClassVar[bool] = True

    hero: str
