"""Warhammer 40,000 8th edition's attack command: its flag group (BS or WS, Strength against
Toughness, AP, invulnerable and feel-no-pain saves, weapon types and Overwatch), the
`Attack40k` built from it, and how the result reads (40k8 §6-§10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aos_cli.core.attack_flags import (
    EFFECT_FLAGS,
    TARGET_FLAGS,
    WEAPON_FLAGS,
    Flag,
    check_target,
    optional_flag,
    parse_rend,
    shared_effects,
)
from aos_cli.core.dice import format_threshold, parse_dice, parse_threshold
from aos_cli.core.effects import compile_effects
from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_CHARACTERISTIC, check_at_most
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _

if TYPE_CHECKING:
    from aos_cli.core.engine import AttackOdds, AttackResult
    from aos_cli.systems.kits import AttackKit
    from aos_cli.systems.wh40k8.engine import Attack40k, Engine40k, Phase, WeaponResult40k


FLAGS_40K: tuple[Flag, ...] = (
    *WEAPON_FLAGS,
    optional_flag("bs", str, "Ballistic Skill, e.g. 3+."),
    optional_flag("ws", str, "Weapon Skill, e.g. 3+ (a melee attack)."),
    Flag("melee", bool, False, "A close combat attack in the Fight phase (uses --ws)."),
    optional_flag("strength", int, "Weapon Strength."),
    optional_flag("ap", str, "AP: 0, - or -1, -2..."),
    optional_flag("toughness", int, "Target Toughness."),
    optional_flag("invuln", str, "Target invulnerable save, e.g. 5+."),
    optional_flag("fnp", str, "Roll per wound lost, ignored on this, e.g. 5+."),
    Flag("overwatch", bool, False, "Overwatch - hits only on unmodified 6s."),
    optional_flag("weapon_type", str, "Assault, heavy, rapid-fire, grenade, pistol or melee."),
    Flag("moved", bool, False, "The firer moved (Heavy -1 to hit)."),
    Flag("advanced", bool, False, "The firer Advanced (Assault only, -1 to hit)."),
    Flag("half_range", bool, False, "Target within half range (Rapid Fire doubles)."),
    *EFFECT_FLAGS,
    *TARGET_FLAGS,
)
"""Every flag a 40k attack understands."""

_SHOOTING_ONLY = ("bs", "overwatch", "moved", "advanced", "half_range")


def _skill(given: Mapping[str, Any], melee: bool) -> int:
    """BS (shooting) or WS (melee) from the flags; Overwatch may leave BS out (§9.3)."""
    if melee:
        for name in _SHOOTING_ONLY:
            if given.get(name):
                flag = "--" + name.replace("_", "-")
                raise InputError(
                    _("{flag} is for shooting").format(flag=flag), _("leave it out with --melee")
                )
        if given.get("ws") is None:
            raise InputError(
                _("--ws is required with --melee"), _("give the Weapon Skill, e.g. 3+")
            )
        return parse_threshold(given["ws"], what="--ws", allow_dash=True)
    if given.get("bs") is None and not given.get("overwatch"):
        raise InputError(
            _("--bs is required with --system wh40k8"), _("give the Ballistic Skill, e.g. 3+")
        )
    # Overwatch hits only on a 6 whatever the BS (40k8 §9.3): BS may be left out.
    bs = given.get("bs")
    return parse_threshold(bs, what="--bs", allow_dash=True) if bs is not None else 6


def _weapon_type(given: Mapping[str, Any], melee: bool) -> Any:
    """The weapon type flag (§7), melee for a Fight, else Rapid Fire by default."""
    from aos_cli.systems.wh40k8.engine import WeaponType

    text = given.get("weapon_type")
    if text is None:
        if given.get("moved") or given.get("advanced") or given.get("half_range"):
            raise InputError(
                _("--moved, --advanced and --half-range need --weapon-type"),
                _("give assault, heavy, rapid-fire, grenade or pistol"),
            )
        return WeaponType.MELEE if melee else WeaponType.RAPID_FIRE
    try:
        return WeaponType(text.strip().lower().replace("_", "-").replace(" ", "-"))
    except ValueError:
        names = ", ".join(t.value for t in WeaponType)
        raise InputError(f"--weapon-type: {text!r}", _("use {names}").format(names=names)) from None


def _optional_threshold(given: Mapping[str, Any], name: str) -> int | None:
    text = given.get(name)
    return parse_threshold(text, what=f"--{name}") if text else None


@dataclass(frozen=True)
class Kit40k:
    """The 40k attack command."""

    system: str = "wh40k8"
    flags: tuple[Flag, ...] = FLAGS_40K
    mortal_label: str = N_("of which mortal wounds")

    @property
    def engine(self) -> Engine40k:
        from aos_cli.systems.wh40k8.engine import ENGINE_40K

        return ENGINE_40K

    def build(self, given: Mapping[str, Any]) -> Attack40k:
        """A weapon, a target and a phase from the flags (40k8 §6-§10)."""
        from aos_cli.systems.wh40k8.engine import Attack40k, Target40k, Weapon40k, prepare_weapon

        melee = bool(given.get("melee")) or given.get("ws") is not None
        phase: Phase = "fight" if melee else "shooting"
        skill = _skill(given, melee)
        for name in ("attacks", "strength", "toughness"):
            if given.get(name) is None:
                raise InputError(
                    _("{flag} is required with --system wh40k8").format(flag=f"--{name}"),
                    _("give {flag}").format(flag=f"--{name}"),
                )
        models = given.get("models")
        if models is not None and models < 0:
            raise InputError(_("--models: {n} is negative").format(n=models), _("use 0 or more"))
        effects = shared_effects(given)
        weapon_type = _weapon_type(given, melee)
        for name in ("strength", "toughness"):
            if given[name] < 1:
                raise InputError(
                    _("{flag}: {n} is below 1").format(flag=f"--{name}", n=given[name]),
                    _("use 1 or more (40k8 §14)"),
                )
            check_at_most(f"--{name}", given[name], MAX_CHARACTERISTIC, "at most")
        weapon = Weapon40k(
            attacks=parse_dice(given["attacks"], what="--attacks"),
            skill=skill,
            strength=given["strength"],
            ap=parse_rend(given["ap"], "--ap") if given.get("ap") is not None else 0,
            damage=parse_dice(given.get("damage") or "1", what="--damage"),
            models=1 if models is None else models,
            weapon_type=weapon_type,
            rules=compile_effects(effects),
        )
        weapon = prepare_weapon(
            weapon,
            moved=bool(given.get("moved")),
            advanced=bool(given.get("advanced")),
            within_half_range=bool(given.get("half_range")),
            phase=phase,
        )
        target_models, target_wounds, suffered = check_target(given)
        save = given.get("save")
        target = Target40k(
            toughness=given["toughness"],
            save=parse_threshold(save, what="--save", allow_dash=True) if save else 7,
            invulnerable=_optional_threshold(given, "invuln"),
            models=target_models,
            wounds=target_wounds,
            wounds_suffered=suffered,
            in_cover=bool(given.get("cover")),
            feel_no_pain=_optional_threshold(given, "fnp"),
        )
        return Attack40k((weapon,), target, phase, bool(given.get("overwatch")))

    def table(self, spec: Attack40k, result: AttackResult[Any]) -> Any:
        """Every stage's dice, Damage per attack, feel-no-pain and the totals."""
        from aos_cli.systems.wh40k8.views import attack_table_40k

        title = (
            _("Overwatch")
            if spec.overwatch
            else (_("Shooting") if spec.phase == "shooting" else _("Fight"))
        )
        return attack_table_40k(result, show_slain=spec.allocates, title=title)

    def result_json(self, spec: Attack40k, result: AttackResult[Any]) -> dict[str, Any]:
        """The Age of Sigmar JSON keys of a roll plus the 40k ones (save used, Damage per
        attack, feel-no-pain, wounds lost)."""
        from aos_cli.views.dice import attack_result_json

        weapons: list[WeaponResult40k] = result.weapons
        extras: dict[str, Any] = {
            "system": self.system,
            "damage_per_attack": [d for w in weapons for d in w.damage_per_attack],
            "wounds_lost": result.wounds_lost,
        }
        data = attack_result_json(
            result, ward_key="feel_no_pain", weapon_extras=_weapon_json, extras=extras
        )
        if result.allocation is not None:
            data["wounds_left_on_damaged_model"] = result.wounds_left_on_damaged
        return data

    def odds_json(self, spec: Attack40k, odds: AttackOdds) -> dict[str, Any]:
        """The JSON of the odds, tagged with the system."""
        from aos_cli.views.charts import attack_odds_json

        return attack_odds_json(odds, save=format_threshold(spec.save), tag={"system": self.system})

    def damage_title(self, spec: Attack40k) -> str:
        invulnerable = spec.target.invulnerable
        if invulnerable:
            return _("Damage against {save}, invulnerable {invulnerable}").format(
                save=format_threshold(spec.save), invulnerable=format_threshold(invulnerable)
            )
        return _("Damage against {save}").format(save=format_threshold(spec.save))

    def slain_title(self) -> str:
        return _("Models slain (excess damage lost, 40k8 §8.5)")

    def notes(self, spec: Attack40k) -> list[str]:
        """Cover asked for in a Fight, where it does not count."""
        if spec.target.in_cover and spec.phase == "fight":
            return [_("Cover does not count in the Fight phase (40k8 §8.7).")]
        return []


def _weapon_json(weapon: WeaponResult40k) -> dict[str, Any]:
    return {
        "weapon_type": str(weapon.weapon_type),
        "wound_needed": weapon.wound_needed,
        "save_used": weapon.save_used,
        "damage_per_attack": list(weapon.damage_per_attack),
    }


KIT: AttackKit[Attack40k] = Kit40k()
"""Warhammer 40,000 8th edition's attack command."""
