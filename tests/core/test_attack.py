"""The AoS 2nd edition attack sequence with scripted dice (AoS2 §14)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aos_cli.core.attack import (
    Attack,
    WeaponProfile,
    allocate_carry_over,
    resolve_attacks,
    resolve_weapon,
)
from aos_cli.core.dice import IMPOSSIBLE, Reroll, ScriptedDice, SeededDice, fixed, parse_dice
from aos_cli.core.effects import (
    AutoWound,
    DamageBonusOnWound,
    Effect,
    Ethereal,
    ExplodingHits,
    ExtraAttacks,
    InCover,
    MortalWoundsOnRoll,
    RendBonusOnHit,
    RerollRoll,
    RollModifier,
    TargetInfo,
    Ward,
    WoundRollsOnHit,
    compile_effects,
)


def weapon(
    attacks: str = "1",
    hit: int = 4,
    wound: int = 4,
    rend: int = 0,
    damage: str = "1",
    models: int = 1,
    *effects: Effect,
) -> Attack:
    profile = WeaponProfile(parse_dice(attacks), hit, wound, rend, parse_dice(damage), models)
    return Attack(profile, compile_effects(effects))


def run(attack: Attack, dice: list[int], save: int = IMPOSSIBLE, **target: bool) -> tuple:
    source = ScriptedDice(dice)
    result = resolve_weapon(attack, TargetInfo(save, **target), source)
    assert source.remaining == 0, "every scripted die is used"
    return result.hits, result.wounds, result.unsaved, result.mortal_wounds, result.damage


def test_aos2_s14_4_hit_wound_save_damage_in_order() -> None:
    """AoS2 §14.4: hit ≥ To Hit, wound ≥ To Wound, save ≥ Save after rend, then Damage."""
    attack = weapon("4", 3, 4, -1, "2")
    # hits: 3 4 2 6 → 3 hits; wounds: 4 1 5 → 2; saves (4+, rend -1): 5 4 → 5-1=4 saved, 3 fails
    assert run(attack, [3, 4, 2, 6, 4, 1, 5, 5, 4], save=4) == (3, 2, 1, 0, 2)


def test_aos2_s14_4_unmodified_1_always_misses_6_always_hits() -> None:
    """AoS2 §14.4: +3 to hit cannot save an unmodified 1; -3 cannot spoil an unmodified 6."""
    plus = weapon("2", 4, 6, 0, "1", 1, RollModifier("hit", 3))
    assert run(plus, [1, 2, 1])[0] == 1  # 1 misses, 2+3=5 hits; wound roll 1
    minus = weapon("1", 2, 6, 0, "1", 1, RollModifier("hit", -3))
    assert run(minus, [6, 1])[0] == 1


def test_aos2_s14_4_unmodified_wound_1_fails_and_6_succeeds() -> None:
    minus = weapon("1", 2, 2, 0, "1", 1, RollModifier("wound", -5))
    assert run(minus, [4, 6])[1] == 1
    plus = weapon("1", 2, 4, 0, "1", 1, RollModifier("wound", 5))
    assert run(plus, [4, 1])[1] == 0


def test_aos2_s14_4_unmodified_save_of_1_always_fails() -> None:
    """A +2 save modifier on a 1 still fails; a 2 + 2 = 4 saves against 4+."""
    attack = weapon("2", 2, 2, 0, "1", 1, RollModifier("save", 2))
    assert run(attack, [3, 3, 3, 3, 1, 2], save=4)[2] == 1


def test_save_dash_needs_seven_so_only_modifiers_reach_it() -> None:
    """DESIGN note: a save of '-' needs 7+; a 6 with +1 saves."""
    attack = weapon("2", 2, 2, 0, "1", 1, RollModifier("save", 1))
    assert run(attack, [3, 3, 3, 3, 6, 5], save=IMPOSSIBLE)[2] == 1


def test_aos2_s2_modifiers_are_cumulative() -> None:
    """AoS2 §2: +1 and +1 to hit add up: a 2 hits on 4+."""
    attack = weapon("1", 4, 6, 0, "1", 1, RollModifier("hit", 1), RollModifier("hit", 1))
    assert run(attack, [2, 1])[0] == 1


def test_aos2_s20_2_random_attacks_rolled_per_model() -> None:
    """AoS2 §20.2: a random Attacks value is rolled for each model using the weapon."""
    attack = weapon("D3", 7 - 1, 6, 0, "1", 2)  # hit 6+
    source = ScriptedDice([6, 1, 6, 6, 6, 6, 1, 1, 1, 1])  # D3s: 3 and 1 → 4 attacks
    result = resolve_weapon(attack, TargetInfo(IMPOSSIBLE), source)
    assert result.attacks == 4
    assert result.attack_rolls == (3, 1)


def test_aos2_s14_4_random_damage_rolled_per_successful_attack() -> None:
    attack = weapon("2", 2, 2, 0, "D3")
    # hits 3 3, wounds 3 3, no save, damage dice 6 (→3) and 1 (→1)
    assert run(attack, [3, 3, 3, 3, 6, 1])[4] == 4


def test_extra_attacks_add_to_the_unit_total() -> None:
    attack = weapon("2", 4, 4, 0, "1", 10, ExtraAttacks(1))
    result = resolve_weapon(attack, TargetInfo(IMPOSSIBLE), SeededDice(1))
    assert result.attacks == 21


def test_rerolls_per_stage() -> None:
    """AoS2 §2: rerolls of hit, wound and save rolls, each die at most once."""
    attack = weapon(
        "1", 4, 4, 0, "1", 1,
        RerollRoll("hit", Reroll.ONES),
        RerollRoll("wound", Reroll.FAILED),
        RerollRoll("save", Reroll.FAILED),
    )  # fmt: skip
    # hit 1 → reroll 5; wound 2 → reroll 4; save 3 → reroll 2 (fails vs 4+)
    assert run(attack, [1, 5, 2, 4, 3, 2], save=4) == (1, 1, 1, 0, 1)


def test_exploding_hits_extra_hits_trigger_nothing() -> None:
    """An unmodified 6 to hit scores 1 extra hit; the extra hit rolls no hit dice of its own."""
    attack = weapon("2", 4, 4, 0, "1", 1, ExplodingHits(6, fixed(1)))
    # hits: 6, 2 → 1 hit + 1 extra = 2 hits; wound rolls: 4 4
    assert run(attack, [6, 2, 4, 4])[:2] == (2, 2)


def test_exploding_hits_with_dice_amount() -> None:
    attack = weapon("1", 4, 4, 0, "1", 1, ExplodingHits(6, parse_dice("D3")))
    # hit 6, extra D3 die 5 → 3 extra, wound rolls for 4 hits: 4 4 4 1
    assert run(attack, [6, 5, 4, 4, 4, 1])[:2] == (4, 3)


def test_mortal_wounds_on_hit_instead_end_the_sequence() -> None:
    """On an unmodified 6 to hit, D3 mortal wounds and the attack sequence ends."""
    attack = weapon("2", 4, 4, 0, "1", 1, MortalWoundsOnRoll("hit", 6, parse_dice("D3")))
    # hit 6 (mortal, D3 die 3 → 2), hit 4 → wound roll 4 → damage 1
    assert run(attack, [6, 4, 3, 4]) == (2, 1, 1, 2, 3)


def test_mortal_wounds_on_hit_in_addition_keep_rolling() -> None:
    attack = weapon("1", 4, 4, 0, "1", 1, MortalWoundsOnRoll("hit", 6, fixed(1), add=True))
    assert run(attack, [6, 5]) == (1, 1, 1, 1, 2)


def test_mortal_wounds_on_wound_roll() -> None:
    attack = weapon("2", 4, 4, 0, "1", 1, MortalWoundsOnRoll("wound", 6, fixed(2)))
    # hits 4 4; wounds 6 (→ 2 mortal, ends) and 5 → damage 1
    assert run(attack, [4, 4, 6, 5]) == (2, 2, 1, 2, 3)


def test_stacked_triggers_on_the_same_hit_roll() -> None:
    """Mortal wounds on a 6 (in addition) and exploding on a 6 both fire on one die."""
    attack = weapon(
        "1", 4, 4, 0, "1", 1,
        MortalWoundsOnRoll("hit", 6, fixed(1), add=True),
        ExplodingHits(6, fixed(1)),
    )  # fmt: skip
    assert run(attack, [6, 4, 4]) == (2, 2, 2, 1, 3)


def test_auto_wound_skips_the_wound_roll() -> None:
    attack = weapon("2", 4, 4, 0, "1", 1, AutoWound(6))
    # hits 6 (auto-wound), 4 → one wound roll: 1 fails
    assert run(attack, [6, 4, 1])[:2] == (2, 1)


def test_rend_bonus_on_hit_applies_to_that_attack_only() -> None:
    attack = weapon("2", 4, 4, 0, "1", 1, RendBonusOnHit(6, 1))
    # hits 6 and 4, wounds 4 4, saves 4 4 vs 4+: the 6's wound is at rend -1 → 3 fails
    assert run(attack, [6, 4, 4, 4, 4, 4], save=4)[2] == 1


def test_damage_bonus_on_wound_roll() -> None:
    attack = weapon("2", 4, 4, 0, "1", 1, DamageBonusOnWound(6, 1))
    assert run(attack, [4, 4, 6, 4])[4] == 3


def test_stormbound_blade_three_wound_rolls_on_a_six() -> None:
    """An unmodified hit of 6 makes three wound rolls instead of one."""
    attack = weapon("1", 4, 4, 0, "1", 1, WoundRollsOnHit(6, 3))
    assert run(attack, [6, 4, 5, 1])[:2] == (1, 2)


def test_aos2_s14_9_cover_adds_one_to_saves() -> None:
    attack = weapon("1", 2, 2, 0, "1", 1, InCover())
    assert run(attack, [3, 3, 3], save=4)[2] == 0


def test_aos2_s14_9_no_cover_for_big_monsters_or_chargers_in_combat() -> None:
    """AoS2 §14.9 (a) no cover in combat after charging; (b) never for Monster/War Machine 8+."""
    attack = weapon("1", 2, 2, 0, "1", 1, InCover())
    assert run(attack, [3, 3, 3], save=4, monster_wounds_8=True)[2] == 1
    assert run(attack, [3, 3, 3], save=4, charged_this_turn_in_combat=True)[2] == 1


def test_ethereal_ignores_rend_and_modifiers() -> None:
    attack = weapon("1", 2, 2, -2, "1", 1, Ethereal(), RollModifier("save", -1))
    assert run(attack, [3, 3, 4], save=4)[2] == 0


def test_aos2_s14_11_ward_rolls_per_wound_and_mortal_wound() -> None:
    """AoS2 §14.11: each wound or mortal wound is negated on the ward roll."""
    attack = weapon("1", 4, 4, 0, "3", 1, MortalWoundsOnRoll("hit", 5, fixed(1), add=True), Ward(5))
    source = ScriptedDice([5, 4, 6, 1, 5, 1])  # hit 5 (1 MW, goes on), wound 4; 3 + 1 damage
    result = resolve_attacks([attack], TargetInfo(IMPOSSIBLE), source)
    assert result.damage_before_ward == 4
    assert result.ward_rolls == (6, 1, 5, 1)
    assert result.damage == 2


def test_ward_negates_exactly_the_dice_at_or_above_it() -> None:
    attack = weapon("1", 2, 2, 0, "3", 1, Ward(5))
    result = resolve_attacks([attack], TargetInfo(IMPOSSIBLE), ScriptedDice([3, 3, 6, 1, 5]))
    assert result.damage == 1


def test_aos2_s14_7_wounds_carry_over_one_damaged_model() -> None:
    """AoS2 §14.7/§14.10: 7 damage on 2-wound models slays 3 and leaves one with 1 wound."""
    allocation = allocate_carry_over(7, 5, 2)
    assert (allocation.slain, allocation.wounds_on_damaged, allocation.models_left) == (3, 1, 2)
    assert allocate_carry_over(3, 2, 2, suffered=1).slain == 2
    assert allocate_carry_over(100, 2, 2).slain == 2


def test_aos2_s14_8_mortal_wounds_pooled_with_damage_before_allocation() -> None:
    """AoS2 §14.8: mortal wounds from attacks are allocated with the other damage."""
    attack = weapon("2", 4, 4, 0, "1", 1, MortalWoundsOnRoll("hit", 6, fixed(1)))
    result = resolve_attacks(
        [attack], TargetInfo(IMPOSSIBLE), ScriptedDice([6, 4, 4]), target_models=3, target_wounds=2
    )
    assert result.damage == 2
    assert result.slain == 1


profiles = st.builds(
    lambda a, h, w, r, d: (a, h, w, r, d),
    st.integers(0, 12),
    st.integers(2, 6),
    st.integers(2, 6),
    st.integers(-3, 0),
    st.sampled_from(["1", "2", "D3", "D6"]),
)


@settings(max_examples=60, deadline=None)
@given(profiles, st.integers(2, 6), st.integers(0, 2**31))
def test_a_better_save_never_increases_damage(profile: tuple, save: int, seed: int) -> None:
    """Property: with the same dice, a better save never lets more damage through."""
    attacks, hit, wound, rend, damage = profile
    attack = weapon(str(attacks), hit, wound, rend, damage)
    worse = resolve_attacks([attack], TargetInfo(save), SeededDice(seed))
    better = resolve_attacks([attack], TargetInfo(save - 1 if save > 2 else 2), SeededDice(seed))
    assert better.unsaved <= worse.unsaved


@settings(max_examples=60, deadline=None)
@given(profiles, st.integers(2, 7), st.integers(0, 2**31))
def test_more_rend_never_reduces_unsaved_wounds(profile: tuple, save: int, seed: int) -> None:
    """Property: with the same dice, more rend never lets fewer wounds through."""
    attacks, hit, wound, rend, _damage = profile
    base = resolve_attacks(
        [weapon(str(attacks), hit, wound, rend)], TargetInfo(save), SeededDice(seed)
    )
    more = resolve_attacks(
        [weapon(str(attacks), hit, wound, rend - 1)], TargetInfo(save), SeededDice(seed)
    )
    assert more.unsaved >= base.unsaved


def test_aos2_s14_4_wound_stage_counts_automatic_wounds_as_its_total() -> None:
    """AoS2 §14.4 (an ability's automatic wound skips the wound roll): the wound stage passes
    on the rolled wounds and the automatic ones, as the result's `wounds` counts them, and
    the save is shown with the rend it applies."""
    attack = weapon("3", 4, 4, -1, "1", 1, AutoWound(6))
    result = resolve_attacks([attack], TargetInfo(4), ScriptedDice([6, 5, 1, 4, 6, 6]))
    wound = result.weapons[0].stages[1]
    assert (wound.count, wound.extra, wound.total) == (1, 1, 2) == (1, 1, result.wounds)
    assert wound.extra_label == "automatic"
    assert result.weapons[0].stages[2].needed == "4+ -1"
