"""Phase names by their ids, meant in the player's language: shared by core's rule errors and
the views (`aos_cli.views.words.phase_name` says one). Age of Sigmar's phases and the moments
every system shares are named here; another system names its own phases in its light
package's `INFO.phase_names` (40k8's psychic, fight and morale phases)."""

from __future__ import annotations

from functools import cache

from aos_cli.core.phases import Phase
from aos_cli.language.i18n import N_
from aos_cli.language.text import Text, tr

PHASE_NAMES: dict[str, str] = {
    "pre_battle": N_("before the battle"),
    "start_of_battle_round": N_("start of the battle round"),
    Phase.HERO: N_("hero phase"),
    Phase.MOVEMENT: N_("movement phase"),
    Phase.SHOOTING: N_("shooting phase"),
    Phase.CHARGE: N_("charge phase"),
    Phase.COMBAT: N_("combat phase"),
    Phase.BATTLESHOCK: N_("battleshock phase"),
    "end_of_turn": N_("end of the turn"),
}
"""Age of Sigmar's phase ids (AoS2 §6, the 1st edition's are the same) and the moments outside
a phase, with their English names."""


@cache
def systems_phase_names() -> dict[str, str]:
    """The other systems' phase names (their `INFO.phase_names`), read from their light
    packages once, in listing order: the first system to name an id names it."""
    from aos_cli.core.system import all_system_infos

    found: dict[str, str] = {}
    for info in all_system_infos():
        for phase, english in info.phase_names:
            found.setdefault(phase, english)
    return found


def phase_name(phase: str) -> str | Text:
    """A phase id as the player reads it: `combat` → "combat phase" (a text, said in the
    chosen language when shown); an id no system names is shown as it is."""
    english = PHASE_NAMES.get(phase) or systems_phase_names().get(phase)
    return tr(english) if english else phase.replace("_", " ")
