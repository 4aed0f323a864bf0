"""Words of the game the views print in the player's language: phase names by their ids, and
the yes and no a player types at a prompt (and the hint that offers them)."""

from __future__ import annotations

from aos_cli.core.answers import fold
from aos_cli.core.phase_names import PHASE_NAMES
from aos_cli.language.i18n import N_, _, language

__all__ = [
    "MORALE_CHARACTERISTICS",
    "PHASE_NAMES",
    "YES_NO_WORDS",
    "phase_name",
    "read_yes_no",
    "yes_no_hint",
    "yes_no_retry",
]

MORALE_CHARACTERISTICS = (N_("Bravery"), N_("Leadership"), N_("Courage"))
"""Each system's morale characteristic (`GameSystem.morale.bravery_name`), named in the catalogues."""


def phase_name(phase: str) -> str:
    """A phase id as the player reads it, in the chosen language: `combat` → "combat phase"
    (the core's `phase_name` said now)."""
    from aos_cli.core.phase_names import phase_name as named

    return str(named(phase))


YES_NO_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "en": (("y", "yes"), ("n", "no")),
    "hu": (("i", "igen"), ("n", "nem")),
    "it": (("s", "si", "sì"), ("n", "no")),
    "tr": (("e", "evet"), ("h", "hayır")),
    "ru": (("д", "да"), ("н", "нет")),
}
"""What a player types for yes and for no, per language; English is understood in every one."""


def yes_no_hint(default: bool | None = None) -> str:
    """The answers a yes/no prompt offers, in the chosen language: `[y/n]`, or `[Y/n]` and
    `[y/N]` with the answer Enter gives in capitals."""
    if default is None:
        return _("[y/n]")
    return _("[Y/n]") if default else _("[y/N]")


def yes_no_retry() -> str:
    """The line shown when a yes/no answer was neither."""
    return _("Please answer y or n.")


def read_yes_no(text: str) -> bool | None:
    """A typed yes or no, in English or the chosen language, any case (`Igen`, `EVET`, `Да`);
    None when the answer is neither."""
    typed = fold(text)
    for code in dict.fromkeys(("en", language())):
        yes, no = YES_NO_WORDS.get(code, ((), ()))
        if typed in map(fold, yes):
            return True
        if typed in map(fold, no):
            return False
    return None
