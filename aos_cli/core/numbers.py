"""Every number a player types is read here: ASCII digits only, within a limit, finite.

`str.isdigit()` accepts `²` and `①`, which `int()` refuses, and `int()` accepts `٣` and
4,000-digit numbers; these functions accept only what a player means and refuse the rest with
one line (an InputError, exit 2).
"""

from __future__ import annotations

import math
import re

from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_DISTANCE
from aos_cli.language.text import Num, Text, tr

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_MAX_DIGITS = 18
"""More digits than any limit has: longer numbers are refused before `int()` sees them."""


def is_ascii_whole(text: str) -> bool:
    """True for a non-empty run of ASCII digits 0-9 (no sign, no spaces)."""
    return bool(text) and text.isascii() and text.isdigit()


def parse_whole(
    text: str,
    *,
    what: str | Text,
    low: int = 0,
    high: int,
    hint: str | Text | None = None,
    signed: bool = False,
) -> int:
    """A whole number from `low` to `high` written in ASCII digits (a sign only if `signed`)."""
    cleaned = text.strip()
    shown = cleaned if len(cleaned) <= 20 else cleaned[:20] + "..."
    allowed = hint or tr("use a whole number from {low} to {high}", low=low, high=high)
    if not _WHOLE.fullmatch(cleaned) or (not signed and cleaned[0] in "+-"):
        raise InputError(
            tr("{what}: {value} is not a whole number", what=what, value=repr(shown)), allowed
        )
    digits = cleaned.lstrip("+-").lstrip("0")
    if len(digits) > _MAX_DIGITS:
        raise InputError(
            tr("{what}: {value} is far too large", what=what, value=repr(shown)),
            tr("the limit is {limit}", limit=high),
        )
    # Leading zeros are dropped before int() sees them: 5,000 zeros and a 1 is 1, and int()
    # refuses strings of more than 4,300 digits with a ValueError.
    value = int(digits or "0") * (-1 if cleaned.startswith("-") else 1)
    if value > high:
        raise InputError(
            tr(
                "{what}: {value} is more than the limit of {limit}",
                what=what,
                value=value,
                limit=high,
            ),
            allowed,
        )
    if value < low:
        raise InputError(
            tr("{what}: {value} is less than {low}", what=what, value=value, low=low), allowed
        )
    return value


_DECIMAL_WHOLE = re.compile(r"([+-]?[0-9]+)(?:\.0*)?")


def parse_decimal_whole(
    text: str, *, what: str | Text, low: int = 0, high: int, signed: bool = False
) -> int:
    """A whole number as files write it (`120.0`, `-1.0`, `3`): a fraction of zeros only, then
    the bounds of `parse_whole`. `inf`, `nan`, `1e400`, `1.5` and 5,000 digits are refused."""
    cleaned = text.strip()
    match = _DECIMAL_WHOLE.fullmatch(cleaned) if len(cleaned) <= 40 else None
    return parse_whole(
        match.group(1) if match else cleaned, what=what, low=low, high=high, signed=signed
    )


def check_distance(value: float, *, what: str | Text = "--distance") -> float:
    """A distance in inches: finite, 0 or more, and no longer than a table."""
    if math.isnan(value) or math.isinf(value):
        raise InputError(
            tr("{what}: {value} is not a distance", what=what, value=value),
            tr("give inches, such as {seven} or {decimal}", seven=7, decimal=Num(8.5)),
        )
    if value < 0:
        raise InputError(
            tr("{what}: {value} is negative", what=what, value=Num(value)),
            tr("give the gap in inches, 0 or more"),
        )
    if value > MAX_DISTANCE:
        shown = f"{value:g}"  # as typed, not as the language writes numbers
        raise InputError(
            tr(
                "{what}: {value} inches is more than the limit of {limit}",
                what=what,
                value=shown,
                limit=Num(MAX_DISTANCE),
            ),
            tr("give the gap on the table in inches"),
        )
    return value


def parse_distance(text: str, *, what: str | Text | None = None) -> float:
    """A distance typed in inches (`7`, `8.5`): ASCII digits, finite, 0 up to a table's size."""
    cleaned = text.strip()
    if len(cleaned) > 20 or not _DECIMAL.fullmatch(cleaned):
        shown = cleaned if len(cleaned) <= 20 else cleaned[:20] + "..."
        raise InputError(
            tr(
                "{what}: {value} is not a number of inches",
                what=what or tr("distance"),
                value=repr(shown),
            ),
            tr("such as {seven} or {decimal}", seven=7, decimal=Num(8.5)),
        )
    return check_distance(float(cleaned), what=what or tr("distance"))


def file_number(text: object, *, low: float = 0, high: float, whole: bool = False) -> float | None:
    """A number read from another program's file (a count, a cost, a characteristic), or None
    when it is not one: ASCII digits only (no `٣`, `inf`, `nan`, `1e400` or 5,000 digits), an
    optional sign and decimal point, from `low` to `high`, whole when `whole`. Importers call
    this, never `int()` or `float()` on file text, and report None in their own words."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int | float):
        value = float(text)
    elif isinstance(text, str):
        cleaned = text.strip()
        if len(cleaned) > 64 or not _DECIMAL.fullmatch(cleaned):
            return None
        sign = -1.0 if cleaned.startswith("-") else 1.0
        body = cleaned.lstrip("+-")
        head, _dot, tail = body.partition(".")
        head = head.lstrip("0")
        if len(head) > _MAX_DIGITS:
            return None
        value = sign * float(f"{head or '0'}.{tail[:_MAX_DIGITS] or '0'}")
    else:
        return None
    if math.isnan(value) or math.isinf(value) or not low <= value <= high:
        return None
    if whole and value != int(value):
        return None
    return value


def file_count(text: object, *, low: int = 0, high: int) -> int | None:
    """A whole number from `low` to `high` read from a file (see `file_number`), or None."""
    value = file_number(text, low=low, high=high, whole=True)
    return None if value is None else int(value)


def menu_pick(answer: str, count: int) -> int | None:
    """The 0-based index of a numbered menu entry typed as 1 to `count`, else None."""
    cleaned = answer.strip()
    if not is_ascii_whole(cleaned) or len(cleaned) > len(str(count)):
        return None
    number = int(cleaned)
    return number - 1 if 1 <= number <= count else None


def plural(count: int, noun: str, many: str | None = None) -> str:
    """A count with its noun as a person says it: `1 wound`, `3 wounds`, `0 models`
    (`many` for a plural that is not the noun plus s, such as `dice`)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"
