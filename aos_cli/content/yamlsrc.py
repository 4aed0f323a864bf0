"""Read YAML safely and keep the node tree, so problems can name the line they are on.

Only PyYAML's SafeLoader is used: a tag that would construct a Python object
(`!!python/object`) is refused as a problem, never executed. The document is composed once;
the node tree maps a field path (`warscrolls[0].rend`) to its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from aos_cli.content.problems import PathPart


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
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = str(error.problem or error).strip()
        if "could not determine a constructor" in problem:
            tag = problem.split("tag", 1)[-1].strip()
            problem = f"the tag {tag} is refused: only plain YAML data is read (no Python objects)"
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
                                f"key {key.value!r} is written twice", key.start_mark.line + 1
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
