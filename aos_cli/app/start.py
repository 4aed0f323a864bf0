"""Starting a game: the army lists and battleplan it is fought with (the given ones or a
system's bundled demo armies), and what the players do first once it is set up."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from aos_cli.core.errors import InputError

if TYPE_CHECKING:
    from aos_cli.store import Store

DEMO_ARMIES = ("stormcast-demo.yaml", "nighthaunt-demo.yaml")
SYSTEM_ARMIES: dict[str, tuple[str, str]] = {
    "aos2": DEMO_ARMIES,
    "aos1": ("stormcast-aos1-demo.yaml", "nighthaunt-aos1-demo.yaml"),
    "wh40k8": ("death-guard-wh40k8-demo.yaml", "space-marines-wh40k8-demo.yaml"),
}
"""The bundled demo army lists of each game system (issue 8)."""
SYSTEM_BATTLEPLANS = {
    "aos2": "first-blood",
    "aos1": "glorious-victory",
    "wh40k8": "only-war-domination",
}
"""The battleplan a new game of each system is fought on unless one is given."""
FIRST_STEP = {
    "aos1": "The player who finished set-up first chooses who goes first with "
    "`aos priority --first SIDE`.",
    "wh40k8": "The Underdog chooses who goes first in every round with "
    "`aos priority --first SIDE`.",
}
"""What the players do first in a new game of a system, when it is not a priority roll."""


def bundled_armies(system: str = "aos2") -> list[Path]:
    """The demo army lists of a system, from the installed package data or the source tree."""
    from aos_cli.content.loader import bundled_dirs
    from aos_cli.core.errors import ContentError

    names = SYSTEM_ARMIES.get(system)
    if names is None:
        raise InputError(
            f"--system: no demo armies for {system!r}", f"use {', '.join(SYSTEM_ARMIES)}"
        )
    for folder in bundled_dirs():
        armies = folder / "armies"
        if all((armies / name).is_file() for name in names):
            return [armies / name for name in names]
    raise ContentError("the demo armies are missing", "reinstall aos-cli")


def armies_for(
    army: list[Path] | None, system: str | None, battleplan: str | None
) -> tuple[list[Path], str]:
    """The army lists and battleplan of a new game: the given lists (which must be of
    `system` when one is named), or the bundled demo armies of `system`."""
    from aos_cli.content import load_army, load_database

    if army:
        if len(army) != 2:
            raise InputError(f"--army: {len(army)} army lists given", "give --army twice")
        if system is not None:
            db = load_database()
            found = {load_army(Path(p), db).system for p in army}
            if found != {system}:
                raise InputError(
                    f"--system {system}: the army lists are for {', '.join(sorted(found))}",
                    "give army lists of that system, or leave out --army for its demo armies",
                )
        key = system or "aos2"
    else:
        key = system or "aos2"
        army = bundled_armies(key)
    return list(army), battleplan or SYSTEM_BATTLEPLANS.get(key, "first-blood")


def save_game(store: Store, setup: dict[str, Any]) -> int:
    """Save a new game's set-up; it becomes the current game."""
    return store.create_game(setup["name"], setup, setup.get("system", "aos2"))


def first_step(setup: dict[str, Any]) -> str:
    """What the players do first in a new game."""
    return FIRST_STEP.get(
        str(setup.get("system", "aos2")), "Roll priority for battle round 1 with `aos priority`."
    )
