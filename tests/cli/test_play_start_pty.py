"""`aos play` on a fresh machine: with no game yet it sets one up between the demo armies, as
the README and the "no current game" hint promise (issue 13 item 17)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli.test_play_pty import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_play_with_no_game_yet_sets_up_the_demo_armies(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    term = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--seed", "5"])
    term.expect("No game yet: setting one up between the demo armies")
    term.expect("Battleplan [Enter: First Blood]")
    term.type("q")
    term.expect("Set-up stopped")
    assert term.close() == 0
