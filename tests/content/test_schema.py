"""The schema over warscrolls, effects and tables (AoS2 §20, §21; issue 4)."""

from __future__ import annotations

import pytest

from aos_cli.content import load_database
from aos_cli.content.loader import validate_text
from aos_cli.core.ability_effects import Lasting, MortalWounds, RollThen
from aos_cli.core.effects import RollModifier, WoundRollsOnHit
from aos_cli.core.errors import ContentError


@pytest.fixture(scope="module")
def db():  # type: ignore[no-untyped-def]
    return load_database()


def test_stardrake_damage_table_rows(db) -> None:  # type: ignore[no-untyped-def]
    """AoS2 §20.4: the row is chosen by wounds suffered; the last row is open."""
    scroll = db.warscroll("lord-celestant on stardrake")
    assert scroll.move == 12
    assert scroll.weapon("great claws").to_hit == 3
    worn = scroll.at_wounds(14)
    assert worn.move == 6
    assert worn.weapon("great claws").to_hit == 5
    assert scroll.at_wounds(10).move == 10
    assert scroll.ability_uses("cavernous-jaws", 0) == 3
    assert scroll.ability_uses("cavernous-jaws", 20) == 1
    assert scroll.damage_row(5) is not None and scroll.damage_row(5).wounds_suffered == "5-8"


def test_weapon_to_profile(db) -> None:  # type: ignore[no-untyped-def]
    """AoS2 §14.4: a weapon's characteristics feed the attack sequence."""
    hammer = db.warscroll("Lord-Celestant on Stardrake").weapon("celestine-hammer")
    profile = hammer.to_profile(1)
    assert (profile.to_hit, profile.to_wound, profile.rend, str(profile.damage)) == (3, 2, -1, "D3")
    assert db.warscroll("liberators").weapon("warblade").to_profile(5).models == 5


def test_structured_effects(db) -> None:  # type: ignore[no-untyped-def]
    """AoS2 §27.1 Lightning Storm: on a 3+ D3 mortal wounds and -1 to hit until your next hero phase."""
    storm = db.warscroll("lord-relictor").abilities[0]
    (effect,) = storm.effects
    assert isinstance(effect, RollThen) and effect.on == 3
    assert isinstance(effect.then[0], MortalWounds)
    lasting = effect.then[1]
    assert isinstance(lasting, Lasting) and lasting.until == "your_next_hero_phase"
    assert lasting.effects == (RollModifier("hit", -1),)
    blade = db.warscroll("lord-celestant on").abilities[2]
    assert blade.weapons == ("stormbound-blade",)
    assert blade.effects == (WoundRollsOnHit(6, 3),)


def test_an_ability_without_effects_is_a_reminder(db) -> None:  # type: ignore[no-untyped-def]
    """DESIGN principle 3: never silently dropped."""
    hours = next(a for a in db.warscroll("knight of shrouds").abilities if a.id == "stolen-hours")
    assert hours.effects == () and hours.reminder


def test_lookup_by_prefix_and_did_you_mean(db) -> None:  # type: ignore[no-untyped-def]
    assert db.warscroll("LORD-REL").id == "lord-relictor"
    with pytest.raises(ContentError, match="did you mean 'Lord-Castellant'"):
        db.warscroll("Lord Castelant")
    with pytest.raises(ContentError, match="matches several"):
        db.warscroll("lord")


def test_save_dash_is_seven() -> None:
    """AoS2 §20.1: a Save of '-' needs 7+."""
    result = validate_text(
        "schema_version: 1\nwarscrolls:\n"
        "  - {id: x, name: X, faction: T, move: 4, wounds: 1, bravery: 5, save: '-'}\n",
        "x.yaml",
    )
    assert result.problems == []
    assert result.records[0].record.save == 7


def test_roll_table_gaps_are_problems() -> None:
    """A triumph or scenery table must give a row for every roll of its dice."""
    result = validate_text(
        "schema_version: 1\nruleset:\n  id: r\n  name: R\n  system: aos2\n  phases: []\n"
        "  tables:\n    - name: T\n      rows:\n        - {roll: 1-2, name: A, text: a}\n"
        "        - {roll: 4-6, name: B, text: b}\n",
        "r.yaml",
    )
    assert [str(p) for p in result.problems] == [
        "r.yaml:9: ruleset.tables[0].rows: gap: no row for a roll of 3"
    ]


WARSCROLL = (
    "schema_version: 1\nwarscrolls:\n  - name: W\n    faction: F\n    move: 5\n    wounds: 5\n"
    "    bravery: 7\n    save: 4+\n    abilities:\n"
)


def test_an_ability_without_a_target_declaration_applies_to_itself() -> None:
    """AoS2 §21: what an ability picks is declared in its data; left out (as imported records
    leave it), the ability picks no other unit."""
    result = validate_text(WARSCROLL + "      - {name: A, text: a}\n", "w.yaml")
    assert not result.problems
    ability = result.records[0].record.abilities[0]
    assert (ability.target.side, ability.instead_of) == ("self", ())


def test_instead_of_names_another_ability_of_the_warscroll() -> None:
    """Uses "instead of" one another share one limit: each must name an ability there is."""
    result = validate_text(WARSCROLL + "      - {name: A, text: a, instead_of: [b]}\n", "w.yaml")
    assert [str(p) for p in result.problems] == [
        "w.yaml:10: warscrolls[0].abilities[0].instead_of[0]: no other ability 'b' on this "
        "warscroll"
    ]
    result = validate_text(WARSCROLL + "      - {name: C, text: c, target: {side: foe}}\n", "w.y")
    assert "abilities[0].target.side" in str(result.problems[0])
