"""AoS1's own results are typed events (issue 25 item 4): priority, scenery, Sudden Death, the
Triumphs and Blessed store their facts as fields, the AoS1 views tell them in the sheet's words
in English and Hungarian, and a stored AoS1 game's log reads in Hungarian with no rule run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aos_cli.core.events import Event, event_from_data
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.language.i18n import set_language
from aos_cli.language.text import tr
from aos_cli.systems.aos1.events import (
    BlessedChanged,
    DeadlyTerrain,
    MysticalRolled,
    PriorityRolledOff,
    Sacrificed,
    SceneryReminder,
    SuddenDeathPicked,
    TriumphRolled,
)
from aos_cli.views.events import event_lines, note_lines
from tests.app.stored_demo import play_stored_demo
from tests.conftest import RunCli
from tests.systems.harness import act, snapshot, to_phase

ARMIES = "aos1_armies.yaml"


def _kinds(state: GameState, kind: type[Event]) -> list[Event]:
    return [e for e in state.events if isinstance(e, kind)]


def test_aos1_s6_the_priority_roll_off_stores_each_pair_and_the_decider() -> None:
    """AoS1 §6: from round two a roll-off, ties rolled again: the event keeps each pair of dice
    (side one's first) and the side that chooses; told as the sheet says it."""
    state = new_game(snapshot(ARMIES))
    act(state, "priority", first=0)
    for _turn in range(2):
        to_phase(state, "battleshock")
        act(state, "next")
    act(state, "priority", [4, 4, 2, 2, 1, 5])
    rolled = _kinds(state, PriorityRolledOff)
    assert rolled == [
        PriorityRolledOff(1, ("Stormcast", "Nighthaunt"), (4, 4, 2, 2, 1, 5), 1, "Nighthaunt")
    ]
    assert event_lines(rolled[0]) == [
        "Priority: Stormcast against Nighthaunt 4-4, 2-2, 1-5 (ties rolled again); Nighthaunt "
        "chooses (AoS1 §6)."
    ]


def test_aos1_s3_4_deadly_terrain_stores_its_dice_and_the_models_slain() -> None:
    """AoS1 §3.4: a D6 per model that ran across Deadly terrain; each 1 slays one."""
    state = new_game(snapshot(ARMIES, terrain=[{"name": "Bone Pit", "rule": "deadly"}]))
    act(state, "priority", first=0)
    to_phase(state, "movement")
    act(state, "run", [3, 1, 4, 1], unit="liberators", answers={"deadly-models:liberators": 3})
    deadly = _kinds(state, DeadlyTerrain)
    assert deadly == [DeadlyTerrain("liberators", "Liberators", 0, (1, 4, 1), 2)]
    assert "Deadly terrain: Liberators rolled 1, 4, 1: 2 slain." in note_lines(state.notes)


def test_aos1_s5_3_a_triumph_roll_stores_the_general_and_its_wounds() -> None:
    """AoS1 §5.3: 5-6 Empowered: the general gains a Wound; the event names it and the roll."""
    state = new_game(snapshot(ARMIES))
    act(state, "triumph", [5], side="Nighthaunt")
    triumph = _kinds(state, TriumphRolled)[0]
    assert isinstance(triumph, TriumphRolled)
    assert (triumph.roll, triumph.triumph, triumph.unit, triumph.wounds) == (
        5, "Empowered", "guardian-of-souls", 6,
    )  # fmt: skip


def test_aos1_s5_2_sudden_death_stores_its_objective_and_target() -> None:
    """AoS1 §5.2: the outnumbered side's objective and its target, as fields."""
    state = new_game(snapshot(ARMIES))
    act(state, "sudden-death", side="Stormcast", objective="seize-ground")
    picked = _kinds(state, SuddenDeathPicked)
    assert picked == [SuddenDeathPicked(0, "Stormcast", "seize-ground", "", True)]
    assert note_lines(state.notes)[-1] == (
        "Stormcast is outnumbered and picks Sudden Death: Seize Ground (a terrain feature in "
        "enemy territory); achieving it wins a major victory at once (AoS1 §5.2)."
    )


EVENTS: tuple[Event, ...] = (
    SceneryReminder("sinister", ("Altar",)),
    Sacrificed("liberators", "Liberators", 0, 2),
    MysticalRolled("liberators", "Liberators", 0, 1),
    MysticalRolled("liberators", "Liberators", 0, 4),
    SuddenDeathPicked(0, "Stormcast", "assassinate", "Spirit Torment", False),
    TriumphRolled(1, "Nighthaunt", 2, "Blessed", "", "", 0),
    TriumphRolled(1, "Nighthaunt", 3, "Inspired", "", "", 0),
    BlessedChanged(0, "Stormcast", tr("{unit}'s charge roll (2D6)", unit="Liberators"), 1, 6),
)


def test_aos1_the_events_read_back_and_are_told_in_english_and_hungarian() -> None:
    """AoS1 §3.4, §5.2, §5.3: each event read back from its stored data is told as the rules
    wrote it in English, and in Hungarian differently, with no rule run."""
    english = [line for e in EVENTS for line in event_lines(event_from_data(e.to_data()))]
    assert english[1] == (
        "Liberators makes a sacrifice: 2 mortal wounds; it adds 1 to all its hit rolls until "
        "your next hero phase (AoS1 §3.4)."
    )
    assert english[-1] == (
        "Blessed (Stormcast, AoS1 §5.3): Liberators's charge roll (2D6) - the 1 is made a 6."
    )
    assert len(english) == len(EVENTS)
    set_language("hu")
    try:
        hungarian = [line for e in EVENTS for line in event_lines(e)]
    finally:
        set_language("en")
    assert all(h != e for h, e in zip(hungarian, english, strict=True))


def test_aos1_the_log_of_a_stored_battle_reads_in_hungarian_with_no_rule_run(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 item 4: every action of a seeded AoS1 battle stores the order of its told
    events, so `aos game log --lang hu` renders them with no rule run; `--json` gives the
    AoS1 events' fields."""
    db = tmp_path / "games.sqlite3"
    play_stored_demo(db, 3, "aos1")
    english = run_cli("game", "log", "--db", str(db)).stdout
    log = json.loads(run_cli("game", "log", "--json", "--db", str(db)).stdout)
    first = [e for entry in log for e in entry["events"] if e["kind"] == "aos1-set-up-first"]
    assert first and first[0]["side_name"] in english

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("a rule ran")

    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        patched.setattr("aos_cli.app.games.apply_action", no_rules)
        hungarian = run_cli("--lang", "hu", "game", "log", "--db", str(db))
    assert hungarian.exit_code == 0, hungarian.stderr
    assert "finished setting up first" in english
    assert "finished setting up first" not in hungarian.stdout
