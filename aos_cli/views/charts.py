"""Rich renderables for probability distributions: bar charts with P(= x) and P(≥ x).

Bars are drawn with block characters, so a chart reads the same with NO_COLOR or on a
terminal without colour; colour only adds emphasis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rich.text import Text

if TYPE_CHECKING:
    from rich.table import Table

    from aos_cli.core.distributions import Distribution
    from aos_cli.core.engine import AttackOdds

BAR_WIDTH = 30
"""Characters of the longest bar."""
MAX_ROWS = 40
"""Past this many values a chart groups consecutive values into one row."""
SHOWN_FROM = 0.0005
"""Values in the tails with less than this probability are left out of a chart."""
_EIGHTHS = " ▏▎▍▌▋▊▉"


def percent(p: float) -> str:
    """A probability as a percentage a player reads at a glance: 58.3%, <0.1%, 100%."""
    if p <= 0.0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999 and p < 1.0 - 1e-12:
        return ">99.9%"
    text = f"{100.0 * p:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


def bar(p: float, peak: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar for `p` scaled so that `peak` fills `width`, in eighths of a cell."""
    if peak <= 0.0 or p <= 0.0:
        return ""
    eighths = max(1, round(8 * width * p / peak))
    full, rest = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[rest] if rest else "")


def _shown_range(dist: Distribution) -> tuple[int, int]:
    """The values worth a row: drop tails holding less than SHOWN_FROM in total at each end."""
    low, high = dist.low, dist.high
    tail = 0.0
    while low < high and tail + dist.p(low) < SHOWN_FROM:
        tail += dist.p(low)
        low += 1
    tail = 0.0
    while high > low and tail + dist.p(high) < SHOWN_FROM:
        tail += dist.p(high)
        high -= 1
    return low, high


def distribution_chart(
    dist: Distribution, *, title: str, value_label: str, bar_width: int = BAR_WIDTH
) -> Text:
    """One line per value (or per group of values): P(= x) as a bar, and P(≥ x).

    Drawn as fixed-width text rather than a Rich Table: it renders in well under a millisecond,
    which matters for a command that must answer as fast as a bare Typer program."""
    low, high = _shown_range(dist)
    step = max(1, math.ceil((high - low + 1) / MAX_ROWS))
    rows: list[tuple[str, float, float]] = []
    for start in range(low, high + 1, step):
        stop = min(high, start + step - 1)
        label = str(start) if stop == start else f"{start}-{stop}"
        mass = math.fsum(dist.p(v) for v in range(start, stop + 1))
        rows.append((label, mass, dist.at_least(start)))
    peak = max((mass for _, mass, _ in rows), default=0.0)
    width = max([len(value_label)] + [len(label) for label, _, _ in rows])
    text = Text()
    text.append(f"{title}\n", style="heading")
    equal = "P(=)" if step == 1 else "P(in)"
    text.append(
        f"{value_label:>{width}}  {equal:>6}  {'':<{bar_width + 1}} {'P(≥)':>6}", style="heading"
    )
    for label, mass, at_least in rows:
        text.append(f"\n{label:>{width}}  {percent(mass):>6}  ")
        text.append(f"{bar(mass, peak, bar_width):<{bar_width + 1}}", style="success")
        text.append(f" {percent(at_least):>6}")
    return text


def bar_width_for(columns: int) -> int:
    """The widest bar that keeps a chart line within `columns` (narrow terminals)."""
    return max(8, min(BAR_WIDTH, columns - 27))


def summary_text(dist: Distribution, noun: str) -> Text:
    """`Damage: mean 4.38, median 4, standard deviation 1.92`."""
    text = Text()
    text.append(f"{noun}: ", style="heading")
    text.append("mean ")
    text.append(f"{dist.mean:.2f}", style="total")
    text.append(f", median {dist.median}, standard deviation {dist.sd:.2f}")
    return text


def means_table(
    rows: Sequence[tuple[str, float, float | None]], *, title: str, show_slain: bool
) -> Table:
    """Mean damage (and mean models slain) against each save."""
    from rich.table import Table

    table = Table(title=title, header_style="heading", expand=False)
    table.add_column("Save", justify="right")
    table.add_column("Mean damage", justify="right")
    if show_slain:
        table.add_column("Mean slain", justify="right")
    for save, damage, slain in rows:
        cells = [save, f"{damage:.2f}"]
        if show_slain:
            cells.append("" if slain is None else f"{slain:.2f}")
        table.add_row(*cells)
    return table


def dist_json(dist: Distribution) -> dict[str, float]:
    """value → probability for JSON (keys are strings in JSON)."""
    return {str(value): p for value, p in dist.items()}


def at_least_json(dist: Distribution) -> dict[str, float]:
    """value → P(X ≥ value), by one running sum from the top."""
    out: dict[str, float] = {}
    running = 0.0
    for index in range(len(dist.probs) - 1, -1, -1):
        running += dist.probs[index]
        if dist.probs[index] > 0.0:
            out[str(dist.offset + index)] = min(1.0, running)
    return dict(reversed(out.items()))


def attack_odds_json(
    odds: AttackOdds, *, save: str, tag: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The JSON of an attack's exact odds in any system: mean_damage, damage (value →
    probability) and every distribution the engine gave (mortal wounds, models slain...)."""
    damage = odds.damage
    data: dict[str, Any] = dict(tag or {})
    data |= {
        "save": save,
        "mean_damage": damage.mean,
        "median_damage": damage.median,
        "sd_damage": damage.sd,
        "damage": dist_json(damage),
        "damage_at_least": at_least_json(damage),
    }
    if odds.damage_before_ward is not None:
        data["mean_damage_before_ward"] = odds.damage_before_ward.mean
    if odds.mortal_wounds is not None:
        data["mean_mortal_wounds"] = odds.mortal_wounds.mean
        data["mortal_wounds"] = dist_json(odds.mortal_wounds)
    if odds.slain is not None:
        data["mean_slain"] = odds.slain.mean
        data["slain"] = dist_json(odds.slain)
    if odds.wounds_lost is not None:
        data["mean_wounds_lost"] = odds.wounds_lost.mean
        data["wounds_lost"] = dist_json(odds.wounds_lost)
    if odds.wounds_on_damaged is not None:
        data["wounds_on_damaged_model"] = dist_json(odds.wounds_on_damaged)
    return data


def luck_line(damage: Distribution, rolled: int) -> str:
    """`Luck: better than 78% of outcomes, worse than 12% (percentile 83).` for the damage."""
    return (
        f"[muted]Luck: better than {percent(damage.below(rolled))} of outcomes, worse than "
        f"{percent(damage.at_least(rolled + 1))} (percentile {damage.percentile(rolled):.0f}).[/]"
    )


def chance(p: Fraction) -> str:
    """A probability as a person reads it and as the exact fraction: `58.3% (7/12)`."""
    return f"[total]{percent(float(p))}[/] ({p})"


def roll_chart_lines(
    title: str,
    noun: str,
    dist: Distribution,
    *,
    width: int,
    headline: str | None = None,
    verdict: str | None = None,
) -> list[Any]:
    """A roll's chart with its summary and, when it has one, the chance of success."""
    lines: list[Any] = [headline] if headline else []
    lines += [
        distribution_chart(dist, title=title, value_label=noun, bar_width=bar_width_for(width)),
        summary_text(dist, noun),
    ]
    return lines + ([verdict] if verdict else [])


def fraction_map(mapping: dict[int, Fraction]) -> dict[str, float]:
    """value → exact probability as JSON floats (keys are strings in JSON)."""
    return {str(value): float(p) for value, p in mapping.items()}
