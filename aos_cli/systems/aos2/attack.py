"""Age of Sigmar's attack command (2nd edition; the 1st edition's in `aos1.attack` is the same
with its own dice judging): its flag group (compact profiles, To Hit and To Wound, Rend, the
abilities that trigger on a roll, wards and cover), the `AosAttack` built from it, and how the
result reads (AoS2 §14)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aos_cli.core.aos_engine import AOS_ENGINE, AosAttack, AosEngine
from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.attack_flags import (
    EFFECT_FLAGS,
    TARGET_FLAGS,
    TRIGGER_FLAGS,
    WEAPON_FLAGS,
    Flag,
    check_target,
    optional_flag,
    parse_compact,
    parse_rend,
    shared_effects,
    trigger_effects,
)
from aos_cli.core.dice import format_threshold, parse_dice, parse_threshold
from aos_cli.core.effects import (
    AttackRules,
    Effect,
    Ethereal,
    ExtraAttacks,
    InCover,
    TargetInfo,
    Ward,
    compile_effects,
)
from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_ATTACKS, MAX_MODELS, MAX_WEAPONS, check_at_most
from aos_cli.core.numbers import parse_whole
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from aos_cli.core.engine import AttackOdds, AttackResult
    from aos_cli.systems.kits import AttackKit


AOS_FLAGS: tuple[Flag, ...] = (
    Flag(
        "profiles",
        list,
        None,
        "Compact profile(s): models x attacks/hit/wound/rend/damage, "
        "e.g. 10x2/3+/4+/-1/D3 (rend and damage optional).",
        optional=True,
        argument=True,
    ),
    optional_flag("unit", str, "Take the profile from this warscroll (name or id)."),
    optional_flag("weapon", str, "With --unit: the weapon, or melee / missile."),
    *WEAPON_FLAGS,
    optional_flag("hit", str, "To Hit, e.g. 3+."),
    optional_flag("wound", str, "To Wound, e.g. 4+."),
    optional_flag("rend", str, "Rend: 0, - or -1, -2..."),
    *EFFECT_FLAGS,
    *TRIGGER_FLAGS,
    optional_flag("ward", str, "Ward save, e.g. 5+."),
    Flag("ethereal", bool, False, "Target ignores save modifiers."),
    *TARGET_FLAGS,
    Flag(
        "target_monster",
        bool,
        False,
        "Target is a Monster/War Machine with Wounds 8+ (no cover).",
    ),
    Flag(
        "target_charged",
        bool,
        False,
        "Combat phase and the target charged this turn (no cover).",
    ),
)
"""Every flag an Age of Sigmar attack understands."""


def roll_effects(flags: Mapping[str, Any]) -> list[Effect]:
    """The Age of Sigmar abilities given as flags: extra hits, automatic wounds, Rend and
    Damage bonuses, several wound rolls on a hit, the ward, Ethereal and cover."""
    effects: list[Effect] = trigger_effects(flags)
    if flags.get("ward"):
        effects.append(Ward(parse_threshold(flags["ward"], what="--ward")))
    if flags.get("ethereal"):
        effects.append(Ethereal())
    if flags.get("cover"):
        effects.append(InCover())
    return effects


def weapon_profile(fields: Mapping[str, str], name: str) -> WeaponProfile:
    """One weapon from its compact profile merged with the weapon flags."""
    for needed in ("attacks", "hit", "wound"):
        if needed not in fields:
            raise InputError(
                _("{flag} is missing").format(flag=f"--{needed}"),
                _("give a profile such as 10x2/3+/4+/-1/D3 or the flags --attacks --hit --wound"),
            )
    models = parse_whole(fields.get("models", "1"), what="--models", high=MAX_MODELS)
    attacks = parse_dice(fields["attacks"], what="--attacks")
    if attacks.minimum < 0:
        raise InputError(
            _("{flag}: {value} is negative").format(
                flag="--attacks", value=repr(fields["attacks"])
            ),
            _("use 0 or more attacks"),
        )
    damage = parse_dice(fields.get("damage", "1"), what="--damage")
    if damage.minimum < 0:
        raise InputError(
            _("{flag}: {value} can be negative").format(
                flag="--damage", value=repr(fields["damage"])
            ),
            _("use 0 or more"),
        )
    return WeaponProfile(
        attacks=attacks,
        to_hit=parse_threshold(fields["hit"], what="--hit"),
        to_wound=parse_threshold(fields["wound"], what="--wound"),
        rend=parse_rend(fields.get("rend", "0")),
        damage=damage,
        models=models,
        name=name,
    )


def warscroll_profiles(
    unit: str, weapon: str | None, models: int | None, content: Sequence[Path] = ()
) -> list[tuple[str, str, list[Effect]]]:
    """A warscroll's weapons as the unit uses them: (name, compact profile, effects) for each
    group of models with one weapon, the champion apart with its own rule (its extra attack
    once, AoS2 §20.3), with the attack effects of the abilities tied to those weapons (the
    Stormbound Blade's three wound rolls on a 6).

    `weapon` names one weapon, or `melee` / `missile` for every weapon of that kind (the
    default is `melee`); `models` defaults to the unit's minimum size, its champion included
    when it has one; where models choose between weapons, each takes the option's default.
    """
    from aos_cli.app.setup import unit_snapshot
    from aos_cli.content import load_database
    from aos_cli.content.army import ArmyUnit
    from aos_cli.core.state import UnitSpec, UnitState
    from aos_cli.core.unit_attacks import champion_name, unwrap_for_weapon, weapon_uses

    scroll = load_database(content).warscroll(unit)
    count = models if models is not None else scroll.unit_size.min
    champion = [m.role for m in scroll.command_models if m.role == "champion"]
    army_unit = ArmyUnit(id=scroll.id, warscroll=scroll.id, models=max(1, count),
                         command_models=tuple(champion))  # fmt: skip
    spec = UnitSpec.from_dict(unit_snapshot(load_database(content), army_unit, set()))
    state = UnitState(spec, 0, count)
    kind = (weapon or "melee").strip().lower()
    if kind in ("melee", "missile"):
        chosen = [w for w in spec.weapons if w.kind == kind]
        if not chosen:
            raise InputError(
                (
                    _("--weapon: {unit} has no melee weapons")
                    if kind == "melee"
                    else _("--weapon: {unit} has no missile weapons")
                ).format(unit=scroll.name),
                _("name a weapon"),
            )
    else:
        wanted = scroll.weapon(kind).id
        chosen = [w for w in spec.weapons if w.id == wanted]
        if not chosen:  # a weapon option nobody takes by default: every model takes it
            from aos_cli.app.setup import snapshot_weapon
            from aos_cli.core.state import WeaponSpec

            melee = wanted in {w.id for w in scroll.melee_weapons}
            found = snapshot_weapon(scroll.weapon(kind), "melee" if melee else "missile", None)
            chosen = [WeaponSpec.from_dict(found)]
    profiles: list[tuple[str, str, list[Effect]]] = []
    uses = weapon_uses(state, chosen)
    if not uses:  # a weapon given by name that no model carries by default: every model
        from aos_cli.core.unit_attacks import WeaponUse

        uses = [WeaponUse(w, count) for w in chosen]
    given_once = False
    for use in uses:
        w = use.weapon
        effects = unwrap_for_weapon(spec, w, champion=use.champion)
        if use.champion:
            extra = [e for e in effects if isinstance(e, ExtraAttacks)]
            if given_once:
                effects = [e for e in effects if not isinstance(e, ExtraAttacks)]
            given_once = given_once or bool(extra)
        name = f"{champion_name(spec)}: {w.name}" if use.champion else w.name
        compact = f"{use.models}x{w.attacks}/{w.to_hit}/{w.to_wound}/{w.rend}/{w.damage}"
        profiles.append((name, compact, effects))
    return profiles


def _identity(rules: AttackRules) -> AttackRules:
    return rules


@dataclass(frozen=True)
class AosAttackKit:
    """The Age of Sigmar attack command; `judge` turns the compiled rules into an edition's
    way of judging dice (2nd edition: as they are)."""

    system: str
    engine: AosEngine = AOS_ENGINE
    flags: tuple[Flag, ...] = AOS_FLAGS
    mortal_label: str = N_("of which mortal wounds (before any ward)")
    judge: Callable[[AttackRules], AttackRules] = field(default=_identity)

    def build(self, given: Mapping[str, Any]) -> AosAttack:
        """Weapons, effects and the target from the flags, rejecting bad values (AoS2 §14)."""
        profiles: list[str] = list(given.get("profiles") or [])
        names: list[str] = []
        own: list[list[Effect]] = []
        if given.get("unit") is not None:
            if profiles:
                raise InputError(_("give a compact profile or --unit, not both"))
            used = warscroll_profiles(given["unit"], given.get("weapon"), given.get("models"))
            names = [name for name, _, _ in used]
            profiles = [compact for _, compact, _ in used]
            own = [effects for _, _, effects in used]
        elif given.get("weapon") is not None:
            raise InputError(
                _("--weapon needs --unit"),
                _("e.g. {example}").format(example="--unit Liberators --weapon warhammer"),
            )
        flagged = shared_effects(given) + roll_effects(given)
        # Extra attacks given for the unit are made once, with the first weapon.
        extra = [e for e in flagged if isinstance(e, ExtraAttacks)]
        flagged = [e for e in flagged if not isinstance(e, ExtraAttacks)]
        overrides = {
            "models": None if given.get("models") is None or names else str(given["models"]),
            **{k: given.get(k) for k in ("attacks", "hit", "wound", "rend", "damage")},
        }
        check_at_most("profiles", len(profiles), MAX_WEAPONS, "weapons")
        weapon_fields = [parse_compact(p) for p in profiles] if profiles else [{}]
        attacks = tuple(
            Attack(
                weapon_profile(
                    {**compact, **{k: v for k, v in overrides.items() if v is not None}},
                    names[number - 1]
                    if names
                    else _("weapon {n}").format(n=number)
                    if len(weapon_fields) > 1
                    else "",
                ),
                self.judge(
                    compile_effects(
                        [
                            *(own[number - 1] if own else []),
                            *flagged,
                            *(extra if number == 1 else []),
                        ]
                    )
                ),
            )
            for number, compact in enumerate(weapon_fields, start=1)
        )
        most = sum(a.profile.models * a.profile.attacks.maximum for a in attacks)
        check_at_most("attacks", most, MAX_ATTACKS, "in one roll")
        save = given.get("save")
        save_value = parse_threshold(save, what="--save", allow_dash=True) if save else 7
        target_models, target_wounds, suffered = check_target(given)
        target = TargetInfo(
            save_value, bool(given.get("target_monster")), bool(given.get("target_charged"))
        )
        return AosAttack(
            attacks, target, target_models, target_wounds, suffered, from_unit=bool(names)
        )

    def table(self, spec: AosAttack, result: AttackResult[Any]) -> Any:
        """Every stage's dice, the ward and the totals (views.dice)."""
        from aos_cli.views.dice import attack_table

        return attack_table(result, show_slain=spec.allocates)

    def result_json(self, spec: AosAttack, result: AttackResult[Any]) -> dict[str, Any]:
        """The Age of Sigmar JSON keys of a roll."""
        from aos_cli.views.dice import attack_result_json

        return attack_result_json(result)

    def odds_json(self, spec: AosAttack, odds: AttackOdds) -> dict[str, Any]:
        """The Age of Sigmar JSON keys of the odds."""
        from aos_cli.views.charts import attack_odds_json

        data = attack_odds_json(odds, save=format_threshold(spec.save))
        if spec.from_unit:
            data["profiles"] = [profile_used(a) for a in spec.attacks]
        return data

    def damage_title(self, spec: AosAttack) -> str:
        return _("Damage against {save}").format(save=format_threshold(spec.save))

    def slain_title(self) -> str:
        return _("Models slain")

    def notes(self, spec: AosAttack) -> list[str]:
        """With --unit, the profiles the warscroll gave: models, weapon and attacks."""
        if not spec.from_unit:
            return []
        lines = []
        for attack in spec.attacks:
            used = profile_used(attack)
            models = ngettext("{n} model", "{n} models", used["models"]).format(n=used["models"])
            count = used["attacks"]
            attacks = (
                ngettext("{n} attack", "{n} attacks", count).format(n=count)
                if isinstance(count, int)
                else _("{dice} attacks").format(dice=count)
            )
            lines.append(
                _("{weapon}: {models}, {attacks}.").format(
                    weapon=used["name"], models=models, attacks=attacks
                )
            )
        total = [profile_used(a)["attacks"] for a in spec.attacks]
        if all(isinstance(t, int) for t in total):
            whole = sum(total)
            lines.append(
                ngettext("In all {n} attack.", "In all {n} attacks.", whole).format(n=whole)
            )
        return lines


def profile_used(attack: Attack) -> dict[str, Any]:
    """What one weapon of a warscroll's attack used: its name, models and attacks (a number
    when fixed, else the dice per model and the extra attacks)."""
    profile, extra = attack.profile, attack.rules.extra_attacks
    if profile.attacks.is_fixed:
        count: int | str = profile.models * profile.attacks.constant + extra
    else:
        count = f"{profile.models}x{profile.attacks}" + (f"+{extra}" if extra else "")
    return {"name": profile.name, "models": profile.models, "attacks": count}


KIT: AttackKit[AosAttack] = AosAttackKit("aos2")
"""Age of Sigmar 2nd edition's attack command."""
