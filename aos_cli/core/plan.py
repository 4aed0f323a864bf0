"""The phase planner's rules: several attacks on one target in an order, the target's state
carried from one attack to the next, and the best assignment of attackers to targets.

A target's state is one number, its *progress*: the wounds lost by its slain models plus those
on its one damaged model, 0 to models × Wounds (the encoding of `allocate_carry_over` in Age of
Sigmar and of `allocate_40k` in 40k). A `Track` is the exact distribution of that number. Each
attacker moves it with its engine's own exact odds (`AttackEngine` in `core.engine`): in Age of
Sigmar the damage after saves and wards is added and carries over from model to model (AoS2
§14.7, §14.10); in 40k each attack's excess Damage is lost and mortal wounds carry over (40k8
§8.5, §8.8). Nothing here rolls or simulates: every step is the engine's exact distribution.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from aos_cli.core.distributions import Distribution, convolve
from aos_cli.core.records import dataclass

TOP = 3
"""How many plans the recommendation keeps."""


@dataclass(frozen=True)
class Track:
    """The exact distribution of a target's progress (wounds lost, 0 to models × Wounds)."""

    models: int
    wounds: int
    probs: tuple[float, ...]

    @classmethod
    def start(cls, models: int, wounds: int, suffered: int = 0) -> Track:
        """A target as it stands: `suffered` wounds on its damaged model (below Wounds)."""
        full = max(0, models) * max(1, wounds)
        probs = [0.0] * (full + 1)
        probs[min(full, max(0, suffered)) if models > 0 else 0] = 1.0
        return cls(max(0, models), max(1, wounds), tuple(probs))

    @property
    def full(self) -> int:
        """The progress at which every model is slain."""
        return self.models * self.wounds

    @property
    def destroyed(self) -> float:
        """P(every model is slain)."""
        return self.probs[-1] if self.models > 0 else 1.0

    def slain_from(self, before: int = 0) -> Distribution:
        """Models slain since a state of `before` models slain."""
        out: dict[int, float] = {}
        for progress, p in enumerate(self.probs):
            if p:
                key = min(self.models, progress // self.wounds) - before
                out[key] = out.get(key, 0.0) + p
        return Distribution.from_mapping(out)

    @property
    def slain(self) -> Distribution:
        """Models slain (from the state the track started in, where none were)."""
        return self.slain_from(0)

    @property
    def mean_slain(self) -> float:
        """E[models slain] = Σ over models k of P(progress ≥ k × Wounds), one pass from the top."""
        total = 0.0
        running = 0.0
        wounds, probs = self.wounds, self.probs
        for progress in range(self.full, 0, -1):
            running += probs[progress]
            if progress % wounds == 0:
                total += running
        return total


def carry_damage(track: Track, damage: Distribution) -> Track:
    """Age of Sigmar: damage allocated carries over from a slain model to the next, so the
    state moves by the damage, stopping when the last model is slain (AoS2 §14.7, §14.10)."""
    full = track.full
    dealt = damage if damage.offset >= 0 else damage.map(lambda d: max(0, d))
    offset, probs = convolve((0, list(track.probs)), (dealt.offset, list(dealt.probs)))
    out = [0.0] * (full + 1)
    stop = max(0, min(len(probs), full - offset))
    out[offset : offset + stop] = probs[:stop]
    out[full] += math.fsum(probs[stop:])
    return Track(track.models, track.wounds, tuple(out))


# --------------------------------------------------------------------------- the best plan


Score = tuple[float, float]
"""What a plan is worth, compared first by the first number (the focus: a chance), then by the
second (the expected points destroyed)."""


@dataclass(frozen=True)
class Assignment:
    """One plan: each attacker's target index, or None when it is left idle."""

    targets: tuple[int | None, ...]
    score: Score


Partial = tuple[Score, tuple[tuple[int, int], ...]]
"""A partial plan: its worth and the (target, attackers as bits) chosen so far."""


def _key(entry: Partial) -> tuple[float, float]:
    """Best first; equal plans keep the order they were found in (a stable sort)."""
    score = entry[0]
    return (-score[0], -score[1])


def _keep(bucket: list[Partial], s0: float, s1: float, top: int) -> bool:
    """Whether a plan worth (s0, s1) enters a full bucket (ties go after the plans found
    first, as a stable sort keeps them)."""
    if len(bucket) < top:
        return True
    w0, w1 = bucket[-1][0]
    return s0 > w0 or (s0 == w0 and s1 > w1)


def _insert(bucket: list[Partial], entry: Partial, top: int) -> None:
    """Put a plan in its place among the best (best first, stable), keeping `top`."""
    s0, s1 = entry[0]
    place = len(bucket)
    while place and (
        bucket[place - 1][0][0] < s0
        or (bucket[place - 1][0][0] == s0 and bucket[place - 1][0][1] < s1)
    ):
        place -= 1
    bucket.insert(place, entry)
    del bucket[top:]


def best_assignments(
    attackers: int,
    targets: int,
    may_attack: Callable[[int, int], bool],
    score: Callable[[int, int], Score],
    *,
    top: int = TOP,
) -> list[Assignment]:
    """The `top` best assignments of `attackers` to `targets` (each attacker to one target it
    may attack, or idle) by the sum over targets of `score(target, mask)`, `mask` the set of
    attackers on it as bits.

    A dynamic programme over targets and sets of attackers keeps the `top` best partial plans
    of each set: 3^attackers × targets steps, every plan considered, nothing sampled."""
    full = (1 << attackers) - 1
    allowed = [sum(1 << a for a in range(attackers) if may_attack(a, t)) for t in range(targets)]
    nothing: Score = (0.0, 0.0)
    # best[mask]: the top partial plans using exactly the attackers in mask, best first.
    best: dict[int, list[Partial]] = {0: [(nothing, ())]}
    for t in range(targets):
        worth: dict[int, Score] = {}
        following: dict[int, list[Partial]] = {}
        for used, plans in best.items():
            free = full & ~used & allowed[t]
            sub = free
            while True:
                if sub:
                    gain = worth.get(sub)
                    if gain is None:
                        gain = worth[sub] = score(t, sub)
                else:
                    gain = nothing
                bucket = following.setdefault(used | sub, [])
                for (v0, v1), picks in plans:
                    s0, s1 = v0 + gain[0], v1 + gain[1]
                    if not _keep(bucket, s0, s1, top):
                        break  # the plans come best first: the rest cannot be kept either
                    _insert(bucket, ((s0, s1), (*picks, (t, sub)) if sub else picks), top)
                if not sub:
                    break
                sub = (sub - 1) & free
        best = following
    everything = sorted((entry for plans in best.values() for entry in plans), key=_key)
    found = []
    for value, picks in everything[:top]:
        chosen: list[int | None] = [None] * attackers
        for t, sub in picks:
            for a in range(attackers):
                if sub >> a & 1:
                    chosen[a] = t
        found.append(Assignment(tuple(chosen), value))
    return found


Step = Callable[[Track], Track]
"""One attacker's attack as a move of the target's state (an engine's `stepper`)."""


def sequence_tracks(start: Track, steps: Sequence[Callable[[Track], Track]]) -> list[Track]:
    """The target's state after each attack in turn (the first entry is after the first)."""
    tracks: list[Track] = []
    current = start
    for step in steps:
        current = step(current)
        tracks.append(current)
    return tracks
