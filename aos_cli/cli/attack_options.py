"""The attack flags shared by `aos roll attack` and `aos odds attack`, and their parsing into
core values. One signature, registered twice, so the two commands can never drift apart."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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

if TYPE_CHECKING:
    from aos_cli.systems.wh40k8 import Phase, Target40k, Weapon40k

SYSTEMS = ("aos2", "wh40k8")
"""The game systems whose attack sequence `aos roll attack` and `aos odds attack` know."""


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


@dataclass(frozen=True)
class Request40k:
    """A Warhammer 40,000 8th edition attack command: the weapons, the target and the phase."""

    weapons: tuple[Weapon40k, ...]
    target: Target40k
    phase: Phase
    overwatch: bool
    save_given: bool
    seed: int | None
    dice_mode: str
    as_json: bool

    def with_save(self, save: int) -> Request40k:
        """The same request against another save (the odds table over saves)."""
        return replace(self, target=replace(self.target, save=save), save_given=True)


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


def shared_effects(
    extra_attacks: int,
    hit_mod: int,
    wound_mod: int,
    save_mod: int,
    reroll_hits: str | None,
    reroll_wounds: str | None,
    reroll_saves: str | None,
    mortal_on_hit: str | None,
    mortal_on_wound: str | None,
) -> list[Effect]:
    """The effect flags every system's attack understands: extra attacks, modifiers, rerolls
    and mortal wounds on a hit or wound roll."""
    if extra_attacks < 0:
        raise InputError(f"--extra-attacks: {extra_attacks} is negative", "use 0 or more")
    effects: list[Effect] = [ExtraAttacks(extra_attacks)] if extra_attacks else []
    for roll, amount in (("hit", hit_mod), ("wound", wound_mod), ("save", save_mod)):
        if amount:
            effects.append(RollModifier(roll, amount))  # type: ignore[arg-type]
    for roll, text in (("hit", reroll_hits), ("wound", reroll_wounds), ("save", reroll_saves)):
        if text:
            effects.append(RerollRoll(roll, parse_reroll(text, what=f"--reroll-{roll}s")))  # type: ignore[arg-type]
    if mortal_on_hit:
        effects.append(_mortal(mortal_on_hit, "hit", "--mortal-on-hit"))
    if mortal_on_wound:
        effects.append(_mortal(mortal_on_wound, "wound", "--mortal-on-wound"))
    return effects


def check_target(target_models: int | None, target_wounds: int | None, suffered: int) -> None:
    """The target flags: both or neither of models and wounds, and a sane wounded model."""
    for flag, value in (("--target-models", target_models), ("--target-wounds", target_wounds)):
        if value is not None and value < 1:
            raise InputError(f"{flag}: {value} is below 1", "use 1 or more")
    if (target_models is None) != (target_wounds is None):
        raise InputError(
            "--target-models and --target-wounds go together", "give both to count models slain"
        )
    if suffered < 0 or (target_wounds and suffered >= target_wounds):
        raise InputError(
            f"--wounds-suffered: {suffered}", "use 0 up to one less than --target-wounds"
        )


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
    extra_effects: Sequence[Effect] = (),
) -> AttackRequest:
    """Turn the attack flags into weapons, effects and a target, rejecting bad values."""
    effects: list[Effect] = list(extra_effects)
    effects += shared_effects(
        extra_attacks, hit_mod, wound_mod, save_mod, reroll_hits, reroll_wounds, reroll_saves,
        mortal_on_hit, mortal_on_wound,
    )  # fmt: skip
    if exploding:
        on, extra, rest = _dice_trigger(exploding, "--exploding")
        if rest:
            raise InputError(f"--exploding: {exploding!r} is not X:N", "e.g. 6:1")
        effects.append(ExplodingHits(on, extra))
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
    check_target(target_models, target_wounds, wounds_suffered)
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


def parse_ap(text: str) -> int:
    """AP is 0, `-` (none) or negative such as -1 (40k8 §13.2)."""
    return parse_rend(text, "--ap")


def build_40k_request(
    *,
    models: int | None,
    attacks: str | None,
    damage: str | None,
    bs: str | None,
    ws: str | None,
    melee: bool,
    strength: int | None,
    ap: str | None,
    toughness: int | None,
    invuln: str | None,
    fnp: str | None,
    overwatch: bool,
    weapon_type: str | None,
    moved: bool,
    advanced: bool,
    half_range: bool,
    extra_attacks: int,
    hit_mod: int,
    wound_mod: int,
    save_mod: int,
    reroll_hits: str | None,
    reroll_wounds: str | None,
    reroll_saves: str | None,
    mortal_on_hit: str | None,
    mortal_on_wound: str | None,
    cover: bool,
    save: str | None,
    target_models: int | None,
    target_wounds: int | None,
    wounds_suffered: int,
    seed: int | None,
    dice_mode: str,
    as_json: bool,
) -> Request40k:
    """Turn the 40k attack flags into a weapon, a target and a phase (40k8 §6-§10)."""
    from aos_cli.systems.wh40k8 import (
        Target40k,
        Weapon40k,
        WeaponType,
        prepare_weapon,
    )

    melee = melee or ws is not None
    phase: Phase = "fight" if melee else "shooting"
    if melee:
        for flag, given in (
            ("--bs", bs is not None),
            ("--overwatch", overwatch),
            ("--moved", moved),
            ("--advanced", advanced),
            ("--half-range", half_range),
        ):
            if given:
                raise InputError(f"{flag} is for shooting", "leave it out with --melee")
        if ws is None:
            raise InputError("--ws is required with --melee", "give the Weapon Skill, e.g. 3+")
        skill = parse_threshold(ws, what="--ws", allow_dash=True)
    elif bs is None and not overwatch:
        raise InputError(
            "--bs is required with --system wh40k8", "give the Ballistic Skill, e.g. 3+"
        )
    else:
        # Overwatch hits only on a 6 whatever the BS (40k8 §9.3): BS may be left out.
        skill = parse_threshold(bs, what="--bs", allow_dash=True) if bs is not None else 6
    for flag, value in (
        ("--attacks", attacks),
        ("--strength", strength),
        ("--toughness", toughness),
    ):
        if value is None:
            raise InputError(f"{flag} is required with --system wh40k8", f"give {flag}")
    assert attacks is not None and strength is not None and toughness is not None
    effects = shared_effects(
        extra_attacks, hit_mod, wound_mod, save_mod, reroll_hits, reroll_wounds, reroll_saves,
        mortal_on_hit, mortal_on_wound,
    )  # fmt: skip
    if models is not None and models < 0:
        raise InputError(f"--models: {models} is negative", "use 0 or more")
    chosen_type = WeaponType.MELEE if melee else WeaponType.RAPID_FIRE
    if weapon_type is not None:
        try:
            chosen_type = WeaponType(
                weapon_type.strip().lower().replace("_", "-").replace(" ", "-")
            )
        except ValueError:
            names = ", ".join(t.value for t in WeaponType)
            raise InputError(f"--weapon-type: {weapon_type!r}", f"use {names}") from None
    elif moved or advanced or half_range:
        raise InputError(
            "--moved, --advanced and --half-range need --weapon-type",
            "give assault, heavy, rapid-fire, grenade or pistol",
        )
    for flag, value in (("--strength", strength), ("--toughness", toughness)):
        if value < 1:
            raise InputError(f"{flag}: {value} is below 1", "use 1 or more (40k8 §14)")
    weapon = Weapon40k(
        attacks=parse_dice(attacks, what="--attacks"),
        skill=skill,
        strength=strength,
        ap=parse_ap(ap) if ap is not None else 0,
        damage=parse_dice(damage or "1", what="--damage"),
        models=1 if models is None else models,
        weapon_type=chosen_type,
        rules=compile_effects(effects),
    )
    weapon = prepare_weapon(
        weapon, moved=moved, advanced=advanced, within_half_range=half_range, phase=phase
    )
    check_target(target_models, target_wounds, wounds_suffered)
    target = Target40k(
        toughness=toughness,
        save=parse_threshold(save, what="--save", allow_dash=True) if save else 7,
        invulnerable=parse_threshold(invuln, what="--invuln") if invuln else None,
        models=target_models,
        wounds=target_wounds,
        wounds_suffered=wounds_suffered,
        in_cover=cover,
        feel_no_pain=parse_threshold(fnp, what="--fnp") if fnp else None,
    )
    return Request40k(
        (weapon,), target, phase, overwatch, save is not None, seed, dice_mode, as_json
    )


def refuse_other_system(system: str, given: dict[str, bool]) -> None:
    """One line naming the first flag given that belongs to the other system."""
    for flag, present in given.items():
        if present:
            other = "wh40k8" if system == "aos2" else "aos2"
            raise InputError(
                f"{flag} is for --system {other}", f"leave it out with --system {system}"
            )


def warscroll_profiles(
    unit: str, weapon: str | None, models: int | None, content: Sequence[Path] = ()
) -> tuple[list[str], list[Effect]]:
    """A warscroll's weapon(s) as compact profiles, with the attack effects of the abilities
    tied to those weapons (e.g. the Stormbound Blade's three wound rolls on a 6).

    `weapon` names one weapon, or `melee` / `missile` for every weapon of that kind (the
    default is `melee`); `models` defaults to the unit's minimum size.
    """
    from aos_cli.content import load_database
    from aos_cli.core.dice import format_threshold
    from aos_cli.setup import weapon_effects

    scroll = load_database(content).warscroll(unit)
    kind = (weapon or "melee").strip().lower()
    if kind in ("melee", "missile"):
        # Where models choose between weapons, every model takes the option's default.
        choices = {c for option in scroll.weapon_options for c in option.choices}
        defaults = {o.default for o in scroll.weapon_options if o.default}
        chosen = [
            w
            for w in (scroll.melee_weapons if kind == "melee" else scroll.missile_weapons)
            if w.id not in choices or w.id in defaults
        ]
        if not chosen:
            raise InputError(f"--weapon: {scroll.name} has no {kind} weapons", "name a weapon")
    else:
        chosen = [scroll.weapon(kind)]
    count = models if models is not None else scroll.unit_size.min
    profiles = [
        f"{count}x{w.attacks}/{format_threshold(w.to_hit)}/{format_threshold(w.to_wound)}"
        f"/{w.rend}/{w.damage}"
        for w in chosen
    ]
    effects = [e for w in chosen for e in weapon_effects(scroll, w.id)]
    return profiles, effects


def attack_command(
    run: Callable[[AttackRequest], None], run_40k: Callable[[Request40k], None]
) -> Callable[..., None]:
    """Make a Typer command with every attack flag that hands the parsed request to `run`
    (Age of Sigmar 2nd edition, the default) or `run_40k` (`--system wh40k8`)."""

    def command(
        profiles: Annotated[
            list[str] | None,
            typer.Argument(
                help="Compact profile(s): models x attacks/hit/wound/rend/damage, "
                "e.g. 10x2/3+/4+/-1/D3 (rend and damage optional).",
                show_default=False,
            ),
        ] = None,
        unit: Annotated[
            str | None, typer.Option(help="Take the profile from this warscroll (name or id).")
        ] = None,
        weapon: Annotated[
            str | None, typer.Option(help="With --unit: the weapon, or melee / missile.")
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
        system: Annotated[
            str, typer.Option(help="Game system: aos2 (default) or wh40k8 (Warhammer 40,000 8th).")
        ] = "aos2",
        bs: Annotated[str | None, typer.Option(help="wh40k8: Ballistic Skill, e.g. 3+.")] = None,
        ws: Annotated[
            str | None, typer.Option(help="wh40k8: Weapon Skill, e.g. 3+ (a melee attack).")
        ] = None,
        melee: Annotated[
            bool, typer.Option(help="wh40k8: a close combat attack in the Fight phase (uses --ws).")
        ] = False,
        strength: Annotated[int | None, typer.Option(help="wh40k8: weapon Strength.")] = None,
        ap: Annotated[str | None, typer.Option(help="wh40k8: AP: 0, - or -1, -2...")] = None,
        toughness: Annotated[int | None, typer.Option(help="wh40k8: target Toughness.")] = None,
        invuln: Annotated[
            str | None, typer.Option(help="wh40k8: target invulnerable save, e.g. 5+.")
        ] = None,
        fnp: Annotated[
            str | None,
            typer.Option(help="wh40k8: roll per wound lost, ignored on this, e.g. 5+."),
        ] = None,
        overwatch: Annotated[
            bool, typer.Option(help="wh40k8: Overwatch - hits only on unmodified 6s.")
        ] = False,
        weapon_type: Annotated[
            str | None,
            typer.Option(help="wh40k8: assault, heavy, rapid-fire, grenade, pistol or melee."),
        ] = None,
        moved: Annotated[
            bool, typer.Option(help="wh40k8: the firer moved (Heavy -1 to hit).")
        ] = False,
        advanced: Annotated[
            bool, typer.Option(help="wh40k8: the firer Advanced (Assault only, -1 to hit).")
        ] = False,
        half_range: Annotated[
            bool, typer.Option(help="wh40k8: target within half range (Rapid Fire doubles).")
        ] = False,
    ) -> None:
        chosen = system.strip().lower()
        if chosen not in SYSTEMS:
            raise InputError(
                f"--system: {system!r} has no attack sequence here", "use aos2 or wh40k8"
            )
        if chosen == "wh40k8":
            refuse_other_system(
                "wh40k8",
                {"a compact profile": bool(profiles), "--hit": hit is not None,
                 "--wound": wound is not None, "--rend": rend is not None,
                 "--exploding": exploding is not None, "--auto-wound": auto_wound is not None,
                 "--rend-on-hit": rend_on_hit is not None,
                 "--damage-on-wound": damage_on_wound is not None,
                 "--wound-rolls-on-hit": wound_rolls_on_hit is not None,
                 "--ward": ward is not None, "--ethereal": ethereal,
                 "--target-monster": target_monster, "--target-charged": target_charged,
                 "--unit": unit is not None, "--weapon": weapon is not None},
            )  # fmt: skip
            run_40k(
                build_40k_request(
                    models=models, attacks=attacks, damage=damage, bs=bs, ws=ws, melee=melee,
                    strength=strength, ap=ap, toughness=toughness, invuln=invuln, fnp=fnp,
                    overwatch=overwatch, weapon_type=weapon_type, moved=moved,
                    advanced=advanced, half_range=half_range, extra_attacks=extra_attacks,
                    hit_mod=hit_mod, wound_mod=wound_mod, save_mod=save_mod,
                    reroll_hits=reroll_hits, reroll_wounds=reroll_wounds,
                    reroll_saves=reroll_saves, mortal_on_hit=mortal_on_hit,
                    mortal_on_wound=mortal_on_wound, cover=cover, save=save,
                    target_models=target_models, target_wounds=target_wounds,
                    wounds_suffered=wounds_suffered, seed=seed, dice_mode=dice, as_json=json,
                )
            )  # fmt: skip
            return
        refuse_other_system(
            "aos2",
            {"--bs": bs is not None, "--ws": ws is not None, "--melee": melee,
             "--strength": strength is not None, "--ap": ap is not None,
             "--toughness": toughness is not None, "--invuln": invuln is not None,
             "--fnp": fnp is not None, "--overwatch": overwatch,
             "--weapon-type": weapon_type is not None, "--moved": moved,
             "--advanced": advanced, "--half-range": half_range},
        )  # fmt: skip
        extra: list[Effect] = []
        if unit is not None:
            if profiles:
                raise InputError("give a compact profile or --unit, not both")
            profiles, extra = warscroll_profiles(unit, weapon, models)
        elif weapon is not None:
            raise InputError("--weapon needs --unit", "e.g. --unit Liberators --weapon warhammer")
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
                extra_effects=extra,
            )
        )

    return command
