"""Read YAML safely and keep the node tree, so problems can name the line they are on.

Only PyYAML's SafeLoader is used: a tag that would construct a Python object
(`!!python/object`) is refused as a problem, never executed. The document is composed once;
the node tree maps a field path (`warscrolls[0].rend`) to its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml

from aos_cli.content.problems import PathPart
from aos_cli.core.limits import MAX_CONTENT_NUMBER, MAX_YAML_DEPTH, MAX_YAML_NODES
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _, number


@dataclass
class Source:
    """A parsed YAML document: its data and its node tree (None when the file is empty)."""

    data: Any
    node: yaml.Node | None

    def line(self, path: Sequence[PathPart]) -> int | None:
        """The 1-based line of the deepest node the path reaches (a key's line for a mapping)."""
        return node_line(self.node, path)


class YamlProblem(Exception):
    """The file is not YAML we accept: syntax error, unsafe tag or duplicate key."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def parse(text: str) -> tuple[Source, list[YamlProblem]]:
    """Compose and construct a document with SafeLoader; duplicate keys are reported, not fatal.

    Raises YamlProblem for a syntax error or a tag SafeLoader refuses (such as python/object).
    """
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as error:
        where = text.count("\n", 0, error.position) + 1
        raise YamlProblem(
            _("the character {character} is not allowed in YAML").format(
                character=f"#x{error.character:04x}"
            ),
            where,
        ) from None
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_size(node, loader)
        data = loader.construct_document(node) if node is not None else None
    except RecursionError:
        raise YamlProblem(_too_deep(), None) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = str(error.problem or error).strip()
        if "could not determine a constructor" in problem:
            tag = problem.split("tag", 1)[-1].strip()
            problem = _(
                "the tag {tag} is refused: only plain YAML data is read (no Python objects)"
            ).format(tag=tag)
        raise YamlProblem(problem, line) from None
    except yaml.YAMLError as error:
        raise YamlProblem(str(error).strip(), None) from None
    finally:
        loader.dispose()
    return Source(data, node), _duplicate_keys(node)


def _duplicate_keys(node: yaml.Node | None) -> list[YamlProblem]:
    """Every mapping key written twice (YAML would silently keep the last one)."""
    problems: list[YamlProblem] = []
    stack: list[yaml.Node] = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen:
                        problems.append(
                            YamlProblem(
                                _("key {key} is written twice").format(key=repr(key.value)),
                                key.start_mark.line + 1,
                            )
                        )
                    seen.add(key.value)
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
    return problems


def node_line(node: yaml.Node | None, path: Sequence[PathPart]) -> int | None:
    """Follow `path` down the node tree as far as it goes; parts that match nothing are skipped
    (pydantic adds union and validator names to its locations)."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    current = node
    for part in path:
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    line = key.start_mark.line + 1
                    current = value
                    break
        elif (
            isinstance(current, yaml.SequenceNode)
            and isinstance(part, int)
            and 0 <= part < len(current.value)
        ):
            current = current.value[part]
            line = current.start_mark.line + 1
    return line


_INT_TAG = "tag:yaml.org,2002:int"


def _check_size(node: yaml.Node, loader: yaml.SafeLoader) -> None:
    """Refuse a document whose aliases expand past the node budget, that nests too deeply, that
    refers to itself, or that holds a number larger than any rule needs; before any of it is
    built, so a 'billion laughs' file costs nothing (YamlProblem with the line)."""
    sizes: dict[int, tuple[int, int]] = {}
    """id(node) → (nodes once aliases are expanded, depth), for every node finished."""
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(node, False)]
    while stack:
        current, children_done = stack.pop()
        key = id(current)
        if key in sizes:
            continue
        children = _children(current)
        if not children_done:
            if key in open_nodes:
                raise YamlProblem(_(SELF_ALIAS), _line(current))
            open_nodes.add(key)
            if isinstance(current, yaml.ScalarNode) and current.tag == _INT_TAG:
                _check_number(current, loader)
            stack.append((current, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)
            for child in children:
                if id(child) in open_nodes:
                    raise YamlProblem(_(SELF_ALIAS), _line(child))
            continue
        open_nodes.discard(key)
        total = 1 + sum(sizes[id(child)][0] for child in children)
        depth = 1 + max((sizes[id(child)][1] for child in children), default=0)
        if total > MAX_YAML_NODES:
            raise YamlProblem(
                _(
                    "its aliases expand to more than {limit} values "
                    "(write the values out, or use fewer aliases)"
                ).format(limit=number(MAX_YAML_NODES)),
                _line(current),
            )
        if depth > MAX_YAML_DEPTH:
            raise YamlProblem(_too_deep(), _line(current))
        sizes[key] = (total, depth)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _check_number(node: yaml.ScalarNode, loader: yaml.SafeLoader) -> None:
    """A whole number no rule needs (more than MAX_CONTENT_NUMBER) is refused with its line."""
    text = str(node.value)
    shown = text if len(text) <= 20 else text[:20] + "..."
    if len(text) <= 40:
        value = loader.construct_yaml_int(node)
        if abs(value) <= MAX_CONTENT_NUMBER:
            return
    raise YamlProblem(
        _("the number {number} is larger than any rule needs (the limit is {limit})").format(
            number=shown, limit=number(MAX_CONTENT_NUMBER)
        ),
        _line(node),
    )


SELF_ALIAS = N_("an alias refers to the value it is part of")


def _too_deep() -> str:
    return _("lists and mappings are nested more than {limit} deep").format(limit=MAX_YAML_DEPTH)
