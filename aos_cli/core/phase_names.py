"""Phase names by their ids, meant in the player's language: shared by core's rule errors and
the views (`aos_cli.views.words.phase_name` says one)."""

from __future__ import annotations

from enum import StrEnum

from aos_cli.language.i18n import N_
from aos_cli.language.text import Text, tr


class Phase(StrEnum):
    """Age of Sigmar 2nd edition's phases, in turn order (AoS2 §6); stored as their strings.
    Other systems name theirs in their own packages (40k8's `Phase40k`, AoS1's `PhaseAoS1`)."""

    HERO = "hero"
    MOVEMENT = "movement"
    SHOOTING = "shooting"
    CHARGE = "charge"
    COMBAT = "combat"
    BATTLESHOCK = "battleshock"


PHASE_NAMES: dict[str, str] = {
    "pre_battle": N_("before the battle"),
    "start_of_battle_round": N_("start of the battle round"),
    "hero": N_("hero phase"),
    "movement": N_("movement phase"),
    "psychic": N_("psychic phase"),
    "shooting": N_("shooting phase"),
    "charge": N_("charge phase"),
    "combat": N_("combat phase"),
    "fight": N_("fight phase"),
    "battleshock": N_("battleshock phase"),
    "morale": N_("morale phase"),
    "priority": N_("priority phase"),
    "move": N_("move phase"),
    "shoot": N_("shoot phase"),
    "end": N_("end phase"),
    "end_of_turn": N_("end of the turn"),
}
"""Each game system's phase ids (AoS, 40k, Middle-earth) and their English names."""


def phase_name(phase: str) -> str | Text:
    """A phase id as the player reads it: `combat` → "combat phase" (a text, said in the
    chosen language when shown); an id the table does not know is shown as it is."""
    english = PHASE_NAMES.get(phase)
    return tr(english) if english else phase.replace("_", " ")
