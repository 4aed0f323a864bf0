"""A seeded demo battle played into a games database, every action stored with its dice,
answers and events as `aos play` stores them (for tests that read a whole game back)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

from aos_cli.app.autoplay import AutoPlayer
from aos_cli.app.setup import build_setup
from aos_cli.app.start import starting_armies
from aos_cli.core.actions import Applied, apply_action
from aos_cli.core.dice import RecordingDice, SeededDice
from aos_cli.core.system import get_system
from aos_cli.core.turn import new_game
from aos_cli.store import Store


def play_stored_demo(db: Path, seed: int, system: str | None = None) -> int:
    """Play the system's demo armies against each other with `seed` into `db`; the game's id."""
    start = starting_armies(None, system, None)
    setup = build_setup(
        start.armies, start.battleplan, name="Demo battle", dice=SeededDice(seed), db=start.db
    )
    played = get_system(setup.get("system"))
    make: Any = AutoPlayer
    if played.demo_player:  # a system whose phases are not Age of Sigmar's plays its own
        module, _sep, attribute = played.demo_player.partition(":")
        make = getattr(importlib.import_module(module), attribute)
    source = SeededDice(seed)
    module = sys.modules[make.__module__]
    applied: list[Applied] = []

    def applying(*args: Any, **kwargs: Any) -> Applied:
        """The rules' `apply_action`, keeping what it gives the store."""
        applied.append(apply_action(*args, **kwargs))
        return applied[-1]

    with Store(db) as store:
        game = store.create_game("demo", setup)

        class Stored(make):  # type: ignore[misc,valid-type]
            """The demo's player, storing each action the rules accepted."""

            def do(self, kind: str, payload: dict[str, Any], known: Any = None) -> bool:
                recorder = RecordingDice(source)
                self.dice = recorder
                applied.clear()
                done = bool(super().do(kind, payload, known))
                if done:
                    store.append(game, kind, dict(applied[-1].stored), recorder.rolled)
                return done

        module.apply_action = applying
        try:
            Stored(new_game(setup), source, seed, lambda heading, notes: None).play_battle()
        finally:
            module.apply_action = apply_action
    return game
