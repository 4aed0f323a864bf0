"""The attack flags shared by `aos roll attack` and `aos odds attack`, and their parsing into
core values. One signature, registered twice, so the two commands can never drift apart."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

import typer

from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import (
    DiceExpr,
    parse_dice,
    parse_reroll,
    parse_threshold,
)
from aos_cli.core.effects import (
    AttackRules,
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
from aos_cli.core.errors import InputError


@dataclass(frozen=True)
class AttackRequest:
    """Everything an attack command was asked: the weapons, the target and how to show it."""

    attacks: tuple[Attack, ...]
    target: TargetInfo
    save_given: bool
    target_models: int | None
    target_wounds: int | None
    wounds_suffered: int
    ward: int | None
    seed: int | None
    dice_mode: str
    as_json: bool

    def with_save(self, save: int) -> AttackRequest:
        """The same request against another save (the odds table over saves)."""
        target = TargetInfo(
            save, self.target.monster_wounds_8, self.target.charged_this_turn_in_combat
        )
        return AttackRequest(
            self.attacks,
            target,
            True,
            self.target_models,
            self.target_wounds,
            self.wounds_suffered,
            self.ward,
            self.seed,
            self.dice_mode,
            self.as_json,
        )


def parse_rend(text: str, what: str = "--rend") -> int:
    """Rend is 0, `-` (none) or negative such as -1."""
    cleaned = text.strip()
    if cleaned in ("-", "0", ""):
        return 0
    try:
        value = int(cleaned)
    except ValueError:
        raise InputError(
            f"{what}: {text!r} is not a rend", "use 0, - or a negative number"
        ) from None
    if value > 0:
        raise InputError(f"{what}: {text!r} is positive", "write rend as -1, -2 ... (or 0, -)")
    return value


def _split_trigger(text: str, what: str) -> tuple[int, str, list[str]]:
    """Split `X:N[:more]` into the unmodified roll X (2-6), N and the rest."""
    parts = text.split(":")
    if len(parts) < 2 or not parts[0].strip().isdigit():
        raise InputError(f"{what}: {text!r} is not X:N", "X is the unmodified roll (2-6), e.g. 6:1")
    on = int(parts[0])
    if not 2 <= on <= 6:
        raise InputError(
            f"{what}: {text!r} needs a roll of {on}", "X is an unmodified roll, 2 to 6"
        )
    return on, parts[1], parts[2:]


def _dice_trigger(text: str, what: str) -> tuple[int, DiceExpr, list[str]]:
    on, amount, rest = _split_trigger(text, what)
    value = parse_dice(amount, what=what)
    if value.minimum < 0:
        raise InputError(f"{what}: {text!r} can be negative", "N is a number or dice, 0 or more")
    return on, value, rest


def _int_trigger(text: str, what: str) -> tuple[int, int]:
    on, amount, rest = _split_trigger(text, what)
    if rest or not amount.strip().isdigit():
        raise InputError(f"{what}: {text!r} is not X:N", "N is a whole number, e.g. 6:1")
    return on, int(amount)


def _mortal(text: str, roll: str, what: str) -> MortalWoundsOnRoll:
    on, amount, rest = _dice_trigger(text, what)
    if rest not in ([], ["add"]):
        raise InputError(f"{what}: {text!r} ends oddly", "write X:N, or X:N:add to keep rolling")
    return MortalWoundsOnRoll(roll, on, amount, add=rest == ["add"])  # type: ignore[arg-type]


def parse_compact(text: str) -> dict[str, str]:
    """Read `10x2/3+/4+/-1/D3`: models x attacks / hit / wound / rend / damage (`x` optional)."""
    what = f"profile {text!r}"
    parts = text.split("/")
    if not 3 <= len(parts) <= 5:
        raise InputError(
            f"{what} is not models x attacks/hit/wound/rend/damage", "e.g. 10x2/3+/4+/-1/D3"
        )
    head = parts[0]
    models = "1"
    if "x" in head.lower():
        models, _, head = head.lower().partition("x")
    fields = {"models": models, "attacks": head, "hit": parts[1], "wound": parts[2]}
    if len(parts) > 3:
        fields["rend"] = parts[3]
    if len(parts) > 4:
        fields["damage"] = parts[4]
    return fields


def build_request(
    profiles: list[str] | None,
    models: int | None,
    attacks: str | None,
    hit: str | None,
    wound: str | None,
    rend: str | None,
    damage: str | None,
    extra_attacks: int,
    hit_mod: int,
    wound_mod: int,
    save_mod: int,
    reroll_hits: str | None,
    reroll_wounds: str | None,
    reroll_saves: str | None,
    exploding: str | None,
    mortal_on_hit: str | None,
    mortal_on_wound: str | None,
    auto_wound: str | None,
    rend_on_hit: str | None,
    damage_on_wound: str | None,
    wound_rolls_on_hit: str | None,
    cover: bool,
    ward: str | None,
    ethereal: bool,
    save: str | None,
    target_models: int | None,
    target_wounds: int | None,
    wounds_suffered: int,
    target_monster: bool,
    target_charged: bool,
    seed: int | None,
    dice_mode: str,
    as_json: bool,
) -> AttackRequest:
    """Turn the attack flags into weapons, effects and a target, rejecting bad values."""
    effects: list[Effect] = []
    if extra_attacks < 0:
        raise InputError(f"--extra-attacks: {extra_attacks} is negative", "use 0 or more")
    if extra_attacks:
        effects.append(ExtraAttacks(extra_attacks))
    for roll, amount in (("hit", hit_mod), ("wound", wound_mod), ("save", save_mod)):
        if amount:
            effects.append(RollModifier(roll, amount))  # type: ignore[arg-type]
    for roll, text in (("hit", reroll_hits), ("wound", reroll_wounds), ("save", reroll_saves)):
        if text:
            effects.append(RerollRoll(roll, parse_reroll(text, what=f"--reroll-{roll}s")))  # type: ignore[arg-type]
    if exploding:
        on, extra, rest = _dice_trigger(exploding, "--exploding")
        if rest:
            raise InputError(f"--exploding: {exploding!r} is not X:N", "e.g. 6:1")
        effects.append(ExplodingHits(on, extra))
    if mortal_on_hit:
        effects.append(_mortal(mortal_on_hit, "hit", "--mortal-on-hit"))
    if mortal_on_wound:
        effects.append(_mortal(mortal_on_wound, "wound", "--mortal-on-wound"))
    if auto_wound:
        effects.append(AutoWound(parse_threshold(auto_wound, what="--auto-wound")))
    if rend_on_hit:
        effects.append(RendBonusOnHit(*_int_trigger(rend_on_hit, "--rend-on-hit")))
    if damage_on_wound:
        effects.append(DamageBonusOnWound(*_int_trigger(damage_on_wound, "--damage-on-wound")))
    if wound_rolls_on_hit:
        on, count = _int_trigger(wound_rolls_on_hit, "--wound-rolls-on-hit")
        if count < 1:
            raise InputError(f"--wound-rolls-on-hit: {wound_rolls_on_hit!r}", "N is 1 or more")
        effects.append(WoundRollsOnHit(on, count))
    ward_value = parse_threshold(ward, what="--ward") if ward else None
    if ward_value:
        effects.append(Ward(ward_value))
    if ethereal:
        effects.append(Ethereal())
    if cover:
        effects.append(InCover())
    rules: AttackRules = compile_effects(effects)

    overrides = {
        "models": None if models is None else str(models),
        "attacks": attacks,
        "hit": hit,
        "wound": wound,
        "rend": rend,
        "damage": damage,
    }
    weapon_fields = [parse_compact(p) for p in profiles] if profiles else [{}]
    weapons: list[Attack] = []
    for number, compact in enumerate(weapon_fields, start=1):
        merged = {**compact, **{k: v for k, v in overrides.items() if v is not None}}
        for needed in ("attacks", "hit", "wound"):
            if needed not in merged:
                raise InputError(
                    f"--{needed} is missing",
                    "give a profile such as 10x2/3+/4+/-1/D3 or the flags --attacks --hit --wound",
                )
        models_text = merged.get("models", "1")
        if not models_text.strip().isdigit():
            raise InputError(
                f"--models: {models_text!r} is not a number of models", "use 0 or more"
            )
        attacks_value = parse_dice(merged["attacks"], what="--attacks")
        if attacks_value.minimum < 0:
            raise InputError(
                f"--attacks: {merged['attacks']!r} is negative", "use 0 or more attacks"
            )
        damage_value = parse_dice(merged.get("damage", "1"), what="--damage")
        if damage_value.minimum < 0:
            raise InputError(f"--damage: {merged['damage']!r} can be negative", "use 0 or more")
        profile = WeaponProfile(
            attacks=attacks_value,
            to_hit=parse_threshold(merged["hit"], what="--hit"),
            to_wound=parse_threshold(merged["wound"], what="--wound"),
            rend=parse_rend(merged.get("rend", "0")),
            damage=damage_value,
            models=int(models_text),
            name=f"weapon {number}" if len(weapon_fields) > 1 else "",
        )
        weapons.append(Attack(profile, rules))

    save_value = parse_threshold(save, what="--save", allow_dash=True) if save else 7
    for flag, value in (("--target-models", target_models), ("--target-wounds", target_wounds)):
        if value is not None and value < 1:
            raise InputError(f"{flag}: {value} is below 1", "use 1 or more")
    if (target_models is None) != (target_wounds is None):
        raise InputError(
            "--target-models and --target-wounds go together", "give both to count models slain"
        )
    if wounds_suffered < 0 or (target_wounds and wounds_suffered >= target_wounds):
        raise InputError(
            f"--wounds-suffered: {wounds_suffered}", "use 0 up to one less than --target-wounds"
        )
    target = TargetInfo(save_value, target_monster, target_charged)
    return AttackRequest(
        tuple(weapons),
        target,
        save is not None,
        target_models,
        target_wounds,
        wounds_suffered,
        ward_value,
        seed,
        dice_mode,
        as_json,
    )


def attack_command(run: Callable[[AttackRequest], None]) -> Callable[..., None]:
    """Make a Typer command with every attack flag that hands the parsed request to `run`."""

    def command(
        profiles: Annotated[
            list[str] | None,
            typer.Argument(
                help="Compact profile(s): models x attacks/hit/wound/rend/damage, "
                "e.g. 10x2/3+/4+/-1/D3 (rend and damage optional).",
                show_default=False,
            ),
        ] = None,
        models: Annotated[int | None, typer.Option(help="Models attacking.")] = None,
        attacks: Annotated[str | None, typer.Option(help="Attacks per model: 2, D3, D6...")] = None,
        hit: Annotated[str | None, typer.Option(help="To Hit, e.g. 3+.")] = None,
        wound: Annotated[str | None, typer.Option(help="To Wound, e.g. 4+.")] = None,
        rend: Annotated[str | None, typer.Option(help="Rend: 0, - or -1, -2...")] = None,
        damage: Annotated[str | None, typer.Option(help="Damage: 1, D3, D6+1...")] = None,
        extra_attacks: Annotated[int, typer.Option(help="Extra attacks for the unit.")] = 0,
        hit_mod: Annotated[int, typer.Option(help="Modifier to hit rolls.")] = 0,
        wound_mod: Annotated[int, typer.Option(help="Modifier to wound rolls.")] = 0,
        save_mod: Annotated[int, typer.Option(help="Modifier to save rolls.")] = 0,
        reroll_hits: Annotated[str | None, typer.Option(help="ones | failed | all")] = None,
        reroll_wounds: Annotated[str | None, typer.Option(help="ones | failed | all")] = None,
        reroll_saves: Annotated[str | None, typer.Option(help="ones | failed | all")] = None,
        exploding: Annotated[
            str | None, typer.Option(help="X:N - unmodified hit X+ scores N extra hits.")
        ] = None,
        mortal_on_hit: Annotated[
            str | None, typer.Option(help="X:N[:add] - hit X+ inflicts N mortal wounds.")
        ] = None,
        mortal_on_wound: Annotated[
            str | None, typer.Option(help="X:N[:add] - wound X+ inflicts N mortal wounds.")
        ] = None,
        auto_wound: Annotated[
            str | None, typer.Option(help="X - unmodified hit X+ wounds automatically.")
        ] = None,
        rend_on_hit: Annotated[
            str | None, typer.Option(help="X:N - hit X+ improves Rend by N.")
        ] = None,
        damage_on_wound: Annotated[
            str | None, typer.Option(help="X:N - wound X+ adds N to Damage.")
        ] = None,
        wound_rolls_on_hit: Annotated[
            str | None, typer.Option(help="X:N - hit X+ makes N wound rolls.")
        ] = None,
        cover: Annotated[bool, typer.Option(help="Target in cover (+1 save).")] = False,
        ward: Annotated[str | None, typer.Option(help="Ward save, e.g. 5+.")] = None,
        ethereal: Annotated[bool, typer.Option(help="Target ignores save modifiers.")] = False,
        save: Annotated[str | None, typer.Option(help="Target's Save: 4+ or -.")] = None,
        target_models: Annotated[int | None, typer.Option(help="Models in the target.")] = None,
        target_wounds: Annotated[int | None, typer.Option(help="Wounds per target model.")] = None,
        wounds_suffered: Annotated[
            int, typer.Option(help="Wounds already on the target's damaged model.")
        ] = 0,
        target_monster: Annotated[
            bool, typer.Option(help="Target is a Monster/War Machine with Wounds 8+ (no cover).")
        ] = False,
        target_charged: Annotated[
            bool, typer.Option(help="Combat phase and the target charged this turn (no cover).")
        ] = False,
        seed: Annotated[int | None, typer.Option(help="Seed for repeatable dice.")] = None,
        dice: Annotated[
            str, typer.Option(help="auto (the tool rolls) or manual (you type).")
        ] = "auto",
        json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        run(
            build_request(
                profiles,
                models,
                attacks,
                hit,
                wound,
                rend,
                damage,
                extra_attacks,
                hit_mod,
                wound_mod,
                save_mod,
                reroll_hits,
                reroll_wounds,
                reroll_saves,
                exploding,
                mortal_on_hit,
                mortal_on_wound,
                auto_wound,
                rend_on_hit,
                damage_on_wound,
                wound_rolls_on_hit,
                cover,
                ward,
                ethereal,
                save,
                target_models,
                target_wounds,
                wounds_suffered,
                target_monster,
                target_charged,
                seed,
                dice,
                json,
            )
        )

    return command
