"""The roster import as one step: read, match, check, then write (or write nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aos_cli.content.files import is_folder, output_problem, path_exists
from aos_cli.content.importers.output import NOT_IMPORTED
from aos_cli.content.importers.safexml import ImportProblem
from aos_cli.language.i18n import _, ngettext

ARMY_MARKER = "# Written by aos import"


def _without_file(db: Any, target: Path) -> None:
    """Forget the records an earlier import of this roster wrote (they are written anew)."""
    resolved = target.resolve()
    for (kind, ident), origin in list(db.origins.items()):
        if Path(origin.file).resolve() == resolved:
            getattr(db, kind, {}).pop(ident, None)
            del db.origins[(kind, ident)]


def import_roster(
    path: Path,
    output: Path | None,
    content_out: Path | None,
    content: list[Path],
    *,
    skip_unknown: bool = False,
) -> dict[str, Any]:
    """Import a roster: the army list at `output`, warscrolls the database lacks (from the
    roster's own profiles) into `content_out`. Nothing is written unless everything matched
    (or, with `skip_unknown`, something did: the rest is listed as left out) and the army
    passes the checks of `aos army validate`."""
    from pydantic import ValidationError

    from aos_cli.content import load_database
    from aos_cli.content.army import ArmyList, check_army
    from aos_cli.content.database import Database
    from aos_cli.content.importers.output import file_name, is_imported, write_files
    from aos_cli.content.importers.roster import key, read_roster, to_army
    from aos_cli.content.loader import user_data_dir
    from aos_cli.content.schema import Allegiance, Battalion, Warscroll, slug

    if not path_exists(path) or is_folder(path):
        raise ImportProblem(_("{path}: no such roster file").format(path=path))
    roster = read_roster(path)
    out = content_out or user_data_dir() / "content"
    label = f"{path.stem} {roster.name}" if key(roster.name) not in key(path.stem) else path.stem
    target = out / file_name(label, "imported-roster")
    folders = [*content, *([out] if content_out is not None and out.is_dir() else [])]
    db = load_database(folders)
    _without_file(db, target)
    result = to_army(roster, db, f"roster {path.name!r}", label, skip_unknown=skip_unknown)
    if result.unmatched and (not skip_unknown or not result.army):
        listed = "; ".join(u.describe() for u in result.unmatched)
        count = len(result.unmatched)
        raise ImportProblem(
            ngettext(
                "{file}: {n} unit not in the rules database: {units}",
                "{file}: {n} units not in the rules database: {units}",
                count,
            ).format(file=path.name, n=count, units=listed),
            _("import the faction's catalogues with `aos warscroll import`, or fix the names"),
        )
    extra = Database(
        warscrolls=db.warscrolls.copy(),
        battalions=db.battalions.copy(),
        allegiances=db.allegiances.copy(),
        battleplans=db.battleplans,
        rulesets=db.rulesets,
    )
    try:
        for data in result.warscrolls:
            extra.warscrolls[data["id"]] = Warscroll.model_validate(data)
        for data in result.allegiances:
            extra.allegiances[data["id"]] = Allegiance.model_validate(data)
        for data in result.battalions:
            extra.battalions[data["id"]] = Battalion.model_validate(data)
        army = ArmyList.model_validate(result.army)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ImportProblem(f"{path.name}: {where}: {_type_or_raw(first)}") from None
    _checked, problems = check_army(army, extra)
    if problems:
        place, message = problems[0]
        raise ImportProblem(
            _("{file}: the army fails its checks: {where}: {problem}").format(
                file=path.name, where=".".join(map(str, place)), problem=message
            )
        )
    army_file = output or Path(f"{slug(roster.name) or path.stem}.yaml")
    problem = output_problem(army_file)
    if problem is not None:
        raise ImportProblem(f"{str(army_file)!r} {problem}", _("give -o NAME.yaml"))
    if army_file.exists() and not is_imported(army_file):
        raise ImportProblem(_(NOT_IMPORTED).format(path=army_file), _("give -o NAME.yaml"))
    written: list[str] = []
    records = {
        "warscrolls": result.warscrolls,
        "allegiances": result.allegiances,
        "battalions": result.battalions,
    }
    if any(records.values()):
        written = write_files(out, {target.name: records}, f"roster {path.name}")
    _write_army(army_file, result.army, path.name)
    report = result.to_json()
    report.update({"army_file": str(army_file), "content_files": written})
    return report


def _write_army(path: Path, army: dict[str, Any], source: str) -> None:
    import yaml

    from aos_cli.content.importers.output import import_lock, write_atomic
    from aos_cli.content.schema import SCHEMA_VERSION

    body = yaml.safe_dump(
        {"schema_version": SCHEMA_VERSION, "army": army},
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with import_lock(path.parent):
            write_atomic(path, f"{ARMY_MARKER}: army from {source}\n" + body)
    except OSError as error:
        raise ImportProblem(
            _("{path}: cannot be written ({reason})").format(path=path, reason=error.strerror)
        ) from None


def _type_or_raw(error: Any) -> str:
    """A validation error's message in the chosen language where the loader has one."""
    from aos_cli.content.loader import type_message

    return type_message(str(error["type"]), error.get("ctx") or {}) or str(error["msg"])
