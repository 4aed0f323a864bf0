"""The battle report: the result, victory points, losses per unit, and the luck report
(expected against actual damage per unit, each side's luckiest and unluckiest attack).

Every figure comes from a game's state; `aos game report` gives it the state folded from the
stored events (`aos_cli.app.history.report_state`), so the report runs no rule."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Group
from rich.table import Column
from rich.text import Text

from aos_cli.core.state import GameState
from aos_cli.language.i18n import N_, _
from aos_cli.language.i18n import number as local_number
from aos_cli.views.tables import FitTable
from aos_cli.views.theme import name_text
from aos_cli.views.words import phase_name


def battle_result(state: GameState) -> dict[str, Any] | None:
    """The result by the battleplan's victory conditions once the battle has ended; None while
    it goes on (a battle is not won before its end)."""
    return dict(state.result) if state.result else None


def points_by_round(state: GameState) -> list[list[int]]:
    """Each side's victory points at the end of every battle round, from the ledger."""
    rounds: list[list[int]] = []
    for number in range(1, state.round + 1):
        rounds.append(
            [
                sum(e.points for e in state.ledger if e.side == side and e.round <= number)
                for side in range(len(state.sides))
            ]
        )
    return rounds


def losses_by_phase(state: GameState) -> list[dict[str, Any]]:
    """Models each unit lost, by battle round and phase."""
    totals: dict[tuple[int, str, int, str], int] = defaultdict(int)
    for entry in state.losses:
        totals[(entry["round"], entry["phase"], entry["side"], entry["unit"])] += entry["models"]
    return [
        {
            "round": rnd,
            "phase": phase,
            "side": state.sides[side].name,
            "unit": state.unit(unit).name,
            "models": count,
        }
        for (rnd, phase, side, unit), count in totals.items()
    ]


def luck(state: GameState) -> list[dict[str, Any]]:
    """Expected against actual damage per attacking unit."""
    totals: dict[tuple[int, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for entry in state.attack_log:
        row = totals[(entry["side"], entry["unit"])]
        row[0] += entry["expected"]
        row[1] += entry["damage"]
        row[2] += 1
    return [
        {
            "side": state.sides[side].name,
            "unit": state.unit(unit).name,
            "attacks_made": int(row[2]),
            "expected": round(row[0], 2),
            "actual": int(row[1]),
        }
        for (side, unit), row in sorted(totals.items())
    ]


def extremes(state: GameState) -> list[dict[str, Any]]:
    """Each side's luckiest and unluckiest attack (actual minus expected damage); a side that
    attacked once has neither (its one attack is in the luck table)."""
    found = []
    logged = state.attack_log
    for index, side in enumerate(state.sides):
        own = [e for e in logged if e["side"] == index]
        if len(own) < 2:
            continue
        best = max(own, key=lambda e: e["damage"] - e["expected"])
        worst = min(own, key=lambda e: e["damage"] - e["expected"])
        for label, entry in (("luckiest", best), ("unluckiest", worst)):
            found.append(
                {
                    "side": side.name,
                    "which": label,
                    "round": entry["round"],
                    "phase": entry["phase"],
                    "unit": state.unit(entry["unit"]).name,
                    "target": state.unit(entry["target"]).name,
                    "expected": round(entry["expected"], 2),
                    "actual": entry["damage"],
                }
            )
    return found


def setup_choices(state: GameState) -> list[dict[str, Any]]:
    """Each side's set-up choices (AoS2 §25): command trait, artefacts and triumph, with the
    unit that has them."""
    found = []
    for side in state.sides:
        if side.triumph:
            found.append({"side": side.name, "unit": None, "kind": "triumph",
                          "name": side.triumph.get("name"), "text": side.triumph.get("text"),
                          "used": side.triumph_used})  # fmt: skip
        for unit in side.units:
            for choice in unit.spec.choices:
                found.append({"side": side.name, "unit": unit.name, "kind": choice.get("kind"),
                              "name": choice.get("name"), "text": choice.get("text"),
                              "weapon": choice.get("weapon_name")})  # fmt: skip
    return found


def choice_lines(state: GameState) -> list[str]:
    """The set-up choices as sentences: "Stormcast: Zealous Crusader (command trait, on
    Lord-Castellant)", "Stormcast: Strife-ender (artefact, on Lord-Castellant, its Castellant's
    Halberd)"."""
    kinds = {"command_trait": N_("command trait"), "command trait": N_("command trait"),
             "artefact": N_("artefact"), "triumph": N_("triumph")}  # fmt: skip
    from aos_cli.language.text import content_word

    return [
        f"{c['side']}: {content_word(c['name'])} "
        f"({_(kinds[c['kind']]) if c['kind'] in kinds else c['kind']}"
        + (_(", on {unit}").format(unit=c["unit"]) if c["unit"] else "")
        + (_(", used") if c.get("used") else "")
        + (
            _(", its {weapon})").format(weapon=content_word(c["weapon"]))
            if c.get("weapon")
            else ")"
        )
        for c in setup_choices(state)
    ]


def report_json(state: GameState) -> dict[str, Any]:
    """The whole report as data: `result` once the battle has ended, `lead` before that."""
    from aos_cli.core.scoring import lead

    rounds = points_by_round(state)
    return {
        "result": battle_result(state),
        "lead": None if state.result else lead(state),
        "rounds_played": state.round,
        "victory_points": {side.name: side.victory_points for side in state.sides},
        "victory_points_by_round": rounds,
        "losses": [
            {
                "side": side.name,
                "unit": unit.name,
                "models_start": unit.spec.models,
                "models_left": unit.models,
            }
            for side in state.sides
            for unit in side.units
        ],
        "losses_by_phase": losses_by_phase(state),
        "time_at_table": {
            side.name: round(state.clock.get(index, 0.0), 1)
            for index, side in enumerate(state.sides)
        },
        "luck": luck(state),
        "extremes": extremes(state),
        "choices": setup_choices(state),
    }


def result_line(state: GameState) -> Text:
    """The result once the battle has ended; before that, who leads and by how much."""
    from aos_cli.core.scoring import describe, describe_lead, lead

    result = battle_result(state)
    line = describe_lead(lead(state)) if result is None else describe(result)
    return Text(str(line), style="heading")


def report_view(state: GameState) -> Group:
    """The battle report as Rich renderables."""
    rounds = points_by_round(state)
    points = FitTable(
        _("Round"),
        *(Column(header=name_text(s.name)) for s in state.sides),
        title=_("Victory points"),
        header_style="heading",
    )
    for number, row in enumerate(rounds, start=1):
        points.add_row(str(number), *(str(v) for v in row))
    losses = FitTable(_("Side"), _("Unit"), _("Models"), title=_("Losses"), header_style="heading")
    for side in state.sides:
        for unit in side.units:
            lost = unit.spec.models - unit.models
            losses.add_row(
                Text(side.name),
                Text(unit.name),
                f"{unit.models}/{unit.spec.models}" + (f"  (-{lost})" if lost else ""),
            )
    lucky = FitTable(
        _("Side"),
        _("Unit"),
        _("Shots/fights"),
        _("Expected"),
        _("Actual"),
        title=_("Luck: damage dealt"),
        header_style="heading",
    )
    for entry in luck(state):
        diff = entry["actual"] - entry["expected"]
        style = "success" if diff > 0 else ("fail" if diff < 0 else "")
        lucky.add_row(
            Text(entry["side"]),
            Text(entry["unit"]),
            str(entry["attacks_made"]),
            local_number(entry["expected"], 2),
            Text(str(entry["actual"]), style=style),
        )
    lines = [Text(_extreme_line(e)) for e in extremes(state)]
    by_phase = FitTable(
        _("Round"), _("Phase"), _("Side"), _("Unit"), _("Models lost"), title=_("Losses by phase")
    )
    for step in losses_by_phase(state):
        by_phase.add_row(
            str(step["round"]),
            phase_name(step["phase"]),
            Text(step["side"]),
            Text(step["unit"]),
            str(step["models"]),
        )
    if state.clock:
        clocks = ", ".join(
            _("{side} {minutes} min").format(
                side=side.name, minutes=int(state.clock.get(i, 0) // 60)
            )
            for i, side in enumerate(state.sides)
        )
        lines.append(Text(_("Time at the table: {clocks}.").format(clocks=clocks)))
    lines += [
        Text(_("Set-up choice of {choice}.").format(choice=line)) for line in choice_lines(state)
    ]
    tables = [points] if scores_points(state, rounds) else []
    return Group(result_line(state), *tables, losses, by_phase, lucky, *lines)


def scores_points(state: GameState, rounds: list[list[int]]) -> bool:
    """Whether the battle is scored in victory points: its battleplan awards them, or some
    were given; AoS1's Glorious Victory counts losses only (AoS1 §5), so shows no such table."""
    awards = state.scoring is not None and bool(state.scoring.plan.scoring)
    return awards or any(v for row in rounds for v in row)


def _extreme_line(extreme: dict[str, Any]) -> str:
    """One side's luckiest or unluckiest attack as a sentence."""
    if extreme["which"] == "luckiest":
        text = _(
            "{side}'s luckiest attack: {unit} against {target} in round {round} ({phase}), "
            "{actual} damage where {expected} was expected."
        )
    else:
        text = _(
            "{side}'s unluckiest attack: {unit} against {target} in round {round} ({phase}), "
            "{actual} damage where {expected} was expected."
        )
    return text.format(
        side=extreme["side"],
        unit=extreme["unit"],
        target=extreme["target"],
        round=extreme["round"],
        phase=phase_name(extreme["phase"]),
        actual=extreme["actual"],
        expected=local_number(extreme["expected"], 2),
    )


def report_markdown(state: GameState) -> str:
    """The battle report as Markdown, for `aos game report`; every name from the game goes
    through `markdown_safe`, so a name can neither format the page nor carry an escape."""
    from aos_cli.views.theme import markdown_safe as md

    data = report_json(state)
    rounds = data["victory_points_by_round"]
    names = [md(s.name) for s in state.sides]
    out = [f"# {md(state.name)}", "", md(result_line(state).plain)]
    if scores_points(state, rounds):
        out += ["", "## Victory points", ""]
        out += ["| Round | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
        out += [
            f"| {i} | " + " | ".join(str(v) for v in row) + " |" for i, row in enumerate(rounds, 1)
        ]
    out += ["", "## Losses", "", "| Side | Unit | Models left |", "|---|---|---|"]
    out += [
        f"| {md(r['side'])} | {md(r['unit'])} | {r['models_left']}/{r['models_start']} |"
        for r in data["losses"]
    ]
    out += ["", "## Losses by phase", "", "| Round | Phase | Side | Unit | Models |"]
    out += ["|---|---|---|---|---|"]
    out += [
        f"| {r['round']} | {md(r['phase'])} | {md(r['side'])} | {md(r['unit'])} | {r['models']} |"
        for r in data["losses_by_phase"]
    ]
    out += ["", "## Luck", "", "| Side | Unit | Expected | Actual |", "|---|---|---|---|"]
    out += [
        f"| {md(r['side'])} | {md(r['unit'])} | {r['expected']:.2f} | {r['actual']} |"
        for r in data["luck"]
    ]
    if data["choices"]:
        out += ["", "## Set-up choices", "", *(f"- {md(line)}" for line in choice_lines(state))]
    times = data["time_at_table"]
    out += [
        "",
        "Time at the table: " + ", ".join(f"{md(k)} {v:.0f} s" for k, v in times.items()),
    ]
    return "\n".join(out) + "\n"
