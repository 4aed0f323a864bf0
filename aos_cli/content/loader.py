"""Find, read, validate and cache content files; merge them into a `Database`.

Content folders, in order (later ones override records with the same id):
1. bundled: `aos_cli/rulesets/`, and `warscrolls/` + `battleplans/` (the repository's top-level
   folders, or `aos_cli/_data/...` in an installed wheel);
2. the user's data folder (`$AOS_DATA_DIR` or platformdirs' user data dir, `content/` in it);
3. `$AOS_CONTENT` (folders separated by the OS path separator);
4. `--content DIR` options.
Within one folder a duplicate id is a problem. Each file's validated records are cached (JSON
under `$AOS_CACHE_DIR` or platformdirs' user cache dir) keyed on path and checked against the
file's mtime, size and SHA-256, so start-up stays fast with hundreds of warscrolls; a changed file
is validated again, alone, and a cache that cannot be read is rebuilt. From an unchanged file only
the light index of each record is read (id, name, system, faction, what lists show); a record is
validated the first time a command uses it, and one that fails is rebuilt from its file.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aos_cli.content.database import Database, Entry, Origin, entry_of
from aos_cli.content.files import (
    LOOPS,
    UnreadableFile,
    file_problem,
    is_folder,
    path_exists,
    read_regular_file,
    read_text_file,
)
from aos_cli.content.problems import ContentProblems, Problem, display_name, format_path
from aos_cli.core.errors import ContentError
from aos_cli.core.limits import MAX_CACHE_BYTES, MAX_CONTENT_FILES
from aos_cli.core.records import dataclass
from aos_cli.core.system import system_ids
from aos_cli.language.i18n import _, language, number

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

    from aos_cli.content.army import ArmyList
    from aos_cli.content.yamlsrc import Source

KINDS = ("warscrolls", "battalions", "allegiances", "battleplans")
"""The lists of records a content file may hold."""
SINGLE = ("ruleset", "army")
"""The single records a content file may hold."""
TOP_KEYS = ("schema_version", "system", *KINDS, *SINGLE)
RECORD_KINDS = (*KINDS, "rulesets", "army")
"""The kinds of record loaded (a file's `ruleset` is loaded as one of the `rulesets`)."""
CACHE_FORMAT = 4


@cache
def model_for(kind: str) -> type[BaseModel]:
    """The pydantic model of a key of a content file or a kind of record, imported only when
    a record is validated: content read from the cache's index needs no schema."""
    if kind == "army":
        from aos_cli.content.army import ArmyList

        return ArmyList
    import aos_cli.content.schema as schema

    models: dict[str, type[BaseModel]] = {
        "warscrolls": schema.Warscroll,
        "battalions": schema.Battalion,
        "allegiances": schema.Allegiance,
        "battleplans": schema.Battleplan,
        "ruleset": schema.Ruleset,
        "rulesets": schema.Ruleset,
    }
    return models[kind]


@dataclass
class Loaded:
    """One record read from a file."""

    kind: str
    """warscrolls, battalions, allegiances, battleplans, rulesets or army."""
    record: Any
    """The validated record, or a `Pending` one read from the cache's index."""
    origin: Origin

    @property
    def key(self) -> str:
        """The record's id (a ruleset's: its system)."""
        if isinstance(self.record, Pending):
            return self.record.entry.id
        if self.kind == "rulesets":
            return str(self.record.system)
        return str(getattr(self.record, "id", ""))  # an army list has no id


@dataclass
class Pending:
    """A record of an unchanged file known from the cache by its index entry: its cached data
    is validated by its model only when a command first uses it; data that fails (a damaged
    cache) is rebuilt from the file, whose problems are reported with their lines."""

    kind: str
    entry: Entry
    data: dict[str, Any]
    path: Path

    def build(self) -> Any:
        """The record, validated now."""
        from pydantic import ValidationError

        try:
            return model_for(self.kind).model_validate(self.data)
        except ValidationError:
            return self._from_file()

    def _from_file(self) -> Any:
        _VALIDATED.pop(str(self.path.resolve()), None)
        cache = Cache()
        result = cache.result(self.path, fresh=True)
        cache.save()
        if result.problems:
            raise ContentProblems(result.problems)
        for loaded in result.records:
            if loaded.kind == self.kind and loaded.key == self.entry.id:
                return loaded.record
        file = display_name(self.path)
        reason = _("no longer holds {name}: try the command again").format(
            name=repr(self.entry.name)
        )
        raise ContentProblems([Problem(file, None, "", reason)])


@dataclass
class FileResult:
    """What one file gave: its valid records and every problem found in it."""

    file: str
    records: list[Loaded] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def is_army(self) -> bool:
        return any(r.kind == "army" for r in self.records)


# --------------------------------------------------------------------------- one file


def _all_field_names() -> set[str]:
    from pydantic import BaseModel

    import aos_cli.content.schema as schema

    names: set[str] = set()
    for model in vars(schema).values():
        if isinstance(model, type) and issubclass(model, BaseModel):
            names.update(model.model_fields)
    return names


_FIELD_NAMES: set[str] = set()


def _message(error: Any) -> str:
    kind = error["type"]
    loc = error["loc"]
    if kind == "missing":
        return _("missing: {key} is required").format(key=loc[-1]) if loc else _("missing")
    if kind == "extra_forbidden":
        if not _FIELD_NAMES:
            _FIELD_NAMES.update(_all_field_names())
        close = difflib.get_close_matches(str(loc[-1]), sorted(_FIELD_NAMES), n=1)
        return unknown_key(_("did you mean {key}?").format(key=close[0]) if close else None)
    said = type_message(kind, error.get("ctx") or {})
    if said is not None:
        return said
    message = str(error["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message


def unknown_key(hint: str | None) -> str:
    """The problem of a key no record has, with a hint in brackets when there is one."""
    return _("unknown key ({hint})").format(hint=hint) if hint else _("unknown key")


def type_message(kind: str, ctx: dict[str, Any]) -> str | None:
    """A validation error of a value's type or size in the chosen language (None for the
    schema's own checks, whose messages are used as they are)."""
    simple = {
        "int_type": _("must be a whole number"),
        "int_parsing": _("must be a whole number"),
        "int_from_float": _("must be a whole number"),
        "float_type": _("must be a number"),
        "float_parsing": _("must be a number"),
        "string_type": _("must be text"),
        "bool_type": _("must be true or false"),
        "bool_parsing": _("must be true or false"),
        "list_type": _("must be a list"),
        "dict_type": _("must be a mapping"),
        "model_type": _("must be a mapping"),
        "model_attributes_type": _("must be a mapping"),
    }
    if kind in simple:
        return simple[kind]
    bounds = {
        "greater_than_equal": ("ge", _("must be {limit} or more")),
        "less_than_equal": ("le", _("must be {limit} or less")),
        "greater_than": ("gt", _("must be more than {limit}")),
        "less_than": ("lt", _("must be less than {limit}")),
        "string_too_long": ("max_length", _("must be at most {limit} characters long")),
        "string_too_short": ("min_length", _("must be at least {limit} characters long")),
        "too_long": ("max_length", _("must hold at most {limit} items")),
        "too_short": ("min_length", _("must hold at least {limit} items")),
        "literal_error": ("expected", _("must be {limit}")),
    }
    if kind in bounds and bounds[kind][0] in ctx:
        key, message = bounds[kind]
        return message.format(limit=ctx[key])
    return None


def pydantic_problems(
    error: ValidationError, source: Source, prefix: tuple[str | int, ...], file: str
) -> list[Problem]:
    """Every error of a validation, located by walking the YAML node tree."""
    problems: list[Problem] = []
    seen: set[tuple[int | None, str]] = set()
    for item in error.errors(include_url=False):
        ctx = item.get("ctx") or {}
        loc = (*prefix, *item["loc"])
        expanded = ctx.get("problems")
        pairs = (
            [((*loc, *sub), message) for sub, message in expanded]
            if expanded
            else [(loc, _message(item))]
        )
        for where, message in pairs:
            line, kept = resolve(source, where)
            key = (line, format_path(kept) + message)
            if key in seen or message == "Input should be None":
                continue
            seen.add(key)
            problems.append(Problem(file, line, format_path(kept), message))
    return problems


def resolve(source: Source, loc: Sequence[str | int]) -> tuple[int | None, list[str | int]]:
    """The line of a location and the parts of it that name fields of the file."""
    import yaml

    node = source.node
    kept: list[str | int] = []
    if node is None:
        return None, kept
    line = node.start_mark.line + 1
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    line, node = key.start_mark.line + 1, value
                    kept.append(part)
                    break
            else:
                if isinstance(part, str) and part.isidentifier():
                    kept.append(part)
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if 0 <= part < len(node.value):
                node = node.value[part]
                line = node.start_mark.line + 1
                kept.append(part)
        elif isinstance(part, int) and kept and isinstance(kept[-1], str):
            kept.append(part)
    return line, kept


def validate_text(text: str, file: str) -> FileResult:
    """Validate one content file's text; never raises for bad content, returns problems."""
    from aos_cli.content.yamlsrc import YamlProblem, parse

    result = FileResult(file)
    try:
        source, duplicates = parse(text)
    except YamlProblem as problem:
        result.problems.append(Problem(file, problem.line, "", problem.message))
        return result
    result.problems.extend(Problem(file, p.line, "", p.message) for p in duplicates)
    data = source.data
    if not isinstance(data, dict):
        result.problems.append(
            Problem(file, source.line(()), "", _("a content file is a mapping with schema_version"))
        )
        return result
    result.problems += _top_key_problems(data, source, file)
    result.problems += _version_problems(data, source, file)
    system, problems = _file_system(data, source, file)
    result.problems += problems
    _validate_lists(data, system, source, result)
    _validate_singles(data, system, source, result)
    return result


def _top_key_problems(data: dict[Any, Any], source: Source, file: str) -> list[Problem]:
    """A key at the top of the file that no content file has, with the closest one's name."""
    problems: list[Problem] = []
    for key in data:
        if key not in TOP_KEYS:
            close = difflib.get_close_matches(str(key), TOP_KEYS, n=1)
            hint = (
                _("did you mean {key}?").format(key=close[0])
                if close
                else _("use {keys}").format(keys=", ".join(TOP_KEYS))
            )
            problems.append(Problem(file, source.line((key,)), str(key), unknown_key(hint)))
    return problems


def _version_problems(data: dict[Any, Any], source: Source, file: str) -> list[Problem]:
    """The file's schema_version is given and is the one this aos reads."""
    import aos_cli.content.schema as schema

    version = data.get("schema_version")
    if version is None:
        missing = _("missing: write schema_version: {version}").format(
            version=schema.SCHEMA_VERSION
        )
        return [Problem(file, 1, "schema_version", missing)]
    if version != schema.SCHEMA_VERSION:
        unread = _("{version} is not a version this aos reads ({supported})").format(
            version=repr(version), supported=schema.SCHEMA_VERSION
        )
        return [Problem(file, source.line(("schema_version",)), "schema_version", unread)]
    return []


def _file_system(
    data: dict[Any, Any], source: Source, file: str
) -> tuple[str | None, list[Problem]]:
    """The game system the file's records default to (None when it names none, or one this
    aos does not know, which is a problem)."""
    import aos_cli.content.schema as schema

    system = data.get("system")
    if system is not None and system not in system_ids():
        choices = _("use one of {systems}").format(systems=schema.system_choices())
        return None, [Problem(file, source.line(("system",)), "system", choices)]
    return system, []


def _with_system(item: Any, system: str | None) -> Any:
    """A record that names no system, given the file's."""
    if isinstance(item, dict) and system and "system" not in item:
        return {**item, "system": system}
    return item


def _validate_lists(
    data: dict[Any, Any], system: str | None, source: Source, result: FileResult
) -> None:
    """Each record of the file's lists (warscrolls, battalions, ...) validated by its model;
    a list that is not a list is a problem."""
    for kind in KINDS:
        model = model_for(kind)
        items = data.get(kind)
        if items is None:
            continue
        if not isinstance(items, list):
            result.problems.append(
                Problem(result.file, source.line((kind,)), kind, _("must be a list"))
            )
            continue
        for index, item in enumerate(items):
            _validate_one(model, _with_system(item, system), (kind, index), kind, source, result)


def _validate_singles(
    data: dict[Any, Any], system: str | None, source: Source, result: FileResult
) -> None:
    """The file's single records (a ruleset, loaded as one of the rulesets; an army)
    validated by their models."""
    for key in SINGLE:
        model = model_for(key)
        if key in data:
            kind = "rulesets" if key == "ruleset" else key
            _validate_one(model, _with_system(data[key], system), (key,), kind, source, result)


def _validate_one(
    model: type[BaseModel],
    item: Any,
    path: tuple[str | int, ...],
    kind: str,
    source: Source,
    result: FileResult,
) -> None:
    from pydantic import ValidationError

    try:
        record = model.model_validate(item)
    except ValidationError as error:
        result.problems.extend(pydantic_problems(error, source, path, result.file))
        return
    origin = Origin(result.file, source.line(path), format_path(path))
    result.records.append(Loaded(kind, record, origin))


def validate_file(path: Path) -> FileResult:
    """Read and validate one file (problems for unreadable files, never an exception)."""
    file = display_name(path)
    try:
        text = read_text_file(path)
    except UnreadableFile as error:
        return FileResult(file, problems=[Problem(file, None, "", error.reason)])
    return validate_text(text, file)


# --------------------------------------------------------------------------- folders


def package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def bundled_dirs() -> list[Path]:
    """The rulesets, warscrolls and battleplans shipped with aos (wheel or source tree)."""
    found = [package_dir() / "rulesets"]
    for name in ("warscrolls", "battleplans"):
        for candidate in (package_dir() / "_data" / name, package_dir().parent / name):
            if candidate.is_dir():
                found.append(candidate)
                break
    return [d for d in found if d.is_dir()]


def user_data_dir() -> Path:
    """Where a player keeps their own content: `$AOS_DATA_DIR` or the platform's data dir."""
    env = os.environ.get("AOS_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("aos-cli", appauthor=False))


def cache_dir() -> Path:
    """`$AOS_CACHE_DIR` or the platform's user cache dir."""
    env = os.environ.get("AOS_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("aos-cli", appauthor=False))


def content_groups(content_dirs: Sequence[Path] = ()) -> list[list[Path]]:
    """Folder groups in override order; each group is checked for duplicate ids on its own."""
    groups: list[list[Path]] = [bundled_dirs()]
    user = user_data_dir() / "content"
    if user.is_dir():
        groups.append([user])
    env = os.environ.get("AOS_CONTENT", "")
    extra = [Path(p) for p in env.split(os.pathsep) if p.strip()] + [Path(p) for p in content_dirs]
    for folder in extra:
        if not path_exists(folder):
            raise ContentError(
                _("content folder {folder} does not exist").format(folder=repr(str(folder)[:200]))
            )
        groups.append([folder])
    return groups


def yaml_files(paths: Iterable[Path]) -> list[Path]:
    """Every .yaml/.yml file under the paths (files given are taken as they are), sorted."""
    return content_files(paths)[0]


def content_files(paths: Iterable[Path]) -> tuple[list[Path], list[Problem]]:
    """Every .yaml/.yml entry under the paths (files given are taken as they are), sorted, and
    a problem for each folder that cannot be read and each link that loops.

    A `.yaml` entry that is not a readable regular file (a link to nothing, a pipe) is listed
    all the same, so reading it reports what it is instead of skipping it silently."""
    files: list[Path] = []
    problems: list[Problem] = []
    budget = [MAX_WALKED_ENTRIES]
    for path in paths:
        if is_folder(path):
            found, trouble = _walk_folder(path, budget, len(files))
            files.extend(found)
            problems.extend(trouble)
        else:
            files.append(path)
        if len(files) > MAX_CONTENT_FILES:
            raise _too_many_files()
    return files, problems


MAX_WALKED_ENTRIES = 5 * MAX_CONTENT_FILES
"""The most folder entries looked at while finding content files (`aos rules validate /`
stops here instead of walking a whole disk); the file limit is checked as the walk goes."""
MAX_WALK_PROBLEMS = 100
"""Unreadable folders reported at most (a walk of /proc meets thousands)."""


def _too_many_files() -> ContentError:
    return ContentError(
        _("the content folders hold more than {limit} files").format(
            limit=number(MAX_CONTENT_FILES)
        ),
        _("the limit is {limit}; point --content at a smaller folder").format(
            limit=number(MAX_CONTENT_FILES)
        ),
    )


def _walk_folder(
    root: Path, budget: list[int] | None = None, found_before: int = 0
) -> tuple[list[Path], list[Problem]]:
    """The .yaml/.yml entries under `root`, following links to folders once each; `budget`
    holds the folder entries still allowed, and the walk stops with one line past it or past
    the file limit (counting `found_before` files of earlier folders)."""
    budget = budget if budget is not None else [MAX_WALKED_ENTRIES]
    files: list[Path] = []
    problems: list[Problem] = []
    seen: set[tuple[int, int]] = set()
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            info = folder.stat()
            entries = []
            with os.scandir(folder) as listing:
                for entry in listing:
                    budget[0] -= 1
                    if budget[0] < 0:
                        raise _too_many_entries()
                    entries.append(entry)
            entries.sort(key=lambda entry: entry.name)
        except OSError as error:
            if len(problems) < MAX_WALK_PROBLEMS:
                reason = _("is a folder that cannot be read: {reason}").format(
                    reason=error.strerror or error
                )
                problems.append(Problem(display_name(folder), None, "", reason))
            continue
        if (info.st_dev, info.st_ino) in seen:
            problems.append(
                Problem(
                    display_name(folder), None, "", _("is a link back to a folder already read")
                )
            )
            continue
        seen.add((info.st_dev, info.st_ino))
        subfolders: list[Path] = []
        for entry in entries:
            path = Path(entry.path)
            if _is_folder_entry(entry, path):
                subfolders.append(path)
            elif path.suffix in (".yaml", ".yml"):
                files.append(path)
                if found_before + len(files) > MAX_CONTENT_FILES:
                    raise _too_many_files()
            elif entry.is_symlink() and path_exists(path) and not is_folder(path):
                loop = file_problem(path)
                if loop == _(LOOPS):
                    problems.append(Problem(display_name(path), None, "", loop))
        folders.extend(reversed(subfolders))
    return sorted(files), problems


def _is_folder_entry(entry: os.DirEntry[str], path: Path) -> bool:
    """Whether a folder entry is a folder (or a link to one): the type the listing gave, and
    a stat only for links, so a large walk costs no system call per entry."""
    try:
        if entry.is_symlink():
            return is_folder(path)
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _too_many_entries() -> ContentError:
    return ContentError(
        _("the content folders hold more than {limit} entries").format(
            limit=number(MAX_WALKED_ENTRIES)
        ),
        _("point --content at the folder of your YAML files"),
    )


# --------------------------------------------------------------------------- cache


def _fingerprint() -> str:
    """Changes when aos or its schema code changes, so a stale cache is never used."""
    from aos_cli import __version__

    parts = [str(CACHE_FORMAT), __version__]
    modules = [
        *sorted((package_dir() / "content").glob("*.py")),
        package_dir() / "core" / "effects.py",
        package_dir() / "core" / "ability_effects.py",
    ]
    for module in modules:
        try:
            stat = module.stat()
            parts.append(f"{module.name}:{stat.st_mtime_ns}:{stat.st_size}")
        except OSError:
            parts.append(module.name)
    return "|".join(parts)


CACHE_FILE = "content-cache.json"
OLD_CACHE_FILES = ("content-cache.pickle",)
"""Caches of earlier versions: never read (a pickle can run code), removed when seen."""

_VALIDATED: dict[str, tuple[list[Any], FileResult, object]] = {}
"""Results this process validated or read already, by path with their stamp: a command that
loads the content again (a retried action) does not validate it again."""


class Cache:
    """Validated file results as JSON, keyed by path and checked against the file's size,
    mtime and SHA-256, so a changed file is validated again.

    JSON holds data only: a cache file, whoever wrote it, can never run code. Each cached
    record is validated again by its model when read (fast: no YAML); a cache that cannot be
    read, or an entry that does not validate, is rebuilt from the file, never trusted."""

    def __init__(self) -> None:
        self.enabled = os.environ.get("AOS_NO_CACHE", "") in ("", "0")
        self.path = cache_dir() / CACHE_FILE
        self.fingerprint = _fingerprint()
        self._entries: dict[str, dict[str, Any]] | None = None
        self.changed = False
        self.hits = 0
        self.misses = 0
        for stale in OLD_CACHE_FILES:
            with contextlib.suppress(OSError):
                (self.path.parent / stale).unlink(missing_ok=True)

    @property
    def entries(self) -> dict[str, dict[str, Any]]:
        """The stored entries, read from the cache file when first needed."""
        if self._entries is None:
            self._entries = self._read() if self.enabled else {}
        return self._entries

    def _read(self) -> dict[str, dict[str, Any]]:
        """The stored entries, or none when the cache is missing, damaged or of another aos."""
        try:
            stored = json.loads(read_regular_file(self.path, MAX_CACHE_BYTES))
        except (ContentError, ValueError, RecursionError):
            return {}
        if not isinstance(stored, dict) or stored.get("fingerprint") != self.fingerprint:
            return {}
        entries = stored.get("entries")
        return entries if isinstance(entries, dict) else {}

    def result(self, path: Path, *, fresh: bool = False) -> FileResult:
        """The file's result from the cache when unchanged (its records `Pending`), else
        validated afresh (always when `fresh`)."""
        try:
            key = str(path.resolve())
            data = read_regular_file(path)
            stat = path.stat()
        except (OSError, RuntimeError, ContentError):  # validating says what is wrong
            return validate_file(path)
        digest = hashlib.sha256(data).hexdigest()
        stamp = [stat.st_mtime_ns, stat.st_size, digest]
        seen = _VALIDATED.get(key)
        if seen is not None and seen[0] == stamp and _said_here(seen[1], seen[2]) and not fresh:
            self.hits += 1
            return seen[1]
        entry = self.entries.get(key)
        if isinstance(entry, dict) and entry.get("stamp") == stamp and not fresh:
            cached = _result_from_json(entry.get("result"), path)
            if cached is not None and _said_here(cached, entry.get("language")):
                self.hits += 1
                _VALIDATED[key] = (stamp, cached, language())
                return cached
        self.misses += 1
        try:
            result = validate_text(data.decode("utf-8"), display_name(path))
        except UnicodeDecodeError:
            return validate_file(path)
        self.entries[key] = {
            "stamp": stamp,
            "result": _result_to_json(result),
            "language": language(),
        }
        _VALIDATED[key] = (stamp, result, language())
        self.changed = True
        return result

    def save(self) -> None:
        """Write the cache atomically; a cache that cannot be written is not an error."""
        if not self.enabled or not self.changed:
            return
        temp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump({"fingerprint": self.fingerprint, "entries": self.entries}, out)
            os.replace(temp, self.path)
            temp = None
        except (OSError, ValueError):
            pass
        finally:
            if temp is not None:  # never leave a half-written cache beside the real one
                with contextlib.suppress(OSError):
                    os.unlink(temp)


def _said_here(result: FileResult, said_in: object) -> bool:
    """Whether a kept result can be shown now: it has no problems, or they were said in the
    language of this run (problems are kept in the language they were found in)."""
    return not result.problems or said_in == language()


def _result_to_json(result: FileResult) -> dict[str, Any]:
    """A file's result as plain JSON data: each record dumped by its model, with its index
    entry (see `Entry`)."""
    records = []
    for loaded in result.records:
        record = loaded.record
        if isinstance(record, Pending):
            data, entry = record.data, record.entry
        else:
            data, entry = record.model_dump(mode="json"), entry_of(loaded.key, record)
        records.append(
            {
                "kind": loaded.kind,
                "entry": [entry.id, entry.name, entry.system, entry.faction, entry.facts],
                "record": data,
                "origin": [loaded.origin.file, loaded.origin.line, loaded.origin.path],
            }
        )
    return {
        "file": result.file,
        "records": records,
        "problems": [[p.file, p.line, p.path, p.message] for p in result.problems],
    }


_WARSCROLL_FACTS: dict[str, tuple[type, ...]] = {
    "move": (int,),
    "move_from_damage_table": (bool,),
    "wounds": (int,),
    "bravery": (int,),
    "save": (int,),
    "save_json": (str, int),
    "size_min": (int,),
    "size_max": (int,),
    "keywords": (list,),
    "needs_spells": (list,),
}


def _entry_from_json(kind: str, data: Any) -> Entry:
    """A cached index entry, its shape checked (ValueError when it is not what aos wrote)."""
    ident, name, system, faction, facts = data
    if not all(isinstance(v, str) for v in (ident, name, faction)):
        raise ValueError("entry names")
    if not (system is None or isinstance(system, str)) or not isinstance(facts, dict):
        raise ValueError("entry system or facts")
    if kind == "warscrolls":
        for fact, types in _WARSCROLL_FACTS.items():
            if not isinstance(facts[fact], types):
                raise ValueError(fact)
        if not all(isinstance(k, str) for k in facts["keywords"]):
            raise ValueError("keywords")
        for index, spell in facts["needs_spells"]:
            if not isinstance(index, int) or not isinstance(spell, str):
                raise ValueError("needs_spells")
    if kind == "battleplans" and not (
        isinstance(facts["coalitions"], bool)
        and (facts["rounds"] is None or isinstance(facts["rounds"], int))
    ):
        raise ValueError("battleplan facts")
    if kind == "rulesets" and not all(isinstance(s, str) for s in facts["spells"]):
        raise ValueError("spells")
    return Entry(ident, name, system, faction, facts)


def _result_from_json(data: Any, source: Path) -> FileResult | None:
    """A cached result with each record `Pending` behind its index entry (validated when
    used); None when the cached data is not shaped as aos writes it."""
    try:
        result = FileResult(str(data["file"]))
        for item in data["records"]:
            kind = str(item["kind"])
            if kind not in RECORD_KINDS or not isinstance(item["record"], dict):
                return None
            file, line, path = item["origin"]
            origin = Origin(str(file), None if line is None else int(line), str(path))
            entry = _entry_from_json(kind, item["entry"])
            result.records.append(
                Loaded(kind, Pending(kind, entry, item["record"], source), origin)
            )
        for file, line, path, message in data["problems"]:
            problem_line = None if line is None else int(line)
            result.problems.append(Problem(str(file), problem_line, str(path), str(message)))
    except (KeyError, TypeError, ValueError):
        return None
    return result


# --------------------------------------------------------------------------- merging


def merge(
    groups: Sequence[Sequence[FileResult]], *, check: bool = True
) -> tuple[Database, list[Problem]]:
    """Build the database from file results, group by group; report duplicate ids in a group
    and references no record satisfies."""
    db = Database()
    problems: list[Problem] = []
    for group in groups:
        seen: dict[tuple[str, str], Origin] = {}
        for result in group:
            problems.extend(result.problems)
            for loaded in result.records:
                if loaded.kind == "army":
                    db.army_files.append(result.file)
                    continue
                record_key = loaded.key
                key = (loaded.kind, record_key)
                if key in seen:
                    first = seen[key]
                    problems.append(
                        Problem(
                            loaded.origin.file,
                            loaded.origin.line,
                            f"{loaded.origin.path}.id",
                            _("duplicate id {id}: also at {file}:{line}").format(
                                id=repr(record_key), file=first.file, line=first.line
                            ),
                        )
                    )
                seen[key] = loaded.origin
                records = getattr(db, loaded.kind)
                if isinstance(loaded.record, Pending):
                    records.put_pending(
                        loaded.record.entry, loaded.record.build, loaded.record.data
                    )
                else:
                    records[record_key] = loaded.record
                db.origins[key] = loaded.origin
    if check:
        problems.extend(cross_check(db))
    return db, problems


def cross_check(db: Database) -> list[Problem]:
    """References between records: the spells a wizard knows must exist (read from the index,
    so no record is validated for it)."""
    problems: list[Problem] = []
    for scroll in db.warscrolls.entries():
        needs = scroll.facts.get("needs_spells") or []
        if not needs or scroll.system is None or scroll.system not in db.rulesets:
            continue
        known = set(db.rulesets.entry(scroll.system).facts.get("spells", []))
        for index, spell_id in needs:
            if spell_id in known:
                continue
            origin = db.origins[("warscrolls", scroll.id)]
            problems.append(
                Problem(
                    origin.file,
                    origin.line,
                    f"{origin.path}.wizard.spells[{index}]",
                    _("no spell {spell} on the warscroll or in the {system} ruleset").format(
                        spell=repr(spell_id), system=scroll.system
                    ),
                )
            )
    return problems


def warm_cache(paths: Sequence[Path]) -> None:
    """Validate and cache files just written (an import's), so the first command after it
    reads them from the cache as fast as any other command reads its content."""
    cache = Cache()
    for path in paths:
        cache.result(path)
    cache.save()


def load_database(content_dirs: Sequence[Path] = ()) -> Database:
    """Load bundled content, then the user's folders (see module doc), validated and cached.

    Raises ContentProblems (a ContentError) listing every problem when any file is wrong.
    """
    groups = content_groups(content_dirs)
    cache = Cache()
    walked = [content_files(group) for group in groups]
    results = [[cache.result(path) for path in files] for files, _ in walked]
    cache.save()
    db, problems = merge(results)
    problems = [p for _, trouble in walked for p in trouble] + problems
    if problems:
        raise ContentProblems(problems)
    return db


def load_army(path: Path, db: Database) -> ArmyList:
    """Read an army list and check it against the database; raises ContentProblems listing
    every problem (file, line, field)."""
    reason = file_problem(path)
    if reason is not None:
        raise ContentError(
            _("army list {file} {reason}").format(file=repr(str(path)[:200]), reason=reason)
        )
    army, problems = read_army(path, db)
    if problems or army is None:
        raise ContentProblems(problems)
    return army


def read_army(path: Path, db: Database) -> tuple[ArmyList | None, list[Problem]]:
    """An army list and every problem with it (schema and checks against the database)."""
    from aos_cli.content.army import check_army
    from aos_cli.content.yamlsrc import parse

    file = display_name(path)
    try:
        text = read_text_file(path)
    except UnreadableFile as error:
        return None, [Problem(file, None, "", error.reason)]
    result = validate_text(text, file)
    armies = [r.record for r in result.records if r.kind == "army"]
    if not armies:
        if not result.problems:
            result.problems.append(Problem(file, 1, "army", _("missing: an army list has `army:`")))
        return None, result.problems
    source, _duplicates = parse(text)
    checked, found = check_army(armies[0], db)
    problems = list(result.problems)
    for sub, message in found:
        line, kept = resolve(source, ("army", *sub))
        problems.append(Problem(file, line, format_path(kept), message))
    return checked, problems


def validate_paths(paths: Sequence[Path]) -> tuple[list[Problem], int]:
    """Validate files and folders as `aos rules validate` does: each file, duplicate ids among
    them, references (with the bundled rulesets in reach), and army lists against the bundled
    content plus the files given. Returns every problem and the number of files read.
    """
    missing = [p for p in paths if not path_exists(p)]
    if missing:
        raise ContentError(_("{path} does not exist").format(path=repr(str(missing[0])[:200])))
    files, walk_problems = content_files(paths)
    results = [validate_file(path) for path in files]
    given = {r.file for r in results}
    _merged, problems = merge([results], check=False)
    problems = walk_problems + problems
    cache = Cache()
    bundled = [cache.result(path) for path in yaml_files(bundled_dirs())]
    cache.save()
    full, _checked = merge([bundled, results], check=False)
    problems.extend(p for p in cross_check(full) if p.file in given)
    for path, result in zip(files, results, strict=True):
        if result.is_army and not result.problems:
            _army, army_problems = read_army(path, full)
            problems.extend(army_problems)
    order = {r.file: i for i, r in enumerate(results)}
    unique = list(dict.fromkeys(problems))
    unique.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0))
    return unique, len(files)
