"""Command-line flags as data (`Flag`), the attack flags several systems share, and the parsing
of flag text into core values (rend, X:N triggers, compact profiles, modifiers and rerolls, the
target).

Every system declares its own flag groups (attack, cast, duel) and builds its request from the
flags given; the flags and parsers several systems share are here, in one place, so `aos roll
attack` and `aos odds attack` read them alike whatever the system.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aos_cli.core.dice import DiceExpr, parse_dice, parse_reroll
from aos_cli.core.effects import Effect, ExtraAttacks, MortalWoundsOnRoll, RerollRoll, RollModifier
from aos_cli.core.errors import InputError
from aos_cli.core.limits import (
    MAX_ATTACKS,
    MAX_CHARACTERISTIC,
    MAX_MODELS,
    MAX_MODIFIER,
    MAX_TRIGGER_AMOUNT,
    check_at_most,
)
from aos_cli.core.numbers import is_ascii_whole, parse_whole
from aos_cli.core.records import dataclass
from aos_cli.language.text import Text, tr


@dataclass(frozen=True)
class Flag:
    """One command-line flag of an attack: its Python name, value type, default and help.

    `kind` is `str`, `int` or `bool`; `optional` means None when not given; `argument` is the
    positional list of compact profiles; `only` is `roll` or `odds` for a flag one of the two
    commands has and the other has not."""

    name: str
    kind: type
    default: Any
    help: str
    optional: bool = False
    argument: bool = False
    only: str = ""

    @property
    def option(self) -> str | Text:
        """The flag as typed: `--target-models` (the positional profiles: a text, said when
        shown)."""
        return tr("a compact profile") if self.argument else "--" + self.name.replace("_", "-")

    def given(self, value: Any) -> bool:
        """Whether the player gave this flag (a value other than its default)."""
        return bool(value) if self.argument else value != self.default


def optional_flag(name: str, kind: type, help: str) -> Flag:
    """A flag whose value is None when it is not given."""
    return Flag(name, kind, None, help, optional=True)


EFFECT_FLAGS: tuple[Flag, ...] = (
    Flag("extra_attacks", int, 0, "Extra attacks for the unit."),
    Flag("hit_mod", int, 0, "Modifier to hit rolls."),
    Flag("wound_mod", int, 0, "Modifier to wound rolls."),
    Flag("save_mod", int, 0, "Modifier to save rolls."),
    optional_flag("reroll_hits", str, "ones | failed | all"),
    optional_flag("reroll_wounds", str, "ones | failed | all"),
    optional_flag("reroll_saves", str, "ones | failed | all"),
    optional_flag("mortal_on_hit", str, "X:N[:add] - hit X+ inflicts N mortal wounds."),
    optional_flag("mortal_on_wound", str, "X:N[:add] - wound X+ inflicts N mortal wounds."),
)
"""Extra attacks, modifiers, rerolls and mortal wounds: understood by every system."""

TRIGGER_FLAGS: tuple[Flag, ...] = (
    optional_flag("exploding", str, "X:N - unmodified hit X+ scores N extra hits."),
    optional_flag("auto_wound", str, "X - unmodified hit X+ wounds automatically."),
    optional_flag("rend_on_hit", str, "X:N - hit X+ improves Rend by N."),
    optional_flag("damage_on_wound", str, "X:N - wound X+ adds N to Damage."),
    optional_flag("wound_rolls_on_hit", str, "X:N - hit X+ makes N wound rolls."),
)
"""The Age of Sigmar abilities that trigger on an attack's roll (D6 hits on a 6, damage on a
6): flags of `aos roll attack`, and modifiers of an attack in `aos play` (issue 31)."""

WEAPON_FLAGS: tuple[Flag, ...] = (
    optional_flag("models", int, "Models attacking."),
    optional_flag("attacks", str, "Attacks per model: 2, D3, D6..."),
    optional_flag("damage", str, "Damage: 1, D3, D6+1..."),
)

TARGET_FLAGS: tuple[Flag, ...] = (
    Flag("cover", bool, False, "Target in cover (+1 save)."),
    optional_flag("save", str, "Target's Save: 4+ or -."),
    optional_flag("target_models", int, "Models in the target."),
    optional_flag("target_wounds", int, "Wounds per target model."),
    Flag("wounds_suffered", int, 0, "Wounds already on the target's damaged model."),
)


def parse_rend(text: str, what: str = "--rend") -> int:
    """Rend (AoS) or AP (40k) is 0, `-` (none) or negative such as -1."""
    cleaned = text.strip()
    if cleaned in ("-", "0", ""):
        return 0
    value = parse_whole(
        cleaned, what=what, low=-MAX_MODIFIER, high=MAX_MODIFIER, signed=True,
        hint=tr("use 0, - or a negative number down to -{n}", n=MAX_MODIFIER),
    )  # fmt: skip
    if value > 0:
        raise InputError(
            tr("{flag}: {value} is positive", flag=what, value=repr(text)),
            tr("write rend as -1, -2 ... (or 0, -)"),
        )
    return value


def split_trigger(text: str, what: str) -> tuple[int, str, list[str]]:
    """Split `X:N[:more]` into the unmodified roll X (2-6), N and the rest."""
    parts = text.split(":")
    if len(parts) < 2 or not is_ascii_whole(parts[0].strip()) or len(parts[0].strip()) > 2:
        raise InputError(
            tr("{flag}: {value} is not X:N", flag=what, value=repr(text)),
            tr("X is the unmodified roll (2-6), e.g. 6:1"),
        )
    on = int(parts[0])
    if not 2 <= on <= 6:
        raise InputError(
            tr("{flag}: {value} needs a roll of {roll}", flag=what, value=repr(text), roll=on),
            tr("X is an unmodified roll, 2 to 6"),
        )
    return on, parts[1], parts[2:]


def dice_trigger(text: str, what: str) -> tuple[int, DiceExpr, list[str]]:
    """`X:N` where N is dice (`6:D3`), never negative."""
    on, amount, rest = split_trigger(text, what)
    value = parse_dice(amount, what=what)
    if value.minimum < 0:
        raise InputError(
            tr("{flag}: {value} can be negative", flag=what, value=repr(text)),
            tr("N is a number or dice, 0 or more"),
        )
    check_at_most(what, value.maximum, MAX_TRIGGER_AMOUNT, "at most")
    return on, value, rest


def int_trigger(text: str, what: str) -> tuple[int, int]:
    """`X:N` where N is a whole number (`6:1`)."""
    on, amount, rest = split_trigger(text, what)
    if rest:
        raise InputError(
            tr("{flag}: {value} is not X:N", flag=what, value=repr(text)),
            tr("N is a whole number, e.g. 6:1"),
        )
    return on, parse_whole(
        amount, what=what, high=MAX_TRIGGER_AMOUNT, hint=tr("N is a whole number")
    )


def _mortal(text: str, roll: str, what: str) -> MortalWoundsOnRoll:
    on, amount, rest = dice_trigger(text, what)
    if rest not in ([], ["add"]):
        raise InputError(
            tr("{flag}: {value} ends oddly", flag=what, value=repr(text)),
            tr("write X:N, or X:N:add to keep rolling"),
        )
    return MortalWoundsOnRoll(roll, on, amount, add=rest == ["add"])  # type: ignore[arg-type]


def parse_compact(text: str) -> dict[str, str]:
    """Read `10x2/3+/4+/-1/D3`: models x attacks / hit / wound / rend / damage (`x` optional)."""
    parts = text.split("/", 5)
    if not 3 <= len(parts) <= 5:
        raise InputError(
            tr(
                "profile {value} is not models x attacks/hit/wound/rend/damage",
                value=repr(text[:40]),
            ),
            tr("e.g. {example}", example="10x2/3+/4+/-1/D3"),
        )
    head = parts[0]
    models = "1"
    if "x" in head.lower():
        models, _sep, head = head.lower().partition("x")
    fields = {"models": models, "attacks": head, "hit": parts[1], "wound": parts[2]}
    if len(parts) > 3:
        fields["rend"] = parts[3]
    if len(parts) > 4:
        fields["damage"] = parts[4]
    return fields


def shared_effects(flags: Mapping[str, Any]) -> list[Effect]:
    """The effect flags every system's attack understands (`EFFECT_FLAGS`): extra attacks,
    modifiers, rerolls and mortal wounds on a hit or wound roll."""
    extra_attacks = int(flags.get("extra_attacks", 0))
    if extra_attacks < 0:
        raise InputError(
            tr("{flag}: {value} is negative", flag="--extra-attacks", value=extra_attacks),
            tr("use 0 or more"),
        )
    check_at_most("--extra-attacks", extra_attacks, MAX_ATTACKS, "attacks")
    effects: list[Effect] = [ExtraAttacks(extra_attacks)] if extra_attacks else []
    for roll in ("hit", "wound", "save"):
        amount = int(flags.get(f"{roll}_mod", 0))
        check_at_most(f"--{roll}-mod", abs(amount), MAX_MODIFIER, "either way")
        if amount:
            effects.append(RollModifier(roll, amount))
    for roll in ("hit", "wound", "save"):
        text = flags.get(f"reroll_{roll}s")
        if text:
            reroll = parse_reroll(text, what=f"--reroll-{roll}s")
            effects.append(RerollRoll(roll, reroll))  # type: ignore[arg-type]
    for roll in ("hit", "wound"):
        text = flags.get(f"mortal_on_{roll}")
        if text:
            effects.append(_mortal(text, roll, f"--mortal-on-{roll}"))
    return effects


def trigger_effects(flags: Mapping[str, Any]) -> list[Effect]:
    """The trigger flags (`TRIGGER_FLAGS`) given as effects: extra hits, automatic wounds,
    Rend and Damage bonuses, several wound rolls on a hit."""
    from aos_cli.core.dice import parse_threshold
    from aos_cli.core.effects import (
        AutoWound,
        DamageBonusOnWound,
        ExplodingHits,
        RendBonusOnHit,
        WoundRollsOnHit,
    )

    effects: list[Effect] = []
    if flags.get("exploding"):
        on, extra, rest = dice_trigger(flags["exploding"], "--exploding")
        if rest:
            raise InputError(
                tr(
                    "{flag}: {value} is not X:N", flag="--exploding", value=repr(flags["exploding"])
                ),
                tr("e.g. {example}", example="6:1"),
            )
        effects.append(ExplodingHits(on, extra))
    if flags.get("auto_wound"):
        effects.append(AutoWound(parse_threshold(flags["auto_wound"], what="--auto-wound")))
    if flags.get("rend_on_hit"):
        effects.append(RendBonusOnHit(*int_trigger(flags["rend_on_hit"], "--rend-on-hit")))
    if flags.get("damage_on_wound"):
        bonus = int_trigger(flags["damage_on_wound"], "--damage-on-wound")
        effects.append(DamageBonusOnWound(*bonus))
    if flags.get("wound_rolls_on_hit"):
        text = flags["wound_rolls_on_hit"]
        on, count = int_trigger(text, "--wound-rolls-on-hit")
        if count < 1:
            raise InputError(f"--wound-rolls-on-hit: {text!r}", tr("N is 1 or more"))
        effects.append(WoundRollsOnHit(on, count))
    return effects


def extra_attacks_roll(text: str) -> Effect:
    """Extra attacks rolled as the attack is made (`D3`), for the unit."""
    from aos_cli.core.ability_effects import ExtraAttacksRoll

    return ExtraAttacksRoll(parse_dice(text, what="extra-attacks"))


def attack_flags(values: object) -> tuple[Effect, ...]:
    """The effect flags (`EFFECT_FLAGS`) of an action or request as effects, read by name:
    `aos fight` and `aos shoot` take them as `aos roll attack` does. An attack of `aos play`
    may also give the trigger flags, rolled extra attacks and the one weapon they all apply
    to (`modifiers_weapon`; without it extra attacks go to the first weapon)."""
    effects = shared_effects({f.name: getattr(values, f.name, f.default) for f in EFFECT_FLAGS})
    effects += trigger_effects({f.name: getattr(values, f.name, None) for f in TRIGGER_FLAGS})
    rolled = getattr(values, "extra_attacks_roll", None)
    if rolled:
        effects.append(extra_attacks_roll(str(rolled)))
    weapon = getattr(values, "modifiers_weapon", None)
    if weapon and effects:
        from aos_cli.core.ability_effects import WithWeapons

        return (WithWeapons((str(weapon),), tuple(effects)),)
    return tuple(effects)


def check_target(flags: Mapping[str, Any]) -> tuple[int | None, int | None, int]:
    """The target flags (models, Wounds, wounds suffered): both or neither of models and
    wounds, and a sane wounded model."""
    target_models, target_wounds = flags.get("target_models"), flags.get("target_wounds")
    suffered = int(flags.get("wounds_suffered", 0))
    for flag, value in (("--target-models", target_models), ("--target-wounds", target_wounds)):
        if value is not None and value < 1:
            raise InputError(
                tr("{flag}: {value} is below 1", flag=flag, value=value), tr("use 1 or more")
            )
    check_at_most("--target-models", target_models or 0, MAX_MODELS, "models")
    check_at_most("--target-wounds", target_wounds or 0, MAX_CHARACTERISTIC, "wounds")
    if (target_models is None) != (target_wounds is None):
        raise InputError(
            tr("--target-models and --target-wounds go together"),
            tr("give both to count models slain"),
        )
    if suffered < 0 or (target_wounds and suffered >= target_wounds):
        raise InputError(
            f"--wounds-suffered: {suffered}",
            tr("use 0 up to one less than --target-wounds"),
        )
    return target_models, target_wounds, suffered
