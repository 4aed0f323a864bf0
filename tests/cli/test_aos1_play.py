"""Age of Sigmar 1st edition at the table (issue 18 items 11-15): Sudden Death picked by the
right player, the general's command abilities without command points, cover after a charge,
the set-up of the four-page rules and shooting with the demo armies, through the real CLI
(`aos play` in a pseudo-terminal)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli.test_play_pty import Terminal, _menu_key
from tests.conftest import RunCli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _play(db: Path, *extra: str) -> Terminal:
    """`aos play` of a new AoS1 game of the demo armies, players' dice."""
    return Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--system", "aos1",
         "--dice", "manual", *extra]
    )  # fmt: skip


def _next_phase(term: Terminal) -> None:
    """`n`, confirming the end of the phase when units could still act."""
    from tests.cli.test_wh40k8_play_pty import expect_any

    term.type("n")
    if expect_any(term, ("Choose", "[y/n]")) == "[y/n]":
        term.type("y")


def prompt(term: Terminal, timeout: float = 60.0) -> str:
    """Read until the program waits for a line (its output ends with a prompt's ": ") and
    return that last line; all shown stays in `term.seen`."""
    import os
    import select
    import time

    deadline = time.monotonic() + timeout
    while True:
        if term.seen.endswith(": "):
            ready, _, _ = select.select([term.master], [], [], 0.3)
            if not ready:
                line = term.seen.rsplit("\n", 1)[-1]
                # A question right after a menu shares the menu's prompt line.
                return line if line.rstrip() == "Choose:" else line.rsplit("Choose: ", 1)[-1]
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no prompt; saw:\n{term.seen[-2000:]}")
        ready, _, _ = select.select([term.master], [], [], left)
        if ready:
            try:
                chunk = os.read(term.master, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                raise AssertionError(f"the program ended; saw:\n{term.seen[-2000:]}")
            term.seen += chunk.decode(errors="replace")


def _answer_until(term: Terminal, goal: str, replies: dict[str, str]) -> str:
    """Answer the questions on the way (the first reply whose text is in the question) until
    a prompt with `goal` appears; everything that was shown on the way."""
    shown = ""
    for _ in range(40):
        line = prompt(term)
        shown += term.seen
        if goal in line and (goal != "Choose" or line.rstrip() == "Choose:"):
            return shown
        reply = next((r for text, r in replies.items() if text in line), None)
        if reply is None:
            raise AssertionError(f"no reply for {line!r}; saw:\n{term.seen[-2000:]}")
        term.type(dice_reply(line, reply))
    raise AssertionError(f"never reached {goal!r}")


def dice_reply(line: str, reply: str) -> str:
    """A reply as typed: `*N` answers "Roll K dice" (or "Roll 1 die") with K dice of N."""
    import re

    if not reply.startswith("*"):
        return reply
    found = re.search(r"Roll (\d+) di", line)
    count = int(found.group(1)) if found else 1
    return " ".join([reply[1:]] * count)


def test_aos1_s5_2_assassinate_target_is_picked_by_the_opponent(tmp_path: Path) -> None:
    """AoS1 §5.2: the outnumbered player (the Stormcast, 12 models against 21) picks
    Assassinate, and the enemy player picks one of its own HERO, WIZARD, PRIEST or MONSTER
    units: only the Guardian of Souls is offered, and the question names Player Two."""
    term = _play(tmp_path / "g.sqlite3", "--quick")
    term.expect("Choose")
    term.type(_menu_key(term.seen, "Player One: Sudden Death - Assassinate"))
    term.expect("Player Two picks one of its own HERO, WIZARD, PRIEST or MONSTER")
    assert "Guardian of Souls" in term.seen
    assert "Chainrasp Horde" not in term.seen and "Skeleton Archers" not in term.seen
    term.type("1")
    term.expect("Choose")
    assert "Sudden Death: Assassinate (Guardian of Souls)" in term.seen
    term.type("q")
    assert term.close() == 0


def test_aos1_s7_2_lord_of_the_host_is_the_generals_free_command(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS1 §7.2: no command points; the general uses one command ability in its hero phase:
    `aos command "Lord of the Host"` needs no --unit (the general), costs nothing, and the
    Stormcast units within 24" take no battleshock test until the next hero phase (Liberators
    lose 2 models and do not test; the Judicators, out of range, do). The warscroll shows no
    CP cost, and AoS2's At the Double does not exist here."""
    db = str(tmp_path / "g.sqlite3")
    assert run_cli("game", "new", "--system", "aos1", "--db", db).exit_code == 0
    run_cli("priority", "--first", "Player One", "--db", db)
    used = run_cli("command", "Lord of the Host", "--db", db,
                   "--answer", "within-24:liberators=yes", "--answer", "within-24:judicators=no",
                   "--answer", "within-24:knight-incantor=no")  # fmt: skip
    assert used.exit_code == 0, used.stderr
    assert "Lord of the Host is in force on Lord-Celestant, Liberators" in used.stdout
    for unit in ("liberators", "judicators"):
        run_cli("adjust", unit, "--wounds", "4", "--db", db)
    for _ in range(5):
        run_cli("next", "--db", db)
    shock = run_cli("battleshock", "--db", db, "--seed", "1")
    assert shock.exit_code == 0, shock.stderr
    assert "Judicators: rolled" in shock.stdout and "Liberators" not in shock.stdout
    card = run_cli("warscroll", "show", "Lord-Celestant (1e)").stdout
    assert "CP" not in card and "Lord of the Host (the general's command)" in card
    double = run_cli("command", "At the Double", "--unit", "liberators", "--db", db)
    assert double.exit_code == 1 and "has no At the Double" in double.stderr


def test_aos1_s11_7_no_cover_question_for_a_unit_that_charged(tmp_path: Path) -> None:
    """AoS1 §11.7: cover is not added in the combat phase for a unit that made a charge move
    this turn, so `aos play` does not ask it: the Liberators charge (6 6 for 12, 5" away) and
    the Chainrasps strike back at them without the cover question."""
    term = _play(tmp_path / "g.sqlite3", "--quick")
    prompt(term)
    term.type(_menu_key(term.seen, "Player One (finished set-up first): choose"))
    _answer_until(term, "Choose", {"take the first turn": "y"})
    for _ in range(3):  # to the charge phase
        term.type("n")
        _answer_until(term, "Choose", {"End the": "y"})
    term.type(_menu_key(term.seen, "Liberators: charge"))
    replies = {"within 3": "n", "within 12": "y", "Roll 2 dice": "6 6", "ow far": "5"}
    _answer_until(term, "Choose", replies)
    term.type("n")
    _answer_until(term, "Choose", {"End the": "y"})
    term.type(_menu_key(term.seen, "Liberators: fight"))
    _answer_until(term, "Target", {})
    term.type("2")  # the Chainrasp Horde
    _answer_until(term, "Choose", {"Roll": "*1", "[y/n]": "n"})
    term.type(_menu_key(term.seen, "Chainrasp Horde: fight"))
    _answer_until(term, "Target", {})
    term.type("3")  # the Liberators, who charged
    seen = _answer_until(term, "Roll 20 dice", {"within 3": "y", "[y/n]": "n"})
    assert "wholly on or within a terrain feature" not in seen
    term.process.kill()
    term.close()


def test_aos1_s4_set_up_alternates_units_and_asks_who_finished_first(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS1 §4: the territories roll-off (6-2: Player One) decides who sets up first; the
    players set up one unit at a time; Player Two stops after the Guardian of Souls and so
    finished first, and chooses the first turn (§4 step 6); the units it left out take no
    part (§4 step 4), so Player Two is now the outnumbered side (§5.2)."""
    db = tmp_path / "g.sqlite3"
    term = _play(db)
    _answer_until(term, "Roll 2 dice", {"Battle": "", "terrain feature": ""})
    term.type("6 2")
    _answer_until(term, "Player One: set up a unit", {})
    assert "Player One divides the battlefield" in term.seen
    term.type("1")  # the Lord-Celestant
    _answer_until(term, "Player Two: set up a unit", {})
    term.type("1")  # the Guardian of Souls
    _answer_until(term, "Player One: set up a unit", {})
    term.type("1")  # the Knight-Incantor
    _answer_until(term, "Player Two: set up a unit", {})
    term.type(_menu_key(term.seen, "finished: set up no more units"))
    for _ in range(2):  # the Liberators, then the Judicators
        _answer_until(term, "Player One: set up a unit", {})
        term.type("1")
    seen = _answer_until(term, "Choose", {"general": ""})
    assert "Player Two finished setting up first" in seen
    assert "Player Two left out Chainrasp Horde, Skeleton Archers" in seen
    assert "Player Two (finished set-up first): choose who takes the first turn" in seen
    assert "Player Two: Sudden Death - Assassinate" in seen
    term.type("q")
    assert term.close() == 0
    shown = run_cli("status", "--db", str(db)).stdout
    assert "not set up" in shown and "reserve" not in shown


def test_aos1_s9_the_demo_armies_shoot(tmp_path: Path) -> None:
    """AoS1 §9: each demo army has missile weapons (Judicators' Skybolt Bows, 24", 3+/3+,
    rend -1; Skeleton Archers' Tomb Longbows): the Judicators shoot the Chainrasps in the
    shooting phase, five sixes to hit and to wound, five failed saves: five slain."""
    term = _play(tmp_path / "g.sqlite3", "--quick")
    prompt(term)
    term.type(_menu_key(term.seen, "Player One (finished set-up first): choose"))
    _answer_until(term, "Choose", {"take the first turn": "y"})
    for _ in range(2):  # to the shooting phase
        term.type("n")
        _answer_until(term, "Choose", {"End the": "y"})
    assert "Skybolt" not in term.seen
    term.type(_menu_key(term.seen, "Judicators: shoot"))
    _answer_until(term, "Target", {})
    term.type("2")  # the Chainrasp Horde
    seen = _answer_until(term, "Choose", {"save": "*1", "Roll": "*6", "[y/n]": "n", "ow far": "10"})
    assert "Skybolt Bow" in seen and "Chainrasp Horde" in seen and "5 slain" in seen
    term.type("q")
    assert term.close() == 0
