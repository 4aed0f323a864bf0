"""`aos army ...`: Check and show army lists."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import ContentOption, JsonOption
from aos_cli.cli.warscroll import load_db, report_problems
from aos_cli.language.i18n import _, ngettext
from aos_cli.views.theme import markup_safe

army_app = typer.Typer(help="Check and show army lists.", no_args_is_help=True)

FileArgument = Annotated[Path, typer.Argument(help="The army list (YAML).")]


def _read(file: Path, content: list[Path] | None, as_json: bool) -> tuple[object, object]:
    """Read and check an army; print every problem and fail when there are any."""
    from aos_cli.content.files import file_problem
    from aos_cli.content.loader import read_army
    from aos_cli.core.errors import ContentError

    reason = file_problem(file)
    if reason is not None:
        raise ContentError(
            _("army list {file} {reason}").format(file=repr(str(file)[:200]), reason=reason)
        )
    db = load_db(content)
    army, problems = read_army(file, db)
    if problems or army is None:
        if as_json:
            print_json({"valid": False, "problems": [p.to_json() for p in problems]})
        else:
            report_problems(problems, stream="stdout")
        count = len(problems)
        found = ngettext("{n} problem in {file}", "{n} problems in {file}", count)
        raise ContentError(found.format(n=count, file=file))
    return army, db


@army_app.command("validate")
def army_validate(
    file: FileArgument, content: ContentOption = None, json: JsonOption = False
) -> None:
    """Check an army list against the warscrolls: every problem with its line (AoS2 §5.3, §25)."""
    from aos_cli.content import ArmyList

    army, db = _read(file, content, json)
    assert isinstance(army, ArmyList)
    models = sum(u.models for u in army.units)
    loadouts = _loadouts(army, db)
    if json:
        print_json(
            {
                "valid": True,
                "name": army.name,
                "units": len(army.units),
                "models": models,
                "loadouts": loadouts,
            }
        )
        return
    units = ngettext("{n} unit", "{n} units", len(army.units)).format(n=len(army.units))
    many = ngettext("{n} model", "{n} models", models).format(n=models)
    console().print(
        _("{army} is valid: {units}, {models}.").format(
            army=f"[success]{markup_safe(army.name)}[/]", units=units, models=many
        )
    )
    for unit in army.units:
        carried = ", ".join(f"{n}× {w}" for w, n in loadouts.get(unit.id, {}).items())
        if carried:
            console().print(f"  {markup_safe(unit.name or unit.warscroll)}: {markup_safe(carried)}")


def _loadouts(army: object, db: object) -> dict[str, dict[str, int]]:
    """Unit id → weapon name → models carrying it, as a game's set-up arms them."""
    from aos_cli.app.setup import weapon_carriers
    from aos_cli.content import ArmyList, Database

    assert isinstance(army, ArmyList) and isinstance(db, Database)
    found: dict[str, dict[str, int]] = {}
    for unit in army.units:
        scroll = db.warscroll(unit.warscroll_id or unit.warscroll)
        if scroll.weapons:
            found[unit.id] = weapon_carriers(scroll, unit)
    return found


@army_app.command("show")
def army_show(file: FileArgument, content: ContentOption = None, json: JsonOption = False) -> None:
    """Show an army list: units, models, weapons, general, wizards, artefacts, battalions."""
    from aos_cli.content import ArmyList, Database

    army, db = _read(file, content, json)
    assert isinstance(army, ArmyList) and isinstance(db, Database)
    if json:
        print_json(army.model_dump(mode="json"))
        return
    from aos_cli.views.warscroll import army_table

    console().print(army_table(army, db))


@army_app.command("import")
def army_import(
    roster: Annotated[
        Path,
        typer.Argument(help="A roster: .ros/.rosz, BattleScribe HTML, or Warscroll Builder text."),
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Army list to write (default: NAME.yaml).")
    ] = None,
    content_out: Annotated[
        Path | None,
        typer.Option(
            help="Folder for warscrolls written from the roster (default: your data's content)."
        ),
    ] = None,
    skip_unknown: Annotated[
        bool,
        typer.Option(
            "--skip-unknown",
            help="Import the units the rules database knows and list the others as left out.",
        ),
    ] = False,
    content: ContentOption = None,
    json: JsonOption = False,
) -> None:
    """Turn a roster into an army list; units the database lacks come from the roster itself."""
    from aos_cli.cli.common import shown
    from aos_cli.content.importers.run import import_roster

    result = import_roster(roster, output, content_out, content or [], skip_unknown=skip_unknown)
    if json:
        print_json(result)
        return
    units = ngettext("{n} unit", "{n} units", result["units"]).format(n=result["units"])
    models = ngettext("{n} model", "{n} models", result["models"]).format(n=result["models"])
    print(
        _("Wrote {file}: {units}, {models}.").format(
            file=shown(result["army_file"]), units=units, models=models
        )
    )
    for label, key in (
        (_("From the database"), "from_database"),
        (_("Written from the roster"), "written_from_roster"),
    ):
        if result[key]:
            print(f"{label} ({len(result[key])}): {', '.join(shown(n) for n in result[key])}")
    for line in unit_report_lines(result["unit_report"]):
        print(shown(line))
    for note in result["notes"]:
        print(_("Note: {note}").format(note=shown(note)))


def unit_report_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The import report, unit by unit: what was read, what it became, what was defaulted,
    and what was left out and why."""
    lines: list[str] = []
    for row in rows:
        read = str(row.get("read", ""))
        if row.get("left_out"):
            closest = ", ".join(str(n) for n in row.get("closest") or [])
            line = _("Left out: {unit}: {why}").format(unit=read, why=row["left_out"])
            if closest:
                line += " " + _("(closest: {names})").format(names=closest)
            lines.append(line)
            continue
        matched = row.get("matched") or _("written from the roster")
        weapons = row.get("weapons") or {}
        carried = ", ".join(f"{n}× {w}" for w, n in weapons.items() if n)
        models = int(row.get("models", 1))
        many = ngettext("{n} model", "{n} models", models).format(n=models)
        line = f"{read} → {matched} ({many}" + (f"; {carried}" if carried else "") + ")"
        lines.append(line)
        for default in row.get("defaulted") or []:
            lines.append("  " + _("defaulted: {what}").format(what=default))
        for item in row.get("not_read") or []:
            lines.append("  " + _("option line not read: {line}").format(line=item))
        for option in row.get("no_weapon_of") or []:
            lines.append(
                "  "
                + _("no weapon of {option}: the roster shows none of them").format(option=option)
            )
        for weapon in row.get("not_in_warscroll") or []:
            lines.append(
                "  "
                + _("{weapon}: the roster's weapon is not on the database's warscroll").format(
                    weapon=weapon
                )
            )
    return lines
