"""Sentences the rules mean, in no language yet: the core says `tr("{unit} ran {inches}\".",
unit=name, inches=6)` and a view renders it in the player's language when it is shown.

A `Text` is its English message (the catalogue's key), its plural form and count, its context
and the named values to put in it; a value is a name or number as it is, a `Num` written as the
language writes numbers, another `Text` (a phase's name, a spell's), or a `Join` of several.
Because nothing is translated until shown, a stored action's sentences read in any language
without running a rule, and `--json` can give the message and its values.

A text read back from the store is checked (`text_from_data`): bounded sizes and depth, and a
message whose placeholders are plain names, so a hand-edited database can put nothing but short
words and numbers on a screen.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

MAX_MESSAGE = 1_000
"""The longest message (an English sentence with its placeholders) a stored text may hold."""
MAX_VALUE = 20_000
"""The longest value a stored text may put in a sentence: a name, or a rule's whole text (as
long as the content schema lets a rule's text be), so a trait's or ability's text told in a
note reads back from the store."""
MAX_VALUES = 24
"""The most values one text (or one join) may hold."""
MAX_DEPTH = 6
"""How deep texts may nest in a stored one (a name inside a list inside a sentence ...): a
point's reason is the deepest the tool writes (the models slain, inside the general's line,
beside the roll of the points)."""
MAX_WIDTH = 40
"""The widest field a message's format may ask for (`{name:<12}`)."""


@dataclass(frozen=True)
class Num:
    """A number written as the player's language writes it (`4,5` in Hungarian); `digits`
    fixes the decimals; `percent` adds the language's percent sign."""

    value: int | float
    digits: int | None = None
    percent: bool = False


@dataclass(frozen=True)
class Join:
    """Several values in a row, separated by `separator` (a comma unless told)."""

    items: tuple[Value, ...]
    separator: str = ", "


@dataclass(frozen=True)
class Text:
    """A sentence to be said: the English `message` (with `{name}` placeholders), the
    `plural` form chosen by `count` when it has one, the `context` of a short word, and the
    `values` that fill the placeholders."""

    message: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str = ""
    count: int = 0
    context: str = ""

    def __str__(self) -> str:
        return render(self)

    def value(self, name: str) -> Value | None:
        """The value given for the placeholder `name` (None when it has none)."""
        return next((value for key, value in self.values if key == name), None)

    def to_data(self) -> dict[str, Any]:
        """The text as plain JSON-ready data, for the store and `--json`."""
        data: dict[str, Any] = {"message": self.message}
        if self.plural:
            data["plural"] = self.plural
            data["count"] = self.count
        if self.context:
            data["context"] = self.context
        if self.values:
            data["values"] = {key: _value_data(value) for key, value in self.values}
        return data


Value = str | int | float | Num | Join | Text
"""What a placeholder may be filled with."""


def tr(message: str, /, **values: Value) -> Text:
    """A sentence, translated when it is shown (extracted for the catalogues like `_()`)."""
    return Text(message, tuple(values.items()))


def trn(singular: str, plural: str, count: int, /, **values: Value) -> Text:
    """A sentence about `count` things: the language's plural rule picks the form when shown."""
    return Text(singular, tuple(values.items()), plural, count)


def trp(context: str, message: str, /, **values: Value) -> Text:
    """A short word or sentence within `context`, for words that mean different things."""
    return Text(message, tuple(values.items()), context=context)


def concat(*values: Value) -> Text:
    """Values said one after another with nothing between (a weapon's label and its roll:
    `Judicators, Skybolt Bow: hit rolls (3+)`): a text with no words of its own to translate."""
    names = tuple(f"v{index}" for index in range(len(values)))
    return Text("".join("{" + name + "}" for name in names), tuple(zip(names, values, strict=True)))


_content_words: Callable[[str], Mapping[str, str]] | None = None
"""The content's own words in a language (`use_content_words`), or None when not told."""


def use_content_words(words: Callable[[str], Mapping[str, str]] | None) -> None:
    """Show the content's names and rule texts in the chosen language where they are pasted
    into a sentence: `words(code)` maps each English name or text that the content translates
    to its translation (the program gives the bundled content's, read when first needed)."""
    global _content_words
    _content_words = words


def content_word(name: str) -> str:
    """A name or rule text of the content as the chosen language says it, when the content
    translates it; else as written (a unit's name, an imported record's words)."""
    from aos_cli.language import i18n

    code = i18n.language()
    if _content_words is None or code in (i18n.ENGLISH, i18n.PSEUDO) or not name:
        return name
    return _content_words(code).get(name, name)


def render(value: Value) -> str:
    """A value as the player reads it, in the chosen language (a name or rule text of the
    content in the content's own translation, `content_word`)."""
    from aos_cli.language import i18n

    if isinstance(value, Text):
        if value.plural:
            shape = i18n.ngettext(value.message, value.plural, value.count)
        elif value.context:
            shape = i18n.pgettext(value.context, value.message)
        else:
            shape = i18n._(value.message)
        from aos_cli.language.grammar import articles

        return articles(_fill(shape, {key: render(item) for key, item in value.values}))
    if isinstance(value, Num):
        shown = i18n.number(value.value, value.digits)
        return i18n.percent_sign(shown) if value.percent else shown
    if isinstance(value, Join):
        return value.separator.join(render(item) for item in value.items)
    if isinstance(value, str):
        return content_word(value)
    return str(value)


def _fill(shape: str, values: dict[str, str]) -> str:
    """The message with its placeholders filled: plain names only, narrow widths, so a stored
    message cannot reach into an object or ask for a screenful of spaces. A placeholder with no
    value stays as written (a catalogue's mistake shows, it does not crash a log)."""
    out: list[str] = []
    try:
        parts = list(string.Formatter().parse(shape))
    except ValueError:
        return shape
    for literal, field, spec, conversion in parts:
        out.append(literal)
        if field is None:
            continue
        if not field.isidentifier() or field not in values or conversion:
            out.append("{" + field + "}")
            continue
        width = "".join(ch for ch in (spec or "") if ch.isdigit())
        if spec and (len(spec) > 4 or (width and int(width) > MAX_WIDTH)):
            spec = ""
        out.append(format(values[field], spec or ""))
    return "".join(out)


def _value_data(value: Value) -> Any:
    """A value as plain data: names and numbers as they are, the rest tagged."""
    if isinstance(value, Text):
        return {"text": value.to_data()}
    if isinstance(value, Num):
        return {"num": value.value, "digits": value.digits, "percent": value.percent}
    if isinstance(value, Join):
        return {"join": [_value_data(item) for item in value.items], "separator": value.separator}
    return value


class BadText(ValueError):
    """A stored text that is not one this tool could have written."""


def text_from_data(data: object, depth: int = 0) -> Text:
    """A stored text read back, every part checked (sizes, depth, plain placeholders)."""
    if depth > MAX_DEPTH or not isinstance(data, dict):
        raise BadText("text")
    message = data.get("message")
    if not isinstance(message, str) or len(message) > MAX_MESSAGE:
        raise BadText("message")
    plural = data.get("plural", "")
    count = data.get("count", 0)
    context = data.get("context", "")
    if not isinstance(plural, str) or len(plural) > MAX_MESSAGE:
        raise BadText("plural")
    if isinstance(count, bool) or not isinstance(count, int) or abs(count) > 10**9:
        raise BadText("count")
    if not isinstance(context, str) or len(context) > MAX_VALUE:
        raise BadText("context")
    values = data.get("values", {})
    if not isinstance(values, dict) or len(values) > MAX_VALUES:
        raise BadText("values")
    read: list[tuple[str, Value]] = []
    for key, item in values.items():
        if not isinstance(key, str) or not key.isidentifier() or len(key) > 40:
            raise BadText("values")
        read.append((key, _value_from_data(item, depth + 1)))
    return Text(message, tuple(read), plural, count, context)


def _value_from_data(data: object, depth: int) -> Value:
    """One stored value checked: a short name, a number, or a tagged text, number or list."""
    if depth > MAX_DEPTH:
        raise BadText("depth")
    if isinstance(data, bool):
        raise BadText("value")
    if isinstance(data, int | float | str):
        return _plain_value(data)
    if isinstance(data, dict):
        for tag, read in _TAGGED:
            if tag in data:
                return read(data, depth)
    raise BadText("value")


def _plain_value(data: int | float | str) -> Value:
    """A plain stored value checked: a name of at most MAX_VALUE characters, a number within
    a billion either way (a float that is not a number is refused)."""
    if isinstance(data, str):
        if len(data) > MAX_VALUE:
            raise BadText("value")
        return data
    if not abs(data) <= 10**9:
        raise BadText("value")
    return data


def _tagged_text(data: dict[Any, Any], depth: int) -> Value:
    """`{"text": ...}`: a text within the text."""
    return text_from_data(data["text"], depth + 1)


def _tagged_num(data: dict[Any, Any], depth: int) -> Value:
    """`{"num": x, "digits": d, "percent": p}`: a number within a billion, shown with up to 6
    digits, as a percentage or not."""
    number, digits, percent = data["num"], data.get("digits"), data.get("percent", False)
    if isinstance(number, bool) or not isinstance(number, int | float):
        raise BadText("num")
    if not abs(number) <= 10**9 or not isinstance(percent, bool):
        raise BadText("num")
    if digits is not None and (type(digits) is not int or not 0 <= digits <= 6):
        raise BadText("digits")
    return Num(number, digits, percent)


def _tagged_join(data: dict[Any, Any], depth: int) -> Value:
    """`{"join": [...], "separator": s}`: at most MAX_VALUES values joined by a short
    separator."""
    items, separator = data["join"], data.get("separator", ", ")
    if not isinstance(items, list) or len(items) > MAX_VALUES:
        raise BadText("join")
    if not isinstance(separator, str) or len(separator) > 8:
        raise BadText("separator")
    return Join(tuple(_value_from_data(item, depth + 1) for item in items), separator)


_TAGGED: tuple[tuple[str, Callable[[dict[Any, Any], int], Value]], ...] = (
    ("text", _tagged_text),
    ("num", _tagged_num),
    ("join", _tagged_join),
)
"""The tags of a stored value that is not plain, in the order they are looked for, and how
each is read."""
