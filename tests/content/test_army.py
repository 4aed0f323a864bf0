"""Army lists checked against the warscrolls (AoS2 §5.3 the general, §25 allies, §20.3 units)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.content import ContentProblems, load_army, load_database

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["stormcast-demo.yaml", "nighthaunt-demo.yaml"])
def test_demo_armies_validate(name: str) -> None:
    army = load_army(ROOT / "warscrolls" / "armies" / name, load_database())
    assert army.general is not None
    assert all(unit.warscroll_id for unit in army.units)
    assert 6 <= len(army.units) <= 10


def test_every_army_problem_is_listed_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "schema_version: 1\n"
        "army:\n"
        "  name: Bad\n"
        "  units:\n"
        "    - {warscroll: Lord Relicter, general: true}\n"
        "    - {warscroll: Liberators, models: 40, weapons: {laser: 5}}\n"
        "    - {warscroll: Judicators, models: 5, general: true, ally: true}\n"
    )
    with pytest.raises(ContentProblems) as raised:
        load_army(bad, load_database())
    lines = [str(p) for p in raised.value.problems]
    assert any(
        "bad.yaml:5: army.units[0].warscroll: no warscroll named 'Lord Relicter'" in line
        and "did you mean 'Lord-Relictor'" in line
        for line in lines
    )
    assert any("bad.yaml:6: army.units[1].models: too many models" in line for line in lines)
    assert any(
        "bad.yaml:6: army.units[1].weapons.laser: Liberators does not offer" in line
        for line in lines
    )
    assert any("bad.yaml:7: army.units[2].general: two generals" in line for line in lines)
    assert any(
        "bad.yaml:7: army.units[2].general: an allied unit cannot be the general" in line
        for line in lines
    )
