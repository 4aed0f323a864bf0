"""Middle-earth Strategy Battle Game, the rules of the seed-004 fragment (mesbg-fragment.md).

Pure rules: no printing, no files. Dice come from an injected `DiceSource`; every roll is
decided by the same small functions that the exact odds use (DESIGN principle 4), so the
dice at the table and the odds agree.

What is here and where it comes from (section numbers are those of the digest):

- Magic (§2): a Hero spends Will, rolls one D6 per point, and casts when the highest die is at
  least the casting value; a target Hero resists with its own Will dice and wins ties (§2.3).
  Might raises one die by 1 per point (§2.4, commonly published value); the caster commits its
  Might before the target decides. Durations instant, temporary, exhausting (§2.5).
- Duels (§5, commonly published): each side's highest die, ties to the higher Fight value, then
  a D6 (1-3 Evil, 4-6 Good); weapon rules (§4.3-§4.12) and special strikes (§4.1).
- Wounding on the Strength-against-Defence chart (§5, commonly published), two-stage 6/x rolls,
  and Fate (4+ per point, commonly published).
- A battle's heroes and forces: Might, Will, Fate and Wounds spent and restored, effects in
  force, and each force's break point (half its models lost).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from aos_cli.core.dice import FACES, DiceSource, d3_from_d6
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.events import Note
from aos_cli.core.limits import MAX_CHARACTERISTIC, MAX_MODELS, check_at_most
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _, ngettext
from aos_cli.systems.mesbg.events import (
    Barged,
    BattleEnded,
    FateRolled,
    FightWon,
    ForceAdded,
    ForceBroken,
    HeroJoined,
    HeroRestored,
    HeroSlain,
    ParalyseRolled,
    PhaseBegunMesbg,
    PowerCast,
    PowerEnded,
    PriorityRolledMesbg,
    StandsUp,
    StoreSpent,
    TurnBegunMesbg,
    WarriorsLost,
)
from aos_cli.systems.mesbg.words import phase_name, power_name, side_name, store_name

TOP = 6
"""No die is raised above 6 (§4.9: "a 6 stays a 6"; applied to Might as well)."""
_SIXTH = Fraction(1, 6)
_THIRD = Fraction(1, 3)


def raise_die(value: int, amount: int) -> int:
    """A die raised (or lowered) by `amount`, kept within 1-6."""
    return max(1, min(TOP, value + amount))


def max_distribution(count: int, face: Callable[[int], int] = lambda v: v) -> dict[int, Fraction]:
    """P(highest of `count` D6 == k), each die read through `face` (its modified value).

    P(highest <= k) = P(one die <= k) ** count, so no dice are enumerated."""
    if count < 1:
        return {}
    values = sorted({face(v) for v in FACES})
    out: dict[int, Fraction] = {}
    below = Fraction(0)
    for k in values:
        at_most = Fraction(sum(1 for v in FACES if face(v) <= k), 6) ** count
        out[k] = at_most - below
        below = at_most
    return out


# =========================================================================== wound chart


@dataclass(frozen=True)
class WoundNeed:
    """What a Strike needs on the wound chart: `first`+, and for a 6/x result a 6 then `second`+."""

    first: int
    second: int | None = None

    def __str__(self) -> str:
        return f"{self.first}+" if self.second is None else f"{self.first}/{self.second}+"


WOUND_CHART: tuple[tuple[int, WoundNeed | None], ...] = (
    (-2, WoundNeed(3)),
    (0, WoundNeed(4)),
    (2, WoundNeed(5)),
    (4, WoundNeed(6)),
    (5, WoundNeed(6, 4)),
    (6, WoundNeed(6, 5)),
    (7, WoundNeed(6, 6)),
)
"""(largest Defence − Strength, need) rows; beyond the last row a Strike cannot wound.

Commonly published LOTR/Hobbit SBG chart (the fragment lacks it, digest §5); the same rows are
in `aos_cli/rulesets/mesbg.yaml` with their `source:` note, and a test checks they agree."""


def wound_need(strength: int, defence: int) -> WoundNeed | None:
    """The roll a Strength-`strength` hit needs against Defence `defence`; None: it cannot wound."""
    difference = defence - strength
    for largest, need in WOUND_CHART:
        if difference <= largest:
            return need
    return None


def stage_succeeds(value: int, threshold: int, bonus: int) -> bool:
    """One die of a wound roll: its value plus `bonus` (two-handed, lance; never above 6, §4.6,
    §4.9) must reach `threshold`."""
    return raise_die(value, bonus) >= threshold


def stage_probability(threshold: int, bonus: int, reroll_ones: bool) -> Fraction:
    """P(one stage of a wound roll succeeds); Feint rerolls a 1 once (§4.1)."""
    once = Fraction(sum(1 for v in FACES if stage_succeeds(v, threshold, bonus)), 6)
    if reroll_ones and not stage_succeeds(1, threshold, bonus):
        return once + _SIXTH * once
    return once


def wound_probability(
    strength: int, defence: int, *, bonus: int = 0, reroll_ones: bool = False
) -> Fraction:
    """P(one Strike wounds): a single roll, or a 6 and then a second roll for 6/x (§5, §4.6)."""
    need = wound_need(strength, defence)
    if need is None:
        return Fraction(0)
    p = stage_probability(need.first, bonus, reroll_ones)
    if need.second is not None:
        p *= stage_probability(need.second, bonus, reroll_ones)
    return p


FATE_SAVES = 4
"""A Fate roll ignores the Wound on a 4+ (commonly published value, digest §5)."""


def fate_probability(points: int) -> Fraction:
    """P(a Wound is ignored) when up to `points` Fate are spent one at a time until one saves."""
    return 1 - Fraction(FATE_SAVES - 1, 6) ** max(0, points)


# =========================================================================== magic


class MightPolicy(StrEnum):
    """How the tool spends the caster's Might (§2.4: 1 point raises a die by 1).

    `minimum`: only what lifts the highest die to the casting value (none when the Might
    offered cannot get there, or the cast needs none). `all`: once the cast can succeed, raise
    the highest die as far as the Might offered allows (up to 6), so it is harder to resist.
    """

    MINIMUM = "minimum"
    ALL = "all"


@dataclass(frozen=True)
class CastRequest:
    """A Hero casting a power with Will, and the target Hero's resistance (§2.2-§2.4).

    `resist_extra_dice` and `resist_bonus` are Fortify Spirit on the target (§3 #10): 2 free
    dice, and with the power increase +1 to the highest resisting die."""

    will: int
    casting: int
    might: int = 0
    might_policy: MightPolicy = MightPolicy.MINIMUM
    resist_will: int = 0
    resist_might: int = 0
    resist_extra_dice: int = 0
    resist_bonus: int = 0

    @property
    def resist_dice(self) -> int:
        """How many dice the target rolls to resist, if the power is cast."""
        return self.resist_will + self.resist_extra_dice

    def check(self) -> None:
        """InputError naming the flag when a value is impossible."""
        if not 1 <= self.will <= 20:
            raise InputError(
                _("--will: {will} Will points").format(will=self.will),
                _("spend 1 to 20 Will: one die per point"),
            )
        if not 1 <= self.casting <= 6:
            raise InputError(
                _("--casting: {value}+ is not a casting value").format(value=self.casting),
                _("use 1+ to 6+"),
            )
        for flag, value in (
            ("--might", self.might),
            ("--resist-will", self.resist_will),
            ("--resist-might", self.resist_might),
        ):
            if not 0 <= value <= 20:
                raise InputError(
                    _("{flag}: {value} points").format(flag=flag, value=value), _("use 0 to 20")
                )


def caster_might(highest: int, request: CastRequest) -> int:
    """The Might the caster spends on its highest die, by the request's policy (§2.4)."""
    short = request.casting - highest
    if short > request.might:
        return 0  # the Might offered cannot make it cast: keep it
    if request.might_policy is MightPolicy.MINIMUM:
        return max(0, short)
    return min(request.might, TOP - highest)


def resister_might(highest: int, against: int, available: int) -> int:
    """The Might the target spends to lift its highest die to the caster's (ties resist):
    the least that is enough, or none when it is not enough."""
    short = against - highest
    return short if 0 < short <= available else 0


@dataclass(frozen=True)
class CastOutcome:
    """The decision of a cast from its highest dice (shared by the rolls and the odds)."""

    might_spent: int
    final: int
    cast: bool
    resist_final: int | None
    resist_might_spent: int
    resisted: bool

    @property
    def succeeded(self) -> bool:
        """Cast and not resisted: the power takes effect."""
        return self.cast and not self.resisted


def cast_outcome(request: CastRequest, highest: int, resist_highest: int | None) -> CastOutcome:
    """Apply Might and compare: cast on highest ≥ casting value; resisted on the target's
    highest ≥ the caster's (§2.2, §2.3). `resist_highest` is None when no die is rolled."""
    spent = caster_might(highest, request)
    final = raise_die(highest, spent)
    cast = final >= request.casting
    if not cast or resist_highest is None:
        return CastOutcome(spent, final, cast, None, 0, False)
    resist = raise_die(resist_highest, request.resist_bonus)
    resist_spent = resister_might(resist, final, request.resist_might)
    resist = raise_die(resist, resist_spent)
    return CastOutcome(spent, final, cast, resist, resist_spent, resist >= final)


@dataclass(frozen=True)
class CastResult:
    """A cast as rolled: the caster's dice, the target's dice (if it resisted) and the outcome."""

    request: CastRequest
    dice: tuple[int, ...]
    resist_dice: tuple[int, ...]
    outcome: CastOutcome

    @property
    def highest(self) -> int:
        return max(self.dice)

    @property
    def resist_highest(self) -> int | None:
        return max(self.resist_dice) if self.resist_dice else None


def roll_cast(
    source: DiceSource,
    request: CastRequest,
    decide_resist: Callable[[int], CastRequest] | None = None,
) -> CastResult:
    """Roll a cast: Will dice, the caster's Might, then the target's dice if it was cast.
    `decide_resist`, when given, is asked once the power is cast (with the caster's final die) how
    the target resists: the target decides after the caster's Might is committed (§2.4)."""
    request.check()
    purpose = _("casting ({will} Will, needs {casting}+)")
    dice = tuple(
        source.roll(request.will, purpose.format(will=request.will, casting=request.casting))
    )
    spent = caster_might(max(dice), request)
    final = raise_die(max(dice), spent)
    if final >= request.casting and decide_resist is not None:
        request = decide_resist(final)
        request.check()
    resist: tuple[int, ...] = ()
    if final >= request.casting and request.resist_dice:
        resist = tuple(
            source.roll(
                request.resist_dice,
                _("resisting (must reach {final}, ties resist)").format(final=final),
            )
        )
    outcome = cast_outcome(request, max(dice), max(resist) if resist else None)
    return CastResult(request, dice, resist, outcome)


@dataclass(frozen=True)
class CastOdds:
    """Exact odds of a cast: P(cast), P(cast and resisted), P(it takes effect), Might spent."""

    highest: dict[int, Fraction]
    cast: Fraction
    resisted: Fraction
    probability: Fraction
    mean_might: Fraction
    mean_resist_might: Fraction


def cast_odds(request: CastRequest) -> CastOdds:
    """Exact casting odds over the highest dice of both pools, through `cast_outcome`."""
    request.check()
    highest = max_distribution(request.will)
    resisting = (
        max_distribution(request.resist_dice) if request.resist_dice else {None: Fraction(1)}
    )
    cast = resisted = might = resist_might = Fraction(0)
    for high, p in highest.items():
        for resist, q in resisting.items():
            outcome = cast_outcome(request, high, resist)
            weight = p * q
            might += weight * outcome.might_spent
            if outcome.cast:
                cast += weight
                resist_might += weight * outcome.resist_might_spent
                if outcome.resisted:
                    resisted += weight
    return CastOdds(highest, cast, resisted, cast - resisted, might, resist_might)


def will_for_chance(
    request: CastRequest, chance: float, *, most: int = 12
) -> tuple[int | None, list[tuple[int, Fraction]]]:
    """The least Will to spend for P(the power takes effect) ≥ `chance`, and the chance for
    every spend from 1 to `most` (None when even `most` falls short)."""
    if not 0.0 < chance <= 1.0:
        raise InputError(
            _("--chance: {chance} is not a probability").format(chance=chance),
            _("use a number in (0, 1]"),
        )
    table: list[tuple[int, Fraction]] = []
    least: int | None = None
    for will in range(1, most + 1):
        p = cast_odds(_with_will(request, will)).probability
        table.append((will, p))
        if least is None and p >= Fraction(chance).limit_denominator(10**9):
            least = will
    return least, table


def _with_will(request: CastRequest, will: int) -> CastRequest:
    from dataclasses import replace

    return replace(request, will=will)


# =========================================================================== duels


class Side(StrEnum):
    """The two sides of every Fight (§0: Good / Evil)."""

    GOOD = "good"
    EVIL = "evil"

    @property
    def other(self) -> Side:
        return Side.EVIL if self is Side.GOOD else Side.GOOD


class WeaponRule(StrEnum):
    """The weapon a model fights with and the rule that comes with it (§4.3-§4.10)."""

    HAND = "hand"
    UNARMED = "unarmed"
    TWO_HANDED = "two-handed"
    ELVEN_BLADE = "elven-blade"
    ELVEN_BLADE_TWO_HANDED = "elven-blade-two-handed"
    SPEAR = "spear"
    PIKE = "pike"
    WOOD_ELF_SPEAR = "wood-elf-spear"
    LANCE = "lance"
    THROWING = "throwing"


class SpecialStrike(StrEnum):
    """Special strikes, declared before the Duel roll (§4.1)."""

    BASH = "bash"
    FEINT = "feint"
    PIERCING = "piercing"
    STUN = "stun"
    WHIRL = "whirl"


STRIKE_WEAPONS: dict[SpecialStrike, str] = {
    SpecialStrike.BASH: "hammers, maces and war picks",
    SpecialStrike.FEINT: "daggers and swords",
    SpecialStrike.PIERCING: "axes and picks",
    SpecialStrike.STUN: "clubs and staves",
    SpecialStrike.WHIRL: "flails, scourges and whips",
}
"""Which weapons may make each special strike (§4.1); the tool takes the player's word."""

STUN_SUCCEEDS = 4
"""Stun takes on a 4+ (§4.1)."""
TIE_BREAK_GOOD = 4
"""With Fight values tied, Good wins the roll-off on 4-6, Evil on 1-3 (commonly published)."""


@dataclass(frozen=True)
class Fighter:
    """One side of a Fight: the model that rolls the Duel and is struck if its side loses.

    `support` counts spear or pike supporters behind it (+1 Attack each, §4.4, §4.5: a pike
    behind a pike counts too); each supporter strikes once with `support_strength` if won.
    `ignore_on` is Fury's roll to ignore a Wound (6, or 5 with the power increase, §3 #11).
    """

    side: Side
    attacks: int = 1
    fight: int = 3
    strength: int = 3
    defence: int = 4
    wounds: int = 1
    fate: int = 0
    weapon: WeaponRule = WeaponRule.HAND
    shielding: bool = False
    support: int = 0
    support_strength: int | None = None
    strike: SpecialStrike | None = None
    charged: bool = False
    ignore_on: int | None = None

    def flag(self, name: str) -> str:
        """The command-line flag of one of this side's values, for error messages."""
        return f"--{self.side.value}-{name}"

    def check(self) -> None:
        """InputError for impossible values, RuleError for what the weapon rules forbid."""
        for name, value, low, high in (
            ("attacks", self.attacks, 1, 20),
            ("fight", self.fight, 1, 10),
            ("strength", self.strength, 1, 10),
            ("defence", self.defence, 1, 10),
            ("wounds", self.wounds, 1, 20),
            ("fate", self.fate, 0, 10),
            ("support", self.support, 0, 10),
        ):
            if not low <= value <= high:
                raise InputError(
                    f"{self.flag(name)}: {value}",
                    _("use {low} to {high}").format(low=low, high=high),
                )
        if self.support_strength is not None and not 1 <= self.support_strength <= 10:
            raise InputError(
                f"{self.flag('support-strength')}: {self.support_strength}",
                _("use {low} to {high}").format(low=1, high=10),
            )
        if self.ignore_on is not None and not 2 <= self.ignore_on <= 6:
            raise InputError(f"{self.flag('fury')}: {self.ignore_on}+", _("use 6 (Fury) or 5"))
        if self.shielding and self.two_handed:
            raise RuleError(
                _("{flag}: a two-handed weapon forbids a shield (mesbg §4.6, §4.7)").format(
                    flag=self.flag("shielding")
                )
            )
        if self.shielding and self.strike is not None:
            raise RuleError(
                _("{flag}: a model that shields makes no Strikes (mesbg §4.12)").format(
                    flag=self.flag("strike")
                )
            )
        if self.charged and self.weapon is not WeaponRule.LANCE:
            raise InputError(
                _("{flag}: only a cavalry lance gains from charging here").format(
                    flag=self.flag("charged")
                ),
                _("add {flag} lance (mesbg §4.9)").format(flag=self.flag("weapon")),
            )

    @property
    def two_handed(self) -> bool:
        """A two-handed weapon, or an Elven blade wielded two-handed this Fight (§4.6, §4.7)."""
        return self.weapon in (WeaponRule.TWO_HANDED, WeaponRule.ELVEN_BLADE_TWO_HANDED)

    @property
    def elven_blade(self) -> bool:
        return self.weapon in (WeaponRule.ELVEN_BLADE, WeaponRule.ELVEN_BLADE_TWO_HANDED)

    @property
    def die_modifier(self) -> int:
        """-1 on each Duel die unarmed (§4.3) or two-handed (§4.6)."""
        return -1 if self.weapon is WeaponRule.UNARMED or self.two_handed else 0

    @property
    def dice(self) -> int:
        """Duel dice: one per Attack and supporter, doubled when shielding (§4.4, §4.12)."""
        return (self.attacks + self.support) * (2 if self.shielding else 1)

    @property
    def wound_bonus(self) -> int:
        """+1 on wound rolls after a won Fight with a two-handed weapon (§4.6) and for a lance
        in the round it charged (§4.9); both apply to each roll of a 6/x."""
        return int(self.two_handed) + int(self.charged and self.weapon is WeaponRule.LANCE)

    @property
    def strikes(self) -> int:
        """The Strikes this model makes if its side wins (none when shielding, one for Whirl)."""
        if self.shielding or self.strike in (SpecialStrike.BASH, SpecialStrike.STUN):
            return 0
        if self.strike is SpecialStrike.WHIRL:
            return 1
        return self.attacks

    def duel_value(self, natural: int) -> int:
        """A Duel die as it counts: -1 unarmed or two-handed, but a 1 stays a 1 (§4.3)."""
        return natural if natural == 1 else raise_die(natural, self.die_modifier)

    def fight_in_duel(self, feint: int | None) -> int:
        """The Fight value for the tie: less D3 for a Feint, less 1 for a Whirl; at least 1."""
        value = self.fight - (feint or 0)
        if self.strike is SpecialStrike.WHIRL:
            value -= 1
        return max(1, value)


def good_wins_roll_off_on(good: Fighter, evil: Fighter) -> int:
    """The roll Good needs when Fight values tie (§4.7, §5): 4+, 3+ for a Good Elven blade;
    Evil wins on 1-4 with one. When both have such blades the roll is unchanged (a
    third-party reading; the fragment does not say)."""
    if good.elven_blade and not evil.elven_blade:
        return 3
    if evil.elven_blade and not good.elven_blade:
        return 5
    return TIE_BREAK_GOOD


class DecidedBy(StrEnum):
    DICE = "dice"
    FIGHT = "fight value"
    ROLL_OFF = "roll-off"


def duel_winner(
    good_high: int, evil_high: int, good_fight: int, evil_fight: int, roll_off_needs: int
) -> tuple[Side | None, DecidedBy]:
    """Who wins: the higher die, then the higher Fight value; None means a roll-off is due,
    which Good wins on `roll_off_needs`+."""
    if good_high != evil_high:
        return (Side.GOOD if good_high > evil_high else Side.EVIL), DecidedBy.DICE
    if good_fight != evil_fight:
        return (Side.GOOD if good_fight > evil_fight else Side.EVIL), DecidedBy.FIGHT
    return None, DecidedBy.ROLL_OFF


def bash_succeeds(basher_die: int, basher: Fighter, target_die: int, target: Fighter) -> bool:
    """Bash (§4.1): D6 + Strength (+1 two-handed) must equal or beat the target's D6 + Strength."""
    return basher_die + basher.strength + int(basher.two_handed) >= target_die + target.strength


@dataclass(frozen=True)
class WoundRoll:
    """One Strike's wound roll: first die (and its Feint reroll), second die for 6/x."""

    first: int
    first_reroll: int | None
    second: int | None
    second_reroll: int | None
    wounded: bool
    might: int = 0
    """Might the striker spent to raise the die that decided it (a Hero, §2.4's rule)."""


@dataclass(frozen=True)
class WoundSave:
    """What one Wound met: the Fury roll and the Fate dice spent on it."""

    fury: int | None
    fate: tuple[int, ...]
    ignored: bool


@dataclass(frozen=True)
class DuelResult:
    """A Fight as rolled: the Duel, who won and how, and what the winner did to the loser."""

    good: Fighter
    evil: Fighter
    feints: dict[Side, int]
    good_dice: tuple[int, ...]
    evil_dice: tuple[int, ...]
    good_fight: int
    evil_fight: int
    roll_off: int | None
    roll_off_needs: int
    winner: Side
    decided_by: DecidedBy
    bash: tuple[int, int, bool] | None = None
    stun: tuple[int, bool] | None = None
    piercing: dict[Side, int] = field(default_factory=dict)
    strength: int | None = None
    defence: int | None = None
    need: WoundNeed | None = None
    strikes: tuple[WoundRoll, ...] = ()
    support_need: WoundNeed | None = None
    support_strikes: tuple[WoundRoll, ...] = ()
    saves: tuple[WoundSave, ...] = ()
    duel_might: dict[Side, int] = field(default_factory=dict)
    """Might each side spent to raise its highest Duel die (heroes in `aos hero duel`)."""

    def fighter(self, side: Side) -> Fighter:
        return self.good if side is Side.GOOD else self.evil

    def might_spent(self, side: Side) -> int:
        """All the Might a side spent: on its Duel die and, as the winner, its wound rolls."""
        on_wounds = sum(r.might for r in self.strikes) if side is self.winner else 0
        return self.duel_might.get(side, 0) + on_wounds

    @property
    def loser(self) -> Fighter:
        return self.fighter(self.winner.other)

    @property
    def good_high(self) -> int:
        high = max(self.good.duel_value(v) for v in self.good_dice)
        return raise_die(high, self.duel_might.get(Side.GOOD, 0))

    @property
    def evil_high(self) -> int:
        high = max(self.evil.duel_value(v) for v in self.evil_dice)
        return raise_die(high, self.duel_might.get(Side.EVIL, 0))

    @property
    def wounds_inflicted(self) -> int:
        return sum(r.wounded for r in (*self.strikes, *self.support_strikes))

    @property
    def wounds_lost(self) -> int:
        return sum(not s.ignored for s in self.saves)

    @property
    def fate_spent(self) -> int:
        return sum(len(s.fate) for s in self.saves)

    @property
    def wounds_left(self) -> int:
        return max(0, self.loser.wounds - self.wounds_lost)

    @property
    def slain(self) -> bool:
        return self.wounds_left == 0


def _roll_stage(
    source: DiceSource, count: int, threshold: int, bonus: int, reroll_ones: bool, purpose: str
) -> list[tuple[int, int | None]]:
    """Roll one stage of `count` wound rolls, rerolling failed 1s once for a Feint."""
    firsts = source.roll(count, purpose) if count else []
    wanted = [
        i
        for i, v in enumerate(firsts)
        if reroll_ones and v == 1 and not stage_succeeds(1, threshold, bonus)
    ]
    again_purpose = _("Feint rerolls of 1s ({purpose})").format(purpose=purpose)
    seconds = source.roll(len(wanted), again_purpose) if wanted else []
    again: dict[int, int] = dict(zip(wanted, seconds, strict=True))
    return [(v, again.get(i)) for i, v in enumerate(firsts)]


def roll_wounds(
    source: DiceSource, count: int, need: WoundNeed | None, bonus: int, reroll_ones: bool
) -> tuple[WoundRoll, ...]:
    """Roll `count` Strikes' wound rolls: all first dice together, then the second dice of the
    6/x Strikes that scored their 6 (§5); Feint rerolls 1s once at each stage (§4.1)."""
    if need is None or count == 0:
        return ()
    purpose = _("wound rolls ({need})").format(need=need)
    firsts = _roll_stage(source, count, need.first, bonus, reroll_ones, purpose)
    passed = [stage_succeeds(r if r is not None else v, need.first, bonus) for v, r in firsts]
    seconds: dict[int, tuple[int, int | None]] = {}
    if need.second is not None:
        indexes = [i for i, ok in enumerate(passed) if ok]
        rolled = _roll_stage(
            source,
            len(indexes),
            need.second,
            bonus,
            reroll_ones,
            _("second wound rolls ({need})").format(need=need),
        )
        seconds = dict(zip(indexes, rolled, strict=True))
    out: list[WoundRoll] = []
    for index, (first, first_again) in enumerate(firsts):
        wounded = passed[index]
        second: int | None = None
        second_again: int | None = None
        if need.second is not None:
            if index in seconds:
                second, second_again = seconds[index]
                value = second_again if second_again is not None else second
                wounded = stage_succeeds(value, need.second, bonus)
            else:
                wounded = False
        out.append(WoundRoll(first, first_again, second, second_again, wounded))
    return tuple(out)


def roll_saves(source: DiceSource, wounds: int, hero: Fighter) -> tuple[WoundSave, ...]:
    """Each Wound in turn: a Fury roll if it has one, then Fate one die at a time (4+ ignores),
    until the model is slain; Fate is spent only while the Wound still stands."""
    fate = hero.fate
    left = hero.wounds
    saves: list[WoundSave] = []
    for _wound in range(wounds):
        if left == 0:
            break
        fury: int | None = None
        if hero.ignore_on is not None:
            purpose = _("Fury (ignore the Wound on {value}+)").format(value=hero.ignore_on)
            fury = source.roll(1, purpose)[0]
            if fury >= hero.ignore_on:
                saves.append(WoundSave(fury, (), True))
                continue
        rolled: list[int] = []
        ignored = False
        while fate > 0 and not ignored:
            die = source.roll(1, _fate_purpose())[0]
            fate -= 1
            rolled.append(die)
            ignored = die >= FATE_SAVES
        if not ignored:
            left -= 1
        saves.append(WoundSave(fury, tuple(rolled), ignored))
    return tuple(saves)


def _fate_purpose() -> str:
    """What a Fate die is rolled for, as the dice prompt names it."""
    return _("a Fate roll ({value}+ ignores the Wound)").format(value=FATE_SAVES)


def _duel_purpose(fighter: Fighter) -> str:
    """What a side's Duel dice are rolled for, as the dice prompt names it."""
    text = ngettext(
        "the {side} Duel roll ({n} die)", "the {side} Duel roll ({n} dice)", fighter.dice
    )
    return text.format(side=side_name(fighter.side.value), n=fighter.dice)


def _check_pair(good: Fighter, evil: Fighter) -> None:
    if good.side is not Side.GOOD or evil.side is not Side.EVIL:
        raise ValueError("good must be the Good side and evil the Evil side")
    good.check()
    evil.check()


def duel_might(
    highs: dict[Side, int], fights: dict[Side, int], offered: dict[Side, int]
) -> dict[Side, int]:
    """The Might each Hero spends on its highest Duel die (one point raises it by 1, never
    past 6): the side losing spends the least that wins outright, then the other may answer
    the same way, until neither can; in a tie bound for the roll-off Good answers first (the
    tool's order; the fragment gives none). Returns the points spent by each side."""
    spent = {Side.GOOD: 0, Side.EVIL: 0}
    for _step in range(2 * TOP):
        now = {side: raise_die(highs[side], spent[side]) for side in Side}
        winner, _how = duel_winner(
            now[Side.GOOD], now[Side.EVIL], fights[Side.GOOD], fights[Side.EVIL], 0
        )
        moved = False
        for side in [winner.other] if winner else [Side.GOOD, Side.EVIL]:
            other = side.other
            wanted = now[other] + (0 if fights[side] > fights[other] else 1)
            cost = wanted - now[side]
            if wanted <= TOP and 0 < cost <= offered.get(side, 0) - spent[side]:
                spent[side] += cost
                moved = True
                break
        if not moved:
            break
    return {side: points for side, points in spent.items() if points}


def might_on_wounds(
    rolls: tuple[WoundRoll, ...], need: WoundNeed | None, bonus: int, might: int
) -> tuple[WoundRoll, ...]:
    """A winning Hero's Might on its failed wound rolls, the cheapest first: each point raises
    the die that decided the roll by 1 (a 6/x whose first die failed is left, its second die
    was never rolled)."""
    from dataclasses import replace

    if need is None or might <= 0:
        return rolls
    costs: list[tuple[int, int]] = []
    for index, roll in enumerate(rolls):
        if roll.wounded:
            continue
        if need.second is None:
            value = roll.first_reroll if roll.first_reroll is not None else roll.first
            cost = need.first - raise_die(value, bonus)
        elif roll.second is not None:
            value = roll.second_reroll if roll.second_reroll is not None else roll.second
            cost = need.second - raise_die(value, bonus)
        else:
            continue
        costs.append((cost, index))
    out = list(rolls)
    for cost, index in sorted(costs):
        if 0 < cost <= might:
            might -= cost
            out[index] = replace(out[index], wounded=True, might=cost)
    return tuple(out)


def roll_duel(
    source: DiceSource,
    good: Fighter,
    evil: Fighter,
    might: dict[Side, int] | None = None,
    barge: Side | None = None,
) -> DuelResult:
    """Roll a whole Fight: Feint D3s, Duel dice, the tie-breaks, then the winner's special
    strike or Strikes, and the loser's Fury and Fate rolls. `might`: the Might each Hero may
    spend on its Duel die and, if it wins, its wound rolls (§2.4's one point per pip).
    `barge`: the side whose Monster Barges if it wins (mesbg §1): then it strikes no one."""
    _check_pair(good, evil)
    feints: dict[Side, int] = {}
    for fighter in (good, evil):
        if fighter.strike is SpecialStrike.FEINT:
            purpose = _("the {side} Feint (D3 off its Fight value)").format(
                side=side_name(fighter.side.value)
            )
            die = source.roll(1, purpose)[0]
            feints[fighter.side] = d3_from_d6(die)
    good_dice = tuple(source.roll(good.dice, _duel_purpose(good)))
    evil_dice = tuple(source.roll(evil.dice, _duel_purpose(evil)))
    good_fight = good.fight_in_duel(feints.get(Side.GOOD))
    evil_fight = evil.fight_in_duel(feints.get(Side.EVIL))
    needs = good_wins_roll_off_on(good, evil)
    good_high = max(good.duel_value(v) for v in good_dice)
    evil_high = max(evil.duel_value(v) for v in evil_dice)
    spent: dict[Side, int] = {}
    if might:
        highs = {Side.GOOD: good_high, Side.EVIL: evil_high}
        spent = duel_might(highs, {Side.GOOD: good_fight, Side.EVIL: evil_fight}, might)
        good_high = raise_die(good_high, spent.get(Side.GOOD, 0))
        evil_high = raise_die(evil_high, spent.get(Side.EVIL, 0))
    winner, how = duel_winner(good_high, evil_high, good_fight, evil_fight, needs)
    roll_off: int | None = None
    if winner is None:
        purpose = _("the tie roll-off ({good} wins on {needs}+)").format(
            good=side_name("good"), needs=needs
        )
        roll_off = source.roll(1, purpose)[0]
        winner = Side.GOOD if roll_off >= needs else Side.EVIL
    base = DuelResult(
        good,
        evil,
        feints,
        good_dice,
        evil_dice,
        good_fight,
        evil_fight,
        roll_off,
        needs,
        winner,
        how,
        duel_might=spent,
    )
    if barge is not None and winner is barge:
        return base
    left = (might or {}).get(winner, 0) - spent.get(winner, 0)
    return _after_duel(source, base, left)


def _after_duel(source: DiceSource, duel: DuelResult, might: int = 0) -> DuelResult:
    """The winner's part: Bash, Stun, or Strikes (with Piercing) and the loser's saves."""
    from dataclasses import replace

    win = duel.fighter(duel.winner)
    lose = duel.loser
    if win.strike is SpecialStrike.BASH:
        a, b = source.roll(2, _("Bash (winner's D6, then the target's D6, each + Strength)"))
        duel = replace(duel, bash=(a, b, bash_succeeds(a, win, b, lose)))
    elif win.strike is SpecialStrike.STUN:
        die = source.roll(1, _("Stun ({value}+)").format(value=STUN_SUCCEEDS))[0]
        duel = replace(duel, stun=(die, die >= STUN_SUCCEEDS))
    piercing: dict[Side, int] = {}
    strength, defence = win.strength, lose.defence
    if win.strike is SpecialStrike.PIERCING and win.strikes:
        rolled = source.roll(1, _("Piercing Strike (D3 on Strength)"))[0]
        piercing[win.side] = d3_from_d6(rolled)
        strength += piercing[win.side]
    struck = win.strikes + win.support
    if lose.strike is SpecialStrike.PIERCING and struck:
        rolled = source.roll(1, _("Piercing Strike lost (D3 off Defence)"))[0]
        piercing[lose.side] = d3_from_d6(rolled)
        defence = max(1, defence - piercing[lose.side])
    reroll = win.strike is SpecialStrike.FEINT
    need = wound_need(strength, defence)
    strikes = roll_wounds(source, win.strikes, need, win.wound_bonus, reroll)
    strikes = might_on_wounds(strikes, need, win.wound_bonus, might)
    support_strength = win.support_strength or win.strength
    support_need = wound_need(support_strength, defence) if win.support else None
    support = roll_wounds(source, win.support, support_need, 0, False)
    wounds = sum(r.wounded for r in (*strikes, *support))
    saves = roll_saves(source, wounds, lose)
    return replace(
        duel,
        piercing=piercing,
        strength=strength if win.strikes else None,
        defence=defence if struck else None,
        need=need if win.strikes else None,
        strikes=strikes,
        support_need=support_need,
        support_strikes=support,
        saves=saves,
    )


@dataclass(frozen=True)
class DuelOdds:
    """Exact odds of a Fight: who wins, then what each side suffers if it loses."""

    good_wins: Fraction
    evil_wins: Fraction
    good_high: dict[int, Fraction]
    evil_high: dict[int, Fraction]
    wound_chance: dict[Side, Fraction]
    """P(one of the side's own Strikes wounds) when it wins, averaged over Piercing D3s."""
    wounds_lost: dict[Side, dict[int, Fraction]]
    """Wounds the side's model loses (after Fury and Fate), whoever wins (0 when it wins)."""
    slain: dict[Side, Fraction]
    special: dict[Side, Fraction]
    """P(the side wins and its Bash knocks down / its Stun takes), for those strikes."""

    def win(self, side: Side) -> Fraction:
        return self.good_wins if side is Side.GOOD else self.evil_wins


def _d3s(active: bool) -> list[tuple[int, Fraction]]:
    return [(1, _THIRD), (2, _THIRD), (3, _THIRD)] if active else [(0, Fraction(1))]


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def wounds_lost_distribution(wounds: dict[int, Fraction], hero: Fighter) -> dict[int, Fraction]:
    """Wounds lost from a distribution of Wounds suffered, as `roll_saves` spends Fury and
    Fate: state (lost, Fate left) walked one Wound at a time, capped at the model's Wounds."""
    fury_ignores = (
        Fraction(0) if hero.ignore_on is None else Fraction(7 - hero.ignore_on, 6)
    )  # P(Fury ignores)
    half = Fraction(6 - FATE_SAVES + 1, 6)  # P(one Fate die saves)
    out: dict[int, Fraction] = {}
    for count, weight in wounds.items():
        states: dict[tuple[int, int], Fraction] = {(0, hero.fate): weight}
        for _wound in range(count):
            step: dict[tuple[int, int], Fraction] = {}
            for (lost, fate), p in states.items():
                if lost == hero.wounds:
                    step[(lost, fate)] = step.get((lost, fate), Fraction(0)) + p
                    continue
                if fury_ignores:
                    step[(lost, fate)] = step.get((lost, fate), Fraction(0)) + p * fury_ignores
                stands = p * (1 - fury_ignores)
                for used in range(1, fate + 1):
                    saved = stands * (1 - half) ** (used - 1) * half
                    key = (lost, fate - used)
                    step[key] = step.get(key, Fraction(0)) + saved
                key = (lost + 1, 0)
                step[key] = step.get(key, Fraction(0)) + stands * (1 - half) ** fate
            states = step
        for (lost, _fate), p in states.items():
            out[lost] = out.get(lost, Fraction(0)) + p
    return dict(sorted(out.items()))


def duel_odds(good: Fighter, evil: Fighter) -> DuelOdds:
    """Exact odds of `roll_duel`: the Duel over the highest-die distributions and the Feint
    D3s, then the Strikes (binomial, with the Piercing D3s) and the loser's Fury and Fate."""
    _check_pair(good, evil)
    needs = good_wins_roll_off_on(good, evil)
    good_high = max_distribution(good.dice, good.duel_value)
    evil_high = max_distribution(evil.dice, evil.duel_value)
    good_wins = Fraction(0)
    for feint_g, pg in _d3s(good.strike is SpecialStrike.FEINT):
        for feint_e, pe in _d3s(evil.strike is SpecialStrike.FEINT):
            gf = good.fight_in_duel(feint_g or None)
            ef = evil.fight_in_duel(feint_e or None)
            for g, p in good_high.items():
                for e, q in evil_high.items():
                    winner, _how = duel_winner(g, e, gf, ef, needs)
                    share = (
                        Fraction(7 - needs, 6) if winner is None else Fraction(winner is Side.GOOD)
                    )
                    good_wins += pg * pe * p * q * share
    wins = {Side.GOOD: good_wins, Side.EVIL: 1 - good_wins}
    chance: dict[Side, Fraction] = {}
    lost: dict[Side, dict[int, Fraction]] = {}
    slain: dict[Side, Fraction] = {}
    special: dict[Side, Fraction] = {}
    for win, lose in ((good, evil), (evil, good)):
        inflicted, chance[win.side] = _wounds_inflicted(win, lose)
        given_loss = wounds_lost_distribution(inflicted, lose)
        p_loss = wins[win.side]
        dist = {k: p_loss * p for k, p in given_loss.items()}
        dist[0] = dist.get(0, Fraction(0)) + (1 - p_loss)
        lost[lose.side] = dict(sorted(dist.items()))
        slain[lose.side] = dist.get(lose.wounds, Fraction(0))
        if win.strike is SpecialStrike.BASH:
            hits = sum(1 for a in FACES for b in FACES if bash_succeeds(a, win, b, lose))
            special[win.side] = wins[win.side] * Fraction(hits, 36)
        elif win.strike is SpecialStrike.STUN:
            special[win.side] = wins[win.side] * Fraction(7 - STUN_SUCCEEDS, 6)
    return DuelOdds(good_wins, 1 - good_wins, good_high, evil_high, chance, lost, slain, special)


def _wounds_inflicted(win: Fighter, lose: Fighter) -> tuple[dict[int, Fraction], Fraction]:
    """Wounds the winner's Strikes and supporters cause (before Fury and Fate), and P(one of
    its own Strikes wounds), averaged over the Piercing D3s as `_after_duel` rolls them."""
    out: dict[int, Fraction] = {}
    mean_p = Fraction(0)
    struck = win.strikes + win.support
    reroll = win.strike is SpecialStrike.FEINT
    for plus, pw in _d3s(win.strike is SpecialStrike.PIERCING and win.strikes > 0):
        for minus, pl in _d3s(lose.strike is SpecialStrike.PIERCING and struck > 0):
            defence = max(1, lose.defence - minus)
            p = wound_probability(
                win.strength + plus, defence, bonus=win.wound_bonus, reroll_ones=reroll
            )
            q = wound_probability(win.support_strength or win.strength, defence)
            mean_p += pw * pl * p
            both = _convolve(_binomial(win.strikes, p), _binomial(win.support, q))
            for k, r in both.items():
                out[k] = out.get(k, Fraction(0)) + pw * pl * r
    return out, mean_p


# =========================================================================== heroes in a battle

STORES = ("might", "will", "fate", "wounds")
PROFILE = ("fight", "strength", "defence", "attacks")
"""A hero's duel characteristics (mesbg §5), kept where the set-up gives them."""
"""A Hero's stores, spent and restored through a game."""


class Duration(StrEnum):
    """How long a power lasts (§2.5)."""

    INSTANT = "instant"
    TEMPORARY = "temporary"
    EXHAUSTING = "exhausting"


@dataclass
class Hero:
    """A Hero's Might, Will, Fate and Wounds: what it started with and what it has left."""

    name: str
    force: str
    start: dict[str, int]
    current: dict[str, int]
    profile: dict[str, int] = field(default_factory=dict)
    """Its Fight, Strength, Defence and Attacks, where given, for duels (mesbg §5)."""
    powers: dict[str, int] | None = None
    """The magical powers it knows, by power id, with its casting value for each (mesbg §2.1:
    a Hero with magical powers; the values are the hero's profile's, not a table's). None for
    a hero recorded before heroes carried their powers: it may cast any."""

    monster: bool = False
    """A Monster, which may make a Brutal Power Attack such as Barge (mesbg §1)."""
    conditions: list[str] = field(default_factory=list)
    """What powers left on it: `knocked down`, `paralysed` (mesbg §3 #17, #21)."""
    courage_lost: int = 0
    """Courage taken by Drain Courage for the rest of the battle (mesbg §3 #9)."""

    def knows(self, power_id: str) -> bool:
        """Whether it may cast the power (any, for a hero recorded without its powers)."""
        return self.powers is None or power_id in self.powers

    @property
    def slain(self) -> bool:
        return self.current["wounds"] <= 0


@dataclass
class Force:
    """A force: its models at the start and the warriors lost (slain Heroes count too)."""

    name: str
    models: int
    side: Side | None = None
    warriors_lost: int = 0


@dataclass(frozen=True)
class PowerInForce:
    """A temporary or exhausting power that is in force (§2.5)."""

    power: str
    caster: str
    target: str | None
    duration: Duration
    channelled: bool


@dataclass
class Battle:
    """The heroes and forces of a Middle-earth game, rebuilt by applying recorded actions."""

    forces: dict[str, Force] = field(default_factory=dict)
    heroes: dict[str, Hero] = field(default_factory=dict)
    effects: list[PowerInForce] = field(default_factory=list)
    turn: int = 1
    notes: list[Note] = field(default_factory=list)
    """What the last actions did: events the views tell (`aos_cli.systems.mesbg.events`), and
    sentences a command adds of its own."""
    cast_this_turn: list[str] = field(default_factory=list)
    phase: str | None = None
    """The phase of the turn, once a guided game walks them (None: phases not followed)."""
    priority: Side | None = None
    """The side with Priority this turn."""
    result: str | None = None
    """How the battle ended, once it has."""
    barged_this_turn: list[str] = field(default_factory=list)
    """The Monsters that have Barged this turn: their second Fight has no Brutal Power Attack
    (mesbg §1)."""
    """The heroes that have used a magical power this turn (once per round, §2.1)."""

    # ---- queries ---------------------------------------------------------------

    def hero(self, name: str) -> Hero:
        """A Hero by name (case-insensitive, unique prefix); RuleError if there is none."""
        wanted = name.strip().casefold()
        exact = [h for key, h in self.heroes.items() if key.casefold() == wanted]
        found = exact or [h for key, h in self.heroes.items() if key.casefold().startswith(wanted)]
        if len(found) == 1:
            return found[0]
        known = ", ".join(self.heroes) or _("none yet")
        what = _("several heroes match {name!r}") if found else _("no hero named {name!r}")
        raise RuleError(
            what.format(name=name),
            _("heroes: {known}; add one with `aos hero add`").format(known=known),
        )

    def force(self, name: str | None) -> Force:
        """A force by name; with no name, the only force there is."""
        if name is None:
            if len(self.forces) == 1:
                return next(iter(self.forces.values()))
            known = ", ".join(self.forces) or _("none yet")
            raise RuleError(
                _("which force?"), _("give --force (forces: {known})").format(known=known)
            )
        for key, force in self.forces.items():
            if key.casefold() == name.strip().casefold():
                return force
        known = ", ".join(self.forces) or _("none yet")
        raise RuleError(
            _("no force named {name!r}").format(name=name),
            _("forces: {known}").format(known=known),
        )

    def living(self, name: str) -> Hero:
        """A hero that is still in the battle; RuleError for a slain one (nothing is spent on,
        cast by or fought with a model that has been removed)."""
        hero = self.hero(name)
        if hero.slain:
            raise RuleError(
                _("{hero} is slain and out of the battle").format(hero=hero.name),
                _("`aos hero undo` if the Wound was recorded by mistake"),
            )
        return hero

    def check_can_cast(self, name: str) -> Hero:
        """The caster, if it may still use a magical power this turn: alive and not yet cast
        this turn (a Hero uses its powers once per round, mesbg §2.1)."""
        hero = self.living(name)
        if hero.name in self.cast_this_turn:
            raise RuleError(
                _(
                    "{hero} has already used a magical power this turn (once per round, mesbg §2.1)"
                ).format(hero=hero.name),
                _("end the turn with `aos hero end-phase`; resisting is not limited"),
            )
        return hero

    def models_lost(self, force: Force) -> int:
        """Warriors lost plus slain Heroes of the force."""
        heroes = sum(1 for h in self.heroes.values() if h.force == force.name and h.slain)
        return force.warriors_lost + heroes

    @staticmethod
    def break_point(force: Force) -> int:
        """Models lost at which the force is Broken: half its starting models, rounded up
        (commonly published: reduced to half or fewer of its starting models, digest §5)."""
        return math.ceil(force.models / 2)

    def broken(self, force: Force) -> bool:
        return self.models_lost(force) >= self.break_point(force)

    # ---- actions ---------------------------------------------------------------

    def apply(self, payload: dict[str, Any]) -> None:
        """Apply one recorded action (a `mesbg_hero` payload); RuleError when it cannot be."""
        op = payload.get("op")
        handler = _OPS.get(str(op))
        if handler is None:
            raise RuleError(_("unknown hero action {op!r}").format(op=op))
        handler(self, payload)

    def _add_force(self, payload: dict[str, Any]) -> None:
        name = str(payload["name"])
        if any(key.casefold() == name.casefold() for key in self.forces):
            raise RuleError(_("there is already a force named {name!r}").format(name=name))
        models = int(payload["models"])
        if models < 1:
            raise InputError(f"--models: {models}", _("a force has at least 1 model"))
        check_at_most("--models", models, MAX_MODELS, _("models"))
        side = payload.get("side")
        self.forces[name] = Force(name, models, Side(side) if side else None)
        self.notes.append(ForceAdded(name, models, math.ceil(models / 2)))

    def _add_hero(self, payload: dict[str, Any]) -> None:
        name = str(payload["name"])
        if any(key.casefold() == name.casefold() for key in self.heroes):
            raise RuleError(_("there is already a hero named {name!r}").format(name=name))
        force = self.force(payload.get("force"))
        start = {store: int(payload[store]) for store in STORES}
        for store, value in start.items():
            if value < 0 or (store == "wounds" and value < 1):
                raise InputError(f"--{store}: {value}", _("use 0 or more (Wounds at least 1)"))
            check_at_most(f"--{store}", value, MAX_CHARACTERISTIC, store_name(store))
        profile = {k: int(v) for k, v in dict(payload.get("profile") or {}).items()}
        for key, value in profile.items():
            if key not in PROFILE or not 1 <= value <= 10:
                raise InputError(
                    f"{key}: {value}",
                    _("give {names} from 1 to 10").format(names=", ".join(PROFILE)),
                )
        powers = None
        if payload.get("powers") is not None:
            powers = {str(k): int(v) for k, v in dict(payload["powers"]).items()}
            for power, value in powers.items():
                if not 1 <= value <= 6:
                    raise InputError(
                        f"{power}: {value}+", _("a casting value is from 1+ to 6+ (mesbg §2.2)")
                    )
        self.heroes[name] = Hero(name, force.name, dict(start), dict(start), profile, powers,
                                 monster=bool(payload.get("monster")))  # fmt: skip
        self.notes.append(HeroJoined(name, force.name, tuple(start[store] for store in STORES)))

    def _spend(self, payload: dict[str, Any]) -> None:
        hero = self.living(str(payload["hero"]))
        store, amount = _store(payload["store"]), int(payload["amount"])
        if amount < 1:
            raise InputError(f"amount: {amount}", _("spend 1 or more"))
        check_at_most("amount", amount, MAX_CHARACTERISTIC, store_name(store))
        have = hero.current[store]
        if store != "wounds" and amount > have:
            raise RuleError(_left_error(hero, store, amount))
        hero.current[store] = max(0, have - amount)
        self.notes.append(StoreSpent(hero.name, store, amount, hero.current[store]))
        self._after_change(hero)

    def _restore(self, payload: dict[str, Any]) -> None:
        hero = self.hero(str(payload["hero"]))
        stores = [_store(payload["store"])] if payload.get("store") else list(STORES)
        amount = payload.get("amount")
        for store in stores:
            if amount is None:
                hero.current[store] = max(hero.current[store], hero.start[store])
            else:
                check_at_most("amount", abs(int(amount)), MAX_CHARACTERISTIC, store_name(store))
                value = hero.current[store] + int(amount)
                # Strengthen Will may lift Will past the start (§3 #18); the rest stop there.
                hero.current[store] = value if store == "will" else min(value, hero.start[store])
        self.notes.append(HeroRestored(hero.name, tuple(hero.current[store] for store in STORES)))

    def _lose(self, payload: dict[str, Any]) -> None:
        force = self.force(payload.get("force"))
        amount = int(payload["amount"])
        if amount < 1:
            raise InputError(f"amount: {amount}", _("lose 1 or more"))
        check_at_most("amount", amount, MAX_MODELS, _("warriors"))
        was_broken = self.broken(force)
        force.warriors_lost += amount
        self.notes.append(WarriorsLost(force.name, amount))
        if self.broken(force) and not was_broken:
            self.notes.append(self._broken_note(force))

    def _cast(self, payload: dict[str, Any]) -> None:
        """A cast already rolled: spend the Will and Might both sides committed, then put the
        power in force when it took effect and lasts (§2.2-§2.5)."""
        if self.phase is not None and self.phase != "move":
            raise RuleError(
                _("powers are cast in the {move}, not the {phase} (mesbg §2.1)").format(
                    move=phase_name("move"), phase=phase_name(self.phase)
                )
            )
        caster = self.check_can_cast(str(payload["caster"]))
        check_knows(caster, str(payload.get("power", "")), str(payload["name"]))
        target = self.living(str(payload["target"])) if payload.get("target") else None
        will, might = int(payload["will"]), int(payload["might_spent"])
        resist_will, resist_might = int(payload["resist_will"]), int(payload["resist_might_spent"])
        for who, store, wanted in (
            (caster, "will", will),
            (caster, "might", might),
            (target, "will", resist_will),
            (target, "might", resist_might),
        ):
            if who is not None and wanted > who.current[store]:
                raise RuleError(has_not_error(who, store, wanted))
        caster.current["will"] -= will
        caster.current["might"] -= might
        self.cast_this_turn.append(caster.name)
        if target is not None:
            target.current["will"] -= resist_will
            target.current["might"] -= resist_might
        name = str(payload["name"])
        aimed = target.name if target is not None else ""
        duration = Duration(payload["duration"])
        if payload["cast"] and not payload["resisted"]:
            note = PowerCast(caster.name, name, "effect", aimed)
            change = payload.get("store_change")
            if target is not None and isinstance(change, dict):
                if "store" in change:
                    note = self._store_change(target, change, note)
                else:
                    note = self._power_effect(target, change, note)
            if duration is not Duration.INSTANT:
                self.effects.append(
                    PowerInForce(
                        name,
                        caster.name,
                        target.name if target else None,
                        duration,
                        bool(payload.get("channelled")),
                    )
                )
        elif payload["cast"]:
            note = PowerCast(caster.name, name, "resisted", aimed)
        else:
            note = PowerCast(caster.name, name, "failed", aimed)
        self.notes.append(note)
        self._after_change(caster)
        if target is not None:
            self._after_change(target)

    def _store_change(self, target: Hero, change: dict[str, Any], cast: PowerCast) -> PowerCast:
        """A power's rolled change to the target's store (Sap Will, Curse, Strengthen Will,
        Renew: §3 #8, #15, #16, #18), never below 0; the cast's note saying what it did."""
        store, amount = _store(change["store"]), int(change["amount"])
        check_at_most("store change", abs(amount), MAX_CHARACTERISTIC, store_name(store))
        before = target.current[store]
        after = max(0, before + amount)
        if amount > 0 and store != "will":
            after = min(after, max(before, target.start[store]))  # only Will may pass its start
        target.current[store] = after
        return replace(cast, store=store, change=after - before, store_left=after)

    def _power_effect(self, target: Hero, change: dict[str, Any], cast: PowerCast) -> PowerCast:
        """What a power did to its target hero beyond its stores: a hit rolled on the wound
        chart (Black Dart's Strength 9, Sorcerous Blast's 5), knocked to the ground,
        paralysed (mesbg §3 #4, #17, #21), Courage lost (#9); the cast's note saying so."""
        told = replace(cast, effects=True)
        hit = change.get("hit")
        if isinstance(hit, dict):
            lost = max(0, int(hit.get("wounds", 0)))
            before = target.current["wounds"]
            target.current["wounds"] = max(0, before - lost)
            told = replace(
                told,
                hit_strength=int(hit["strength"]),
                hit_need="" if hit.get("need") is None else str(hit["need"]),
                hit_dice=tuple(int(d) for d in hit.get("dice", ())),
                hit_lost=lost,
                wounds_left=target.current["wounds"],
            )
        courage = int(change.get("courage", 0))
        if courage:
            target.courage_lost += courage
            told = replace(told, courage=courage, courage_total=target.courage_lost)
        conditions: list[str] = []
        for condition in change.get("conditions", ()):
            if condition not in target.conditions:
                target.conditions.append(str(condition))
            conditions.append(str(condition))
        return replace(told, conditions=tuple(conditions))

    def _fate(self, payload: dict[str, Any]) -> None:
        """Fate against a Wound just suffered: one D6 per point, one at a time, until one
        scores 4+ and the Wound is ignored; if none does, the Wound is lost (digest §5,
        commonly published)."""
        hero = self.living(str(payload["hero"]))
        dice = [int(d) for d in payload["dice"]]
        if not dice:
            raise InputError(_("no Fate dice"), _("spend 1 Fate point or more"))
        if len(dice) > hero.current["fate"]:
            raise RuleError(_left_error(hero, "fate", len(dice)))
        hero.current["fate"] -= len(dice)
        saved = any(d >= FATE_SAVES for d in dice)
        if not saved:
            hero.current["wounds"] = max(0, hero.current["wounds"] - 1)
        self.notes.append(
            FateRolled(
                hero.name, tuple(dice), FATE_SAVES, saved, hero.current["wounds"],
                hero.current["fate"],
            )
        )  # fmt: skip
        self._after_change(hero)

    def _duel(self, payload: dict[str, Any]) -> None:
        """A Fight between two heroes, already rolled: the Might both spent, the loser's Fate
        and the Wounds it lost come off their stores (§5, §2.4); a slain hero neither
        fights nor backs away."""
        heroes = {side: self.living(str(payload[side.value])) for side in Side}
        if heroes[Side.GOOD] is heroes[Side.EVIL]:
            raise RuleError(_("a hero cannot fight a duel with itself"), _("name two heroes"))
        spent = {
            store: {str(k): int(v) for k, v in dict(payload.get(store) or {}).items()}
            for store in ("might", "fate")
        }
        for side, hero in heroes.items():
            for store in ("might", "fate"):
                wanted = spent[store].get(side.value, 0)
                if not 0 <= wanted <= hero.current[store]:
                    raise RuleError(has_not_error(hero, store, wanted))
        for side, hero in heroes.items():
            for store in ("might", "fate"):
                hero.current[store] -= spent[store].get(side.value, 0)
        winner = Side(str(payload["winner"]))
        loser = heroes[winner.other]
        barge = payload.get("barge")
        if isinstance(barge, dict) and barge.get("side") == winner.value:
            self._barge(heroes[winner], loser, barge)
            return
        lost = max(0, int(payload["wounds_lost"]))
        loser.current["wounds"] = max(0, loser.current["wounds"] - lost)
        spenders = [side for side in Side if spent["might"].get(side.value)]
        self.notes.append(
            FightWon(
                heroes[winner].name,
                loser.name,
                tuple(heroes[side].name for side in spenders),
                tuple(spent["might"][side.value] for side in spenders),
                lost,
                not loser.slain,
            )
        )
        for hero in heroes.values():
            self._after_change(hero)

    def _barge(self, monster: Hero, loser: Hero, barge: dict[str, Any]) -> None:
        """mesbg §1 Barge: the Monster won the Fight and strikes no one; every enemy in the
        Fight backs away a full 3" (knocked to the ground if it cannot); the Monster may move
        D6" and charge again, fighting a second Fight with no Brutal Power Attack."""
        if not monster.monster:
            raise RuleError(
                _("{hero} is not a Monster: only a Monster Barges (mesbg §1)").format(
                    hero=monster.name
                )
            )
        if monster.name in self.barged_this_turn:
            raise RuleError(
                _(
                    "{hero} has Barged this turn: its second Fight has no Brutal Power Attack "
                    "(mesbg §1)"
                ).format(hero=monster.name)
            )
        self.barged_this_turn.append(monster.name)
        move = int(barge["move"])
        knocked = bool(barge.get("knocked"))
        if knocked and "knocked down" not in loser.conditions:
            loser.conditions.append("knocked down")
        self.notes.append(Barged(monster.name, loser.name, move, knocked))

    def _priority(self, payload: dict[str, Any]) -> None:
        """The Priority phase (commonly published, digest §5): each side rolls a D6, the
        higher has Priority; a tie gives it to the side that did not have it last turn (in
        the first turn the dice are rolled again). Then the Move phase begins."""
        rolls = [(int(g), int(e)) for g, e in payload["rolls"]]
        if not rolls:
            raise InputError(_("no priority rolls"), _("roll a D6 for each side"))
        good, evil = rolls[-1]
        if good != evil:
            side = Side.GOOD if good > evil else Side.EVIL
        elif self.priority is not None:
            side = self.priority.other
        else:
            raise RuleError(_("a tied priority roll in the first turn is rolled again"))
        self.priority, self.phase = side, "move"
        flat = tuple(die for pair in rolls for die in pair)
        self.notes.append(PriorityRolledMesbg(flat, side.value))

    def _phase(self, payload: dict[str, Any]) -> None:
        """On to the next phase of the turn (Move, Shoot, Fight, End)."""
        wanted = str(payload["phase"])
        order = ("priority", "move", "shoot", "fight", "end")
        if wanted not in order:
            raise InputError(
                _("phase {phase!r}").format(phase=wanted),
                _("use one of {names}").format(names=", ".join(order)),
            )
        recovery = {
            str(k): [int(d) for d in v] for k, v in dict(payload.get("recovery") or {}).items()
        }
        for name, dice in recovery.items():
            hero = self.hero(name)
            if "paralysed" not in hero.conditions:
                raise RuleError(_("{hero} is not paralysed").format(hero=hero.name))
            recovered = any(d >= 6 for d in dice)
            if recovered:
                hero.conditions = [
                    c for c in hero.conditions if c not in ("paralysed", "knocked down")
                ]
            self.notes.append(ParalyseRolled(hero.name, tuple(dice), recovered))
        self.phase = wanted
        self.notes.append(PhaseBegunMesbg(wanted))

    def _end_phase(self, payload: dict[str, Any]) -> None:
        """The End phase: temporary powers end (§2.5); the next turn begins. A force reduced
        to a quarter of its models ends the battle, the other force winning (commonly
        published scenario end; both at once: a draw)."""
        self.cast_this_turn = []
        self.barged_this_turn = []
        for hero in self.heroes.values():
            if "knocked down" in hero.conditions and "paralysed" not in hero.conditions:
                hero.conditions.remove("knocked down")
                self.notes.append(StandsUp(hero.name))
        ended = [e for e in self.effects if e.duration is Duration.TEMPORARY]
        self.effects = [e for e in self.effects if e.duration is not Duration.TEMPORARY]
        for effect in ended:
            self.notes.append(PowerEnded(effect.power, effect.caster, "temporary"))
        routed = [f for f in self.forces.values() if self.reduced_to_a_quarter(f)]
        if routed and len(self.forces) == 2:
            others = [f for f in self.forces.values() if f not in routed]
            lost = ", ".join(
                _("{force} lost {lost} of {models}").format(
                    force=f.name, lost=self.models_lost(f), models=f.models
                )
                for f in self.forces.values()
            )
            self.result = (
                _("The battle ends: {losses}; {force} wins.").format(
                    losses=lost, force=others[0].name
                )
                if others
                else _("The battle ends: {losses}; a draw.").format(losses=lost)
            )
            forces = list(self.forces.values())
            self.notes.append(
                BattleEnded(
                    tuple(f.name for f in forces),
                    tuple(self.models_lost(f) for f in forces),
                    tuple(f.models for f in forces),
                    others[0].name if others else "",
                )
            )
            return
        self.turn += 1
        if self.phase is not None:
            self.phase = "priority"
        self.notes.append(TurnBegunMesbg(self.turn))

    def reduced_to_a_quarter(self, force: Force) -> bool:
        """A quarter or fewer of the force's models left (commonly published scenario end)."""
        return (force.models - self.models_lost(force)) * 4 <= force.models

    def _after_change(self, hero: Hero) -> None:
        """Exhausting powers end the moment their caster's Will reaches 0 (§2.5); a Hero on 0
        Wounds is slain and counts as a model lost."""
        if hero.current["will"] <= 0:
            ended = [
                e
                for e in self.effects
                if e.caster == hero.name and e.duration is Duration.EXHAUSTING
            ]
            for effect in ended:
                self.effects.remove(effect)
                self.notes.append(PowerEnded(effect.power, hero.name, "no-will"))
        if hero.slain:
            self.notes.append(HeroSlain(hero.name))
            force = self.forces.get(hero.force)
            if force is not None and self.broken(force):
                self.notes.append(self._broken_note(force))

    def _broken_note(self, force: Force) -> ForceBroken:
        """The event of a force reaching its break point."""
        return ForceBroken(force.name, self.models_lost(force), force.models)


def check_knows(hero: Hero, power_id: str, name: str) -> None:
    """RuleError unless the hero knows the power (mesbg §2.1: a Hero with magical powers uses
    those it has)."""
    if hero.knows(power_id):
        return
    from aos_cli.systems.mesbg.words import power_title

    known = ", ".join(power_title(p) for p in sorted(hero.powers or ())) or _("none")
    raise RuleError(
        _("{hero} does not know {power} (mesbg §2.1)").format(
            hero=hero.name, power=power_name(name)
        ),
        _("the powers {hero} knows: {known}").format(hero=hero.name, known=known),
    )


def roll_fate(source: DiceSource, points: int) -> list[int]:
    """Fate dice against one Wound, one point at a time until one scores 4+ (the points not
    needed are kept): what `Battle` records as an `op: fate` action."""
    if points < 1:
        raise InputError(f"amount: {points}", _("spend 1 Fate point or more"))
    check_at_most("amount", points, MAX_CHARACTERISTIC, store_name("fate"))
    dice: list[int] = []
    while len(dice) < points and not any(d >= FATE_SAVES for d in dice):
        dice += source.roll(1, _fate_purpose())
    return dice


STORE_POWERS: dict[str, tuple[str, int, str, str]] = {
    "sap-will": ("will", -1, "D3+1", "all"),
    "curse": ("fate", -1, "1", "all"),
    "strengthen-will": ("will", 1, "1", "D3"),
    "renew": ("wounds", 1, "1", "D3"),
}
"""Powers that change the target's store when they take effect (§3 #8 Curse, #15 Renew,
#16 Sap Will, #18 Strengthen Will): the store, its sign, the amount, and the channelled
amount (`all`: the whole store)."""


def roll_store_change(
    power_id: str, channelled: bool, source: DiceSource, target: Hero, name: str | None = None
) -> dict[str, Any] | None:
    """The rolled change a store power makes to its target (None for other powers), recorded
    with the cast so replay never rolls it again; `name`: the power as the dice prompt says it."""
    from aos_cli.core.dice import parse_dice

    found = STORE_POWERS.get(power_id)
    if found is None:
        return roll_power_effect(power_id, channelled, source, target, name)
    store, sign, plain, stronger = found
    amount_text = stronger if channelled else plain
    if amount_text == "all":
        amount = target.current[store]
    else:
        shown = name or power_id.replace("-", " ")
        amount = parse_dice(amount_text).roll(source, f"{shown} ({amount_text})")
    return {"store": store, "amount": sign * amount, "rolled": amount_text}


HIT_POWERS: dict[str, tuple[int, int, str, str]] = {
    "black-dart": (9, 9, "1", "D3"),
    "sorcerous-blast": (5, 6, "1", "1"),
}
"""Powers whose target suffers a hit (mesbg §3 #4 Black Dart: Strength 9, a wounding hit D3
Wounds channelled; #17 Sorcerous Blast: Strength 5, 6 channelled): the Strength, channelled
Strength, Wounds of a wounding hit and channelled Wounds."""
KNOCKS_DOWN: dict[str, tuple[str, ...]] = {
    "sorcerous-blast": ("knocked down",),
    "paralyse": ("paralysed", "knocked down"),
}
"""Powers that leave their target knocked to the ground or paralysed (mesbg §3 #17, #21)."""


def roll_power_effect(
    power_id: str, channelled: bool, source: DiceSource, target: Hero, name: str | None = None
) -> dict[str, Any] | None:
    """What a power does to its target hero beyond its stores, rolled once and recorded with
    the cast: a hit on the wound chart against its Defence (a hero without one given takes it
    at the table), Courage lost, knocked down or paralysed; None for other powers."""
    from aos_cli.core.dice import parse_dice

    shown = name or power_id.replace("-", " ")
    change: dict[str, Any] = {}
    if power_id in HIT_POWERS and "defence" in target.profile:
        plain, stronger, wounds, more = HIT_POWERS[power_id]
        strength = stronger if channelled else plain
        need = wound_need(strength, target.profile["defence"])
        hit: dict[str, Any] = {"strength": strength, "need": None, "dice": [], "wounds": 0}
        if need is not None:
            hit["need"] = str(need)
            dice = source.roll(
                1, _("{power}: the wound roll ({need})").format(power=shown, need=need)
            )
            if dice[0] >= need.first and need.second is not None:
                dice += source.roll(
                    1, _("{power}: the second wound roll ({need})").format(power=shown, need=need)
                )
            wounded = dice[0] >= need.first and (need.second is None or dice[-1] >= need.second)
            hit["dice"] = dice
            if wounded:
                amount = more if channelled else wounds
                hit["wounds"] = parse_dice(amount).roll(source, f"{shown} ({amount})")
        change["hit"] = hit
    if power_id == "drain-courage":
        amount = "D3" if channelled else "1"
        change["courage"] = parse_dice(amount).roll(source, f"{shown} ({amount})")
    if power_id in KNOCKS_DOWN:
        change["conditions"] = list(KNOCKS_DOWN[power_id])
    return change or None


def paralysed(battle: Battle) -> list[Hero]:
    """The living heroes still paralysed, who roll to recover as the Fight phase ends."""
    return [h for h in battle.heroes.values() if not h.slain and "paralysed" in h.conditions]


def _store(value: Any) -> str:
    text = str(value).strip().lower()
    if text in ("wound", "w"):
        text = "wounds"
    if text not in STORES:
        raise InputError(
            _("{value!r} is not a hero's store").format(value=value),
            _("use one of {names}").format(names=", ".join(STORES)),
        )
    return text


def has_not_error(hero: Hero, store: str, wanted: int) -> str:
    """ "Gandalf has 2 Will, not 3": a store asked for more than it holds."""
    return _("{hero} has {have} {store}, not {wanted}").format(
        hero=hero.name, have=hero.current[store], store=store_name(store), wanted=wanted
    )


def _left_error(hero: Hero, store: str, wanted: int) -> str:
    """ "Aragorn has 0 Fate left, not 1": spending more than is left."""
    return _("{hero} has {have} {store} left, not {wanted}").format(
        hero=hero.name, have=hero.current[store], store=store_name(store), wanted=wanted
    )


_OPS: dict[str, Callable[[Battle, dict[str, Any]], None]] = {
    "force": Battle._add_force,
    "hero": Battle._add_hero,
    "spend": Battle._spend,
    "restore": Battle._restore,
    "lose": Battle._lose,
    "cast": Battle._cast,
    "fate": Battle._fate,
    "duel": Battle._duel,
    "end_phase": Battle._end_phase,
    "priority": Battle._priority,
    "phase": Battle._phase,
}


def replay_battle(payloads: Sequence[dict[str, Any]]) -> Battle:
    """The battle after these recorded actions, in order (notes of the replay are dropped)."""
    battle = Battle()
    for payload in payloads:
        battle.apply(payload)
    battle.notes = []
    return battle


def cast_payload(
    *,
    caster: str,
    target: str | None,
    power_id: str,
    name: str,
    duration: Duration,
    channelled: bool,
    result: CastResult,
) -> dict[str, Any]:
    """The recorded form of a rolled cast: what was spent and decided, so replay never rolls."""
    request, outcome = result.request, result.outcome
    return {
        "op": "cast",
        "caster": caster,
        "target": target,
        "power": power_id,
        "name": name,
        "duration": duration.value,
        "channelled": channelled,
        "will": request.will,
        "casting": request.casting,
        "dice": list(result.dice),
        "might_spent": outcome.might_spent,
        "resist_will": request.resist_will if result.resist_dice else 0,
        "resist_dice": list(result.resist_dice),
        "resist_might_spent": outcome.resist_might_spent,
        "cast": outcome.cast,
        "resisted": outcome.resisted,
    }


from aos_cli.core.system import GameSystem, register  # noqa: E402
from aos_cli.systems.mesbg import INFO  # noqa: E402

MESBG = register(
    GameSystem(
        **INFO.settings(),
        section="MESBG",
        phases=("priority", "move", "shoot", "fight", "end"),
        engine="hero",
        other_engine_hint="its heroes are tracked by `aos hero`: see `aos hero list`",
        magic_phase="move",
        combat_phase="fight",
        engagement=1,
        unbind_name="resist",
        unbind_verb="Resist",
        general_replaced=False,
        spells=(),
        scenery_range=0,
        bravery_per_ten=False,
        bravery_name="Courage",
        status_command="aos_cli.systems.mesbg.cli:list_heroes",
        log_command="aos_cli.systems.mesbg.cli:hero_log",
        play_command="aos_cli.systems.mesbg.play:play_mesbg",
        demo_command="aos_cli.systems.mesbg.demo:play_demo",
    )
)
"""MESBG is played with its own engine (`Battle` above, `aos hero`): its turn, magic (§2: cast
in the Move phase, resisted with Will) and duels live here, not in the game engine."""
