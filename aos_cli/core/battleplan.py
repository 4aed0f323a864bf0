"""A battleplan's rules as the engine uses them: typed plain values, built once at set-up.

The content schema (`aos_cli.content.schema.Battleplan.rules`) turns a validated YAML
battleplan into a `BattleplanRules`; the set-up stores it as plain data (`to_dict`) and the
engine reads it back (`from_dict`), so the core never parses YAML records and never imports
the content package. A set-up that names no battleplan rules plays by `DEFAULT_RULES`, the
core rules' own victory conditions (AoS2 §17.2).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from aos_cli.core.errors import RuleError
from aos_cli.core.records import dataclass
from aos_cli.language.text import Join, tr

EVENTS = (
    "model_slain",
    "general_slain",
    "first_model_slain",
    "end_of_your_turn",
    "end_of_turn",
    "end_of_battle_round",
    "end_of_battle",
)
"""When a rule scores. `end_of_your_turn` scores for the side whose turn ends; `end_of_turn`
scores for both sides at the end of every turn (40k8 §17.4 Domination)."""

PER = ("once", "model", "wounds_characteristic", "objective_controlled", "enemy_general_slain")
"""What a rule's points are counted per."""

AWARDS = ("victory_points", "command_points")
"""What a rule gives: victory points, or command points (First Blood, AoS2 §18)."""

RESULTS = ("major", "minor", "win", "draw")
"""A result's kind; `win` is a victory the rules do not grade (40k8 §17.9)."""

CONDITIONS = (
    "all_enemy_slain",
    "most_points",
    "points_at_least_ratio",
    "tied_points",
    "tied_points_underdog",
    "greater_percentage_slain",
)
"""The victory conditions the engine decides (AoS2 §17.2, §18, §19; AoS1 §5.1; 40k8 §17.9)."""

SIDE_OUT = ("no_models", "no_units_on_battlefield")
"""When a battle ends early because of one side: it has no models left at all (reserves are
still models of the army), or no unit left on the battlefield (AoS2 §18, AoS1 §5.1)."""

RESERVES_AT_END = ("slain", "not_in_army")
"""Units never set up at the end: they count as slain (AoS2 §5.2, 40k8 §17.5), or they were
never part of the army (AoS1 §4: what is not set up takes no part)."""


@dataclass(frozen=True)
class ScoringRule:
    """`points` for each `per` when `event` happens, for the models or objectives passing the
    filter (min Wounds, territory, keywords, the warlord's general); `award` says of what."""

    id: str
    event: str
    per: str = "once"
    points: str = "1"
    award: str = "victory_points"
    min_wounds: int | None = None
    territory: str | None = None
    keywords: tuple[str, ...] = ()
    warlord_general: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        _check(self.event, EVENTS, f"scoring rule {self.id!r}: event")
        _check(self.per, PER, f"scoring rule {self.id!r}: per")
        _check(self.award, AWARDS, f"scoring rule {self.id!r}: award")


@dataclass(frozen=True)
class VictoryRule:
    """Who wins and how much; checked in order, the first that holds decides (AoS2 §17.2)."""

    result: str
    condition: str
    ratio: float | None = None
    both: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        _check(self.result, RESULTS, "victory result")
        _check(self.condition, CONDITIONS, "victory condition")


@dataclass(frozen=True)
class ObjectiveSpec:
    """An objective marker of the battleplan; `control_range` None takes the system's own."""

    id: str
    name: str
    position: str = ""
    control_range: int | None = None
    territory: str | None = None
    """The territory of the map it lies in (Ill Met by Moonlight: one at the centre of each,
    seed 000 p.12): it counts as the territory of the coalition whose contingent sets up there."""
    placed_by: str = ""
    """The side that placed it at set-up, where the players place markers (40k8 §17.3)."""


@dataclass(frozen=True)
class BattleplanRules:
    """Everything the scoring engine needs of a battleplan, flags included (rules as data)."""

    id: str = ""
    name: str = ""
    rounds: int | None = None
    ends_when_a_side_has: str | None = None
    """`no_models` or `no_units_on_battlefield`; None: the battle lasts its rounds."""
    scoring: tuple[ScoringRule, ...] = ()
    victory: tuple[VictoryRule, ...] = ()
    objectives: tuple[ObjectiveSpec, ...] = ()
    moving_objectives: bool = False
    """Changing Priorities (AoS2 §19.2): the first objective moves with the first side, the
    second with the second, rolled at the start of every battle round."""
    objective_areas: int = 3
    """How many areas a moving objective's D6 picks from."""
    night_march: bool = False
    """Night March (AoS2 §19.1): 12" range in round one, perhaps round two."""
    one_objective_left: bool = False
    """Ancient Relic (40k8 §17.4): at the start of round one all markers but one random one go."""
    reserves_at_end: str = "slain"
    reserves_from_round: int | None = None
    """Any unit may wait in reserve and arrives without a roll from this round on (Coalition
    of Death, seed 000 p.12); None: the system's reserves (Scions of the Storm)."""
    contingents: int = 0
    """Each coalition is split into this many contingents, each set up wholly within its own
    territory of `territories` (Ill Met by Moonlight: 3 of 6, seed 000 p.12); 0: none."""
    territories: tuple[str, ...] = ()
    """The map's territories, named as the battleplan names them."""
    coalitions: bool = False
    """Two coalitions of three or more players, each with a warlord and each player a general
    (the Coalition of Death battleplans, seed 000 p.12)."""
    source: str = "battleplan"
    """`battleplan` (from its data) or `default` (the core rules, no battleplan rules given)."""

    def __post_init__(self) -> None:
        if self.ends_when_a_side_has is not None:
            _check(self.ends_when_a_side_has, SIDE_OUT, "battle_length.ends_when_a_side_has")
        _check(self.reserves_at_end, RESERVES_AT_END, "reserves_at_end")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data for the set-up snapshot (read back by `from_dict`)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BattleplanRules:
        """The rules stored by `to_dict`; a malformed snapshot is a RuleError, not a crash."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known) if isinstance(data, dict) else [type(data).__name__]
        if unknown:
            raise RuleError(
                tr(
                    "the game's battleplan rules cannot be read: {problem}",
                    problem=tr("unknown keys {keys}", keys=Join(tuple(unknown))),
                ),
                tr("start the game again with `aos game new`"),
            )
        try:
            values = dict(data)
            values["scoring"] = tuple(
                ScoringRule(**{**r, "keywords": tuple(r.get("keywords", ()))})
                for r in data.get("scoring", ())
            )
            values["victory"] = tuple(VictoryRule(**v) for v in data.get("victory", ()))
            values["objectives"] = tuple(ObjectiveSpec(**o) for o in data.get("objectives", ()))
            values["territories"] = tuple(str(t) for t in data.get("territories", ()))
            return cls(**values)
        except (TypeError, AttributeError) as problem:
            raise RuleError(
                tr("the game's battleplan rules cannot be read: {problem}", problem=str(problem)),
                tr("start the game again with `aos game new`"),
            ) from problem


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise RuleError(
            tr("{field} {value} is unknown", field=what, value=repr(value)),
            tr("use one of {names}", names=Join(allowed)),
        )


DEFAULT_RULES = BattleplanRules(
    ends_when_a_side_has="no_models",
    victory=(
        VictoryRule("major", "all_enemy_slain", text="AoS2 §17.2: every enemy model destroyed"),
        VictoryRule(
            "minor",
            "greater_percentage_slain",
            text="AoS2 §17.2: destroyed a greater share of the enemy than it lost",
        ),
    ),
    source="default",
)
"""AoS2 §17.2: a battle whose battleplan gives no victory conditions."""
