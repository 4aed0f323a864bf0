"""Dice: expressions (D6, D3, 2D6, D6+1, D3+D6), thresholds (3+), rerolls, roll-offs and the
sources that produce dice (seeded RNG, scripted, typed in by a player).

Every die is a D6 (AoS2 §2): a D3 is a D6 halved and rounded up, so a player rolling physical
dice always rolls D6s and the tool converts them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from aos_cli.core.errors import AosError, InputError
from aos_cli.core.limits import MAX_CONSTANT, MAX_DICE, MAX_TYPED_LINE
from aos_cli.core.numbers import is_ascii_whole, parse_whole
from aos_cli.core.records import dataclass
from aos_cli.language.text import Text, concat, tr, trn

FACES = (1, 2, 3, 4, 5, 6)
IMPOSSIBLE = 7
"""The threshold of a characteristic shown as '-': needs 7+, reachable only with modifiers."""


def d3_from_d6(value: int) -> int:
    """A D3 is a D6 halved and rounded up (AoS2 §2): 1-2 → 1, 3-4 → 2, 5-6 → 3."""
    return (value + 1) // 2


# --------------------------------------------------------------------------- expressions


@dataclass(frozen=True)
class DiceExpr:
    """A sum of dice and a constant, such as `2D6-1` or `D3+D6`.

    `dice` holds (count, sides) pairs with sides 3 or 6; `constant` may be negative.
    """

    dice: tuple[tuple[int, int], ...] = ()
    constant: int = 0

    @property
    def is_fixed(self) -> bool:
        """True when no die is rolled (a plain number)."""
        return not self.dice

    @property
    def d6_count(self) -> int:
        """How many physical D6 one evaluation rolls."""
        return sum(count for count, _sides in self.dice)

    @property
    def minimum(self) -> int:
        return sum(count for count, _sides in self.dice) + self.constant

    @property
    def maximum(self) -> int:
        return sum(count * sides for count, sides in self.dice) + self.constant

    def value_from(self, d6s: Sequence[int]) -> int:
        """The expression's value given exactly `d6_count` D6 results, in term order."""
        if len(d6s) != self.d6_count:
            raise ValueError(f"{self} needs {self.d6_count} dice, got {len(d6s)}")
        total = self.constant
        index = 0
        for count, sides in self.dice:
            for value in d6s[index : index + count]:
                total += value if sides == 6 else d3_from_d6(value)
            index += count
        return total

    def roll(self, source: DiceSource, purpose: str | Text) -> int:
        """Roll the expression with `source`; a fixed value rolls nothing."""
        if self.is_fixed:
            return self.constant
        return self.value_from(source.roll(self.d6_count, purpose))

    def distribution(self) -> dict[int, Fraction]:
        """The exact distribution of the expression's value."""
        dist: dict[int, Fraction] = {self.constant: Fraction(1)}
        for count, sides in self.dice:
            face = Fraction(1, sides)
            for _repeat in range(count):
                step: dict[int, Fraction] = {}
                for total, p in dist.items():
                    for value in range(1, sides + 1):
                        step[total + value] = step.get(total + value, Fraction(0)) + p * face
                dist = step
        return dist

    @property
    def mean(self) -> Fraction:
        return sum(
            (Fraction(count * (sides + 1), 2) for count, sides in self.dice),
            Fraction(self.constant),
        )

    def __str__(self) -> str:
        parts: list[str] = []
        for count, sides in self.dice:
            term = f"D{sides}" if count == 1 else f"{count}D{sides}"
            parts.append(term if not parts else f"+{term}")
        if self.constant or not parts:
            if parts:
                parts.append(f"{self.constant:+d}")
            else:
                parts.append(str(self.constant))
        return "".join(parts)


_TERM = re.compile(r"([+-]?)([0-9]*)(?:(D)([0-9]+))?", re.IGNORECASE)


def parse_dice(text: str, *, what: str | Text = "dice expression") -> DiceExpr:
    """Parse `D6`, `D3`, `2D6`, `D6+1`, `2D6-1`, `D3+D6` or a whole number.

    Raises InputError naming `what` when the text is not such an expression.
    """
    cleaned = text.replace(" ", "")
    shown = text if len(text) <= 40 else text[:40] + "..."
    allowed = tr("a whole number or dice such as D3, D6, 2D6, D6+1, D3+D6")
    if not cleaned:
        raise InputError(tr("{what}: empty value", what=what), allowed)
    dice: dict[int, int] = {}
    constant = 0
    position = 0
    while position < len(cleaned):
        match = _TERM.match(cleaned, position)
        if not match or match.end() == position or (position > 0 and not match.group(1)):
            raise InputError(_not_understood(what, shown), allowed)
        sign, number, d, sides = match.groups()
        if position == 0 and sign == "+":
            raise InputError(_not_understood(what, shown), allowed)
        if d:
            if sign == "-":
                raise InputError(
                    tr("{what}: {text} subtracts dice", what=what, text=repr(shown)),
                    allowed,
                )
            if sides not in ("3", "6"):
                raise InputError(
                    tr(
                        "{what}: {text} uses a D{sides}; only D3 and D6 exist",
                        what=what,
                        text=repr(shown),
                        sides=sides,
                    ),
                    allowed,
                )
            count = parse_whole(number, what=str(what), low=1, high=MAX_DICE) if number else 1
            dice[int(sides)] = dice.get(int(sides), 0) + count
            if sum(dice.values()) > MAX_DICE:
                raise InputError(
                    tr(
                        "{what}: {text} rolls more than {limit} dice",
                        what=what,
                        text=repr(shown),
                        limit=MAX_DICE,
                    ),
                    tr("the limit is {limit} dice in one expression", limit=MAX_DICE),
                )
        else:
            if not number:
                raise InputError(_not_understood(what, shown), allowed)
            amount = parse_whole(number, what=str(what), high=MAX_CONSTANT)
            constant += -amount if sign == "-" else amount
            if abs(constant) > MAX_CONSTANT:
                raise InputError(
                    tr(
                        "{what}: {text} adds up to more than {limit}",
                        what=what,
                        text=repr(shown),
                        limit=MAX_CONSTANT,
                    ),
                    tr("the limit is {limit}", limit=MAX_CONSTANT),
                )
        position = match.end()
    ordered = tuple((dice[s], s) for s in (3, 6) if s in dice)
    return DiceExpr(ordered, constant)


def _not_understood(what: str | Text, shown: str) -> Text:
    """`--damage: 'D7x' is not understood`, in the player's language."""
    return tr("{what}: {text} is not understood", what=what, text=repr(shown))


def fixed(value: int) -> DiceExpr:
    """A constant as a dice expression."""
    return DiceExpr((), value)


# --------------------------------------------------------------------------- thresholds


def parse_threshold(text: str, *, what: str | Text, allow_dash: bool = False, low: int = 2) -> int:
    """Parse a roll needed such as `3+` (or `3`); `-` means 7+ where `allow_dash` is set."""
    cleaned = text.strip()
    if allow_dash and cleaned == "-":
        return IMPOSSIBLE
    body = cleaned[:-1] if cleaned.endswith("+") else cleaned
    allowed = (
        tr("use {low}+ to 6+ or -", low=low) if allow_dash else tr("use {low}+ to 6+", low=low)
    )
    if not is_ascii_whole(body) or len(body) > 2:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise InputError(
            tr("{what}: {text} is not a roll needed", what=what, text=repr(shown)), allowed
        )
    value = int(body)
    if not low <= value <= 6:
        raise InputError(
            tr("{what}: {text} is not a roll a D6 can need", what=what, text=repr(text)),
            allowed,
        )
    return value


def format_threshold(value: int) -> str:
    """`3` → `3+`; 7 or more → `-`."""
    return "-" if value >= IMPOSSIBLE else f"{value}+"


# --------------------------------------------------------------------------- sources


class DiceSource(Protocol):
    """Where dice come from. The core never calls `random` itself (DESIGN principle 1)."""

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        """Return `count` D6 results for the roll described by `purpose`."""
        ...


class SeededDice:
    """Pseudo-random dice from a seed: the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        return [self._rng.randint(1, 6) for _die in range(count)]


class OutOfDice(AosError):
    """A scripted source ran out of dice: the script is shorter than the rolls made."""


class ScriptedDice:
    """Dice given in advance, in order (tests and replays)."""

    def __init__(self, values: Sequence[int]) -> None:
        for value in values:
            if value not in FACES:
                raise InputError(
                    tr("scripted die {value} is not a D6 result", value=value),
                    tr("use 1 to 6"),
                )
        self._values = list(values)
        self._position = 0

    @property
    def remaining(self) -> int:
        return len(self._values) - self._position

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        if self.remaining < count:
            raise OutOfDice(
                tr(
                    "the scripted dice ran out at {purpose}: needed {count}, had {left}",
                    purpose=concat("'", purpose, "'"),  # quoted as a name is
                    count=count,
                    left=self.remaining,
                )
            )
        taken = self._values[self._position : self._position + count]
        self._position += count
        return taken


class RecordingDice:
    """Wraps a source and records every die it produces, so replays never re-roll."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.rolled: list[int] = []

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        values = self.inner.roll(count, purpose)
        self.rolled.extend(values)
        return values


def parse_typed_dice(text: str, count: int) -> list[int]:
    """Read dice typed at the table: `6 5 3 3 1` or counts per face `6:2 3:1 1:2`.

    Raises InputError with what to type when the entry is not exactly `count` D6 results.
    """
    if len(text) > MAX_TYPED_LINE:
        raise InputError(
            tr("the line is longer than {limit} characters", limit=MAX_TYPED_LINE),
            tr("type the dice"),
        )
    tokens = text.replace(",", " ").split()
    values: list[int] = []
    for token in tokens:
        shown = token if len(token) <= 20 else token[:20] + "..."
        if ":" in token or "x" in token.lower():
            face_text, _colon, times_text = token.lower().replace("x", ":").partition(":")
            if not (is_ascii_whole(face_text) and is_ascii_whole(times_text)):
                raise InputError(
                    tr("{text} is not a face and count", text=repr(shown)),
                    tr("write it as 6:2 (two 6s)"),
                )
            face = int(face_text) if len(face_text) == 1 else 0
            if face not in FACES:
                raise InputError(
                    tr("{text} is not a D6 face", text=face_text[:20]),
                    tr("faces are 1 to 6"),
                )
            rolled = trn("{n} die was rolled", "{n} dice were rolled", count, n=count)
            times = parse_whole(times_text, what=shown, high=count - len(values), hint=str(rolled))
            values.extend([face] * times)
        elif is_ascii_whole(token) and len(token) == 1 and int(token) in FACES:
            values.append(int(token))
        else:
            raise InputError(
                tr("{text} is not a D6 result", text=repr(shown)),
                tr("type values from 1 to 6"),
            )
        if len(values) > count:
            break
    if len(values) != count:
        raise InputError(
            trn(
                "expected {n} die, got {got}",
                "expected {n} dice, got {got}",
                count,
                n=count,
                got=len(values),
            ),
            tr("type each die (6 5 3) or counts per face (6:2 3:1)"),
        )
    return values


# --------------------------------------------------------------------------- rerolls


class Reroll(StrEnum):
    """Which dice of a roll may be rerolled (AoS2 §2: once each, before modifiers)."""

    ONES = "ones"
    FAILED = "failed"
    ALL = "all"

    def wants(self, value: int, succeeded: bool) -> bool:
        """Whether a sensible player rerolls this die: a 1, or any failure.

        `all` lets the player pick any dice; the sensible policy (which the odds also assume)
        rerolls the failures.
        """
        if self is Reroll.ONES:
            return value == 1
        return not succeeded


def parse_reroll(text: str, *, what: str | Text) -> Reroll:
    """Parse `ones`, `failed` or `all`."""
    try:
        return Reroll(text.strip().lower())
    except ValueError:
        raise InputError(
            tr("{what}: {text} is not a reroll", what=what, text=repr(text)),
            tr("use ones, failed or all"),
        ) from None


@dataclass(frozen=True)
class Die:
    """One die of a roll: the first result, and the result after a reroll if there was one."""

    first: int
    rerolled: int | None = None

    @property
    def value(self) -> int:
        """The unmodified value: after rerolls, before modifiers."""
        return self.first if self.rerolled is None else self.rerolled


def roll_with_reroll(
    source: DiceSource,
    count: int,
    purpose: str | Text,
    succeeds: Callable[[int], bool],
    reroll: Reroll | None,
    *,
    succeeds_each: Sequence[Callable[[int], bool]] | None = None,
) -> list[Die]:
    """Roll `count` dice, then reroll those the policy wants, each at most once (AoS2 §2).

    `succeeds_each` judges die i by its own test where dice differ (saves against wounds of
    different rend), so a failure is what the policy rerolls."""
    firsts = source.roll(count, purpose) if count else []
    if reroll is None:
        return [Die(value) for value in firsts]
    checks = succeeds_each if succeeds_each is not None else [succeeds] * len(firsts)
    wanted = [i for i, value in enumerate(firsts) if reroll.wants(value, checks[i](value))]
    seconds = (
        source.roll(len(wanted), tr("rerolls of {purpose}", purpose=purpose)) if wanted else []
    )
    dice = [Die(value) for value in firsts]
    for index, value in zip(wanted, seconds, strict=True):
        dice[index] = Die(firsts[index], value)
    return dice


# --------------------------------------------------------------------------- roll-offs


@dataclass(frozen=True)
class RollOff:
    """A roll-off: every pair of dice rolled until one is higher (AoS2 §2, never modified)."""

    rounds: tuple[tuple[int, int], ...]

    @property
    def winner(self) -> int | None:
        """0 when the first player won, 1 for the second, None for a tie left standing."""
        first, second = self.rounds[-1]
        if first == second:
            return None
        return 0 if first > second else 1


def roll_off(
    source: DiceSource, *, reroll_ties: bool = True, what: str = "", sides: str = ""
) -> RollOff:
    """Each player rolls a D6; the higher wins, ties are rolled again unless told otherwise.
    `what` and `sides` (`Player One, then Player Two`) name the roll in the dice prompt."""
    rounds: list[tuple[int, int]] = []
    purpose = "{what} ({sides})".format(
        what=what or tr("a roll-off"), sides=sides or tr("first player, second player")
    )
    while True:
        first, second = source.roll(2, purpose)
        rounds.append((first, second))
        if first != second or not reroll_ties:
            return RollOff(tuple(rounds))
