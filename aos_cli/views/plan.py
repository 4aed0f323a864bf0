"""The phase plan as players read it (a table of chances, the best plans with bars, the
models-slain chart of units attacking one target in order) and as programs read it (JSON with
the full distributions). Names from the game are escaped; numbers read in the chosen language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from aos_cli.language.i18n import _, ngettext, number
from aos_cli.views.charts import bar, dist_json, percent
from aos_cli.views.play import models_left

SHOWN_QUESTIONS = 3
"""Questions taken as no listed in the text (`--json` has them all)."""

if TYPE_CHECKING:
    from aos_cli.app.planner import AfterDice, Assigned, Choice, PhasePlan, RerollChances


def _names(plan: PhasePlan, indices: tuple[int, ...]) -> str:
    return ", ".join(plan.attackers[a].name for a in indices)


def _worth(plan: PhasePlan, value: float) -> str:
    """What a plan is worth, in points or (with no points in the warscrolls) in Wounds."""
    if plan.points_known:
        return _("{value} points expected").format(value=number(value, 1))
    return _("{value} wounds' worth of models expected").format(value=number(value, 1))


def _why(plan: PhasePlan, choice: Choice) -> str:
    """One line: why this plan ranks where it does."""
    if choice.focus is not None and plan.focus is not None:
        return _("{chance} to destroy {unit} first; then {worth}.").format(
            chance=percent(choice.focus),
            unit=plan.targets[plan.focus].name,
            worth=_worth(plan, choice.points),
        )
    if not choice.assigned:
        return _("No attack: kept for comparison.")
    surest = max(choice.assigned, key=lambda x: (x.destroy, x.points))
    best = plan.choices[0].points
    head = (
        _("The most expected.")
        if choice.rank == 1
        else _("{less} less than plan 1.").format(less=number(max(0.0, best - choice.points), 2))
    )
    if surest.destroy <= 0.0:
        return head
    return (
        head
        + " "
        + _("Surest kill: {unit}, {chance}.").format(
            unit=plan.targets[surest.target].name, chance=percent(surest.destroy)
        )
    )


def _chances_table(plan: PhasePlan) -> Table:
    """Rows: targets; columns: attackers; cells: chance to destroy (models slain expected)."""
    table = Table()
    table.add_column(_("Target"))
    for attacker in plan.attackers:
        table.add_column(escape(attacker.name), justify="right")
    for t, target in enumerate(plan.targets):
        cells = []
        for a in range(len(plan.attackers)):
            pair = plan.pair(a, t)
            cells.append(
                "-" if pair is None
                else f"{percent(pair.destroy)} ({number(pair.mean_slain, 2)})"
            )  # fmt: skip
        table.add_row(escape(models_left(target.name, target.models)), *cells)
    return table


def _assigned_line(plan: PhasePlan, x: Assigned, width: int) -> Text:
    target = plan.targets[x.target]
    line = Text("      ")
    line.append(bar(x.destroy, 1.0, width).ljust(width), style="bar")
    line.append(" ")
    slain = ngettext(
        "{slain} of {models} model slain expected",
        "{slain} of {models} models slain expected",
        target.models,
    ).format(slain=number(x.slain.mean, 2), models=target.models)
    line.append(
        _("{target} ← {units}: {chance} destroyed, {slain}").format(
            target=target.name,
            units=_names(plan, x.attackers),
            chance=percent(x.destroy),
            slain=slain,
        )
    )
    return line


def plan_lines(plan: PhasePlan, columns: int = 100) -> list[Any]:
    """The plan as Rich renderables, one after the other."""
    from aos_cli.views.charts import bar_width_for, distribution_chart, summary_text
    from aos_cli.views.words import phase_name

    width = max(4, min(10, bar_width_for(columns) // 3))
    phase = phase_name(plan.phase)
    out: list[Any] = [
        Text(_("Plan for the {phase} of {side}").format(phase=phase, side=plan.side), "heading"),
        Text(_("Chance to destroy (models slain expected)")),
        _chances_table(plan),
    ]
    if plan.sequence is not None:
        seq = plan.sequence
        target = plan.targets[seq.target]
        out.append(Text(_("{units} on {target}, in this order:").format(
            units=_names(plan, seq.attackers), target=target.name)))  # fmt: skip
        for a, chance in zip(seq.attackers, seq.after_each, strict=True):
            out.append(Text("  " + _("after {unit}: {chance} destroyed").format(
                unit=plan.attackers[a].name, chance=percent(chance))))  # fmt: skip
        out.append(
            distribution_chart(
                seq.slain, title=_("Models slain"), value_label=_("Slain"),
                bar_width=bar_width_for(columns),
            )
        )  # fmt: skip
        out.append(summary_text(seq.slain, _("Models slain")))
    out.append(Text(_("Best plans"), "heading"))
    for choice in plan.choices:
        out.append(Text(f"  {choice.rank}. {_worth(plan, choice.points)}"))
        for x in choice.assigned:
            out.append(_assigned_line(plan, x, width))
        if choice.idle:
            out.append(Text("      " + _("idle: {units}").format(units=_names(plan, choice.idle))))
        out.append(Text("      " + _why(plan, choice), "muted"))
    if plan.choices and plan.choices[0].idle:
        out.append(Text(_("Left idle by the best plan: {units}.").format(
            units=_names(plan, plan.choices[0].idle))))  # fmt: skip
    if not plan.points_known:
        out.append(Text(_("No points in the warscrolls: each model counts its Wounds."), "muted"))
    for question in plan.assumed[:SHOWN_QUESTIONS]:
        out.append(Text(_("Taken as no, the table decides: {question}").format(question=question),
                        "muted"))  # fmt: skip
    more = len(plan.assumed) - SHOWN_QUESTIONS
    if more > 0:
        out.append(Text(ngettext("... and {n} more question (all in --json).",
                                 "... and {n} more questions (all in --json).", more)
                        .format(n=more), "muted"))  # fmt: skip
    return out


def _assigned_json(plan: PhasePlan, x: Assigned) -> dict[str, Any]:
    return {
        "target": plan.targets[x.target].id,
        "units": [plan.attackers[a].id for a in x.attackers],
        "destroyed_after_each": list(x.after_each),
        "destroyed": x.destroy,
        "mean_slain": x.slain.mean,
        "slain": dist_json(x.slain),
        "expected": x.points,
    }


def plan_json(plan: PhasePlan) -> dict[str, Any]:
    """The plan for programs: every pair's full distributions, the best plans, the sequence."""
    data: dict[str, Any] = {
        "phase": plan.kind,
        "side": plan.side,
        "measure": "points" if plan.points_known else "wounds",
        "units": [{"id": a.id, "name": a.name, "models": a.models} for a in plan.attackers],
        "targets": [
            {
                "id": t.id,
                "name": t.name,
                "models": t.models,
                "wounds": t.wounds,
                "wounds_suffered": t.suffered,
                "per_model": t.per_model,
            }
            for t in plan.targets
        ],
        "pairs": [
            {
                "unit": plan.attackers[p.attacker].id,
                "target": plan.targets[p.target].id,
                "destroyed": p.destroy,
                "mean_damage": p.damage.mean,
                "mean_slain": p.mean_slain,
                "damage": dist_json(p.damage),
                "slain": dist_json(p.slain),
            }
            for p in plan.pairs
        ],
        "plans": [
            {
                "rank": c.rank,
                "expected": c.points,
                "targets": [_assigned_json(plan, x) for x in c.assigned],
                "idle": [plan.attackers[a].id for a in c.idle],
                **({"focus_destroyed": c.focus} if c.focus is not None else {}),
            }
            for c in plan.choices
        ],
        "assumed_no": list(plan.assumed),
    }
    if plan.focus is not None:
        data["focus"] = plan.targets[plan.focus].id
    if plan.sequence is not None:
        data["sequence"] = _assigned_json(plan, plan.sequence)
    return data


def reroll_line(chances: RerollChances, what: str) -> str:
    """`Chance to destroy Chainrasp Horde: 12.0% without Inspired, 19.5% with it.`"""
    return _(
        "Chance to destroy {target}: {without} without {what}, {with_it} with it "
        "({mean_without} and {mean_with} models slain expected)."
    ).format(
        target=chances.target,
        without=percent(chances.without),
        what=what,
        with_it=percent(chances.with_it),
        mean_without=number(chances.mean_without, 2),
        mean_with=number(chances.mean_with, 2),
    )


def after_dice_line(after: AfterDice) -> str:
    """`Chance to destroy Chainrasp Horde: 12% before the roll, 31% after 9 hits.`"""
    n = sum(after.counts)
    done = (
        ngettext("after {n} hit", "after {n} hits", n)
        if after.stage == "hit"
        else ngettext("after {n} wound", "after {n} wounds", n)
    ).format(n=n)
    return _(
        "Chance to destroy {target}: {before} before the roll, {now} {done} "
        "({slain_before} and {slain_now} models slain expected)."
    ).format(
        target=after.target,
        before=percent(after.before),
        now=percent(after.after),
        done=done,
        slain_before=number(after.slain_before.mean, 2),
        slain_now=number(after.slain_after.mean, 2),
    )
