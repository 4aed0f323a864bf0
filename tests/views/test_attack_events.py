"""The sentences of an attack and its casualties, told by the views from the events the rules
return (issue 25 item 4): the same lines the rules wrote before, in any language."""

from __future__ import annotations

from dataclasses import replace

from aos_cli.core.attack import Attack, WeaponProfile, resolve_weapon
from aos_cli.core.attack_events import weapon_rolls
from aos_cli.core.dice import Reroll, ScriptedDice, parse_dice
from aos_cli.core.effects import AutoWound, ExplodingHits, RerollRoll, TargetInfo, compile_effects
from aos_cli.core.events import (
    AttackResolved,
    GeneralSlain,
    ModelsSlain,
    WardRolled,
    event_from_data,
)
from aos_cli.language.i18n import set_language
from aos_cli.views.events import MAX_DICE_LISTED, dice_line, dice_listed, event_lines
from tests.core.test_events import _attack


def test_aos2_s14_a_weapons_line_shows_rerolls_extra_hits_and_automatic_wounds() -> None:
    """AoS2 §14.4 and §2: a re-rolled die reads `1→5`; hits an ability adds and wounds that
    need no roll are counted beside the dice, as the rules' own line gave them."""
    attack = Attack(
        WeaponProfile(parse_dice("3"), 3, 4, -1, parse_dice("1"), name="Bow", wielder="Prime"),
        compile_effects(
            [RerollRoll("hit", Reroll.ONES), ExplodingHits(6, parse_dice("1")), AutoWound(6)]
        ),
    )
    # hits 1 6 4, the 1 re-rolled to 5; the 6 explodes (+1) and wounds on its own;
    # wound rolls 2 5 2 for the other hits; saves 3 6 against 4+ -1
    rolled = resolve_weapon(attack, TargetInfo(4, name="Chainrasps"), ScriptedDice(
        [1, 6, 4, 5, 2, 5, 2, 3, 6]
    ))  # fmt: skip
    assert dice_line(weapon_rolls(rolled, "Prime")) == (
        "Prime, Bow: hit 3+: 1→5 6 4 → 4 hits (+1 extra); "
        "wound 4+: 2 5 2 → 2 wounds (+1 automatic); save 4+ -1: 3 6 → 1 saved"
    )


def test_a_long_roll_is_counted_by_face() -> None:
    """Past the listed dice, a step counts each face (`6×2 1×59`)."""
    many = (6, 6) + (1,) * (MAX_DICE_LISTED - 1)
    assert dice_listed(many) == f"6×2 1×{MAX_DICE_LISTED - 1}"
    assert dice_listed((3, 5), (1, 0)) == "1→3 5"


def test_an_attack_is_told_with_its_weapons_and_ward_in_any_language() -> None:
    """The attack's totals, each weapon's dice and the ward rolls; Hungarian from the same
    event."""
    plain = _attack().weapons[0]
    bow = replace(plain, hit_needed="3+", wound_needed="3+", save_needed="5+ -1")
    event = _attack(ward=6, weapons=(bow,))
    lines = event_lines(event)
    assert lines == [
        "Judicators → Chainrasps: 2 attacks, 1 hit, 1 wound, 1 unsaved, 0 mortal, 0 damage.",
        "  Skybolt Bow: hit 3+: 3 5 → 1 hit; wound 3+: 4 → 1 wound; save 5+ -1: 2 → 0 saved",
        "  Chainrasps: ward 6+: 6 → 1 negated",
    ]
    set_language("hu")
    try:
        assert event_lines(event)[0].startswith("Judicators → Chainrasps: 2 támadás")
    finally:
        set_language("en")


def test_an_attack_stored_before_its_dice_lines_reads_with_defaults() -> None:
    """A game stored before the fields the views' lines need reads them as their defaults."""
    data = _attack().to_data()
    for name in ("ward", "expected"):
        del data[name]
    for name in ("attack_rolls", "hit_needed", "hit_rerolled", "extra_hits", "save_needed"):
        del data["weapons"][0][name]
    read = event_from_data(data)
    assert isinstance(read, AttackResolved)
    assert (read.ward, read.expected, read.weapons[0].hit_needed) == (0, -1.0, "")


def test_casualties_ward_rolls_and_a_slain_general_are_told() -> None:
    """AoS2 §14.7, §14.11, §5.3: the models removed, ward rolls against mortal wounds, and
    the general's successor (with the command trait it generates by the book)."""
    slain = ModelsSlain(1, "combat", "chainrasps", "Chainrasps", 1, 3, 17, 0, "slain")
    assert event_lines(slain) == ["Chainrasps: 3 slain, 17 left."]
    ward = WardRolled("chainrasps", "Chainrasps", 1, "ward rolls", 6, (6, 2), 1)
    assert event_lines(ward) == ["Chainrasps: ward rolls 6 2 (6+) ignore 1."]
    alone = GeneralSlain("lord", "Lord", 0, "", "", False)
    assert event_lines(alone) == ["Lord, the general, is slain."]
    passed = GeneralSlain("lord", "Lord", 0, "relictor", "Lord-Relictor", True)
    assert event_lines(passed)[0].startswith("Lord was the general: Lord-Relictor takes")
    assert "command trait" in event_lines(passed)[1]
    for event in (slain, ward, alone, passed):
        assert event_from_data(event.to_data()) == event
