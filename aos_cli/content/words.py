"""The bundled content's own words in a language: every name and text a record translates,
keyed by its English, so a name or rule text carried in a game's snapshot (an ability's
reminder, a weapon in an attack line, a command trait chosen at set-up) is shown in the
player's language wherever it is pasted (issue 28 item 1). Content without translations (most
imported content) keeps its own words."""

from __future__ import annotations

import functools
from typing import Any

_FIELDS = ("name", "text")
"""The fields whose English is looked up; the others are shown by the records themselves."""


@functools.cache
def words_of(code: str) -> dict[str, str]:
    """English name or text → its translation in `code`, for every record of the content that
    translates it (the first record wins where two translate the same English)."""
    from aos_cli.content import load_database
    from aos_cli.core.errors import ContentError

    try:
        db = load_database()
    except ContentError:
        return {}
    found: dict[str, str] = {}
    for records in (db.rulesets, db.warscrolls, db.allegiances, db.battalions, db.battleplans):
        for key in list(records):
            _walk(records.data(key), code, found)
    return found


def _walk(node: Any, code: str, found: dict[str, str]) -> None:
    """Note the translations in `code` of `node` and of every record within it."""
    if isinstance(node, dict):
        translation = (node.get("translations") or {}).get(code) or {}
        for field in _FIELDS:
            own, said = node.get(field), translation.get(field)
            if isinstance(own, str) and isinstance(said, str) and own != said:
                found.setdefault(own, said)
        for key, value in node.items():
            if key != "translations":
                _walk(value, code, found)
    elif isinstance(node, list):
        for item in node:
            _walk(item, code, found)
