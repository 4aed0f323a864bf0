"""Exact probability distributions over small integers, shared by every system's attack odds
(DESIGN principle 4: computed, never simulated).

A `Distribution` is the public value; internally the engines work on `Vec` pairs (offset, list
of floats) with the helpers here: `convolve` (sum of two independent variables), `power` (sum of
n copies, binary powers and big-integer Kronecker products for long vectors), `compound` (sum of
a random number of copies), `mix`, `thin` (each point survives independently, a ward or
feel-no-pain roll per wound) and `amount_vec` (a dice expression, never below 0).

Tails below `TAIL` are dropped after each convolution, which keeps the total error far below
1e-9 (the tests check it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from aos_cli.core.dice import FACES, DiceExpr, Reroll
from aos_cli.core.records import dataclass

TAIL = 1e-15
"""Probability mass dropped at most from each end of a distribution after each convolution."""

_SIXTH = 1.0 / 6.0


@dataclass(frozen=True)
class Distribution:
    """A probability distribution over consecutive integers: `probs[i]` is P(offset + i)."""

    offset: int
    probs: tuple[float, ...]

    @classmethod
    def point(cls, value: int) -> Distribution:
        """Certainty of one value."""
        return cls(value, (1.0,))

    @classmethod
    def from_mapping(cls, mapping: dict[int, float] | dict[int, Fraction]) -> Distribution:
        """A distribution from a value → probability map."""
        if not mapping:
            return cls.point(0)
        low, high = min(mapping), max(mapping)
        return cls(low, tuple(float(mapping.get(v, 0.0)) for v in range(low, high + 1)))

    @property
    def low(self) -> int:
        return self.offset

    @property
    def high(self) -> int:
        return self.offset + len(self.probs) - 1

    @property
    def total(self) -> float:
        """The mass held (1 up to the dropped tails)."""
        return math.fsum(self.probs)

    def items(self) -> Iterator[tuple[int, float]]:
        """(value, probability) pairs with a probability above zero, smallest value first."""
        for index, p in enumerate(self.probs):
            if p > 0.0:
                yield self.offset + index, p

    def as_dict(self, minimum: float = 0.0) -> dict[int, float]:
        """value → probability for probabilities above `minimum`."""
        return {v: p for v, p in self.items() if p > minimum}

    def p(self, value: int) -> float:
        """P(X == value)."""
        index = value - self.offset
        return self.probs[index] if 0 <= index < len(self.probs) else 0.0

    def below(self, value: int) -> float:
        """P(X < value)."""
        stop = min(max(0, value - self.offset), len(self.probs))
        return math.fsum(self.probs[:stop])

    def at_least(self, value: int) -> float:
        """P(X ≥ value)."""
        start = min(max(0, value - self.offset), len(self.probs))
        return math.fsum(self.probs[start:])

    @property
    def mean(self) -> float:
        return math.fsum((self.offset + i) * p for i, p in enumerate(self.probs))

    @property
    def variance(self) -> float:
        mean = self.mean
        return math.fsum((self.offset + i - mean) ** 2 * p for i, p in enumerate(self.probs))

    @property
    def sd(self) -> float:
        return math.sqrt(max(0.0, self.variance))

    @property
    def median(self) -> int:
        """The smallest value x with P(X ≤ x) ≥ 1/2."""
        running = 0.0
        for index, p in enumerate(self.probs):
            running += p
            if running >= 0.5:
                return self.offset + index
        return self.high

    def percentile(self, value: int) -> float:
        """Where `value` sits, 0-100: P(X < value) + P(X == value)/2 (the mid-rank percentile,
        so a result every outcome equals sits at 50 and luck reads the same from both sides)."""
        return 100.0 * (self.below(value) + self.p(value) / 2.0)

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of function(X)."""
        out: dict[int, float] = {}
        for value, p in self.items():
            key = function(value)
            out[key] = out.get(key, 0.0) + p
        return Distribution.from_mapping(out)


# --------------------------------------------------------------------------- vectors
# Internally a distribution is (offset, list of floats); everything here is pure and fast.

Vec = tuple[int, list[float]]
"""(offset, probabilities): `probs[i]` is P(offset + i); the working form of a distribution."""
ZERO: Vec = (0, [1.0])
"""Certainly 0."""
_KRONECKER_MIN = 1200
"""Above this len(a)*len(b) product, convolve with one big-integer multiplication."""
_SLOT = 17
"""Bytes per coefficient in a Kronecker product: two 64-bit fixed-point factors and headroom."""
_TO_FIXED = 2.0**64
_FROM_FIXED = 2.0**-128


def trim(vec: Vec) -> Vec:
    """Drop at most TAIL of probability from each end (and exact zeros)."""
    offset, probs = vec
    start, stop = 0, len(probs)
    dropped = 0.0
    while start < stop - 1 and dropped + probs[start] <= TAIL:
        dropped += probs[start]
        start += 1
    dropped = 0.0
    while stop - 1 > start and dropped + probs[stop - 1] <= TAIL:
        dropped += probs[stop - 1]
        stop -= 1
    if start == 0 and stop == len(probs):
        return vec
    return offset + start, probs[start:stop]


def _conv_direct(a: list[float], b: list[float]) -> list[float]:
    """Convolution with the short vector outside and a comprehension over the long one."""
    if len(a) < len(b):
        a, b = b, a
    n = len(a)
    out = [0.0] * (n + len(b) - 1)
    for j, bj in enumerate(b):
        if bj:
            out[j : j + n] = [o + bj * x for o, x in zip(out[j : j + n], a, strict=True)]
    return out


def _pack(probs: list[float]) -> int:
    """Fixed-point coefficients (2^-64 units) side by side in one integer (Kronecker)."""
    return int.from_bytes(
        b"".join(int(p * _TO_FIXED).to_bytes(_SLOT, "little") for p in probs), "little"
    )


def _conv_kronecker(a: list[float], b: list[float]) -> list[float]:
    """Convolution as one big-integer product: C multiplies, Python only packs and unpacks.

    Each coefficient loses at most 2^-64 to fixed point; a slot holds sums up to 2^136, and
    the coefficients of a product of probability vectors sum to at most 1 (2^128 fixed)."""
    product = _pack(a) * _pack(a) if a is b else _pack(a) * _pack(b)
    size = len(a) + len(b) - 1
    raw = memoryview(product.to_bytes(_SLOT * (size + 1), "little"))
    from_bytes = int.from_bytes
    return [
        from_bytes(raw[i : i + _SLOT], "little") * _FROM_FIXED
        for i in range(0, _SLOT * size, _SLOT)
    ]


def convolve(x: Vec, y: Vec) -> Vec:
    """The distribution of the sum of two independent variables."""
    (ox, a), (oy, b) = x, y
    if len(a) == 1:
        return trim((ox + oy, [a[0] * v for v in b])) if a[0] != 1.0 else (ox + oy, b)
    if len(b) == 1:
        return trim((ox + oy, [b[0] * v for v in a])) if b[0] != 1.0 else (ox + oy, a)
    if len(a) * len(b) >= _KRONECKER_MIN and min(len(a), len(b)) > 8:
        out = _conv_kronecker(a, b)
    else:
        out = _conv_direct(a, b)
    return trim((ox + oy, out))


def convolve_all(parts: Sequence[Vec]) -> Vec:
    """The distribution of the sum of independent variables."""
    total = ZERO
    for part in parts:
        total = convolve(total, part)
    return total


def power(x: Vec, n: int) -> Vec:
    """The sum of `n` independent copies, by binary powers (O(log n) convolutions)."""
    result = ZERO
    base = x
    while n > 0:
        if n & 1:
            result = convolve(result, base)
        n >>= 1
        if n:
            base = convolve(base, base)
    return result


def mix(weighted: Sequence[tuple[float, Vec]]) -> Vec:
    """The mixture Σ w·x of distributions (weights sum to 1)."""
    weighted = [(w, v) for w, v in weighted if w > 0.0]
    if not weighted:
        return ZERO
    low = min(off for _, (off, _) in weighted)
    high = max(off + len(p) - 1 for _, (off, p) in weighted)
    out = [0.0] * (high - low + 1)
    for weight, (offset, probs) in weighted:
        start = offset - low
        for i, p in enumerate(probs):
            out[start + i] += weight * p
    return low, out


def compound(count: Vec, x: Vec) -> Vec:
    """The sum of a random number `count` of independent copies of `x` (count ≥ 0)."""
    offset, probs = count
    if len(probs) == 1:
        return power(x, offset)
    weighted: list[tuple[float, Vec]] = []
    current = power(x, offset)
    for index, p in enumerate(probs):
        if index:
            current = convolve(current, x)
        weighted.append((p, current))
    return trim(mix(weighted))


def thin(x: Vec, keep: float) -> Vec:
    """Each point survives independently with probability `keep` (a ward roll per wound)."""
    if keep >= 1.0:
        return x
    offset, probs = x
    out = [0.0] * (offset + len(probs))
    lose = 1.0 - keep
    for index, p in enumerate(probs):
        d = offset + index
        if not p:
            continue
        for k in range(d + 1):
            out[k] += p * math.comb(d, k) * keep**k * lose ** (d - k)
    return trim((0, out))


def to_distribution(x: Vec) -> Distribution:
    """The public value of a working vector."""
    return Distribution(x[0], tuple(x[1]))


@lru_cache(maxsize=256)
def amount_vec(expr: DiceExpr, shift: int = 0) -> Vec:
    """The distribution of max(0, expr + shift): rolled amounts are never negative."""
    mapping: dict[int, float] = {}
    for value, p in expr.distribution().items():
        key = max(0, value + shift)
        mapping[key] = mapping.get(key, 0.0) + float(p)
    low, high = min(mapping), max(mapping)
    return low, [mapping.get(v, 0.0) for v in range(low, high + 1)]


@lru_cache(maxsize=256)
def amount_mean(expr: DiceExpr, shift: int = 0) -> float:
    """E[max(0, expr + shift)]."""
    if expr.minimum + shift >= 0:
        return float(expr.mean) + shift
    offset, probs = amount_vec(expr, shift)
    return math.fsum((offset + i) * p for i, p in enumerate(probs))


def vec_of(mapping: Mapping[int, float]) -> Vec:
    """A vector from a value → probability map (values may be sparse)."""
    if not mapping:
        return ZERO
    low, high = min(mapping), max(mapping)
    return low, [mapping.get(v, 0.0) for v in range(low, high + 1)]


def vec_items(x: Vec) -> Iterator[tuple[int, float]]:
    """(value, probability) pairs of a vector with a probability above zero."""
    offset, probs = x
    for index, p in enumerate(probs):
        if p > 0.0:
            yield offset + index, p


def survives(roll: int | None) -> float:
    """P(a point of damage is not negated) by a roll of `roll`+ made for each point: a ward
    (AoS2 §14.11) or a feel-no-pain roll (40k); None (or 7+) negates nothing."""
    return 1.0 if roll is None else min(1.0, max(0.0, (roll - 1) / 6.0))


def face_probabilities(reroll: Reroll | None, succeeds: Callable[[int], bool]) -> list[float]:
    """P(unmodified value == face) for faces 1-6 once the reroll policy has acted (AoS2 §2:
    a die is rerolled at most once, before modifiers; `Reroll.wants` is the policy)."""
    if reroll is None:
        return [_SIXTH] * 6
    wanted = [reroll.wants(v, succeeds(v)) for v in FACES]
    again = sum(wanted) / 36.0
    return [(0.0 if w else _SIXTH) + again for w in wanted]
