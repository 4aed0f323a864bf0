"""What a spell, prayer or ability may be aimed at, and the one check made before any die.

Every spell, prayer and ability declares in its data whom it picks (AoS2 §21, §15): an enemy
unit, a friendly unit (the unit itself included), only itself, or any unit; the keywords the
unit must have; the range the players are asked about. `aimed_at` checks the target named with
the action against that declaration (`aos_cli.core.guards.aimed_at`) and returns the unit the
effects land on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aos_cli.language.i18n import _

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

    def describe(self) -> str:
        """`an enemy unit within 12"`, `a friendly STORMCAST ETERNAL unit`, `itself`."""
        if self.side == "self":
            return _("itself")
        keywords = list(self.keywords)
        if len(self.any_keywords) > 1:
            *some, last = self.any_keywords
            keywords.append(_("{some} or {last}").format(some=", ".join(some), last=last))
        elif self.any_keywords:
            keywords.append(self.any_keywords[0])
        named = " ".join(keywords)
        if named:
            text = {
                "enemy": _("an enemy {keywords} unit"),
                "friendly": _("a friendly {keywords} unit"),
            }.get(self.side, _("a {keywords} unit"))
        else:
            text = {"enemy": _("an enemy unit"), "friendly": _("a friendly unit")}.get(
                self.side, _("a unit")
            )
        text = text.format(keywords=named)
        if self.range is not None:
            text = _('{target} within {range}"').format(target=text, range=self.range)
        if self.visible:
            text = _("{target}, visible to it").format(target=text)
        return text
