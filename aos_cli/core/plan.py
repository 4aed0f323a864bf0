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
from dataclasses import dataclass

from aos_cli.core.distributions import Distribution

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
        return math.fsum(
            p * min(self.models, progress // self.wounds) for progress, p in enumerate(self.probs)
        )


def carry_damage(track: Track, damage: Distribution) -> Track:
    """Age of Sigmar: damage allocated carries over from a slain model to the next, so the
    state moves by the damage, stopping when the last model is slain (AoS2 §14.7, §14.10)."""
    full = track.full
    out = [0.0] * (full + 1)
    dealt = [(d, p) for d, p in damage.items()]
    for progress, p in enumerate(track.probs):
        if not p:
            continue
        if progress >= full:
            out[full] += p
            continue
        for d, q in dealt:
            out[min(full, progress + max(0, d))] += p * q
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


def _add(a: Score, b: Score) -> Score:
    return (a[0] + b[0], a[1] + b[1])


def _key(entry: tuple[Score, tuple[int | None, ...]]) -> tuple[float, float, tuple[int, ...]]:
    """Best first; equal plans in a stable order (lower target indices, idle last)."""
    score, targets = entry
    return (-score[0], -score[1], tuple(-1 if t is None else t for t in targets))


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
    attackers on it as bits; `score(t, 0)` must be (0, 0).

    A dynamic programme over targets and sets of attackers keeps the `top` best partial plans
    of each set: 3^attackers × targets steps, every plan considered, nothing sampled."""
    full = (1 << attackers) - 1
    allowed = [sum(1 << a for a in range(attackers) if may_attack(a, t)) for t in range(targets)]
    # best[mask]: the top partial plans using exactly the attackers in mask.
    best: dict[int, list[tuple[Score, tuple[int | None, ...]]]] = {
        0: [((0.0, 0.0), (None,) * attackers)]
    }
    for t in range(targets):
        following: dict[int, list[tuple[Score, tuple[int | None, ...]]]] = {}
        for used, plans in best.items():
            free = full & ~used & allowed[t]
            sub = free
            while True:
                gain = score(t, sub) if sub else (0.0, 0.0)
                mask = used | sub
                bucket = following.setdefault(mask, [])
                for value, chosen in plans:
                    if sub:
                        chosen = tuple(t if sub >> a & 1 else chosen[a] for a in range(attackers))
                    bucket.append((_add(value, gain), chosen))
                if not sub:
                    break
                sub = (sub - 1) & free
        best = {mask: sorted(plans, key=_key)[:top] for mask, plans in following.items()}
    everything = sorted((entry for plans in best.values() for entry in plans), key=_key)
    return [Assignment(chosen, value) for value, chosen in everything[:top]]


def sequence_tracks(start: Track, steps: Sequence[Callable[[Track], Track]]) -> list[Track]:
    """The target's state after each attack in turn (the first entry is after the first)."""
    tracks: list[Track] = []
    current = start
    for step in steps:
        current = step(current)
        tracks.append(current)
    return tracks
