"""`aos play --system aos1|wh40k8` and `aos game new --system`: the guided game of the other
systems on their bundled demo armies (issue 8), typed dice and typed answers."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import RunCli


def play(run_cli: RunCli, db: Path, *answers: str, system: str | None = None) -> str:
    args = ["play", "--db", str(db), "--dice", "manual"]
    if system:
        args += ["--system", system]
    if system == "aos1":
        args.append("--quick")  # the set-up questions are tested on their own
    result = run_cli(*args, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    return result.stdout


def log(run_cli: RunCli, db: Path) -> list[dict]:
    return json.loads(run_cli("game", "log", "--json", "--db", str(db)).stdout)


def test_aos1_play_chooses_first_turn_then_general_command_and_arcane_bolt(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS1 §4: round one is chosen without a roll; §7.2 the general's Inspiring Presence is a
    hero phase option; §12 Arcane Bolt does D3 mortal wounds (typed 6: 3)."""
    db = tmp_path / "games.sqlite3"
    out = play(
        run_cli, db,
        "1", "y",                 # Player One finished set-up first and goes first
        "1", "2",                 # the Knight-Incantor casts Arcane Bolt at the Chainrasps
                                  # (the target prompt says within 18" and visible to it)
        "3 4",                    # casting roll 7
        "9",                      # the Nighthaunt let it through (numbered after the casts)
        "6",                      # the D3: 3 mortal wounds
        "q",
        system="aos1",
    )  # fmt: skip
    assert "Player One (finished set-up first): choose who takes the first turn" in out
    assert "Inspiring Presence (the general's command" in out
    assert "Arcane Bolt: Chainrasp Horde suffers 3 mortal wounds" in out
    kinds = [entry["kind"] for entry in log(run_cli, db)]
    assert kinds[:3] == ["priority", "cast", "unbind"]


def test_wh40k8_play_walks_the_six_phases_with_smite(run_cli: RunCli, tmp_path: Path) -> None:
    """40k8 §17.7 the Underdog chooses; §3 the phases movement to morale; §5.3 Smite, its
    target checked as the power is chosen (issue 18 item 4)."""
    db = tmp_path / "games.sqlite3"
    out = play(
        run_cli, db,
        "",                       # 40k8 §17: the mission, Only War
        "5 3",                    # the roll-off: Player One rolls the D3 and chooses zones
        "6",                      # 40k8 §17.4: the D3 primary objective (3: Domination)
        "1 2", "", "", "", "",    # §17.3: the objective markers placed, where not said
        "", "",                   # 40k8 §16: neither Warlord takes a Warlord Trait
        "1", "1", "1", "1",       # §17.5: one unit at a time, from Player Two
        "1", "n",                 # the Underdog (Space Marines) gives the first turn away
        "n",                      # on to the Psychic phase
        "1", "2",                 # the Plaguecaster manifests Smite at the Tactical Squad
        "y",                      # the Tactical Squad is the closest visible enemy unit
        "2 4",                    # Psychic test 6
        "3",                      # the Space Marines let it through (after the powers)
        "5",                      # D3: 3 mortal wounds
        "q",
        system="wh40k8",
    )  # fmt: skip
    assert "The Underdog chooses who goes first" in out
    assert "Primary objective (rolled 3): Domination" in out
    # no unit is within 1" of the enemy yet: Fall Back is not offered (40k8 §4.5, issue 27)
    assert "Advance" in out and "Fall Back" not in out
    assert "Smite: Tactical Squad suffers 3 mortal wounds" in out


def test_game_new_with_system_uses_its_demo_armies(run_cli: RunCli, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    made = run_cli("game", "new", "--system", "wh40k8", "--db", str(db), "--json")
    assert made.exit_code == 0, made.stderr
    listed = json.loads(run_cli("game", "list", "--db", str(db), "--json").stdout)
    assert listed[0]["system"] == "wh40k8"
    first = run_cli("priority", "--first", "Player One", "--db", str(db))
    assert first.exit_code == 0, first.stderr
    assert "Underdog" in first.stdout
    advanced = run_cli("advance", "plague-marines", "--db", str(db), "--dice", "auto",
                       "--seed", "1")  # fmt: skip
    assert advanced.exit_code == 0, advanced.stderr
    assert "Advances" in advanced.stdout


def test_play_system_rejects_army_lists_of_another_system(run_cli: RunCli, tmp_path: Path) -> None:
    from aos_cli.app.start import bundled_armies

    stormcast, nighthaunt = bundled_armies()
    result = run_cli(
        "play", "--db", str(tmp_path / "g.sqlite3"), "--system", "aos1",
        "--army", str(stormcast), "--army", str(nighthaunt), input="q\n",
    )  # fmt: skip
    assert result.exit_code == 2
    assert "aos2" in result.stderr
