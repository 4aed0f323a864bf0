"""A part of a system's rules (`aos rules show`), for people (Rich) and programs (JSON)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aos_cli.language.i18n import _
from aos_cli.views.warscroll import abilities_table, roll_table

if TYPE_CHECKING:
    from aos_cli.app.rules import Topic
    from aos_cli.content import plain


def topic_json(topic: Topic) -> Any:
    """The records found, as plain data."""
    if isinstance(topic.found, list | tuple):
        return [record.data for record in topic.found]
    return topic.found.data


def topic_view(topic: Topic) -> RenderableType:
    """The records found, as tables and text."""
    found, name = topic.found, topic.ruleset.shown()
    if topic.kind == "phases":
        return _grid(
            _("{ruleset}: the turn").format(ruleset=name), ("#", _("Phase"), _("What happens")),
            [(str(i), p.shown(), p.shown("text")) for i, p in enumerate(found, 1)],
        )  # fmt: skip
    if topic.kind == "commands":
        return abilities_table(_("Command abilities"), found)
    if topic.kind == "spells":
        return abilities_table(_("Spells"), found)
    if topic.kind == "realms":
        return Group(*(realm_view(r) for r in found)) if found else _("No realms.")
    if topic.kind == "rules":
        return _grid(
            _("{ruleset}: rules").format(ruleset=name), (_("Rule"), _("Section"), _("Text")),
            [(r.shown(), r.section or "", r.shown("text")) for r in found],
        )  # fmt: skip
    if topic.kind == "tables":
        return Group(*(roll_table(t) for t in found)) if found else _("None in this system.")
    if topic.kind == "chart":
        grid = _grid(
            found.shown(),
            (_("When"), _("Result"), ""),
            [(r.shown("when"), r.shown("result"), r.shown("text")) for r in found.rows],
        )
        grid.caption = found.shown("text")
        return grid
    if topic.kind == "table":
        return roll_table(found)
    if topic.kind == "realm":
        return realm_view(found)
    return Text.assemble((found.shown(), "heading"), f" ({found.section}): {found.shown('text')}")


def _grid(title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> Table:
    grid = Table(title=title, title_justify="left")
    for column in columns:
        grid.add_column(column)
    for row in rows:
        grid.add_row(*row)
    return grid


def realm_view(realm: plain.Realm) -> Group:
    """A realm of battle: its text, realmscape features, spells, commands and rules."""
    parts: list[Any] = [Text(realm.shown(), style="heading"), Text(realm.shown("text"))]
    if realm.realmscape_features is not None:
        parts.append(roll_table(realm.realmscape_features))
    if realm.spells:
        parts.append(abilities_table(_("Realmsphere magic"), realm.spells))
    if realm.commands:
        parts.append(abilities_table(_("Realm commands"), realm.commands))
    for rule in realm.rules:
        parts.append(Text.assemble((rule.shown(), "bold"), f": {rule.shown('text')}"))
    return Group(*parts)
