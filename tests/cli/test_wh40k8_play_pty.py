"""A whole guided 40k game in `aos play` on a pseudo-terminal, set-up to result (issue 18)."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

import pytest

from tests.cli.test_play_pty import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def expect_any(term: Terminal, texts: tuple[str, ...], timeout: float = 30.0) -> str:
    """Wait for the first of `texts` to appear; which one it was."""
    deadline = time.monotonic() + timeout
    while True:
        for text in texts:
            if text in term.seen:
                return text
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"never saw any of {texts!r}; saw:\n{term.seen[-2000:]}")
        ready, _, _ = select.select([term.master], [], [], left)
        if ready:
            try:
                chunk = os.read(term.master, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                raise AssertionError(f"process ended before {texts!r}:\n{term.seen[-2000:]}")
            term.seen += chunk.decode(errors="replace")


def test_wh40k8_whole_guided_game_asks_objectives_at_end_of_turn(tmp_path: Path) -> None:
    """40k8 §17.3: objectives are held at the end of each turn; `aos play` asks the model
    counts where they arise and the game reaches its result without leaving play."""
    db = tmp_path / "games.sqlite3"
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--system", "wh40k8",
         "--dice", "auto", "--seed", "5"]
    )  # fmt: skip
    asked, chose = 0, False
    for _ in range(400):
        seen = expect_any(
            term, ("Battle report", "models are within", "[y/n]", "Underdog", "Choose"), 60
        )
        if seen == "Battle report":
            break
        if seen == "models are within":
            asked += 1
            term.type("1")
        elif seen == "Underdog" and not chose:
            chose = True
            term.expect("Choose")
            term.type("1")
        elif seen == "[y/n]":
            ending = "first turn" in term.seen or "End the" in term.seen
            term.type("y" if ending else "n")
        else:
            assert "nothing was recorded" not in term.seen, term.seen[-2000:]
            term.type("n")
    else:
        raise AssertionError("the game never ended")
    assert asked >= 4
    assert term.close() == 0
