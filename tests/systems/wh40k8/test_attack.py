"""Warhammer 40,000 8th edition attacks with scripted dice, exact odds against hand values and
a seeded Monte-Carlo run of the rolling engine (40k8 = 40k8-core.md, the digest of seed 001)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest

from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import IMPOSSIBLE, Reroll, ScriptedDice, SeededDice, fixed, parse_dice
from aos_cli.core.effects import (
    AttackRules,
    Effect,
    ExtraAttacks,
    MortalWoundsOnRoll,
    RerollRoll,
    RollModifier,
    TargetInfo,
    Ward,
    compile_effects,
)
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.odds import attack_odds
from aos_cli.language.text import Text
from aos_cli.systems.wh40k8.engine import (
    Phase,
    Result40k,
    Target40k,
    Weapon40k,
    WeaponType,
    allocate_40k,
    attacks_for,
    check_grenades,
    check_model_weapons,
    excess_lost,
    fire_restriction,
    hit_modifier_for,
    odds_40k,
    prepare_weapon,
    resolve_attacks_40k,
    resolve_fight,
    resolve_shooting,
    wound_roll_needed,
)


def gun(
    attacks: str = "1",
    skill: int = 3,
    strength: int = 4,
    ap: int = 0,
    damage: str = "1",
    *effects: Effect,
    models: int = 1,
    weapon_type: WeaponType = WeaponType.RAPID_FIRE,
) -> Weapon40k:
    return Weapon40k(
        parse_dice(attacks),
        skill,
        strength,
        ap,
        parse_dice(damage),
        models=models,
        weapon_type=weapon_type,
        rules=compile_effects(effects),
    )


def rolled(
    weapons: Weapon40k | Sequence[Weapon40k],
    target: Target40k,
    dice: list[int],
    *,
    overwatch: bool = False,
    phase: Phase = "shooting",
) -> Result40k:
    """Resolve with scripted dice and check every die was used."""
    source = ScriptedDice(dice)
    chosen = [weapons] if isinstance(weapons, Weapon40k) else list(weapons)
    result = resolve_attacks_40k(chosen, target, source, overwatch=overwatch, phase=phase)
    assert source.remaining == 0, "every scripted die is used"
    return result


T4 = Target40k(toughness=4, save=IMPOSSIBLE)


# --------------------------------------------------------------------------- hit rolls


def test_40k8_s8_1_hit_against_bs_and_an_unmodified_1_always_fails() -> None:
    """40k8 §8.1: a hit needs BS or more; +2 to hit cannot save an unmodified 1."""
    result = rolled(gun("4", 3, 4, 0, "1", RollModifier("hit", 2)), T4, [1, 2, 3, 1, 1, 1])
    assert result.hits == 2  # 1 misses, 2+2=4 hits, 3+2 hits, 1 misses; wounds 1 1
    assert result.wounds == 0


def test_40k8_s1_2_no_automatic_hit_on_a_6() -> None:
    """40k8 §1.2: the core rules have no 'a 6 always succeeds': BS 6+ at -1 never hits."""
    result = rolled(gun("2", 6, 4, 0, "1", RollModifier("hit", -1)), T4, [6, 6])
    assert result.hits == 0


def test_40k8_s10_5_melee_hits_on_ws_and_s9_3_overwatch_only_on_6s() -> None:
    """40k8 §10.5 melee uses WS; §9.3 Overwatch hits only on an unmodified 6 whatever BS and
    modifiers (a BS 2+ firer with +1 still misses on a 5; -1 does not spoil a 6)."""
    sword = gun("2", 4, 4, 0, "1", weapon_type=WeaponType.MELEE)
    assert rolled(sword, T4, [4, 3, 1], phase="fight").hits == 1
    eager = gun("3", 2, 4, 0, "1", RollModifier("hit", 1))
    assert rolled(eager, T4, [5, 6, 4, 1], overwatch=True).hits == 1
    shaky = gun("1", 2, 4, 0, "1", RollModifier("hit", -1))
    assert rolled(shaky, T4, [6, 1], overwatch=True).hits == 1


def test_40k8_s9_3_overwatch_is_shooting_and_s10_melee_weapons_only_fight() -> None:
    with pytest.raises(InputError, match="Overwatch"):
        resolve_attacks_40k([gun()], T4, ScriptedDice([]), overwatch=True, phase="fight")
    with pytest.raises(RuleError, match="melee"):
        resolve_attacks_40k([gun(weapon_type=WeaponType.MELEE)], T4, ScriptedDice([]))
    with pytest.raises(RuleError, match="only melee weapons fight"):
        resolve_fight([gun()], T4, ScriptedDice([]))
    with pytest.raises(RuleError, match="'-'"):
        resolve_shooting([gun(skill=IMPOSSIBLE)], T4, ScriptedDice([]))


# --------------------------------------------------------------------------- wound chart


@pytest.mark.parametrize(
    ("strength", "toughness", "needed"),
    [
        (8, 4, 2),  # S >= 2T
        (9, 4, 2),
        (5, 4, 3),  # S > T
        (7, 4, 3),
        (4, 4, 4),  # S = T
        (3, 4, 5),  # S < T
        (4, 7, 5),
        (2, 4, 6),  # 2S <= T: half is checked before "less"
        (3, 7, 6),
        (1, 1, 4),
        (2, 1, 2),
    ],
)
def test_40k8_s8_2_wound_chart_rows(strength: int, toughness: int, needed: int) -> None:
    """40k8 §8.2: 2+ if S >= 2T, 3+ if S > T, 4+ if S = T, 6+ if 2S <= T, 5+ if S < T."""
    assert wound_roll_needed(strength, toughness) == needed


def test_40k8_s8_2_wound_rolls_on_the_chart_a_1_fails_and_no_automatic_6() -> None:
    """S3 against T7 needs 6+; with +1 to wound a 5 wounds but a 1 never does; S8 vs T4 2+;
    with -1 to wound a 6 does not wound a 6+ roll (no automatic success)."""
    weak = gun("3", 2, 3, 0, "1", RollModifier("wound", 1))
    result = rolled(weak, Target40k(7, IMPOSSIBLE), [2, 2, 2, 5, 4, 1])
    assert (result.hits, result.wounds) == (3, 1)
    assert result.weapons[0].wound_needed == 6
    strong = gun("2", 2, 8, 0, "1")
    assert rolled(strong, T4, [2, 2, 2, 1]).wounds == 1
    hopeless = gun("1", 2, 2, 0, "1", RollModifier("wound", -1))
    assert rolled(hopeless, T4, [2, 6]).wounds == 0
    with pytest.raises(InputError):
        wound_roll_needed(0, 4)


# --------------------------------------------------------------------------- saves


def test_40k8_s8_4_ap_modifies_the_save_and_a_1_always_fails() -> None:
    """40k8 §8.4: AP -1 against 3+: a 4 saves, a 3 does not; +3 to saves cannot save a 1."""
    result = rolled(gun("2", 2, 8, -1), Target40k(4, 3), [2, 2, 2, 2, 4, 3])
    assert (result.wounds, result.unsaved, result.damage) == (2, 1, 1)
    lucky = gun("1", 2, 8, 0, "1", RollModifier("save", 3))
    assert rolled(lucky, Target40k(4, 3), [2, 2, 1]).unsaved == 1


def test_40k8_s8_6_invulnerable_save_ignores_ap_and_the_better_save_is_used() -> None:
    """40k8 §8.6: AP -3 makes a 3+ armour save 6+; the 5+ invulnerable save is not modified,
    so a 5 saves. AP -1 leaves the armour save better (4+ against 5+ invulnerable)."""
    target = Target40k(4, 3, invulnerable=5)
    result = rolled(gun("2", 2, 8, -3), target, [2, 2, 2, 2, 5, 4])
    assert result.unsaved == 1
    assert result.weapons[0].save_used == "5+ invulnerable"
    without = rolled(gun("1", 2, 8, -3), Target40k(4, 3), [2, 2, 5])
    assert without.unsaved == 1
    armour = rolled(gun("1", 2, 8, -1), target, [2, 2, 4])
    assert armour.unsaved == 0
    assert armour.weapons[0].save_used == "3+ -1"


def test_40k8_s8_7_cover_only_against_shooting_and_never_for_invulnerable_saves() -> None:
    """40k8 §8.7: +1 to saves in cover against shooting (a 3 saves against 4+), not in the Fight
    phase (the same 3 fails); the invulnerable save gains nothing from cover."""
    covered = Target40k(4, 4, in_cover=True)
    assert rolled(gun("1", 2, 8), covered, [2, 2, 3]).unsaved == 0
    sword = gun("1", 2, 8, 0, "1", weapon_type=WeaponType.MELEE)
    assert rolled(sword, covered, [2, 2, 3], phase="fight").unsaved == 1
    # Armour 6+ with AP -2 is out of reach even with cover (3-2+1 = 2); invulnerable 4+ stays 4+.
    shielded = Target40k(4, 6, invulnerable=4, in_cover=True)
    assert rolled(gun("2", 2, 8, -2), shielded, [2, 2, 2, 2, 3, 4]).unsaved == 1
    # Overwatch is a shooting attack: cover counts.
    assert rolled(gun("1", 2, 8), covered, [6, 2, 3], overwatch=True).unsaved == 0


def test_40k8_s8_4_no_save_rolled_when_none_can_succeed() -> None:
    """A save of '-' with no modifier to reach it: no dice are asked for."""
    result = rolled(gun("1", 2, 8, -1), Target40k(4, 6), [2, 2])
    assert result.unsaved == 1


# --------------------------------------------------------------------------- damage


def test_40k8_s8_5_random_damage_per_unsaved_wound() -> None:
    """40k8 §8.5, §14: D3 Damage is rolled for each unsaved wound (D6 halved, rounded up)."""
    result = rolled(gun("2", 2, 8, 0, "D3"), T4, [2, 2, 2, 2, 6, 1])
    assert result.weapons[0].damage_per_attack == (3, 1)
    assert result.damage == 4


def test_40k8_s8_5_excess_damage_from_one_attack_is_lost() -> None:
    """40k8 §8.5: Damage 3 against models of 1 wound slays one model; the rest is lost."""
    target = Target40k(4, IMPOSSIBLE, models=3, wounds=1)
    result = rolled(gun("1", 2, 8, 0, "3"), target, [2, 2])
    assert (result.damage, result.slain, result.wounds_lost) == (3, 1, 1)
    assert result.allocation is not None and result.allocation.models_left == 2


def test_40k8_s8_8_mortal_wounds_carry_over() -> None:
    """40k8 §8.8: unlike an attack's Damage, mortal wounds spill over to the next model: three
    mortal wounds slay three 1-wound models (a wound roll of 6 inflicts them instead)."""
    target = Target40k(4, IMPOSSIBLE, models=4, wounds=1)
    smiting = gun("1", 2, 4, 0, "3", MortalWoundsOnRoll("wound", 6, fixed(3)))
    result = rolled(smiting, target, [2, 6])
    assert (result.mortal_wounds, result.unsaved, result.slain) == (3, 0, 3)
    assert allocate_40k([(0, 3)], 4, 1).slain == 3
    assert allocate_40k([(3, 0)], 4, 1).slain == 1
    # Damage first (excess lost), then the attack's mortal wounds carry over: 2 models of 2.
    assert allocate_40k([(5, 1)], 3, 2) == allocate_40k([(2, 0), (0, 1)], 3, 2)


def test_40k8_s8_3_a_damaged_model_takes_wounds_first() -> None:
    """40k8 §8.3: a model that has lost wounds must take the next ones: with 2 of 3 wounds
    lost, a Damage 3 attack slays it and loses 2; the next Damage 1 starts on a fresh model."""
    target = Target40k(4, IMPOSSIBLE, models=3, wounds=3, wounds_suffered=2)
    result = rolled(gun("2", 2, 8, 0, "D3"), target, [2, 2, 2, 2, 6, 1])
    assert result.weapons[0].damage_per_attack == (3, 1)
    assert result.slain == 1
    assert result.wounds_left_on_damaged == 2
    assert result.wounds_lost == 2  # 1 on the damaged model, 1 on the next
    assert allocate_40k([(1, 0)], 3, 3, 2).slain == 1


def test_40k8_feel_no_pain_ignores_wounds_before_allocation() -> None:
    """Disgustingly Resilient style (Lord of Contagion, 40k8 §15): a 5+ per wound ignores it,
    mortal wounds included."""
    target = Target40k(4, IMPOSSIBLE, models=1, wounds=6, feel_no_pain=5)
    weapon = gun("1", 2, 8, 0, "3", MortalWoundsOnRoll("wound", 6, fixed(1), add=True))
    result = rolled(weapon, target, [2, 6, 5, 1, 6, 2])
    assert result.damage_before_ward == 4
    assert result.ward_saved == 2
    assert (result.damage, result.wounds_lost, result.wounds_left_on_damaged) == (2, 2, 4)


# --------------------------------------------------------------------------- weapon types


def test_40k8_s7_2_assault_fires_after_advancing_at_minus_1() -> None:
    assault = prepare_weapon(gun("1", 3, weapon_type=WeaponType.ASSAULT), advanced=True)
    assert assault.rules.hit_mod == -1
    assert rolled(assault, T4, [3]).hits == 0  # 3 - 1 misses a 3+
    assert hit_modifier_for(WeaponType.ASSAULT) == 0
    for other in (WeaponType.HEAVY, WeaponType.RAPID_FIRE, WeaponType.PISTOL, WeaponType.GRENADE):
        assert attacks_for(other, advanced=True) == 0
        with pytest.raises(RuleError, match="Advanced"):
            prepare_weapon(gun(weapon_type=other), advanced=True)


def test_40k8_s7_3_heavy_minus_1_to_hit_after_moving() -> None:
    """40k8 §7.3: a model that moved (reinforcements and disembarking count) is -1 to hit."""
    heavy = prepare_weapon(gun("1", 3, weapon_type=WeaponType.HEAVY), moved=True)
    assert rolled(heavy, T4, [3]).hits == 0
    still = prepare_weapon(gun("1", 3, weapon_type=WeaponType.HEAVY))
    assert rolled(still, T4, [3, 1]).hits == 1
    assert hit_modifier_for(WeaponType.HEAVY, moved=True) == -1
    assert hit_modifier_for(WeaponType.RAPID_FIRE, moved=True) == 0


def test_40k8_s7_4_rapid_fire_doubles_attacks_within_half_range() -> None:
    assert attacks_for(WeaponType.RAPID_FIRE, within_half_range=True) == 2
    assert attacks_for(WeaponType.ASSAULT, within_half_range=True) == 1
    doubled = prepare_weapon(gun("D3", 3), within_half_range=True)
    result = rolled(doubled, T4, [6] + [1] * 6)  # D3 rolls 3, doubled: six hit rolls
    assert result.attacks == 6
    assert result.weapons[0].attack_rolls == (3,)


def test_40k8_s7_5_one_grenade_per_unit_and_nothing_else_that_model_fires() -> None:
    check_grenades([gun(weapon_type=WeaponType.GRENADE)])
    with pytest.raises(RuleError, match="grenade"):
        check_grenades([gun(weapon_type=WeaponType.GRENADE, models=2)])
    with pytest.raises(RuleError, match="grenade"):
        check_model_weapons([WeaponType.GRENADE, WeaponType.RAPID_FIRE])
    with pytest.raises(RuleError, match="grenade"):
        resolve_shooting([gun(weapon_type=WeaponType.GRENADE, models=2)], T4, ScriptedDice([]))


def test_40k8_s7_6_pistols_within_1_inch_and_never_with_other_weapons() -> None:
    assert fire_restriction(WeaponType.PISTOL, engaged=True) is None
    assert fire_restriction(WeaponType.RAPID_FIRE, engaged=True) is not None
    with pytest.raises(RuleError, match="Pistols"):
        prepare_weapon(gun(weapon_type=WeaponType.HEAVY), engaged=True)
    check_model_weapons([WeaponType.PISTOL, WeaponType.PISTOL, WeaponType.MELEE])
    with pytest.raises(RuleError, match="Pistols"):
        check_model_weapons([WeaponType.PISTOL, WeaponType.RAPID_FIRE])


def test_40k8_s4_5_fell_back_cannot_shoot_unless_fly() -> None:
    assert fire_restriction(WeaponType.ASSAULT, fell_back=True) is not None
    assert fire_restriction(WeaponType.ASSAULT, fell_back=True, can_fly=True) is None


def test_40k8_aos_only_abilities_are_refused_on_40k_weapons() -> None:
    with pytest.raises(InputError, match="Age of Sigmar"):
        gun("1", 3, 4, 0, "1", Ward(5))
    with pytest.raises(InputError, match="AP"):
        gun("1", 3, 4, 1)


# --------------------------------------------------------------------------- exact odds


def test_40k8_odds_match_hand_values_for_the_issue_example() -> None:
    """BS 3+, S4 vs T4, AP -1 against 3+: 4/6 × 1/2 × 1/2 = 1/6 per attack; ten attacks are a
    binomial(10, 1/6) of damage and of 1-wound models slain."""
    target = Target40k(4, 3, models=10, wounds=1)
    odds = odds_40k([gun("10", 3, 4, -1)], target)
    assert odds.mean_damage == pytest.approx(10 / 6, abs=1e-12)
    assert odds.slain is not None
    for k in range(11):
        expected = math.comb(10, k) * (1 / 6) ** k * (5 / 6) ** (10 - k)
        assert odds.damage.p(k) == pytest.approx(expected, abs=1e-12)
        assert odds.slain.p(k) == pytest.approx(expected, abs=1e-12)


def test_40k8_odds_invulnerable_cover_and_overwatch_hand_values() -> None:
    """Per attack: AP -3 against 3+ with a 5+ invulnerable: 2/3 of wounds unsaved; cover vs
    shooting makes a 4+ save 3+; Overwatch hits 1/6 whatever the BS."""
    bolter = gun("1", 2, 8, -3)
    per = Fraction(5, 6) * Fraction(5, 6)
    invuln = odds_40k([bolter], Target40k(4, 3, invulnerable=5)).mean_damage
    assert invuln == pytest.approx(float(per * Fraction(2, 3)), abs=1e-12)
    covered = Target40k(4, 4, in_cover=True)
    assert odds_40k([gun("1", 2, 8)], covered).mean_damage == pytest.approx(
        float(per * Fraction(2, 6)), abs=1e-12
    )
    sword = gun("1", 2, 8, 0, "1", weapon_type=WeaponType.MELEE)
    fight = odds_40k([sword], covered, phase="fight").mean_damage
    assert fight == pytest.approx(float(per * Fraction(3, 6)), abs=1e-12)
    overwatch = odds_40k([gun("1", 2, 8)], T4, overwatch=True).mean_damage
    assert overwatch == pytest.approx(float(Fraction(1, 6) * Fraction(5, 6)), abs=1e-12)


def test_40k8_odds_excess_lost_against_mortal_wounds_carried_over() -> None:
    """Two D3 attacks (each lands 25/36) on one 3-wound model: slain when one lands with a 3,
    or both land and their sum reaches 3 (8/9). Against three 1-wound models a landed attack
    slays one (excess lost), while 2 mortal wounds instead slay two (§8.8)."""
    q = Fraction(25, 36)
    odds = odds_40k([gun("2", 2, 8, 0, "D3")], Target40k(4, IMPOSSIBLE, models=1, wounds=3))
    assert odds.slain is not None
    expected = q * q * Fraction(8, 9) + 2 * q * (1 - q) * Fraction(1, 3)
    assert odds.slain.p(1) == pytest.approx(float(expected), abs=1e-12)
    squad = Target40k(4, IMPOSSIBLE, models=3, wounds=1)
    lost = odds_40k([gun("1", 2, 8, 0, "D6")], squad)
    assert lost.slain is not None and lost.slain.p(1) == pytest.approx(float(q), abs=1e-12)
    mortal = gun("1", 2, 8, 0, "D6", MortalWoundsOnRoll("wound", 2, fixed(2)))
    carried = odds_40k([mortal], squad)
    assert carried.slain is not None and carried.slain.p(2) == pytest.approx(float(q), abs=1e-12)


def test_40k8_odds_damaged_model_first() -> None:
    """One Damage 1 attack (25/36) on a model with 1 of 2 wounds left slays it."""
    target = Target40k(4, IMPOSSIBLE, models=2, wounds=2, wounds_suffered=1)
    odds = odds_40k([gun("1", 2, 8)], target)
    assert odds.slain is not None and odds.slain.p(1) == pytest.approx(25 / 36, abs=1e-12)


def test_40k8_excess_lost_is_a_spill_over_strategy_for_the_aos_odds() -> None:
    """The odds.py hook: an AoS profile with the same numbers (3+/4+/-1/D3, no 6 rule in
    play) under `excess_lost` slays as many as the 40k odds."""
    profile = WeaponProfile(fixed(4), 3, 4, -1, parse_dice("D3"), models=3)
    aos = attack_odds(
        [Attack(profile)],
        TargetInfo(4),
        target_models=4,
        target_wounds=2,
        wounds_suffered=1,
        spill_over=excess_lost,
    )
    forty = odds_40k(
        [gun("4", 3, 4, -1, "D3", models=3)], Target40k(4, 4, models=4, wounds=2, wounds_suffered=1)
    )
    assert aos.slain is not None and forty.slain is not None
    for k in range(5):
        assert aos.slain.p(k) == pytest.approx(forty.slain.p(k), abs=1e-12)


def test_40k8_odds_agree_with_a_seeded_monte_carlo_run_of_the_dice() -> None:
    """Rerolls, modifiers, random attacks and Damage, invulnerable, feel-no-pain, mortal wounds
    and a damaged model: 6,000 seeded rolls land within 4.5 standard errors of the odds."""
    weapons = [
        gun(
            "D3",
            3,
            5,
            -2,
            "D3",
            RerollRoll("hit", Reroll.ONES),
            RerollRoll("wound", Reroll.FAILED),
            MortalWoundsOnRoll("wound", 6, fixed(1), add=True),
            ExtraAttacks(1),
            models=3,
            weapon_type=WeaponType.ASSAULT,
        ),
        gun("2", 4, 3, 0, "1", RollModifier("hit", 1)),
    ]
    target = Target40k(
        4, 3, invulnerable=5, models=4, wounds=3, wounds_suffered=1, in_cover=True, feel_no_pain=6
    )
    odds = odds_40k(weapons, target)
    assert odds.slain is not None and odds.wounds_lost is not None
    assert odds.damage.total == pytest.approx(1.0, abs=1e-9)
    source = SeededDice(40008)
    runs = 6000
    slain: Counter[int] = Counter()
    damage = 0
    for _ in range(runs):
        result = resolve_attacks_40k(weapons, target, source)
        slain[result.slain] += 1
        damage += result.damage
    error = odds.damage.sd / math.sqrt(runs)
    assert abs(damage / runs - odds.damage.mean) < 4.5 * error
    for k in range(5):
        p = odds.slain.p(k)
        assert abs(slain[k] / runs - p) < 4.5 * math.sqrt(p * (1 - p) / runs) + 1e-9


def test_40k8_rules_value_is_the_shared_attack_rules() -> None:
    """The 40k weapon reads modifiers and rerolls from the same AttackRules as AoS."""
    assert isinstance(gun().rules, AttackRules)


class PromptedDice(ScriptedDice):
    """Scripted dice that keep every prompt they were asked with."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(values)
        self.prompts: list[str] = []

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        self.prompts.append(purpose)
        return super().roll(count, purpose)


def test_40k8_s8_6_save_prompt_against_an_invulnerable_save_shows_no_ap() -> None:
    """40k8 §8.6: an invulnerable save is never modified by AP, so the save prompt names the
    5+ invulnerable the defender rolls, not the AP -3 that does not apply to it."""
    source = PromptedDice([6, 6, 5])
    result = resolve_attacks_40k([gun("1", 3, 4, -3)], Target40k(4, 3, invulnerable=5), source)
    saves = [p for p in source.prompts if p.startswith("save rolls")]
    assert saves == ["save rolls (5+ invulnerable)"]
    assert result.unsaved == 0


@pytest.mark.parametrize(
    "change",
    [
        {"heal_on_save": 6},
        {"rerolled_save_mortal": 1},
        {"wound_rolls_count": 2},
        {"save_bonus_as_cover": True},
        {"ethereal": True},
        {"ward": 5},
        {"cover": True},
        {"auto_wound": 6},
    ],
)
def test_40k8_s13_a_weapon_refuses_every_rule_the_40k_engine_does_not_apply(
    change: dict[str, object],
) -> None:
    """40k8 §13: a weapon's profile and the modifiers, re-rolls, extra attacks and mortal
    wounds the 40k engine applies; every other rule (an Age of Sigmar ability such as a ward or
    a heal on a save) is refused rather than silently ignored: an allow-list, not a deny-list."""
    from dataclasses import replace as changed

    from aos_cli.core.effects import AttackRules

    with pytest.raises(InputError, match="Age of Sigmar ability"):
        Weapon40k(parse_dice("1"), 3, 4, 0, parse_dice("1"), rules=changed(AttackRules(), **change))  # type: ignore[arg-type]


def test_40k8_s13_the_rules_the_40k_engine_applies_are_taken() -> None:
    from aos_cli.core.effects import AttackRules

    rules = AttackRules(extra_attacks=1, hit_mod=1, wound_mod=-1, save_mod=1)
    assert Weapon40k(parse_dice("1"), 3, 4, 0, parse_dice("1"), rules=rules).rules == rules
