"""`aos play` in a real pseudo-terminal, answering its real prompts (issue 6)."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.store import Store

GOLDEN = Path(__file__).parents[1] / "golden"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


OPEN_TERMINALS: list[Terminal] = []
"""Every terminal a test started, stopped after the test (tests/cli/conftest.py) so that a
failed test leaves no child running into the next one."""


class Terminal:
    """A child process on a pseudo-terminal: wait for text, type lines."""

    def __init__(
        self, command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> None:
        import pty

        self.master, slave = pty.openpty()
        # a terminal 100 wide and 50 high (unless the test says how high), whatever the one
        # the tests run in: a taller menu than the screen folds (issue 31 item 3)
        lines = (env or {}).get("LINES", "50")
        env = {**(env or os.environ), "NO_COLOR": "1", "COLUMNS": "100", "LINES": lines}
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, close_fds=True
        )
        os.close(slave)
        self.seen = ""
        OPEN_TERMINALS.append(self)

    def expect(self, text: str, timeout: float = 60.0) -> None:
        """Wait for `text` (a minute at most: a first run on a busy machine compiles the
        package cold); on failure the child is stopped, so no later test inherits it."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                raise AssertionError(f"never saw {text!r}; saw:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    self.stop()
                    raise AssertionError(f"process ended before {text!r}:\n{self.seen[-2000:]}")
                self.seen += chunk.decode(errors="replace")

    def type(self, line: str) -> None:
        """Type a line once the prompt is there, as a player does: `aos play` drops keys
        typed before a prompt appeared (issue 31 item 4)."""
        self.settle()
        self.seen = ""
        os.write(self.master, (line + "\n").encode())

    def settle(self, timeout: float = 20.0) -> None:
        """Wait until the output ends with a prompt (`...: `) and goes quiet."""
        import re

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    return
                if not chunk:
                    return
                self.seen += chunk.decode(errors="replace")
            elif re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", self.seen).endswith(": "):
                return

    def stop(self) -> None:
        """End the child and release the terminal (a failed test leaves nothing running)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=20)
        if self.master >= 0:
            with contextlib.suppress(OSError):
                os.close(self.master)
        self.master = -1

    def close(self) -> int:
        code = self.process.wait(timeout=20)
        os.close(self.master)
        self.master = -1
        return code


def test_play_answers_real_prompts_in_a_terminal(tmp_path: Path) -> None:
    db, term = _stormcast_first(tmp_path)
    term.expect("Choose")
    term.type("n")  # movement phase
    term.expect("Choose")
    term.type("2")  # Liberators: run
    term.expect("Roll 1 die")
    term.type("4")
    term.expect("runs: +4")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        assert [a.kind for a in store.actions(1)] == ["priority", "next", "run"]


def _stormcast_first(
    tmp_path: Path, setup: dict[str, Any] | None = None, extra: tuple[str, ...] = ()
) -> tuple[Path, Terminal]:
    """The golden game (or `setup`) in `aos play` with the players' dice (and `extra`
    options): the roll-off typed 6-1, the Stormcast taking the first turn. The set-up every
    pseudo-terminal test of the AoS2 play loop starts from."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.create_game(
            "golden", setup or yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
        )
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--dice", "manual", *extra]
    )
    term.expect("Choose")
    term.type("1")
    term.expect("Roll 2 dice")
    term.type("6 1")
    term.expect("take the first turn")
    term.type("y")
    return db, term


def golden_setup() -> dict[str, Any]:
    """The small golden set-up, to change before a test starts it."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    return setup


def _menu_key(screen: str, label: str) -> str:
    """The key the menu shows for an option."""
    import re

    found = re.search(rf"\[(\w+)\] {re.escape(label)}", screen)
    assert found, f"no option {label!r} in:\n{screen[-2000:]}"
    return found.group(1)


def _pick_at(term: Terminal, option: str, target: str) -> None:
    """Pick a menu option by its label once it is listed, then its target by name."""
    term.expect(option)
    term.expect("Choose")
    term.type(_menu_key(term.seen, option))
    term.expect("Target")
    term.type(_menu_key(term.seen, target))


def test_play_remembers_cover_and_corrects_it_with_one_key(tmp_path: Path) -> None:
    """Issue 13 item 1: a fact the table gave (the Chainrasps are not in cover) is remembered
    while the unit has not moved: the next attack on them does not ask again, says what it
    assumed and from which round, and `c` asks it afresh and plays the attack with the same
    dice (AoS2 §4.2 cover, asked once per unit position)."""
    db, term = _stormcast_first(tmp_path)
    for line in ("d", "n", "n"):  # the tool rolls; to the shooting phase
        term.expect("Choose")
        term.type(line)
    _pick_at(term, "Judicators: shoot", "Chainrasp Horde")  # not `2c`: not in cover
    term.expect('within 3" of an enemy unit?')
    term.type("n")
    for line in ("n", "n"):  # to the combat phase
        term.expect("Choose")
        term.type(line)
    _pick_at(term, 'Liberators: fight · within 3" of an enemy', "Chainrasp Horde")
    term.expect("Choose")  # picking the fight told the tool the Liberators are within 3"
    assert "terrain feature? [y/n]" not in term.seen
    assert (
        "Assumed: Chainrasp Horde wholly on or within a terrain feature: no, remembered from "
        "round 1." in term.seen
    )
    assert "[c] correct what was assumed" in term.seen
    with Store(db) as store:
        fight = store.actions(1)[-1]
    term.type("c")
    term.expect("Chainrasp Horde wholly on or within a terrain feature? [y/n]")
    term.type("y")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        redone = store.actions(1)[-1]
    assert redone.kind == "fight"
    assert redone.payload["answers"]["cover"] is True
    assert redone.payload["answers"]["engaged"] is True
    assert redone.dice[: len(fight.dice)] == fight.dice[: len(redone.dice)]


def test_play_menu_numbers_stay_put_and_ending_a_phase_is_confirmed(tmp_path: Path) -> None:
    """Issue 13 item 2: an option keeps its number within a phase after another unit acts;
    `n` with a unit still able to shoot asks first, and `u` takes the phase change back."""
    db, term = _stormcast_first(tmp_path)
    term.expect("Choose")
    term.type("n")  # to the movement phase (no unit of the hero phase shoots or fights)
    term.expect("movement phase")
    term.expect("Choose")
    relictor = _menu_key(term.seen, "Lord-Relictor: move")
    term.type(_menu_key(term.seen, "Liberators: move"))
    term.expect("Choose")
    assert "Liberators: move" not in term.seen
    assert _menu_key(term.seen, "Lord-Relictor: move") == relictor
    term.type("n")
    term.expect("shooting phase")
    term.expect("Choose")
    term.type("n")
    term.expect("1 unit can still act (Judicators). End the shooting phase? [y/n]")
    term.type("n")
    term.expect("The phase goes on.")
    term.expect("shooting phase")
    term.expect("Choose")
    term.type("n")
    term.expect("End the shooting phase?")
    term.type("y")
    term.expect("charge phase")
    term.expect("Choose")
    term.type("u")
    term.expect("shooting phase")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        assert [a.kind for a in store.actions(1)] == ["priority", "next", "move", "next"]


def test_play_keeps_the_dice_mode_on_resume(tmp_path: Path) -> None:
    """Issue 13 item 11: `d` (players roll), `q`, `aos play`: the players still roll."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    term = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db)])
    term.expect("Choose")
    term.type("d")
    term.expect("you roll and type them")
    term.expect("Choose")
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    again = Terminal([sys.executable, "-m", "aos_cli", "play", "--db", str(db)])
    again.expect("Choose")
    again.type("1")  # roll priority
    again.expect("Roll 2 dice")
    again.type("6 1")
    again.expect("take the first turn")
    again.type("y")
    again.expect("Choose")
    again.type("q")
    assert again.close() == 0


def test_an_interrupted_set_up_goes_on_with_the_same_rolls(tmp_path: Path) -> None:
    """Issue 13 item 10: every answered step of set-up is kept at once; after Ctrl-D at the
    terrain question, `aos play` goes on from there with the realmscape already rolled."""
    db = tmp_path / "games.sqlite3"
    command = [sys.executable, "-m", "aos_cli", "play", "--db", str(db)]
    term = Terminal([*command, "--system", "aos2", "--seed", "5"])
    term.expect("Battleplan")
    term.type("")
    term.expect("Realm")
    term.type("2")  # Ghur
    term.expect("Realmscape feature")
    term.type("")  # roll for it
    term.expect("Name a terrain feature")
    rolled = term.seen.split("Rolled ")[1].split(".")[0]
    os.write(term.master, b"\x04")  # Ctrl-D: the players stop here
    term.expect("`aos play` goes on from here")
    assert term.close() == 0
    again = Terminal([*command, "--seed", "99"])
    again.expect("Name a terrain feature")
    assert f"Rolled {rolled}." in again.seen
    assert "Going on with the set-up that was stopped" in again.seen
    os.write(again.master, b"\x04")
    again.expect("`aos play` goes on from here")
    assert again.close() == 0


def _new_demo_game(tmp_path: Path, *flags: str) -> Path:
    """A game of the demo armies set up with `aos game new` (this version's set-up rules)."""
    db = tmp_path / "games.sqlite3"
    subprocess.run(
        [sys.executable, "-m", "aos_cli", "game", "new", "--system", "aos2", "--db", str(db), *flags],
        check=True, capture_output=True,
    )  # fmt: skip
    return db


def _demo_stormcast_first(db: Path) -> Terminal:
    """`aos play` on that game: the Stormcast win priority and take the first turn, then the
    tool rolls (seeded, so every run sees the same dice)."""
    command = [sys.executable, "-m", "aos_cli", "play", "--db", str(db), "--dice", "manual"]
    term = Terminal([*command, "--seed", "1"])
    for prompt, line in (("Choose", "1"), ("Roll 2 dice", "6 1"), ("first turn", "y")):
        term.expect(prompt)
        term.type(line)
    term.expect("Choose")
    term.type("d")
    term.expect("Choose")
    return term


def _menu(screen: str) -> list[str]:
    """The option labels of the last menu shown."""
    import re

    last = screen.rsplit("Clock:", 1)[-1]
    return [label.strip() for label in re.findall(r"\[\d+\] ([^\n]+)", last)]


def test_play_lists_only_what_is_legal_now(tmp_path: Path) -> None:
    """Issue 13 item 4: no ability of a unit in reserve, no rule that is in force by itself
    (Chained Lightning, Heralds of Righteousness: AoS2 §21), no 1 CP command ability at 0 CP
    (§7.1), no ability already used this turn, no retreat for a unit no enemy can be within
    3" of (§8.3), no fight for a unit that neither charged nor can be within 3" (§11)."""
    db = _new_demo_game(tmp_path, "--reserve", "prosecutors")
    term = _demo_stormcast_first(db)
    hero = _menu(term.seen)
    assert "Lord-Relictor: Lightning Storm" in hero
    assert not [label for label in hero if "Arcane Lineage" in label or "Heralds" in label]
    term.type(_menu_key(term.seen, "Lord-Celestant on Stardrake: Lord of the Celestial Host"))
    term.expect("Choose")
    assert not [label for label in _menu(term.seen) if "(1 CP)" in label]
    term.type(_menu_key(term.seen, "Lord-Relictor: Lightning Storm"))
    term.expect("Target")
    term.type(_menu_key(term.seen, "Chainrasp Horde"))
    term.expect("Choose")  # the prompt said the target is within range: not asked again
    assert "Lord-Relictor: Lightning Storm" not in _menu(term.seen)
    term.type("n")
    term.expect("movement phase")
    term.expect("Choose")
    movement = _menu(term.seen)
    assert "Liberators: move" in movement
    assert not [label for label in movement if "retreat" in label]
    term.type("n")
    term.expect("shooting phase")
    term.expect("Choose")
    shooting = _menu(term.seen)
    assert (
        "Judicators: shoot · Chained Lightning, Eternal Judgement" in shooting
    )  # where it applies
    assert not [
        label for label in shooting if "Chained Lightning" in label and "shoot" not in label
    ]
    for line in ("n", "y", "n"):  # past the shooting and charge phases, nobody charging
        term.expect(":")
        term.type(line)
    term.expect("combat phase")
    term.expect("Choose")
    assert not [label for label in _menu(term.seen) if ": fight" in label]
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0


def test_play_offers_forward_to_victory_and_at_the_double(tmp_path: Path) -> None:
    """Issue 13 item 5: with a command point in hand the menu offers a run with At the Double,
    and a failed charge offers Forward to Victory; the note shows both charge rolls (AoS2
    §7.2: At the Double makes the run roll a 6; Forward to Victory re-rolls the charge roll).
    A charge asks one question, the distance: within 3" and within 12" follow from it (§10)."""
    db = _new_demo_game(tmp_path)
    term = _demo_stormcast_first(db)
    term.type("n")
    term.expect("movement phase")
    term.expect("Choose")
    assert "Liberators: run with At the Double (1 CP: the run roll is a 6)" in _menu(term.seen)
    for line in ("n", "n", "y"):  # to the charge phase, past the Judicators' shooting
        term.type(line)
        term.expect(":")
    term.expect("charge phase")
    term.expect("Choose")
    term.type("d")  # the players roll
    term.expect("Choose")
    term.type(_menu_key(term.seen, "Liberators: charge"))
    term.expect("nearest enemy (inches)?")
    assert "[y/n]" not in term.seen  # within 3" and 12" follow from the distance (AoS2 §10)
    term.type("8")
    term.expect("Roll 2 dice")
    term.type("1 2")
    term.expect("re-roll it with Forward to Victory (1 of 1 CP)? [y/n]")
    term.type("y")
    term.expect("[y/n]")  # is it within 6" of a Hero (12" of the general)?
    term.type("y")
    term.expect("Roll 2 dice")
    term.type("5 4")
    term.expect("Choose")
    assert "Forward to Victory: the charge roll of 3 is rerolled: 9." in term.seen
    assert "Liberators charges: rolled 9, needed 8" in term.seen
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        charge = store.actions(1)[-1]
    assert charge.kind == "charge" and charge.payload["answers"]["reroll-charge"] is True


def _pick(term: Terminal, name: str) -> None:
    """Type the number the last list shows for a unit."""
    term.type(_menu_key(term.seen, name))


def test_play_fixes_the_table_without_leaving_it(tmp_path: Path) -> None:
    """Issue 13 items 3 and 14: adjust, heal and a new general are keys of `aos play`, and its
    hints name those keys, never a command (AoS2 §5.3 a slain general's place is taken;
    §14.12 healing removes allocated wounds)."""
    db = _new_demo_game(tmp_path)
    term = _demo_stormcast_first(db)
    assert "[a] adjust a unit  [h] heal  [g] new general" in term.seen
    term.type("a")
    term.expect("Unit")
    _pick(term, "Knight of Shrouds")
    for prompt, line in (("Wounds to add", ""), ("Models to add", "-1"), ("What happened", "bog")):
        term.expect(prompt)
        term.type(line)
    term.expect("Choose")
    assert "(pick another with [g] new general)" in " ".join(term.seen.split())
    term.type("g")
    term.expect("Unit")
    _pick(term, "Spirit Torment")
    term.expect("Choose")
    assert "Spirit Torment is now Player Two's general." in " ".join(term.seen.split())
    term.type("a")
    term.expect("Unit")
    _pick(term, "Lord-Celestant on Stardrake")
    for prompt, line in (("Wounds to add", "3"), ("Models to add", ""), ("What happened", "")):
        term.expect(prompt)
        term.type(line)
    term.expect("Choose")
    term.type("h")
    term.expect("Unit")
    _pick(term, "Lord-Celestant on Stardrake")
    term.expect("Wounds to heal")
    term.type("2")
    term.expect("Choose")
    assert "Lord-Celestant on Stardrake heals 2" in term.seen
    term.type("q")
    term.expect("Resume with `aos play`")
    assert term.close() == 0
    with Store(db) as store:
        kinds = [a.kind for a in store.actions(1)]
    assert kinds[-4:] == ["adjust", "general", "adjust", "heal"]
