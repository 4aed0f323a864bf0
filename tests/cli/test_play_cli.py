"""`aos play`: the guided flow driven by scripted answers (issue 6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.store import Store
from tests.conftest import CliResult, RunCli

GOLDEN = Path(__file__).parents[1] / "golden"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    return path


def play(run_cli: RunCli, db: Path, *answers: str, dice: str = "manual") -> str:
    result = run_cli("play", "--db", str(db), "--dice", dice, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    return result.stdout


def log(run_cli: RunCli, db: Path) -> list[dict]:
    return json.loads(run_cli("game", "log", "--json", "--db", str(db)).stdout)


def test_guided_turn_with_typed_dice_and_questions(run_cli: RunCli, db: Path) -> None:
    """Priority (AoS2 §6) with the winner's choice, then a shooting attack with its prompts."""
    out = play(
        run_cli, db,
        "1", "6 1", "y",          # roll priority: Stormcast 6, Nighthaunt 1; winner goes first
        "n", "n",                 # to the shooting phase
        "1", "1",                 # Judicators shoot the first target (Chainrasp Horde)
        "n",                      # not within 3" of an enemy
        "n",                      # not in cover
        "3 4 5 6 1", "3 3 3 2", "5 4 4",
        "q",
    )  # fmt: skip
    assert "Judicators: shoot" in out
    assert "2 slain" in out
    kinds = [entry["kind"] for entry in log(run_cli, db)]
    assert kinds == ["priority", "next", "next", "shoot"]


def test_stopping_and_resuming_gives_the_same_game(
    run_cli: RunCli, db: Path, tmp_path: Path
) -> None:
    """Always safe to stop: quitting mid-phase and resuming ends as one straight run."""
    straight = tmp_path / "straight.sqlite3"
    with Store(straight) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    steps = ["1", "6 1", "y", "n", "1", "4", "n", "n"]
    play(run_cli, straight, *steps, "q")
    play(run_cli, db, *steps[:4], "q")
    play(run_cli, db, *steps[4:], "q")
    assert [e["kind"] for e in log(run_cli, db)] == [e["kind"] for e in log(run_cli, straight)]
    status = [run_cli("status", "--json", "--db", str(p)).stdout for p in (db, straight)]
    assert json.loads(status[0])["sides"] == json.loads(status[1])["sides"]


def test_nonsense_input_never_shows_a_traceback(run_cli: RunCli, db: Path) -> None:
    out = play(run_cli, db, "banana", "99", "?7", "1", "9 9", "6 1", "maybe", "y", "u", "u", "q")
    assert "Traceback" not in out
    assert "Type a number" in out
    assert log(run_cli, db) == []


def test_end_of_input_saves_and_stops(run_cli: RunCli, db: Path) -> None:
    result = run_cli("play", "--db", str(db), "--dice", "manual", input="1\n6 1\ny\n")
    assert result.exit_code == 0
    assert "Resume with `aos play`" in result.stdout
    assert [e["kind"] for e in log(run_cli, db)] == ["priority"]


def _set_up_demo_armies(
    run_cli: RunCli, db: Path, answers: list[str]
) -> tuple[CliResult, dict[str, Any]]:
    """Run the AoS2 set-up wizard of `aos play` on the demo armies with typed answers; the
    result and the saved set-up."""
    from aos_cli.app.start import bundled_armies

    stormcast, nighthaunt = bundled_armies()
    result = run_cli(
        "play", "--army", str(stormcast), "--army", str(nighthaunt), "--db", str(db),
        "--seed", "4", input="\n".join(answers) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    with Store(db) as store:
        return result, store.setup(store.current_game_id() or 0)


def test_setup_wizard_then_play(run_cli: RunCli, tmp_path: Path) -> None:
    """AoS2 §5.1 set-up: battleplan, realm and realmscape, terrain, deployment, reserves."""
    db = tmp_path / "games.sqlite3"
    answers = [
        "",            # battleplan: First Blood
        "2", "3",      # realm Ghur, realmscape 3: Primal Violence (numbered by its result)
        "Old Shrine", "6", "y", "n", "",  # Mystical, can be garrisoned, no obstacle; done
        "1",           # Player One finished setting up first
        "",            # no unit set up garrisoning Old Shrine (AoS2 §4.5)
        "prosecutors", "", "",  # Scions of the Storm reserve, general as listed, roll trait
        "y", "1", "",  # one artefact: result 1 (Strife-ender), carried by the first Hero
        "n",           # no triumph
        "", "", "n",   # Nighthaunt: no garrison, general as listed, no triumph
        "q",
    ]  # fmt: skip
    result, setup = _set_up_demo_armies(run_cli, db, answers)
    assert "Deployment roll-off" in result.stdout
    assert setup["realmscape"] == "primal-violence"
    assert "Ghur: after set-up each player may set up a monstrous beast" in result.stdout
    assert setup["terrain"] == [{"name": "Old Shrine", "garrison": True, "rule": "mystical"}]
    assert setup["sides"][0]["finished_setup_first"] is True
    reserve = [u["id"] for u in setup["sides"][0]["units"] if u.get("reserve")]
    assert reserve == ["prosecutors"]
    assert "command_trait" in setup["sides"][0]
    artefact = setup["sides"][0]["artefacts"][0]
    assert artefact["name"] == "Strife-ender" and artefact["bearer"] == "stardrake"
    status = json.loads(run_cli("status", "--json", "--db", str(db)).stdout)
    flags = {u["id"]: u["flags"] for u in status["sides"][0]["units"]}
    assert "reserve" in flags["prosecutors"]
    # AoS2 §25: what was picked at set-up is what the game plays, not the army list's picks.
    effects = {u["id"]: u["effects"] for u in status["sides"][0]["units"]}
    trait = setup["sides"][0]["command_trait"]["name"]
    assert effects["stardrake"] == [trait, "Strife-ender"]


def test_the_menu_keys_are_shown_verbatim(run_cli: RunCli, db: Path) -> None:
    """The one-key commands print as typed (square brackets are not swallowed as markup)."""
    out = play(run_cli, db, "q")
    assert "[n] next phase" in out and "[u] undo" in out


def test_scions_of_the_storm_reserves_are_picked_by_name_or_number(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Stormcast allegiance, Scions of the Storm (AoS2 battletome): units set up in the
    Celestial Realm are listed by name and picked by number or name; a word naming no unit is
    asked again, never silently dropped."""
    db = tmp_path / "games.sqlite3"
    answers = [
        "", "1", "", "1",          # First Blood, no realm, no terrain, Player One first
        "prosecuters",             # a typo: asked again
        "Judicators, 8",           # by name and by number
        "", "", "n", "n",          # general as listed, roll the trait, no artefact, no triumph
        "", "n",                   # Nighthaunt: general as listed, no triumph
        "q",
    ]  # fmt: skip
    result, setup = _set_up_demo_armies(run_cli, db, answers)
    assert "[8] Prosecutors with Stormcall Javelins" in result.stdout
    assert "No unit 'prosecuters' in the list" in result.stdout
    reserve = [u["id"] for u in setup["sides"][0]["units"] if u.get("reserve")]
    assert reserve == ["judicators", "prosecutors"]
