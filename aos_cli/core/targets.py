"""What a spell, prayer or ability may be aimed at, and the one check made before any die.

Every spell, prayer and ability declares in its data whom it picks (AoS2 §21, §15): an enemy
unit, a friendly unit (the unit itself included), only itself, or any unit; the keywords the
unit must have; the range the players are asked about. `aimed_at` checks the target named with
the action against that declaration (`aos_cli.core.guards.aimed_at`) and returns the unit the
effects land on.
"""

from __future__ import annotations

from typing import Any

from aos_cli.core.records import dataclass
from aos_cli.language.text import Join, Text, Value, tr

SIDES = ("enemy", "friendly", "self", "any")
"""Whose unit may be picked: `self` is the unit using it; `friendly` includes that unit."""


@dataclass(frozen=True)
class TargetRule:
    """Whom a spell, prayer or ability picks: the side, keywords (all of `keywords`, one of
    `any_keywords`) and the range in inches the players are asked about (None: not asked),
    with `visible` when the unit must also be visible to the one using it."""

    side: str = "self"
    keywords: tuple[str, ...] = ()
    any_keywords: tuple[str, ...] = ()
    range: int | None = None
    visible: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TargetRule | None:
        """The rule of a set-up snapshot; None for a snapshot taken before targets were
        declared (such a game keeps the old, unchecked behaviour so it replays unchanged)."""
        if data is None:
            return None
        return cls(
            side=str(data.get("side", "self")),
            keywords=tuple(str(k).upper() for k in data.get("keywords", ())),
            any_keywords=tuple(str(k).upper() for k in data.get("any_keywords", ())),
            range=None if data.get("range") is None else int(data["range"]),
            visible=bool(data.get("visible", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        """The snapshot form of this rule (`visible` only when it is asked)."""
        found: dict[str, Any] = {
            "side": self.side,
            "keywords": list(self.keywords),
            "any_keywords": list(self.any_keywords),
            "range": self.range,
        }
        if self.visible:
            found["visible"] = True
        return found

    def describe(self) -> Text:
        """`an enemy unit within 12"`, `a friendly STORMCAST ETERNAL unit`, `itself`: a text,
        said in the chosen language when shown."""
        if self.side == "self":
            return tr("itself")
        keywords: list[Value] = list(self.keywords)
        if len(self.any_keywords) > 1:
            *some, last = self.any_keywords
            keywords.append(tr("{some} or {last}", some=Join(tuple(some)), last=last))
        elif self.any_keywords:
            keywords.append(self.any_keywords[0])
        named = Join(tuple(keywords), " ")
        if keywords and self.side == "enemy":
            text = tr("an enemy {keywords} unit", keywords=named)
        elif keywords and self.side == "friendly":
            text = tr("a friendly {keywords} unit", keywords=named)
        elif keywords:
            text = tr("a {keywords} unit", keywords=named)
        elif self.side == "enemy":
            text = tr("an enemy unit")
        elif self.side == "friendly":
            text = tr("a friendly unit")
        else:
            text = tr("a unit")
        if self.range is not None:
            text = tr('{target} within {range}"', target=text, range=self.range)
        if self.visible:
            text = tr("{target}, visible to it", target=text)
        return text
