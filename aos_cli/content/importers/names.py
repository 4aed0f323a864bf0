"""A unit's name as a roster or Warscroll Builder writes it → the database's warscroll.

Certain matches are taken: the same words regardless of case, punctuation and plural endings;
"with" and "on" forms and small joining words aside ("Celestial Hurricanum With Celestial
Battlemage"); the faction's own name added or left out ("Gaunt Summoner" for "Gaunt Summoner of
Tzeentch", "Chaos Chosen" for "Chosen"); a custom name before the warscroll's ("Krosvagg the
Spiteful - Gatebreaker Mega-Gargant"); the known renamings between the two programs. A close
spelling (one letter off) is taken too, but said in the report; anything looser is only
proposed, with the closest names.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from aos_cli.core.records import dataclass

RENAMED = {
    "skeleton warrior": "deathrattle skeleton",
    "zombie": "deadwalker zombie",
    "dire wolf": "deadwalker dire wolf",
    "grave guard": "deathrattle grave guard",
    "black knight": "deathrattle black knight",
    "corpse cart": "deadwalker corpse cart",
    "vulkite bezerker": "vulkite berzerker",
    "chainrasp": "chainrasp horde",
}
"""Warscroll Builder's name → BattleScribe's (as keys), where the two programs differ."""

_JOINING = {"with", "on", "and", "the", "of", "a", "an", "in"}
_ALLIANCES = frozenset({"order", "chaos", "death", "destruction"})
CLOSE = 0.9
"""Similarity from which a spelling is taken as the same name (and said in the report)."""


def key(name: str) -> str:
    """Names compared regardless of case, punctuation and plural endings."""
    words = re.findall(r"[a-z0-9]+", name.lower().replace("'", "").replace("\u2019", ""))
    return " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)


def _core(name: str) -> frozenset[str]:
    return frozenset(w for w in key(name).split() if w not in _JOINING)


@dataclass(frozen=True)
class Match:
    """What a name was matched to and how: `exact`, `form` (words aside), `faction`,
    `renamed`, `custom` (a custom name before it), or `close` (a spelling: reported)."""

    scroll: Any
    how: str


def _candidates(scrolls: list[Any], test: Any) -> list[Any]:
    found = [s for s in scrolls if test(s)]
    imported = [s for s in found if str(s.id).endswith("-imported")]
    return imported if imported and len(found) - len(imported) <= len(imported) else found


def match(scrolls: list[Any], name: str) -> Match | None:
    """The warscroll a written name means, or None when no certain or close match is found.

    Among several warscrolls of one name, the imported one (the catalogue's, whose choices a
    roster records) is taken."""
    wanted = key(name)
    if not wanted:
        return None
    steps: list[tuple[str, Any]] = [
        ("exact", lambda s: wanted in (key(s.name), key(s.id))),
        ("renamed", lambda s: RENAMED.get(wanted, "\0") == key(s.name)),
        ("form", lambda s: _core(name) == _core(s.name) and bool(_core(name))),
        (
            "faction",
            lambda s: (
                bool(_core(name) - _core(s.faction) - _ALLIANCES)
                and _core(name) - _core(s.faction) - _ALLIANCES
                == _core(s.name) - _core(s.faction) - _ALLIANCES
            ),
        ),
    ]
    for how, test in steps:
        found = _candidates(scrolls, test)
        if len(found) == 1:
            return Match(found[0], how)
        if len({s.name for s in found}) == 1 and found:
            return Match(found[0], how)
    for separator in (" - ", " – ", ": "):
        if separator in name:
            tail = name.split(separator)[-1]
            inner = match(scrolls, tail)
            if inner is not None and inner.how != "close":
                return Match(inner.scroll, "custom")
    keys: dict[str, Any] = {}
    for scroll in scrolls:
        keys.setdefault(key(scroll.name), scroll)
    close = difflib.get_close_matches(wanted, list(keys), n=2, cutoff=CLOSE)
    if len(close) == 1 or (
        close and difflib.SequenceMatcher(None, wanted, close[0]).ratio() > 0.95
    ):
        return Match(keys[close[0]], "close")
    return None


def closest(scrolls: list[Any], name: str, n: int = 3) -> list[str]:
    """The names most like `name` (proposed, never taken), shared words first."""
    by_key = {key(s.name): s.name for s in scrolls}
    words = _core(name)
    sharing = sorted(
        (s.name for s in scrolls if words and words <= _core(s.name)), key=lambda x: (len(x), x)
    )
    close = [by_key[k] for k in difflib.get_close_matches(key(name), list(by_key), n=n, cutoff=0.5)]
    return list(dict.fromkeys([*sharing, *close]))[:n]
