"""Ability text in the common AoS2 wordings → structured effects, or a timed reminder."""

from __future__ import annotations

import pytest

from aos_cli.content.effects import build_effect
from aos_cli.content.importers.wording import WeaponRef, read_ability

WEAPONS = [
    WeaponRef("glaive", "Glaive", melee=True, rend=-1, damage=1),
    WeaponRef("bow", "Bow", melee=False, rend=0, damage=1),
]


@pytest.mark.parametrize(
    ("text", "effects", "weapons"),
    [
        (
            "You can re-roll hit rolls of 1 for attacks made by this unit.",
            [{"type": "reroll", "roll": "hit", "which": "ones"}],
            ["glaive", "bow"],
        ),
        (
            "You can re-roll failed wound rolls for attacks made with this model's Glaive.",
            [{"type": "reroll", "roll": "wound", "which": "failed"}],
            ["glaive"],
        ),
        (
            "You can re-roll save rolls for attacks that target this unit.",
            [{"type": "reroll", "roll": "save", "which": "all"}],
            [],
        ),
        (
            "Add 1 to hit rolls for attacks made with this unit's melee weapons.",
            [{"type": "modifier", "roll": "hit", "amount": 1}],
            ["glaive"],
        ),
        (
            "Add 1 to save rolls for attacks that target this unit.",
            [{"type": "modifier", "roll": "save", "amount": 1}],
            [],
        ),
        (
            "If the unmodified hit roll for an attack made with this model's Glaive is 6, that "
            "attack inflicts 2 mortal wounds on the target and the attack sequence ends (do not "
            "make a wound or save roll).",
            [
                {
                    "type": "mortal_wounds_on_roll",
                    "roll": "hit",
                    "on": 6,
                    "amount": "2",
                    "add": False,
                }
            ],
            ["glaive"],
        ),
        (
            "If the unmodified wound roll for an attack made by this unit is 6, that attack "
            "inflicts 1 mortal wound on the target in addition to any normal damage.",
            [
                {
                    "type": "mortal_wounds_on_roll",
                    "roll": "wound",
                    "on": 6,
                    "amount": "1",
                    "add": True,
                }
            ],
            ["glaive", "bow"],
        ),
        (
            "If the unmodified hit roll for an attack made with a Bow is 6, that attack scores "
            "two hits on the target instead of one.",
            [{"type": "exploding_hits", "on": 6, "extra": "1"}],
            ["bow"],
        ),
        (
            "If the unmodified hit roll for an attack made with this model's Glaive is 6, "
            "improve the Rend characteristic of that attack by 1.",
            [{"type": "rend_bonus_on_hit", "on": 6, "amount": 1}],
            ["glaive"],
        ),
        (
            "If the unmodified wound roll for an attack made with this model's Glaive is 6, "
            "that attack has a Damage characteristic of 3.",
            [{"type": "damage_bonus_on_wound", "on": 6, "amount": 2}],
            ["glaive"],
        ),
        (
            "Add 1 to the Attacks characteristic of this unit's melee weapons if this unit made "
            "a charge move in the same turn.",
            [
                {
                    "type": "conditional",
                    "condition": "charged_this_turn",
                    # per model (Frenzied Assault: 30 attacks for 10 models of 2, not 21)
                    "effects": [
                        {
                            "type": "characteristic_modifier",
                            "characteristic": "attacks",
                            "amount": 1,
                            "melee_only": True,
                        }
                    ],
                }
            ],
            ["glaive"],
        ),
    ],
)
def test_attack_wordings_become_effects(
    text: str, effects: list[dict[str, object]], weapons: list[str]
) -> None:
    """AoS2 §2 rerolls and modifiers, §14.4 unmodified rolls, §14.8 mortal wounds."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects
    assert reading.weapons == weapons
    assert reading.complete
    for effect in reading.effects:
        built, problems = build_effect(effect)
        assert built is not None, problems


def test_ward_spans_two_sentences() -> None:
    """AoS2 §14.11: a roll each time a wound or mortal wound is allocated negates it on 5+."""
    reading = read_ability(
        "Roll a dice each time you allocate a wound or mortal wound to this model. On a 5+, "
        "that wound or mortal wound is negated.",
        WEAPONS,
    )
    assert reading.effects == [{"type": "ward", "on": 5}] and reading.complete
    mortal = read_ability(
        "Roll a dice each time you allocate a mortal wound to this unit. On a 6, that mortal "
        "wound is negated.",
        WEAPONS,
    )
    assert mortal.effects == [{"type": "mortal_ward", "on": 6}]


@pytest.mark.parametrize(
    ("text", "timing"),
    [
        (
            "In your hero phase, you can heal up to D3 wounds allocated to this model.",
            {"phase": "hero", "turn": "yours"},
        ),
        (
            'At the start of the combat phase, roll a dice for each enemy unit within 3" of this model.',
            {"phase": "combat", "step": "start"},
        ),
        (
            "After this unit has fought in the combat phase for the first time, it can fight again.",
            {"phase": "combat", "trigger": "after this unit has fought"},
        ),
    ],
)
def test_timing_phrases(text: str, timing: dict[str, str]) -> None:
    """AoS2 §7 (hero phase), §13 (combat phase): the phase an ability is used in."""
    assert read_ability(text, WEAPONS).timing == timing


def test_heal_in_the_hero_phase_is_an_effect() -> None:
    reading = read_ability(
        "In your hero phase, you can heal up to D3 wounds allocated to this model.", WEAPONS
    )
    assert reading.effects == [{"type": "heal", "amount": "D3", "target": "self"}]


def test_unknown_wording_is_a_reminder_with_nothing_applied() -> None:
    reading = read_ability(
        "You can re-roll hit rolls of 1 for attacks made by this unit unless the target is a MONSTER.",
        WEAPONS,
    )
    assert reading.effects == [] and not reading.complete


def test_partly_understood_text_keeps_its_effects_and_the_reminder() -> None:
    reading = read_ability(
        "You can re-roll charge rolls for this unit. In addition, it may dance a jig.", WEAPONS
    )
    assert reading.effects == [{"type": "reroll_other", "roll": "charge"}]
    assert not reading.complete


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            'If successfully cast, pick 1 enemy unit within 18" of the caster that is visible to '
            "them. That unit suffers D3 mortal wounds.",
            [{"type": "mortal_wounds", "amount": "D3", "range": 18}],
        ),
        (
            'Pick 1 enemy unit within 12" of the caster. Roll a dice. On a 4+, that unit suffers '
            "D3 mortal wounds.",
            [{"type": "roll_then", "on": 4, "then": [{"type": "mortal_wounds", "amount": "D3"}]}],
        ),
        (
            'If successfully cast, pick 1 friendly unit within 12" of the caster that is visible '
            "to them. Re-roll save rolls of 1 for that unit until your next hero phase.",
            [
                {
                    "type": "lasting",
                    "until": "your_next_hero_phase",
                    "effects": [{"type": "reroll", "roll": "save", "which": "ones"}],
                }
            ],
        ),
        (
            "Ignore modifiers (positive or negative) when making save rolls for attacks that "
            "target this unit.",
            [{"type": "ethereal"}],
        ),
        (
            'Add 1 to wound rolls for friendly NURGLINGS units while they are within 7" of this '
            "model.",
            [
                {
                    "type": "aura",
                    "range": 7,
                    "side": "friendly",
                    "keywords": ["NURGLINGS"],
                    "effects": [{"type": "modifier", "roll": "wound", "amount": 1}],
                }
            ],
        ),
    ],
)
def test_spell_and_aura_wordings(text: str, effects: list[dict[str, object]]) -> None:
    """AoS2 §15 spells (mortal wounds, until your next hero phase), §21 auras."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects
    for effect in reading.effects:
        built, problems = build_effect(effect)
        assert built is not None, problems


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "You can re-roll hit rolls of 1 for attacks made by this model if it made a charge "
            "move in the same turn.",
            [
                {
                    "type": "conditional",
                    "condition": "charged_this_turn",
                    "effects": [{"type": "reroll", "roll": "hit", "which": "ones"}],
                }
            ],
        ),
        (
            "In the first battle round, add 2 to save rolls for attacks that target this model.",
            [
                {
                    "type": "conditional",
                    "condition": "first_battle_round",
                    "effects": [{"type": "modifier", "roll": "save", "amount": 2}],
                }
            ],
        ),
        (
            "If the unmodified hit roll for an attack made with a melee weapon by this model is 6, "
            "that attack scores D6 hits on the target instead of 1. Make a wound and save roll "
            "for each hit.",
            [{"type": "exploding_hits", "on": 6, "extra": "D6-1"}],
        ),
    ],
)
def test_conditions_and_random_extra_hits(text: str, effects: list[dict[str, object]]) -> None:
    """AoS2 §14.4: conditions the tool asks about; extra hits from an unmodified 6."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects and reading.complete
    for effect in reading.effects:
        built, problems = build_effect(effect)
        assert built is not None, problems


@pytest.mark.parametrize(
    ("text", "target"),
    [
        (
            'If successfully cast, pick 1 enemy unit within 18" of the caster that is visible to '
            "them. That unit suffers D3 mortal wounds.",
            {"side": "enemy", "range": 18},
        ),
        (
            'Pick 1 other friendly STORMCAST ETERNAL HERO within 12" of this model. Heal 1 wound '
            "allocated to that model.",
            {"side": "friendly", "range": 12, "keywords": ["STORMCAST ETERNAL", "HERO"]},
        ),
        (
            'Pick 1 friendly unit wholly within 12" of your general. Add 1 to hit rolls for that '
            "unit.",
            {"side": "friendly", "range": 12},
        ),
        ("You can re-roll save rolls of 1 for attacks that target this unit.", None),
    ],
)
def test_the_target_is_the_unit_the_text_picks(text: str, target: dict[str, object] | None) -> None:
    """AoS2 §11/§19: spells, prayers and abilities pick their target by side, keyword and range;
    an imported record that picks nobody else applies to itself."""
    assert read_ability(text, []).target == target


# ---------------------------------------------------------------- issue 24 §4: who, how many


@pytest.mark.parametrize(
    "text",
    [
        # Storm Breath: a point, then every enemy unit near it
        'In your shooting phase, you can pick a point on the battlefield within 12" of this '
        'model. Roll a dice for each enemy unit within 2" of that point. On a 4+ that unit '
        "suffers D3 mortal wounds.",
        # Excess of Blades: each enemy unit within 1", and a stronger result on a 5+
        'Roll a dice for each enemy unit that is within 1" of this model after this model '
        "finishes a charge move. On a 1, nothing happens. On a 2-4, that unit suffers D3 "
        "mortal wounds. On a 5+, that unit suffers D6 mortal wounds.",
    ],
)
def test_issue24_mortal_wounds_on_many_units_stay_a_reminder(text: str) -> None:
    """Issue 24 §4: "that unit suffers" after "roll a dice for each enemy unit" or "a point"
    is one of many units the tool cannot see: no effect may land it on the bearer or on one
    unit; the ability stays a reminder with its text."""
    reading = read_ability(text, WEAPONS)
    assert not any("mortal_wounds" in str(e) for e in reading.effects if e["type"] != "against")
    assert not reading.complete


def test_issue24_picked_enemy_unit_suffers_the_roll() -> None:
    """Issue 24 §4: one enemy unit picked, one roll: the mortal wounds land on the unit picked
    (the record's target), never the bearer."""
    reading = read_ability(
        'In your hero phase, pick 1 enemy unit within 12" of this model. Roll a dice. On a 4+, '
        "that unit suffers D3 mortal wounds.",
        WEAPONS,
    )
    assert reading.target == {"side": "enemy", "range": 12}
    assert reading.effects == [
        {"type": "roll_then", "on": 4, "then": [{"type": "mortal_wounds", "amount": "D3"}]}
    ]


def test_issue24_aos2_attacks_characteristic_of_this_units_weapons_is_per_model() -> None:
    """Issue 24 §4 (AoS2 §13: the bonus is to each model's characteristic): "Add 1 to the
    Attacks characteristic of this unit's Glaive" is a per-model modifier; "of a champion's"
    weapon is one extra attack for the unit."""
    unit = read_ability("Add 1 to the Attacks characteristic of this unit's Glaive.", WEAPONS)
    assert unit.effects == [
        {"type": "characteristic_modifier", "characteristic": "attacks", "amount": 1}
    ]
    leader = read_ability("Add 1 to the Attacks characteristic of a Prime's Glaive.", WEAPONS)
    assert leader.effects == [{"type": "extra_attacks", "amount": 1}]


def test_issue24_aos2_s2_two_rolls_rerolled_at_once() -> None:
    """AoS2 §2: "re-roll hit and wound rolls" rerolls both, for the attacks named."""
    reading = read_ability(
        "You can re-roll hit and wound rolls for attacks made by this model.", WEAPONS
    )
    assert reading.effects == [
        {"type": "reroll", "roll": "hit", "which": "all"},
        {"type": "reroll", "roll": "wound", "which": "all"},
    ]
    assert reading.complete and reading.weapons == ["glaive", "bow"]


def test_issue24_a_bonus_only_against_a_hero_target() -> None:
    """A reroll only when the target is a HERO is an `against` effect naming HERO."""
    reading = read_ability(
        "You can re-roll hit rolls of 1 for attacks made by this unit if the target is a HERO.",
        WEAPONS,
    )
    assert reading.effects == [
        {
            "type": "against",
            "keywords": ["HERO"],
            "effects": [{"type": "reroll", "roll": "hit", "which": "ones"}],
        }
    ]
    for effect in reading.effects:
        build_effect(effect)


def test_issue24_chain_lightning_second_roll_is_left_to_the_table() -> None:
    """Chain Lightning: the picked unit's D3 is an effect; the roll for each other enemy unit
    near it is no effect on the picked unit again, and stays in the reminder."""
    reading = read_ability(
        'Pick 1 enemy unit within 18" of the caster. That unit suffers D3 mortal wounds. Then '
        'roll a dice for each other enemy unit within 6" of that unit. On a 4+ that unit '
        "suffers 1 mortal wound.",
        WEAPONS,
    )
    assert reading.effects == [{"type": "mortal_wounds", "amount": "D3", "range": 18}]
    assert not reading.complete


def test_issue24_a_weapon_named_after_its_models_possessive() -> None:
    """ "An attack made with a Dracoth's Glaive" names the Glaive: the possessive is the model."""
    reading = read_ability(
        "If the unmodified hit roll for an attack made with a Dracoth's Glaive is 6, that attack "
        "inflicts 1 mortal wound on the target and the attack sequence ends (do not make a wound "
        "or save roll).",
        WEAPONS,
    )
    assert reading.weapons == ["glaive"]
    assert reading.effects[0]["add"] is False


def test_issue24_one_models_bonus_and_a_ward_that_needs_a_weapon() -> None:
    """ "That model's Hellblade" after "1 model in this unit is a Bloodhunter" is one model's
    +1 (one extra attack), not every model's; a ward only "if this model is armed with a
    Shining Aegis" stays a reminder (the effect cannot say which weapon it needs)."""
    hunter = read_ability(
        "1 model in this unit is a Bloodhunter. Add 1 to the Attacks characteristic of that "
        "model's Glaive.",
        WEAPONS,
    )
    assert hunter.effects == [{"type": "extra_attacks", "amount": 1}]
    aegis = read_ability(
        "If this model is armed with a Shining Aegis, roll a dice each time you allocate a "
        "wound or mortal wound to this model. On a 6+, that wound or mortal wound is negated.",
        WEAPONS,
    )
    assert aegis.effects == [] and not aegis.complete


def test_issue24_one_in_every_n_models_bonus_stays_a_reminder() -> None:
    """ "1 in every 5 models can be a Slasher Crone. Add 1 to the Attacks characteristic of that
    model's Glaive": as many extra attacks as there are crones, which one effect cannot count."""
    reading = read_ability(
        "1 in every 5 models in this unit can be a Slasher Crone. Add 1 to the Attacks "
        "characteristic of that model's Glaive.",
        WEAPONS,
    )
    assert reading.effects == [] and not reading.complete


# ---------------------------------------------------------------- issue 24: more wordings
# Fixture texts of our own, in the wordings of the AoS2 warscrolls (GHB 2021 era).


def _lasting(until: str, *effects: dict[str, object]) -> list[dict[str, object]]:
    return [{"type": "lasting", "until": until, "effects": list(effects)}]


@pytest.mark.parametrize(
    ("text", "target", "effects"),
    [
        (
            # a command ability: the unit picked rerolls its hit rolls for the phase
            "You can use this command ability at the start of the combat phase. If you do so, "
            'pick 1 friendly GLOOM GOBLIN unit wholly within 12" of a friendly model with this '
            "command ability. Until the end of that phase, you can re-roll hit rolls of 1 for "
            "attacks made by that unit.",
            {"side": "friendly", "range": 12, "keywords": ["GLOOM GOBLIN"]},
            _lasting("end_of_phase", {"type": "reroll", "roll": "hit", "which": "ones"}),
        ),
        (
            # a curse: both clauses land on the enemy unit picked, until the caster's next hero
            # phase (AoS2 §15: "until your next hero phase")
            'If successfully cast, pick 1 enemy unit within 9" of the caster that is visible to '
            "them. Until your next hero phase, subtract 1 from hit rolls for attacks made by "
            "that unit, and subtract 1 from save rolls for attacks that target that unit.",
            {"side": "enemy", "range": 9},
            _lasting(
                "your_next_hero_phase",
                {"type": "modifier", "roll": "hit", "amount": -1},
                {"type": "modifier", "roll": "save", "amount": -1},
            ),
        ),
        (
            # the duration after the clause; Attacks of each model's melee weapons
            'In your hero phase, pick 1 friendly unit wholly within 18" of this model. Add 1 to '
            "the Attacks characteristic of that unit's melee weapons until your next hero phase.",
            {"side": "friendly", "range": 18},
            _lasting(
                "your_next_hero_phase",
                {
                    "type": "characteristic_modifier",
                    "characteristic": "attacks",
                    "amount": 1,
                    "melee_only": True,
                },
            ),
        ),
        (
            # "in that phase" is the duration; a mortal wound on a wound roll of 6, in addition
            "You can use this command ability at the start of the combat phase. If you do so, "
            'pick 1 friendly unit wholly within 12" of a friendly model with this command '
            'ability, or wholly within 24" of a model with this command ability that is your '
            "general. If the unmodified wound roll for an attack made by that unit in that "
            "phase is 6, that attack inflicts 1 mortal wound on the target in addition to any "
            "normal damage.",
            {"side": "friendly"},
            _lasting(
                "end_of_phase",
                {
                    "type": "mortal_wounds_on_roll",
                    "roll": "wound",
                    "on": 6,
                    "amount": "1",
                    "add": True,
                },
            ),
        ),
    ],
)
def test_issue24_what_a_picked_unit_is_given_for_a_while(
    text: str, target: dict[str, object], effects: list[dict[str, object]]
) -> None:
    """A spell or command ability that picks a unit and gives "that unit" a modifier for a
    while: the target as picked, a `lasting` effect on it with the duration the text says
    (AoS2 §15, §7.2); every clause understood, no reminder left."""
    reading = read_ability(text, WEAPONS)
    assert reading.target == target
    assert reading.effects == effects
    assert reading.complete
    for effect in effects:
        assert build_effect(effect)[1] == []


def test_issue24_melee_attacks_of_a_picked_unit_only_in_a_combat_phase() -> None:
    """ "Attacks made with melee weapons by that unit" until the end of a combat phase are all
    its attacks (AoS2 §13: only melee weapons attack in the combat phase); in a hero phase
    until the next one they are not, and the text stays a reminder."""
    combat = read_ability(
        'At the start of the combat phase, pick 1 friendly unit wholly within 12" of this '
        "model. Until the end of that phase, add 1 to hit rolls for attacks made with melee "
        "weapons by that unit.",
        WEAPONS,
    )
    assert combat.effects == _lasting(
        "end_of_phase", {"type": "modifier", "roll": "hit", "amount": 1}
    )
    hero = read_ability(
        'In your hero phase, pick 1 friendly unit wholly within 12" of this model. Until your '
        "next hero phase, add 1 to hit rolls for attacks made with melee weapons by that unit.",
        WEAPONS,
    )
    assert hero.effects == [] and not hero.complete


def test_issue24_a_spell_on_the_casters_own_melee_weapons() -> None:
    """ "Add 1 to hit and wound rolls for attacks made with melee weapons by the caster until
    your next hero phase": the caster's melee weapons by name, for that long."""
    reading = read_ability(
        "If successfully cast, add 1 to hit and wound rolls for attacks made with melee weapons "
        "by the caster until your next hero phase.",
        WEAPONS,
    )
    assert reading.target is None
    assert reading.effects == _lasting(
        "your_next_hero_phase",
        {
            "type": "with_weapons",
            "weapons": ["glaive"],
            "effects": [
                {"type": "modifier", "roll": "hit", "amount": 1},
                {"type": "modifier", "roll": "wound", "amount": 1},
            ],
        },
    )


def test_issue24_a_lasting_wording_without_a_duration_or_with_two_picks_stays_a_reminder() -> None:
    """No duration said, or two units picked ("that unit" could be either): no effect."""
    undated = read_ability(
        'Pick 1 friendly unit wholly within 12" of this model. You can re-roll hit rolls for '
        "attacks made by that unit.",
        WEAPONS,
    )
    assert undated.effects == []
    two = read_ability(
        'Pick 1 friendly unit wholly within 12" of this model, then pick 1 enemy unit within '
        '3" of it. Until the end of that phase, add 1 to hit rolls for attacks made by that unit.',
        WEAPONS,
    )
    assert two.effects == []


def test_issue24_a_command_ability_with_a_condition_of_its_own_keeps_it_as_a_reminder() -> None:
    """ "You can use this command ability ... if this model has the TZEENTCH keyword": the
    condition is not one the effects can hold; the sentence stays to be read."""
    reading = read_ability(
        "You can use this command ability at the start of your hero phase if this model has "
        'the GLOOM keyword. If you do so, pick 1 friendly WIZARD wholly within 12" of this '
        "model. Add 1 to casting rolls for that unit until the end of that phase.",
        WEAPONS,
    )
    assert reading.effects == _lasting(
        "end_of_phase", {"type": "roll_bonus", "roll": "casting", "amount": 1}
    )
    assert not reading.complete


def test_issue24_roll_a_dice_and_heal_on_a_high_roll() -> None:
    """ "Roll a dice for this unit. On a 4+ heal up to D3 wounds" (AoS2 §14.12 healing): a
    `roll_then` on the unit itself; with a greater healing on a higher roll ("on a 6+ ...
    instead") it stays a reminder."""
    reading = read_ability(
        "In your hero phase, you can roll a dice for this unit. If you do so, on a 4+ heal up "
        "to D3 wounds allocated to this unit.",
        WEAPONS,
    )
    assert reading.timing == {"phase": "hero", "turn": "yours"}
    assert reading.effects == [
        {"type": "roll_then", "on": 4, "then": [{"type": "heal", "amount": "D3", "target": "self"}]}
    ]
    assert reading.complete
    graded = read_ability(
        "In your hero phase, roll a dice. On a 4+ heal 1 wound allocated to this model. On a 6+ "
        "heal D3 wounds instead.",
        WEAPONS,
    )
    assert graded.effects == []


def test_issue24_heal_that_has_been_allocated() -> None:
    """ "Heal D3 wounds that have been allocated to this model" reads as any heal."""
    reading = read_ability(
        "At the start of your hero phase, you can heal D3 wounds that have been allocated to "
        "this model.",
        WEAPONS,
    )
    assert reading.effects == [{"type": "heal", "amount": "D3", "target": "self"}]


@pytest.mark.parametrize(
    ("text", "effects", "weapons"),
    [
        (
            "You can re-roll failed hit rolls for attacks made with this model's Glaive if the "
            "target unit has 5 or more models.",
            [
                {
                    "type": "against",
                    "min_models": 5,
                    "effects": [{"type": "reroll", "roll": "hit", "which": "failed"}],
                }
            ],
            ["glaive"],
        ),
        (
            # +1 against 10 models, +2 instead against 20: a second +1 from 20 models
            "Add 1 to hit rolls for attacks made by this unit if the target unit has 10 or more "
            "models. Add 2 to hit rolls instead of 1 if the target unit has 20 or more models.",
            [
                {
                    "type": "against",
                    "min_models": 10,
                    "effects": [{"type": "modifier", "roll": "hit", "amount": 1}],
                },
                {
                    "type": "against",
                    "min_models": 20,
                    "effects": [{"type": "modifier", "roll": "hit", "amount": 1}],
                },
            ],
            ["glaive", "bow"],
        ),
        (
            # a text shared by several warscrolls names their weapons in <...>: this unit's
            "You can re-roll failed hit rolls for attacks made with <Scythe> or <Glaive> or "
            "<Wraith's Scythe> if the target unit has 5 or more models.",
            [
                {
                    "type": "against",
                    "min_models": 5,
                    "effects": [{"type": "reroll", "roll": "hit", "which": "failed"}],
                }
            ],
            ["glaive"],
        ),
        (
            "You can re-roll hit rolls of 1 for Glaive attacks that target a MONSTER.",
            [
                {
                    "type": "against",
                    "keywords": ["MONSTER"],
                    "effects": [{"type": "reroll", "roll": "hit", "which": "ones"}],
                }
            ],
            ["glaive"],
        ),
        (
            "You can re-roll hit rolls for attacks made by this model that target a HERO or "
            "MONSTER.",
            [
                {
                    "type": "against",
                    "keywords": ["HERO", "MONSTER"],
                    "effects": [{"type": "reroll", "roll": "hit", "which": "all"}],
                }
            ],
            ["glaive", "bow"],
        ),
    ],
)
def test_issue24_bonuses_against_some_targets(
    text: str, effects: list[dict[str, object]], weapons: list[str]
) -> None:
    """A bonus only against a unit of N models or more, or a HERO or MONSTER (`against`,
    AoS2 §14: modifiers that depend on the target)."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects
    assert reading.weapons == weapons
    assert reading.complete


@pytest.mark.parametrize(
    ("text", "effects", "weapons"),
    [
        (
            "If the unmodified wound roll for an attack made with a melee weapon by this unit is "
            "6, the target suffers 1 mortal wound in addition to any normal damage.",
            [
                {
                    "type": "mortal_wounds_on_roll",
                    "roll": "wound",
                    "on": 6,
                    "amount": "1",
                    "add": True,
                }
            ],
            ["glaive"],
        ),
        (
            "If the unmodified wound roll for an attack made by this model with a melee weapon "
            "is 6, that attack inflicts 1 mortal wound on the target in addition to any normal "
            "damage.",
            [
                {
                    "type": "mortal_wounds_on_roll",
                    "roll": "wound",
                    "on": 6,
                    "amount": "1",
                    "add": True,
                }
            ],
            ["glaive"],
        ),
        (
            "If the unmodifed hit roll for an attack made with Bow is 6, that attack inflicts "
            "D3 mortal wounds and the attack sequence ends (do not make a wound or save roll).",
            [
                {
                    "type": "mortal_wounds_on_roll",
                    "roll": "hit",
                    "on": 6,
                    "amount": "D3",
                    "add": False,
                }
            ],
            ["bow"],
        ),
        (
            "If the unmodified hit roll for an attack made with a Glaive that targets a MONSTER "
            "is 6, that attack inflicts D6 mortal wounds on the target and the attack sequence "
            "ends (do not make a wound or save roll).",
            [
                {
                    "type": "against",
                    "keywords": ["MONSTER"],
                    "effects": [
                        {
                            "type": "mortal_wounds_on_roll",
                            "roll": "hit",
                            "on": 6,
                            "amount": "D6",
                            "add": False,
                        }
                    ],
                }
            ],
            ["glaive"],
        ),
        (
            "If the unmodified hit roll for an attack made with the Glaive is 6, that attack "
            "inflicts 3 hits on the target instead of 1. Make a wound and save roll for each hit.",
            [{"type": "exploding_hits", "on": 6, "extra": "2"}],
            ["glaive"],
        ),
        (
            "If the unmodified wound roll for an attack made with a Glaive is 6, that attack has "
            "a Damage characteristic of 3 instead of 1.",
            [{"type": "damage_bonus_on_wound", "on": 6, "amount": 2}],
            ["glaive"],
        ),
        (
            "If the unmodified wound roll for an attack made with a Glaive is 6, add 2 to the "
            "Damage characteristic of that weapon for that attack.",
            [{"type": "damage_bonus_on_wound", "on": 6, "amount": 2}],
            ["glaive"],
        ),
    ],
)
def test_issue24_more_wordings_of_a_roll_of_6(
    text: str, effects: list[dict[str, object]], weapons: list[str]
) -> None:
    """An unmodified hit or wound roll of 6 (AoS2 §14.4): subjects "by this model with a melee
    weapon", "the target suffers", a weapon without article, "that targets a MONSTER"."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects
    assert reading.weapons == weapons


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "Roll a dice each time you allocate a mortal wound to a model in this unit. On a 5+, "
            "that mortal wound is negated.",
            [{"type": "mortal_ward", "on": 5}],
        ),
        (
            "Roll a dice each time you allcoate a wound or mortal wound to this unit. On a 6+, "
            "that wound or mortal wound is negated.",
            [{"type": "ward", "on": 6}],
        ),
        (
            "Add 1 to save rolls for attacks that target this unit while it contains 10 or more "
            "models.",
            [
                {
                    "type": "conditional",
                    "condition": "ten_or_more_models",
                    "effects": [{"type": "modifier", "roll": "save", "amount": 1}],
                }
            ],
        ),
        (
            "Add 1 to casting and unbinding rolls for friendly GLOOM WIZARDS while they are within "
            '12" of any friendly models with this ability.',
            [
                {
                    "type": "aura",
                    "range": 12,
                    "side": "friendly",
                    "keywords": ["GLOOM", "WIZARD"],
                    "effects": [
                        {"type": "roll_bonus", "roll": "casting", "amount": 1},
                        {"type": "roll_bonus", "roll": "unbinding", "amount": 1},
                    ],
                }
            ],
        ),
        (
            'Add 1 to save rolls for attacks that target friendly GLOOM units wholly within 12" '
            "of any friendly models with this ability.",
            [
                {
                    "type": "aura",
                    "range": 12,
                    "side": "friendly",
                    "keywords": ["GLOOM"],
                    "effects": [{"type": "modifier", "roll": "save", "amount": 1}],
                }
            ],
        ),
    ],
)
def test_issue24_wards_conditions_and_auras(text: str, effects: list[dict[str, object]]) -> None:
    """Wards (AoS2 §14.11) on "a model in this unit" and with a typo; a bonus while the unit
    has 10 models or more; auras on casting and unbinding rolls (a WIZARD's) and on the saves
    of friendly units in range (AoS2 §21)."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects
    assert reading.complete
    for effect in effects:
        assert build_effect(effect)[1] == []


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "1 in every 10 models in this unit can be a Drummer. Add 2 to run rolls for a unit "
            "that includes any Drummers.",
            [{"type": "roll_bonus", "roll": "run", "amount": 2}],
        ),
        (
            "Add 1 to the Bravery characteristic of a unit that includes any Flag Bearers.",
            [{"type": "characteristic_modifier", "characteristic": "bravery", "amount": 1}],
        ),
        (
            "Models in this unit may be Icon Bearers. Add 1 to this unit's Bravery "
            "characteristic while it includes any Icon Bearers.",
            [{"type": "characteristic_modifier", "characteristic": "bravery", "amount": 1}],
        ),
        (
            "You can re-roll charge rolls for this unit while it includes any Banner Bearers.",
            [{"type": "reroll_other", "roll": "charge"}],
        ),
    ],
)
def test_issue24_standard_bearers_and_musicians(
    text: str, effects: list[dict[str, object]]
) -> None:
    """A command model's rule while the unit includes it (AoS2 §20.3): the set-up gives these
    effects to units that have the model, so "while it includes any" needs no condition; on
    any other ability the condition would be lost, and the text stays a reminder."""
    assert read_ability(text, WEAPONS, command_model=True).effects == effects
    assert read_ability(text, WEAPONS).effects == []


@pytest.mark.parametrize(
    ("name", "text", "role"),
    [
        (
            "Moon Clan Flag",
            "Add 1 to the Bravery of a unit that includes any Flag Bearers.",
            "standard_bearer",
        ),
        (
            "Gong Basher",
            "Add 2 to run rolls for a unit that includes any Gong Bashers.",
            "musician",
        ),
        ("Banner", "Re-roll charge rolls while it includes any Banner Bearers.", "standard_bearer"),
    ],
)
def test_issue24_includes_any_bearers_is_a_command_model(name: str, text: str, role: str) -> None:
    """ "A unit that includes any Flag Bearers" names a command model (AoS2 §20.3) whatever
    the rule's name, so the set-up gives its effects only to units that include one."""
    from aos_cli.content.importers.battlescribe import _command_role

    assert _command_role(name, text) == role


def test_issue24_a_weapons_damage_and_rend_after_a_charge() -> None:
    """ "Add 2 to the Damage characteristic of this model's Glaive and improve the Rend
    characteristic of that weapon by 1 if this model made a charge move in the same turn":
    both changes of that weapon, only when it charged (a better Rend is one lower)."""
    reading = read_ability(
        "Add 2 to the Damage characteristic of this model's Glaive and improve the Rend "
        "characteristic of that weapon by 1 if this model made a charge move in the same turn.",
        WEAPONS,
    )
    assert reading.weapons == ["glaive"]
    assert reading.effects == [
        {
            "type": "conditional",
            "condition": "charged_this_turn",
            "effects": [
                {"type": "characteristic_modifier", "characteristic": "damage", "amount": 2},
                {"type": "characteristic_modifier", "characteristic": "rend", "amount": -1},
            ],
        }
    ]


def _each_enemy(amount: str, reach: int) -> dict[str, object]:
    return {
        "type": "mortal_wounds",
        "amount": amount,
        "target": "each_enemy_in_range",
        "range": reach,
    }


@pytest.mark.parametrize(
    ("text", "effects", "timing"),
    [
        (
            'After this model makes a charge move, roll a dice for each enemy unit within 1" of '
            "this model. On a 2+, that unit suffers D3 mortal wounds.",
            [{"type": "roll_then", "on": 2, "then": [_each_enemy("D3", 1)]}],
            {"phase": "charge", "trigger": "after this unit makes a charge move"},
        ),
        (
            'Roll 1 dice for each enemy unit that is within 1" of this model after this model '
            "completes a charge move. On a 4+, that enemy unit suffers D3 mortal wounds.",
            [{"type": "roll_then", "on": 4, "then": [_each_enemy("D3", 1)]}],
            {"phase": "charge", "trigger": "after this unit makes a charge move"},
        ),
        (
            'After this model makes a charge move, roll a dice for each enemy unit within 1" of '
            "this model. On a 2+, that unit suffers D3 mortal wounds if it is a MONSTER, or D6 "
            "mortal wounds if it is not a MONSTER.",
            [
                {
                    "type": "roll_then",
                    "on": 2,
                    "then": [
                        {
                            "type": "if_keywords",
                            "keywords": ["MONSTER"],
                            "effects": [_each_enemy("D3", 1)],
                            "otherwise": [_each_enemy("D6", 1)],
                        }
                    ],
                }
            ],
            {"phase": "charge", "trigger": "after this unit makes a charge move"},
        ),
        (
            # Soulscent: the enemy units within 1" suffer, never the Hellflayer
            'At the start of the combat phase, roll a dice for each enemy unit within 1" of this '
            "model. On a 4+, that enemy unit suffers D3 mortal wounds.",
            [{"type": "roll_then", "on": 4, "then": [_each_enemy("D3", 1)]}],
            {"phase": "combat", "step": "start"},
        ),
        (
            'At the end of the combat phase, you can roll 1 dice for each enemy unit within 3" '
            "of this unit. On a 5+, that enemy unit suffers D3 mortal wounds.",
            [{"type": "roll_then", "on": 5, "then": [_each_enemy("D3", 3)]}],
            {"phase": "combat", "step": "end"},
        ),
        (
            'If successfully cast, each enemy unit within 18" of the caster suffers 1 mortal '
            "wound.",
            [_each_enemy("1", 18)],
            {},
        ),
    ],
)
def test_issue24_mortal_wounds_on_each_enemy_unit_in_range(
    text: str, effects: list[dict[str, object]], timing: dict[str, str]
) -> None:
    """AoS2 §21, §14.8: a roll for each enemy unit within range of the bearer, the mortal
    wounds on each unit that rolls high enough: never on the bearer or a unit picked."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects and reading.complete
    assert reading.timing == timing and reading.target is None
    for effect in reading.effects:
        built, problems = build_effect(effect)
        assert built is not None, problems


@pytest.mark.parametrize(
    "text",
    [
        # friend and foe alike: the tool cannot put wounds on its own side's units unasked
        "If this model is slain, before the model is removed from play roll a dice for each "
        'unit within 6" of this model. On a 4+ that unit suffers D3 mortal wounds.',
        # another amount "instead" for some of them
        'If successfully cast, each enemy unit within 18" of the caster suffers 1 mortal wound. '
        'Enemy units within 6" of the caster suffer D3 mortal wounds instead.',
        # from any of several units: one unit's roll would be repeated by the others
        'At the start of your hero phase, roll a dice for each enemy unit within 8" of any '
        "friendly models with this ability. On a 5+ that enemy unit suffers 1 mortal wound.",
    ],
)
def test_issue24_wounds_on_units_in_range_it_cannot_tell_stay_reminders(text: str) -> None:
    reading = read_ability(text, WEAPONS)
    assert not any("each_enemy_in_range" in str(e) for e in reading.effects)
    assert not reading.complete


def test_issue24_frightful_touch_inflicts_the_weapons_damage() -> None:
    """The shared Frightful Touch names the weapons of several warscrolls: an unmodified hit
    roll of 6 with this unit's (no wound or save roll follows) inflicts its Damage as mortal
    wounds, the sequence ending (AoS2 §14.4, §14.8)."""
    weapons = [WeaponRef("spectral-claws", "Spectral Claws", melee=True, damage=1)]
    reading = read_ability(
        "If the unmodified roll for an attack made with the <Banshee's Spectral Claws>, "
        "<Fellreaper> <Spectral Claws> is 6, that attack inflicts <the weapon damage as a> "
        "mortal wound and the attack sequence ends (do not make a wound or save roll).",
        weapons,
    )
    assert reading.effects == [
        {"type": "mortal_wounds_on_roll", "roll": "hit", "on": 6, "amount": "1", "add": False}
    ]
    assert reading.weapons == ["spectral-claws"] and reading.complete


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        (
            "Subtract 1 from hit rolls for attacks that target this model.",
            {"type": "targeted_modifier", "roll": "hit", "amount": -1},
        ),
        (
            "Subtract 1 from hit rolls for attacks made with melee weapons that target this unit.",
            {"type": "targeted_modifier", "roll": "hit", "amount": -1, "weapons": "melee"},
        ),
        (
            'Pick 1 enemy unit within 18" of the caster that is visible to them. You can re-roll '
            "hit rolls of 1 for attacks that target that unit until your next hero phase.",
            {
                "type": "lasting",
                "until": "your_next_hero_phase",
                "effects": [{"type": "targeted_reroll", "roll": "hit", "which": "ones"}],
            },
        ),
        (
            'If successfully cast, pick 1 friendly unit wholly within 12" of the caster that is '
            "visible to them. Until your next hero phase, subtract 1 from hit rolls for attacks "
            "made with missile weapons that target that unit.",
            {
                "type": "lasting",
                "until": "your_next_hero_phase",
                "effects": [
                    {"type": "targeted_modifier", "roll": "hit", "amount": -1, "weapons": "missile"}
                ],
            },
        ),
    ],
)
def test_issue24_rolls_of_attacks_that_target_the_unit(
    text: str, effect: dict[str, object]
) -> None:
    """AoS2 §2: a modifier or reroll of the attackers' rolls that the target holds."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == [effect] and reading.complete and reading.weapons == []
    built, problems = build_effect(effect)
    assert built is not None, problems


def test_issue24_heal_if_its_attacks_slew_models_is_asked() -> None:
    """AoS2 §14.12: the heal holds only if the model's attacks slew enemy models that phase."""
    reading = read_ability(
        "At the end of the combat phase, if any enemy models were slain by wounds inflicted by "
        "this model's attacks in that phase, you can heal up to D3 wounds allocated to this "
        "model.",
        WEAPONS,
    )
    assert reading.timing == {"phase": "combat", "step": "end"} and reading.complete
    assert reading.effects == [
        {
            "type": "conditional",
            "condition": "slew_this_phase",
            "effects": [{"type": "heal", "amount": "D3", "target": "self"}],
        }
    ]


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("This unit can run and still charge later in the same turn.", [("run", "charge")]),
        ("This model can run and still shoot in the same turn.", [("run", "shoot")]),
        (
            "This model can run or retreat and still charge later in the same turn.",
            [("run", "charge"), ("retreat", "charge")],
        ),
        (
            "This model can retreat and still shoot and/or charge later in the same turn.",
            [("retreat", "shoot"), ("retreat", "charge")],
        ),
        (
            "Ignore modifiers (positive or negative) when making save rolls for attacks that "
            "target this unit. In addition, this unit can run and still charge later in the same "
            "turn.",
            [("run", "charge")],
        ),
    ],
)
def test_issue24_run_or_retreat_and_still_act(text: str, pairs: list[tuple[str, str]]) -> None:
    """AoS2 §8.3, §8.4: running or retreating bars shooting and charging unless a rule says
    the unit can still do so."""
    reading = read_ability(text, WEAPONS)
    found = [(e["move"], e["then"]) for e in reading.effects if e["type"] == "act_after_moving"]
    assert found == pairs and reading.complete


def test_issue24_a_picked_unit_can_run_and_shoot_for_a_while() -> None:
    reading = read_ability(
        'If successfully cast, pick 1 friendly unit wholly within 24" of the caster. Until your '
        "next hero phase, that unit can run and still shoot later in the same turn.",
        WEAPONS,
    )
    assert reading.effects == [
        {
            "type": "lasting",
            "until": "your_next_hero_phase",
            "effects": [{"type": "act_after_moving", "move": "run", "then": "shoot"}],
        }
    ]


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            'Re-roll hit rolls of 1 for friendly ROTBRINGER units while they are within 7" of '
            "this model.",
            [
                {
                    "type": "aura",
                    "range": 7,
                    "side": "friendly",
                    "keywords": ["ROTBRINGER"],
                    "effects": [{"type": "reroll", "roll": "hit", "which": "ones"}],
                }
            ],
        ),
        (
            "You can re-roll charge rolls for friendly STORMCAST ETERNAL units that are wholly "
            'within 18" of this model when the charge roll is made.',
            [
                {
                    "type": "aura",
                    "range": 18,
                    "side": "friendly",
                    "keywords": ["STORMCAST ETERNAL"],
                    "effects": [{"type": "reroll_other", "roll": "charge"}],
                }
            ],
        ),
        (
            "You can use this command ability at the start of the combat phase. If you do so, "
            "pick a friendly model with this command ability. Add 1 to hit rolls for friendly "
            'NIGHTHAUNT units while they are wholly within 12" of that model in that combat '
            "phase.",
            [
                {
                    "type": "lasting",
                    "until": "end_of_phase",
                    "effects": [
                        {
                            "type": "aura",
                            "range": 12,
                            "side": "friendly",
                            "keywords": ["NIGHTHAUNT"],
                            "effects": [{"type": "modifier", "roll": "hit", "amount": 1}],
                        }
                    ],
                }
            ],
        ),
        (
            "You can use this command ability in your hero phase. If you do so, pick 1 friendly "
            "model with this command ability. Until your next hero phase, you can re-roll save "
            'rolls of 1 for attacks that target friendly SYLVANETH units wholly within 12" of '
            "that model.",
            [
                {
                    "type": "lasting",
                    "until": "your_next_hero_phase",
                    "effects": [
                        {
                            "type": "aura",
                            "range": 12,
                            "side": "friendly",
                            "keywords": ["SYLVANETH"],
                            "effects": [{"type": "reroll", "roll": "save", "which": "ones"}],
                        }
                    ],
                }
            ],
        ),
        (
            "You can use this command ability at the start of the battleshock phase. If you do "
            "so, pick a friendly model with this command ability. Until the end of that phase, "
            "you do not have to take battleshock tests for friendly STORMCAST ETERNAL units that "
            'are wholly within 18" of that model.',
            [
                {
                    "type": "lasting",
                    "until": "end_of_phase",
                    "effects": [
                        {
                            "type": "aura",
                            "range": 18,
                            "side": "friendly",
                            "keywords": ["STORMCAST ETERNAL"],
                            "effects": [{"type": "no_battleshock"}],
                        }
                    ],
                }
            ],
        ),
    ],
)
def test_issue24_what_friendly_units_near_the_bearer_are_given(
    text: str, effects: list[dict[str, object]]
) -> None:
    """AoS2 §21 auras: friendly units within range of the model get the effect, for as long
    as a command ability says ("until the end of that phase", "in that combat phase")."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects and reading.complete and reading.target is None
    for effect in reading.effects:
        built, problems = build_effect(effect)
        assert built is not None, problems


def test_issue24_a_model_picked_on_a_condition_leaves_the_condition_to_read() -> None:
    """ "Pick a friendly model with this command ability that is within 3\" of an enemy unit":
    the condition of use is not checked, so the text stays a reminder beside the aura."""
    reading = read_ability(
        "You can use this command ability at the start of the combat phase. If you do so, pick "
        'a friendly model with this command ability that is within 3" of an enemy unit. Add 1 '
        'to hit rolls for friendly STORMCAST ETERNAL units wholly within 12" of that model when '
        "they attack in that combat phase.",
        WEAPONS,
    )
    assert reading.effects and not reading.complete


def test_issue24_a_wound_roll_of_6_gives_the_attack_d6_damage() -> None:
    """AoS2 §14.4: "that attack has a Damage characteristic of D6 instead of 1" on a 6 to
    wound, for the named weapon, whose Damage must be the 1 the text replaces."""
    weapons = [WeaponRef("claws-and-fangs", "Claws and Fangs", melee=True, damage=1)]
    text = (
        "If the unmodified wound roll for an attack made with a Dracoth's Claws and Fangs is 6, "
        "that attack has a Damage characteristic of D6 instead of {was}."
    )
    reading = read_ability(text.format(was=1), weapons)
    assert reading.effects == [{"type": "damage_on_wound", "on": 6, "damage": "D6"}]
    assert reading.weapons == ["claws-and-fangs"] and reading.complete
    built, problems = build_effect(reading.effects[0])
    assert built is not None, problems
    assert read_ability(text.format(was=2), weapons).effects == []


def test_issue24_frightful_touch_with_a_random_damage() -> None:
    """A Chill Dagger of Damage D3 inflicts D3 mortal wounds on a hit roll of 6."""
    weapons = [WeaponRef("chill-dagger", "Chill Dagger", melee=True, damage_text="D3")]
    reading = read_ability(
        "If the unmodified roll for an attack made with the <Fellreaper>, <Chill Dagger> is 6, "
        "that attack inflicts <the weapon damage as a> mortal wound and the attack sequence "
        "ends (do not make a wound or save roll).",
        weapons,
    )
    assert reading.effects == [
        {"type": "mortal_wounds_on_roll", "roll": "hit", "on": 6, "amount": "D3", "add": False}
    ]


def test_issue24_bravery_aura_whilst_near_any_of_a_kind() -> None:
    """AoS2 §21: "whilst they are within 6\\" of any MORGHASTS" on a Morghast warscroll."""
    reading = read_ability(
        'Subtract 1 from the Bravery characteristic of enemy units whilst they are within 6" '
        "of any MORGHASTS.",
        WEAPONS,
    )
    assert reading.effects == [
        {
            "type": "aura",
            "range": 6,
            "side": "enemy",
            "effects": [
                {"type": "characteristic_modifier", "characteristic": "bravery", "amount": -1}
            ],
        }
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Add 1 to hit rolls for attacks made with a Bow if the target has 10 or more models.",
        "If the target unit has 10 or more models, add 1 to hit rolls for attacks made with his Bow.",
    ],
)
def test_issue24_a_bonus_against_a_unit_of_many_models(text: str) -> None:
    """AoS2 §2: the bonus only against a target of at least that many models."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == [
        {
            "type": "against",
            "min_models": 10,
            "effects": [{"type": "modifier", "roll": "hit", "amount": 1}],
        }
    ]
    assert reading.weapons == ["bow"]


_KNOWN = {"DAUGHTERS OF KHAINE", "KHORNE", "DAEMON", "STORMCAST ETERNAL", "REDEEMER", "WIZARD"}


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        (
            "You can re-roll hit rolls of 1 for attacks made by friendly Daughters of Khaine "
            'units wholly within 9" of this model.',
            ["DAUGHTERS OF KHAINE"],
        ),
        (
            'Add 1 to wound rolls for attacks made by friendly Khorne Daemon units within 8" '
            "of this model.",
            ["KHORNE", "DAEMON"],
        ),
        (
            'You can re-roll charge rolls for friendly Stormcast Eternals units within 12" of '
            "this model.",
            ["STORMCAST ETERNAL"],
        ),
        (
            'Add 1 to casting rolls for friendly Khorne Daemon wizards within 12" of this model.',
            ["KHORNE", "DAEMON", "WIZARD"],
        ),
        (
            "Do not take battleshock tests for friendly Daughters of Khaine units wholly "
            'within 18" of this model.',
            ["DAUGHTERS OF KHAINE"],
        ),
        (
            "Subtract 1 from hit rolls for attacks made with missile weapons that target "
            'friendly Khorne Daemon units within 6" of this model.',
            ["KHORNE", "DAEMON"],
        ),
        (
            'Add 1 to the Bravery characteristic of friendly Stormcast Eternal units within 6" '
            "of this model.",
            ["STORMCAST ETERNAL"],
        ),
    ],
)
def test_issue24_an_aura_of_several_words_is_the_units_own_keywords(
    text: str, keywords: list[str]
) -> None:
    """AoS2 §21: an aura covers a friendly unit with every keyword it names. A phrase of
    several words is the imported units' own keywords (KHORNE and DAEMON; DAUGHTERS OF KHAINE
    as the one keyword it is; STORMCAST ETERNALS as STORMCAST ETERNAL), never one keyword no
    unit carries, so the engine's check (every keyword of the aura) accepts the units meant."""
    from aos_cli.content.importers.battlescribe import settle_aura_keywords

    reading = read_ability(text, WEAPONS)
    record = {"effects": reading.effects}
    settle_aura_keywords(record, _KNOWN)
    auras = [e for e in record["effects"] if e["type"] == "aura"]
    assert len(auras) == 1 and auras[0]["keywords"] == keywords, record
    build_effect(auras[0])


def test_issue24_an_aura_for_one_keyword_or_another_stays_a_reminder() -> None:
    """An aura for "REDEEMER or KHORNE units" would need any of two keywords, which an aura
    cannot say: the ability stays a reminder with its text, rather than cover no unit."""
    from aos_cli.content.importers.battlescribe import settle_aura_keywords

    reading = read_ability(
        "You can re-roll hit rolls of 1 for attacks made by friendly Redeemer or Khorne units "
        'within 9" of this model.',
        WEAPONS,
    )
    record: dict[str, object] = {"effects": reading.effects}
    settle_aura_keywords(record, _KNOWN)
    assert "effects" not in record and record["reminder"] is True


@pytest.mark.parametrize(
    ("text", "auras"),
    [
        (
            'Add 1 to casting rolls for friendly WIZARDS while they are within 12" of this model.',
            [("friendly", 12, "casting", 1)],
        ),
        (
            'Subtract 1 from the casting rolls of enemy WIZARDS while they are within 10" of '
            "this model.",
            [("enemy", 10, "casting", -1)],
        ),
        (
            'Add 1 to unbinding rolls for friendly WIZARDS wholly within 9" of this model. In '
            'addition, subtract 1 from casting rolls for enemy WIZARDS while they are within 9" '
            "of this model.",
            [("friendly", 9, "unbinding", 1), ("enemy", 9, "casting", -1)],
        ),
    ],
)
def test_issue24_casting_rolls_of_wizards_near_the_bearer(
    text: str, auras: list[tuple[str, int, str, int]]
) -> None:
    """AoS2 §21 and §15.1: a bonus or penalty to the casting or unbinding rolls of friendly
    or enemy WIZARDS within range of the bearer is an aura on WIZARD units of that side."""
    reading = read_ability(text, WEAPONS)
    assert reading.complete
    got = [
        (e["side"], e["range"], e["effects"][0]["roll"], e["effects"][0]["amount"])
        for e in reading.effects
    ]
    assert got == auras
    assert all(e["keywords"] == ["WIZARD"] for e in reading.effects)
    for effect in reading.effects:
        build_effect(effect)


def test_issue24_the_bearer_named_by_name_is_this_model() -> None:
    """Older warscrolls name the bearer ("within 7\\" of Grubble the Old", whatever the case
    of the warscroll's name): read as this model, never where the name is a keyword."""
    from aos_cli.content.importers.battlescribe import as_bearer

    text = as_bearer(
        'Add 1 to wound rolls for friendly Mites units while they are within 7" of Grubble '
        "the Old.",
        "Grubble The Old, Keeper of Mites",
    )
    reading = read_ability(text, WEAPONS)
    assert reading.effects == [
        {
            "type": "aura",
            "range": 7,
            "side": "friendly",
            "keywords": ["MITES"],
            "effects": [{"type": "modifier", "roll": "wound", "amount": 1}],
        }
    ]
    assert as_bearer("friendly Grubbles units near Grubbles", "Grubbles") == (
        "friendly Grubbles units near this model"
    )


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "Re-roll wound rolls of 1.",
            [{"type": "reroll", "roll": "wound", "which": "ones"}],
        ),
        (
            "Add 1 to hit rolls for attacks made by this model if it charged in the same turn.",
            [
                {
                    "type": "conditional",
                    "condition": "charged_this_turn",
                    "effects": [{"type": "modifier", "roll": "hit", "amount": 1}],
                }
            ],
        ),
        (
            "You can re-roll hit and wound rolls for attacks made by this model that target a "
            "MONSTER.",
            [
                {
                    "type": "against",
                    "keywords": ["MONSTER"],
                    "effects": [
                        {"type": "reroll", "roll": "hit", "which": "all"},
                        {"type": "reroll", "roll": "wound", "which": "all"},
                    ],
                }
            ],
        ),
        (
            'Subtract 1 from casting rolls for enemy WIZARDS within 15" of any friendly models '
            "with this ability.",
            [
                {
                    "type": "aura",
                    "range": 15,
                    "side": "enemy",
                    "keywords": ["WIZARD"],
                    "effects": [{"type": "roll_bonus", "roll": "casting", "amount": -1}],
                }
            ],
        ),
    ],
)
def test_issue24_bare_rerolls_charged_bonuses_and_two_rerolls_against_a_kind(
    text: str, effects: list[dict[str, object]]
) -> None:
    """AoS2 §14.1, §14.5: a warscroll's bare "Re-roll wound rolls of 1." is its own attacks';
    "if it charged in the same turn" is the charge condition; hit and wound rolls rerolled only
    against a MONSTER; an aura held by every model with the ability (AoS2 §21)."""
    reading = read_ability(text, WEAPONS)
    assert reading.effects == effects and reading.complete
    for effect in effects:
        build_effect(effect)
