"""Middle-earth's words in the player's language: the heroes' stores, the sides, the phases,
how long a power lasts, and the powers' names (content keeps its own, translated in its record).

The game's records and `--json` keep the English ids (`might`, `good`, `move`); only what a
player reads goes through these."""

from __future__ import annotations

from functools import cache

from aos_cli.language.i18n import N_, _, language

STORE_NAMES: dict[str, str] = {
    "might": N_("Might"),
    "will": N_("Will"),
    "fate": N_("Fate"),
    "wounds": N_("Wounds"),
}
"""A hero's stores (mesbg §2: Мощь, Воля, Судьба in the Russian fragment) and its Wounds."""

SIDE_NAMES: dict[str, str] = {"good": N_("Good"), "evil": N_("Evil")}
"""The two sides of every Fight (the Russian fragment's Свет and Тьма)."""

PHASE_NAMES: dict[str, str] = {
    "priority": "Priority phase",
    "move": "Move phase",
    "shoot": "Shoot phase",
    "fight": "Fight phase",
    "end": "End phase",
}
"""The phases of a Middle-earth turn, by id (digest §5), as the rules records name them in
English; other languages read the records' own translations (`aos rules show` names them so)."""

DURATION_NAMES: dict[str, str] = {
    "instant": N_("instant"),
    "temporary": N_("temporary"),
    "exhausting": N_("exhausting"),
}
"""How long a power lasts (mesbg §2.5: Мгновенное, Временное, Истощаемое)."""


def store_name(store: str) -> str:
    """`might` → "Might" in the chosen language."""
    english = STORE_NAMES.get(store)
    return _(english) if english else store


def side_name(side: str) -> str:
    """`good` → "Good" in the chosen language."""
    english = SIDE_NAMES.get(side)
    return _(english) if english else side


def phase_name(phase: str) -> str:
    """`move` → "Move phase" in the chosen language (its rules record's name)."""
    english = PHASE_NAMES.get(phase, phase)
    if language() == "en":
        return english
    return _content_names(language())[1].get(phase, english)


def duration_name(duration: str) -> str:
    """`temporary` → "temporary" in the chosen language."""
    english = DURATION_NAMES.get(duration)
    return _(english) if english else duration


def power_name(name: str) -> str:
    """A power's name as its rules record gives it in the chosen language (the record's own
    English name, as recorded in the game, otherwise); the rules are read only when needed."""
    if language() == "en":
        return name
    return _content_names(language())[0].get(name.casefold(), name)


@cache
def _content_names(code: str) -> tuple[dict[str, str], dict[str, str]]:
    """The powers by English name (casefolded) and the phases by id, named in language `code`
    (the current one) by the Middle-earth rules records."""
    from aos_cli.content import load_database

    try:
        rules = load_database().ruleset("mesbg")
    except Exception:  # the rules cannot be read: the recorded English names are still right
        return {}, {}
    powers = {spell.name.casefold(): spell.shown("name") for spell in rules.spells}
    return powers, {phase.id: phase.shown("name") for phase in rules.phases}


def power_title(power_id: str) -> str:
    """A power named by its id (as a hero's profile lists its powers), in the chosen language;
    the id itself when the rules cannot be read."""
    return _power_ids(language()).get(power_id, power_id)


@cache
def _power_ids(code: str) -> dict[str, str]:
    """The powers by id, named in language `code` (the current one)."""
    from aos_cli.content import load_database

    try:
        rules = load_database().ruleset("mesbg")
    except Exception:  # the rules cannot be read: the ids are shown
        return {}
    return {spell.id: spell.shown("name") for spell in rules.spells}


ACTION_NAMES: dict[str, str] = {
    "force": N_("a force added"),
    "hero": N_("a hero added"),
    "spend": N_("points spent"),
    "restore": N_("points restored"),
    "lose": N_("warriors lost"),
    "cast": N_("a magical power cast"),
    "fate": N_("a Fate roll"),
    "duel": N_("a duel"),
    "end_phase": N_("the End phase"),
    "priority": N_("the Priority roll"),
    "phase": N_("a new phase"),
}
"""The recorded hero actions (`op`), as `aos hero undo` names the one it takes back."""


def action_name(op: object) -> str:
    """A recorded action's `op` as the player reads it."""
    english = ACTION_NAMES.get(str(op))
    return _(english) if english else str(op)
