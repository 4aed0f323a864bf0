"""The game session every in-game command acts through: dice recorded, conflicts retried."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from aos_cli.app.session import Session, open_game
from aos_cli.core.dice import DiceSource, ScriptedDice
from aos_cli.store import Store


def test_an_action_is_recorded_with_the_dice_its_attempt_rolled(tmp_path: Path) -> None:
    """DESIGN principle 2: the dice an action rolled are stored with it."""
    with Store(tmp_path / "games.sqlite3") as store:
        game = store.create_game("dice", {"system": "mesbg"}, system="mesbg")

        def attempt(dice: DiceSource) -> tuple[dict[str, Any], list[int]]:
            rolled = dice.roll(2, "test")
            return {"rolled": rolled}, rolled

        rolled = Session(store, game).perform_with("test", attempt, ScriptedDice([4, 6]))
        assert rolled == [4, 6]
        assert [a.dice for a in store.actions(game)] == [[4, 6]]


def test_a_conflicting_change_retries_with_the_dice_already_rolled(tmp_path: Path) -> None:
    """Another terminal acting meanwhile makes the action replay and record again; the dice the
    players saw are used again, not rolled anew (issue 5)."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        game = store.create_game("race", {"system": "mesbg"}, system="mesbg")
    attempts: list[list[int]] = []

    def attempt(dice: DiceSource) -> tuple[dict[str, Any], None]:
        attempts.append(dice.roll(1, "test"))
        if len(attempts) == 1:
            with Store(db) as other:  # another terminal appends first
                other.append(game, "other", {}, [])
        return {}, None

    with open_game(db, str(game)) as session:
        session.perform_with("test", attempt, ScriptedDice([3, 5]))
        kinds = [a.kind for a in session.store.actions(game)]
    assert attempts == [[3], [3]]
    assert kinds == ["other", "test"]


def test_two_terminals_casting_and_losing_in_middle_earth_lose_nothing(tmp_path: Path) -> None:
    """`aos hero` goes through the same session: two processes acting at once keep every
    action (it used to append without the conflict retry)."""
    db = tmp_path / "games.sqlite3"
    script = (
        "import sys\n"
        "from aos_cli.cli.app import main\n"
        "for _ in range(6):\n"
        "    try:\n"
        "        main(['hero', 'lose', '1', '--db', sys.argv[1], '--json'])\n"
        "    except SystemExit as stop:\n"
        "        assert not stop.code, stop.code\n"
    )
    subprocess.run(
        [sys.executable, "-m", "aos_cli", "hero", "new-force", "Moria", "--models", "40",
         "--db", str(db)],
        check=True, capture_output=True,
    )  # fmt: skip
    runs = [
        subprocess.Popen([sys.executable, "-c", script, str(db)], stdout=subprocess.DEVNULL)
        for _ in range(2)
    ]
    assert [run.wait(timeout=120) for run in runs] == [0, 0]
    with Store(db) as store:
        game = store.current_game_id()
        assert game is not None
        lost = [a for a in store.actions(game) if a.payload.get("op") == "lose"]
    assert len(lost) == 12
