"""The package's shape (DESIGN: layers), checked so that it stays that way.

- No game-system id as a string literal outside `aos_cli/systems/` and the registry
  (`aos_cli/core/system.py`): code asks the game's `GameSystem`, it never compares ids.
- `aos_cli/core/` imports nothing outside core (systems/, content/, store, views/, cli/, ...):
  systems depend on core, never the other way round.
- No import cycle among core modules, nor anywhere in the package. Every import counts: at
  module level, inside a function and under `TYPE_CHECKING`.
- A game system's modules live in its package (`aos_cli/systems/<id>/`); only code shared by
  every system sits beside the packages (`SHARED_SYSTEM_MODULES`).

`python -m tests.test_architecture [ROOT]` prints the literals per file and every import cycle
of the whole package (of the checkout at ROOT, default this one), which is how the numbers
before and after a change are measured.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from aos_cli.core.system import system_ids

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "aos_cli"
REGISTRY = "aos_cli/core/system.py"
SYSTEMS_DIR = "aos_cli/systems/"

SHARED_SYSTEM_MODULES = frozenset({"kits"})
"""The modules directly under aos_cli/systems/ that belong to no one system: the kits' protocol
and lookup, which every system's kits and the CLI share."""

PENDING_LITERALS: dict[str, int] = {}
"""Files still naming system ids, with how many they may name at most: a shrinking allow-list.
The CLI files go as the CLI is thinned to the systems' own verbs and flag groups; lower an
entry when literals go, delete it at zero (`python -m tests.test_architecture` lists what is
left). Nothing may be added here."""


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `module` imports anywhere (functions, TYPE_CHECKING too)."""
    names: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in names if name in known and name != module}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    known = module_files(root)
    return {module: imported(module, path, known) for module, path in known.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan), in a stable order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found, key=sorted)


def id_literals(root: Path, ids: set[str]) -> Iterator[tuple[str, int]]:
    """(file, line) of every string constant that is exactly a system id, outside the systems'
    packages and the registry."""
    for path in sorted((root / PACKAGE).rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name == REGISTRY or name.startswith(SYSTEMS_DIR):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
                yield name, node.lineno


def literal_counts(root: Path, ids: set[str]) -> dict[str, int]:
    """How many system-id literals each file outside the systems holds."""
    counts: dict[str, int] = {}
    for name, _ in id_literals(root, ids):
        counts[name] = counts.get(name, 0) + 1
    return counts


def test_no_system_id_literal_outside_the_systems() -> None:
    """Code outside aos_cli/systems/ asks the GameSystem instead of comparing ids (issue 14)."""
    counts = literal_counts(ROOT, set(system_ids()))
    grown = {f: n for f, n in counts.items() if n > PENDING_LITERALS.get(f, 0)}
    assert not grown, (
        f"system-id string literals outside aos_cli/systems/ (file: count): {grown}; "
        "ask the game's system (aos_cli.core.system) instead"
    )


def test_core_imports_nothing_outside_core() -> None:
    """Systems, content, the store, views and the CLI depend on core, never the reverse; core
    may use only the language floor beneath it (sentences it means, rendered later)."""
    graph = import_graph()
    below = (f"{PACKAGE}.core", f"{PACKAGE}.language")
    outward = {
        module: sorted(t for t in targets if not t.startswith(below))
        for module, targets in graph.items()
        if module.startswith(f"{PACKAGE}.core")
    }
    assert not {m: t for m, t in outward.items() if t}


FLOORS = ("language", "core", "content and store", "systems' rules", "app", "views", "cli")
"""The floors of the package from the ground up (docs/architecture.md): each imports only its
own floor and those below."""

SYSTEM_FRONT_MODULES = frozenset(
    {"kits", "attack", "cast", "duel", "commands", "setup_wizard", "cli", "play", "demo"}
)
"""A system's front, on the cli floor: its roll and odds kits, its own commands, its set-up
wizard, play loop and `aos demo` player (which prints the battle or plays it with the play
loop's forces). Every other module of a system package is its rules."""

SYSTEM_VIEW_MODULES = frozenset({"views"})
"""A system's renderers, on the views floor."""

ROOT_MODULES = frozenset({PACKAGE, f"{PACKAGE}.__main__"})
"""The only modules at the package root: its face (the version) and `python -m aos_cli`."""


def floor_of(module: str) -> int:
    """The floor (index into `FLOORS`) a module of the package stands on."""
    parts = module.split(".")
    if module == PACKAGE:
        return FLOORS.index("core")
    room = parts[1]
    if room == "systems":
        name = parts[-1] if len(parts) > 2 else ""
        if name in SYSTEM_FRONT_MODULES:
            return FLOORS.index("cli")
        if name in SYSTEM_VIEW_MODULES:
            return FLOORS.index("views")
        return FLOORS.index("systems' rules")
    rooms = {
        "language": 0, "core": 1, "content": 2, "store": 2, "app": 4, "views": 5, "cli": 6,
        "__main__": 6,
    }  # fmt: skip
    if room not in rooms:
        raise AssertionError(f"{module} stands on no floor: move it into one (FLOORS)")
    return rooms[room]


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import that runs from a floor to one above it, as `module -> target`."""
    return [
        f"{module} ({FLOORS[floor_of(module)]}) -> {target} ({FLOORS[floor_of(target)]})"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if floor_of(target) > floor_of(module)
    ]


def test_each_floor_imports_only_its_own_and_those_below() -> None:
    """language < core < content, store < systems' rules < app < views < cli (issue 25): every import of
    every module, lazy and TYPE_CHECKING ones included, runs down or along, never up."""
    assert upward_imports(import_graph()) == []


def test_nothing_loose_at_the_package_root() -> None:
    """Every module stands in a floor's folder but the package's face and `__main__`."""
    loose = {
        m
        for m in module_files()
        if m.count(".") == 1 and not (ROOT / PACKAGE / m.split(".")[1]).is_dir()
    }
    assert loose <= ROOT_MODULES, sorted(loose - ROOT_MODULES)


def test_no_import_cycle_anywhere_in_the_package() -> None:
    """No two modules of aos_cli import each other, even lazily (core's modules, a system's
    rules and its engine included): each layer and each system package reads one way."""
    assert not [sorted(c) for c in cycles(import_graph())]


def loose_system_modules(root: Path = ROOT) -> list[str]:
    """The modules directly under aos_cli/systems/ that are neither a system's package nor
    shared by every system."""
    folder = root / SYSTEMS_DIR
    return sorted(
        path.stem
        for path in folder.glob("*.py")
        if path.stem != "__init__" and path.stem not in SHARED_SYSTEM_MODULES
    )


def test_a_systems_modules_live_in_its_package() -> None:
    """A system's kits, rules and views are in `aos_cli/systems/<id>/`, so adding or removing
    a system touches one folder (issue 14); nothing beside the packages but shared code."""
    assert loose_system_modules() == []
    packages = {p.name for p in (ROOT / SYSTEMS_DIR).iterdir() if (p / "__init__.py").is_file()}
    assert not [n for n in SHARED_SYSTEM_MODULES if n in packages or n.split("_")[0] in packages]


def test_the_checks_see_what_they_check(tmp_path: Path) -> None:
    """The scanners find a literal, a lazy or TYPE_CHECKING import, and a cycle."""
    core = tmp_path / PACKAGE / "core"
    core.mkdir(parents=True)
    for folder in (tmp_path / PACKAGE, core):
        (folder / "__init__.py").write_text("")
    (core / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from aos_cli.core import b\n"
        "SYSTEM = 'toy'\n"
    )
    (core / "b.py").write_text("def f():\n    from aos_cli.core.a import SYSTEM\n    return 1\n")
    assert list(id_literals(tmp_path, {"toy"})) == [("aos_cli/core/a.py", 4)]
    graph = import_graph(tmp_path)
    assert cycles(graph) == [frozenset({"aos_cli.core.a", "aos_cli.core.b"})]
    systems = tmp_path / SYSTEMS_DIR
    systems.mkdir()
    (systems / "toy_attack.py").write_text("")
    (systems / "kits.py").write_text("")
    assert loose_system_modules(tmp_path) == ["toy_attack"]
    views = tmp_path / PACKAGE / "views"
    views.mkdir()
    (views / "__init__.py").write_text("")
    (views / "v.py").write_text("")
    (core / "c.py").write_text("from aos_cli.views import v\n")
    assert "aos_cli.core.c (core) -> aos_cli.views.v (views)" in upward_imports(
        import_graph(tmp_path)
    )


def report(root: Path) -> str:
    """The literal counts and the package's import cycles, as printed by `python -m`."""
    ids = {"aos2", "aos1", "wh40k8", "mesbg", *system_ids()}
    counts = literal_counts(root, ids)
    lines = [f"system-id literals outside systems/: {sum(counts.values())} in {len(counts)} files"]
    lines += [f"  {name}: {count}" for name, count in sorted(counts.items())]
    upward = upward_imports(import_graph(root))
    lines.append(f"imports running up a floor: {len(upward)}")
    lines += [f"  {line}" for line in upward]
    found = cycles(import_graph(root))
    lines.append(f"import cycles (every import counted): {len(found)}")
    lines += [f"  {' <-> '.join(sorted(c))}" for c in found]
    prose = prose_counts(root)
    lines.append(f"sentences said in the core: {sum(prose.values())} in {len(prose)} files")
    lines += [f"  {name}: {count}" for name, count in sorted(prose.items())]
    return "\n".join(lines)


LANGUAGE_MODULE = f"{PACKAGE}.language.i18n"
"""Where the player's language is applied: the views' floor and those above call it; the core
means sentences (`aos_cli.language.text`) and never says them."""


def language_calls(path: Path) -> int:
    """How many calls in a file say something in the player's language there and then: calls
    of a name imported from `aos_cli.language.i18n` (`_`, `ngettext`, `number`, ...) or of an
    attribute of that module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == LANGUAGE_MODULE:
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == f"{PACKAGE}.language":
            modules.update(
                alias.asname or alias.name for alias in node.names if alias.name == "i18n"
            )
        elif isinstance(node, ast.Import):
            modules.update(
                alias.asname or alias.name for alias in node.names if alias.name == LANGUAGE_MODULE
            )
    count = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Name) and func.id in names - {"N_"}) or (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in modules
        ):
            count += 1
    return count


def prose_counts(root: Path = ROOT) -> dict[str, int]:
    """The core's files that still say sentences in the player's language, with how many."""
    found: dict[str, int] = {}
    for path in sorted((root / PACKAGE / "core").rglob("*.py")):
        count = language_calls(path)
        if count:
            found[path.relative_to(root).as_posix()] = count
    return found


TEXT_BUILDERS = frozenset({"tr", "trn", "trp"})
"""The functions of `aos_cli.language.text` that build a text the views say later."""


def rendered_texts(path: Path) -> int:
    """How many texts a file renders at once: `str(tr(...))` (and `trn`, `trp`), which says
    the sentence in the language of the moment instead of passing the text on."""
    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "str"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Call)
            and isinstance(node.args[0].func, ast.Name)
            and node.args[0].func.id in TEXT_BUILDERS
        ):
            count += 1
    return count


def test_the_core_passes_its_texts_on() -> None:
    """Issue 25 item 4: the core never renders a text it builds (`str(tr(...))`): a roll's
    purpose, an effect's place in an error, a reminder's words go on as texts, said in the
    player's language where they are shown."""
    found = {
        path.relative_to(ROOT).as_posix(): count
        for path in sorted((ROOT / PACKAGE / "core").rglob("*.py"))
        if (count := rendered_texts(path))
    }
    assert not found, f"texts rendered in the core (file: calls): {found}; pass the text on"


def test_a_rendered_text_is_found(tmp_path: Path) -> None:
    """The check above sees `str(tr(...))`, `str(trn(...))` and `str(trp(...))`, and nothing
    else (`str(name)`, `tr(...)` passed on)."""
    source = tmp_path / "m.py"
    source.write_text(
        'a = str(tr("x"))\nb = str(trn("x", "y", 2))\nc = str(trp("c", "m"))\n'
        'd = str(name)\ne = tr("x")\n',
        encoding="utf-8",
    )
    assert rendered_texts(source) == 3


def test_the_core_says_nothing_in_a_language() -> None:
    """Rules return events and texts; views say them (issue 25): no core file calls the
    player's language (`_()`, `ngettext()`, `number()` ...); a sentence the core means is a
    text (`aos_cli.language.text.tr`) that a view says when it shows it."""
    said = prose_counts()
    assert not said, (
        f"sentences said in the core (file: calls): {said}; return an event or a text "
        "(aos_cli.language.text.tr) and let a view say it"
    )


TYPED_SEAM_MODULES = (
    "aos_cli/app/setup.py",
    "aos_cli/app/setup_steps.py",
    "aos_cli/app/setup_draft.py",
    "aos_cli/app/start.py",
    "aos_cli/cli/setup_wizard.py",
    "aos_cli/core/setup_value.py",
    "aos_cli/core/stored.py",
    "aos_cli/core/stored_setup.py",
    "aos_cli/core/action_types.py",
    "aos_cli/core/actions.py",
    "aos_cli/app/games.py",
    "aos_cli/app/session.py",
)
"""The set-up and action code (issue 25 item 3, typed seams): what it builds and reads is
a TypedDict of the stored shape (`core.stored_setup`), a `JsonObject` or a typed value,
never `dict[str, Any]` nor a bare `Any`. Each system's set-up wizard is checked too."""


def _type_expressions(tree: ast.AST) -> Iterator[tuple[ast.AST, int | None]]:
    """Every place of a module that can name a type, with the line of a string: the module
    itself (annotations and aliases are expressions) and each string that reads as one
    (`cast("X", v)`, quoted annotations)."""
    yield tree, None
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                parsed = ast.parse(node.value, mode="eval")
            except SyntaxError:
                continue
            if isinstance(parsed.body, ast.Subscript | ast.Name | ast.BinOp):
                yield parsed, node.lineno


def any_uses(path: Path) -> list[int]:
    """The lines of a module that use `typing.Any` (as `Any`, `typing.Any` or imported)."""
    lines: set[int] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for part, line in _type_expressions(tree):
        for node in ast.walk(part):
            named = (isinstance(node, ast.Name) and node.id == "Any") or (
                isinstance(node, ast.Attribute) and node.attr == "Any"
            )
            imported = isinstance(node, ast.ImportFrom) and any(
                alias.name == "Any" for alias in node.names
            )
            if named or imported:
                lines.add(line or getattr(node, "lineno", 0))
    return sorted(lines)


def test_the_set_up_and_action_code_is_typed() -> None:
    """Issue 25 item 3: no `dict[str, Any]` nor bare `Any` in the set-up and action modules
    (`TYPED_SEAM_MODULES`, and every `aos_cli/systems/*/setup_wizard.py`): the stored set-up
    is described by `core.stored_setup`'s TypedDicts and read through `SetUp.from_stored`."""
    paths = [ROOT / name for name in TYPED_SEAM_MODULES]
    paths += sorted((ROOT / SYSTEMS_DIR).glob("*/setup_wizard.py"))
    assert len(paths) > len(TYPED_SEAM_MODULES), "no system's set-up wizard found"
    found = {
        path.relative_to(ROOT).as_posix(): lines for path in paths if (lines := any_uses(path))
    }
    assert not found, (
        f"Any in the set-up and action code (file: lines): {found}; use the stored shape's "
        "TypedDict (aos_cli/core/stored_setup.py), JsonObject or a typed value"
    )


def test_a_use_of_any_is_found(tmp_path: Path) -> None:
    """The check above sees `dict[str, Any]`, a bare `Any`, `typing.Any`, a quoted
    `"dict[str, Any]"` and the import; a player's sentence with the word "Any" is no use."""
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import Any\n"
        "def f(a: dict[str, Any]) -> None: ...\n"
        "def g(a: typing.Any) -> None: ...\n"
        'h = cast("dict[str, Any]", x)\n'
        'say("Any unit can wait in reserve.")\n',
        encoding="utf-8",
    )
    assert any_uses(source) == [1, 2, 3, 4]


if __name__ == "__main__":
    print(report(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT))


DEFERRED_NAMES = frozenset({"dataclass"})
"""What `aos_cli.core.records` defers: taken from there so that start-up makes only the
dataclasses a command builds (docs/architecture.md, "Fast start-up")."""


def eager_dataclass_uses(path: Path) -> list[str]:
    """Lines of a module taking the standard `dataclass` decorator directly."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
            if DEFERRED_NAMES & {alias.name for alias in node.names}:
                found.append(f"{path.name}:{node.lineno}")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "dataclasses"
            and node.attr in DEFERRED_NAMES
        ):
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_dataclasses_are_deferred_outside_the_language_floor() -> None:
    found = [
        use
        for module, path in module_files().items()
        if not module.startswith(f"{PACKAGE}.language") and module != f"{PACKAGE}.core.records"
        for use in eager_dataclass_uses(path)
    ]
    assert found == []
