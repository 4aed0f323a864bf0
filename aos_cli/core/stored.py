"""The shapes of what a game stores as JSON: a set-up, an action's payload, its events.

The store writes and reads these with `json`; the rules read them through typed values
(`core.action_types`, `core.setup_value`), so no code passes an untyped `dict[str, Any]`."""

from __future__ import annotations

from typing import TypeAlias

Json: TypeAlias = "str | int | float | bool | list[Json] | dict[str, Json] | None"
"""A value JSON holds."""

JsonObject: TypeAlias = "dict[str, Json]"
"""A JSON object: a stored set-up, payload or event."""
