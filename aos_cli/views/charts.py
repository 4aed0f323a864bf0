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

from aos_cli.language.i18n import _, number, percent_sign

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
    """A probability as a percentage a player reads at a glance: 58.3%, <0.1%, 100% (58,3% in
    Hungarian, %58,3 in Turkish, 58,3 % in Russian)."""
    if p <= 0.0:
        return percent_sign("0")
    if p < 0.001:
        return "<" + percent_sign(number(0.1))
    if p > 0.999 and p < 1.0 - 1e-12:
        return ">" + percent_sign(number(99.9))
    return percent_sign(number(float(f"{100.0 * p:.1f}")))


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
    peak = max((mass for _label, mass, _at_least in rows), default=0.0)
    width = max([len(value_label)] + [len(label) for label, _mass, _at_least in rows])
    cells = [
        (label, percent(mass), bar(mass, peak, bar_width), percent(at_least))
        for label, mass, at_least in rows
    ]
    # P(in): the chance the value falls in the row's group of values.
    equal = "P(=)" if step == 1 else _("P(in)")
    shown = max([6, len(equal)] + [len(c) for cell in cells for c in (cell[1], cell[3])])
    text = Text()
    text.append(f"{title}\n", style="heading")
    text.append(
        f"{value_label:>{width}}  {equal:>{shown}}  {'':<{bar_width + 1}} {'P(≥)':>{shown}}",
        style="heading",
    )
    for label, mass_text, bar_text, at_least_text in cells:
        text.append(f"\n{label:>{width}}  {mass_text:>{shown}}  ")
        text.append(f"{bar_text:<{bar_width + 1}}", style="success")
        text.append(f" {at_least_text:>{shown}}")
    return text


def bar_width_for(columns: int) -> int:
    """The widest bar that keeps a chart line within `columns` (narrow terminals)."""
    return max(8, min(BAR_WIDTH, columns - 27))


def summary_text(dist: Distribution, noun: str) -> Text:
    """`Damage: mean 4.38, median 4, standard deviation 1.92` (`noun` already translated)."""
    return Text.from_markup(
        _(
            "[heading]{noun}:[/] mean [total]{mean}[/], median {median}, standard deviation {sd}"
        ).format(noun=noun, mean=number(dist.mean, 2), median=dist.median, sd=number(dist.sd, 2))
    )


def means_table(
    rows: Sequence[tuple[str, float, float | None]], *, title: str, show_slain: bool
) -> Table:
    """Mean damage (and mean models slain) against each save (`title` already translated)."""
    from aos_cli.views.tables import FitTable

    table = FitTable(title=title, header_style="heading", expand=False)
    table.add_column(_("Save"), justify="right")
    table.add_column(_("Mean damage"), justify="right")
    if show_slain:
        table.add_column(_("Mean slain"), justify="right")
    for save, damage, slain in rows:
        cells = [save, number(damage, 2)]
        if show_slain:
            cells.append("" if slain is None else number(slain, 2))
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
    return _(
        "[muted]Luck: better than {below} of outcomes, worse than {above} "
        "(percentile {percentile}).[/]"
    ).format(
        below=percent(damage.below(rolled)),
        above=percent(damage.at_least(rolled + 1)),
        percentile=f"{damage.percentile(rolled):.0f}",
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
