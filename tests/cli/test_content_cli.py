"""The content commands: warscroll, battleplan, rules and army (issue 4 "Done when")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import RunCli

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ROOT / "tests" / "content" / "broken"


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AOS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("AOS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("AOS_CONTENT", raising=False)


def test_stardrake_json_has_weapons_damage_table_and_effects(run_cli: RunCli) -> None:
    """AoS2 §27.3 Lord-Celestant on Stardrake, with its §20.4 damage table."""
    result = run_cli("warscroll", "show", "lord-celestant on stardrake", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [w["name"] for w in data["melee_weapons"]][:2] == [
        "Celestine Hammer",
        "Stormbound Blade",
    ]
    assert data["melee_weapons"][0]["to_hit"] == "3+"
    assert data["damage_table"]["rows"][-1] == {"wounds_suffered": "14+", "values": ['6"', "5+", 1]}
    blade = next(a for a in data["abilities"] if a["id"] == "stormbound-blade-ability")
    assert blade["effects"] == [{"type": "wound_rolls_on_hit", "on": 6, "count": 3}]
    assert data["fly"] is True


def test_warscroll_card_and_list(run_cli: RunCli) -> None:
    card = run_cli("warscroll", "show", "lord-rel")
    assert card.exit_code == 0
    assert "Relic Hammer" in card.stdout and "Lightning Storm" in card.stdout
    listed = run_cli("warscroll", "list", "--faction", "nighthaunt", "--json")
    names = [w["name"] for w in json.loads(listed.stdout)]
    assert "Chainrasp Horde" in names and "Liberators" not in names


def test_unknown_warscroll_suggests(run_cli: RunCli) -> None:
    result = run_cli("warscroll", "show", "Lord Castelant")
    assert result.exit_code == 1
    assert "did you mean 'Lord-Castellant'" in result.stderr
    assert result.stderr.count("\n") == 1


def test_rules_validate_lists_every_error_and_exits_1(run_cli: RunCli) -> None:
    """Issue 4 §5: each problem as file.yaml:LINE: path: what is wrong."""
    result = run_cli("rules", "validate", str(BROKEN))
    assert result.exit_code == 1
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 15
    assert all(".yaml:" in line for line in lines)
    assert "15 problems in 5 files" in result.stderr


def test_rules_validate_bundled_content(run_cli: RunCli) -> None:
    result = run_cli(
        "rules",
        "validate",
        str(ROOT / "warscrolls"),
        str(ROOT / "battleplans"),
        str(ROOT / "aos_cli" / "rulesets"),
        "--json",
    )
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["valid"] is True


@pytest.mark.parametrize("army", ["stormcast-demo.yaml", "nighthaunt-demo.yaml"])
def test_demo_armies_validate(run_cli: RunCli, army: str) -> None:
    path = str(ROOT / "warscrolls" / "armies" / army)
    assert run_cli("army", "validate", path).exit_code == 0
    shown = run_cli("army", "show", path, "--json")
    assert shown.exit_code == 0
    assert sum(u["general"] for u in json.loads(shown.stdout)["units"]) == 1


def test_battleplans(run_cli: RunCli) -> None:
    """AoS2 §18 First Blood and the §19 coalition battleplans."""
    listed = json.loads(run_cli("battleplan", "list", "--json").stdout)
    assert {"first-blood", "ill-met-by-moonlight", "changing-priorities"} <= {
        p["id"] for p in listed
    }
    shown = json.loads(run_cli("battleplan", "show", "first blood", "--json").stdout)
    assert shown["special_rules"][0]["effects"] == [{"type": "command_points", "amount": 1}]


@pytest.mark.parametrize(
    "topic",
    ["scenery", "triumphs", "realms", "ghur", "command abilities", "spells", "phases", "artefacts"],
)
def test_rules_show_topics(run_cli: RunCli, topic: str) -> None:
    result = run_cli("rules", "show", topic)
    assert result.exit_code == 0, result.stderr
    assert run_cli("rules", "show", topic, "--json").exit_code == 0


def test_rules_show_scenery_2e_json(run_cli: RunCli) -> None:
    """AoS2 §4.3: six scenery rules, every range 1"."""
    rows = json.loads(run_cli("rules", "show", "scenery", "--json").stdout)["rows"]
    assert [r["name"] for r in rows] == [
        "Damned",
        "Arcane",
        "Inspiring",
        "Deadly",
        "Mystical",
        "Sinister",
    ]


def test_roll_does_not_import_content_or_yaml() -> None:
    """DESIGN §6: `aos roll` never pays for the rules database."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "aos_cli", "roll", "dice", "D6"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    imported = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert "yaml" not in imported
    assert not any(name.startswith("aos_cli.content") for name in imported)


def test_rules_show_a_chart(run_cli: RunCli) -> None:
    """40k8 §8.2: the wound chart is shown by name, as a chart rather than a rolled table."""
    result = run_cli("rules", "show", "wound chart", "--system", "wh40k8", "--json")
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)["rows"]
    assert rows[0] == {"when": "S >= 2T", "result": "2+", "text": rows[0]["text"],
                       "translations": rows[0]["translations"]}  # fmt: skip
