"""Words of the game the views print in the player's language: phase names by their ids."""

from __future__ import annotations

from aos_cli.core.phase_names import PHASE_NAMES, phase_name
from aos_cli.language.i18n import N_

__all__ = ["MORALE_CHARACTERISTICS", "PHASE_NAMES", "phase_name"]

MORALE_CHARACTERISTICS = (N_("Bravery"), N_("Leadership"), N_("Courage"))
"""Each system's morale characteristic (`GameSystem.bravery_name`), named in the catalogues."""
