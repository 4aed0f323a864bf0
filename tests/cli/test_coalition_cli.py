"""`aos game new --player/--general/--warlord`: coalitions of three or more players at the
command line (Coalition of Death battleplans, issue 26; seed 000 p.12)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_garrison_cli import aos
from tests.conftest import RunCli

MOONLIGHT = (
    "game", "new", "--seed", "1", "--battleplan", "ill-met-by-moonlight",
    "--contingent", "1=stardrake,lord-relictor,lord-castellant",
    "--contingent", "2=knight-incantor,liberators,judicators",
    "--contingent", "3=retributors,prosecutors",
    "--contingent", "4=knight-of-shrouds,guardian-of-souls,spirit-torment",
    "--contingent", "5=chainrasps,grimghast-reapers,glaivewraiths",
    "--contingent", "6=spirit-hosts,bladegheists",
)  # fmt: skip
PLAYERS = (
    "--player", "Ana=stardrake,lord-relictor,lord-castellant,knight-incantor",
    "--player", "Cy=liberators,judicators,retributors,prosecutors",
)  # fmt: skip


def test_aos2_p12_coalition_players_generals_and_warlord_at_the_command_line(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.12: a battle for three or more players in two coalitions; each player's army has its
    general and the coalition's warlord chooses for it. `aos status` shows who brought each
    unit, each player's general and the warlord."""
    db = tmp_path / "games.sqlite3"
    made = aos(run_cli, db, *MOONLIGHT, *PLAYERS, "--general", "judicators", "--warlord", "Cy")
    assert made.exit_code == 0, made.stderr
    sides = json.loads(aos(run_cli, db, "status", "--json").stdout)["sides"]
    assert sides[0]["players"] == ["Ana", "Cy"] and sides[0]["warlord"] == "Cy"
    units = {u["id"]: u for u in sides[0]["units"]}
    assert units["liberators"]["player"] == "Cy" and units["stardrake"]["player"] == "Ana"
    generals = [u["id"] for u in sides[0]["units"] if "general" in u["flags"]]
    assert generals == ["stardrake", "judicators"]
    shown = " ".join(aos(run_cli, db, "status").stdout.split())
    assert "players: Ana, Cy (warlord)" in shown
    assert "general of Ana" in shown and "general of Cy" in shown


def test_aos2_p12_coalition_flags_refuse_what_the_battleplan_does_not_allow(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.12: only the coalition battleplans have coalitions; every unit of a coalition is
    brought by one of its players, each with one general set up on the battlefield (p.3);
    the warlord is one of the coalition's players. Each refusal is one line, exit 2."""
    db = tmp_path / "games.sqlite3"
    cases = [
        (("game", "new", *PLAYERS), "this battleplan is for two players"),
        ((*MOONLIGHT, PLAYERS[0], PLAYERS[1]), "belong to no player"),
        ((*MOONLIGHT, "--player", "Ana=stardrake,lord-relictor,lord-castellant,knight-incantor,"
          "liberators,judicators,retributors,prosecutors"), "three or more players, not 2"),
        ((*MOONLIGHT, *PLAYERS), "Cy of Player One has no general"),
        ((*MOONLIGHT, *PLAYERS, "--general", "judicators", "--general", "liberators"),
         "Cy has one general, Judicators"),
        ((*MOONLIGHT, *PLAYERS, "--general", "judicators", "--warlord", "Ben"),
         "'Ben' is no coalition's player"),
        ((*MOONLIGHT, *PLAYERS, "--general", "lord-relictor", "--general", "judicators"),
         "carries the command trait"),
        ((*MOONLIGHT, *PLAYERS, "--general", "judicators", "--reserve", "judicators"),
         "is the general"),
        ((*MOONLIGHT, "--player", "A" * 201 + "=stardrake,lord-relictor,lord-castellant,"
          "knight-incantor", PLAYERS[2], PLAYERS[3]), "at most 200 characters, not 201"),
    ]  # fmt: skip
    for args, said in cases:
        refused = aos(run_cli, db, *args)
        assert refused.exit_code == 2, (args, refused.stdout, refused.stderr)
        assert said in " ".join(refused.stderr.split()), (said, refused.stderr)
