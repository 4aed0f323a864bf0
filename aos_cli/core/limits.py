"""The limits on every count and size a player or a file can give, in one place.

Each is far beyond anything a real table reaches, so a game never meets them; they are there so
a typo or a hostile file is refused at once with one line instead of eating memory or time.
"""

from __future__ import annotations

from aos_cli.core.errors import InputError
from aos_cli.language.i18n import N_
from aos_cli.language.text import Text, tr

MAX_MODELS = 1_000
"""Models in one unit, in a compact profile, `--models` or a unit size in content."""

MAX_ATTACKS = 10_000
"""Attacks in one roll or odds query (models x the most the Attacks characteristic can be)."""

MAX_DICE = 1_000
"""Dice rolled by one dice expression, across all its terms (`100D6+100D6` is 200)."""

MAX_CONSTANT = 1_000
"""The size of a plain number in a dice expression (`D6+1000`), of a Damage or a value."""

MAX_DAMAGE = 1_000
"""Damage of one attack, at most."""

MAX_TRIGGER_AMOUNT = 100
"""N of an `X:N` flag: extra hits, mortal wounds, wound rolls, rend or damage on a roll."""

MAX_MODIFIER = 100
"""The size of a modifier, rend or AP: a roll modified by more is decided by the 1s and 6s."""

MAX_CHARACTERISTIC = 1_000
"""A characteristic such as Strength, Toughness, Wounds, Bravery or a casting value."""

MAX_DISTANCE = 1_000.0
"""Inches: a distance on the table (the largest tables are 6 feet by 4)."""

MAX_WEAPONS = 100
"""Weapon profiles in one attack command."""

MAX_PLAYER_NAME = 200
"""Characters of a player's name in a coalition (as long as a name in the rules database)."""

MAX_TYPED_LINE = 10_000
"""Characters of one line typed at a prompt."""

MAX_CONTENT_FILE_BYTES = 5 * 1024 * 1024
"""One content file or army list (the largest bundled file is a few dozen kilobytes)."""

MAX_YAML_NODES = 200_000
"""YAML values in one content file once its aliases are expanded (a 'billion laughs' file
expands to billions)."""

MAX_YAML_DEPTH = 100
"""Lists and mappings nested inside each other in one content file."""

MAX_CONTENT_NUMBER = 1_000_000
"""A whole number written in a content file (points, inches, wounds...)."""

MAX_CACHE_BYTES = 256 * 1024 * 1024
"""The content cache file; a larger one is not read but rebuilt."""

MAX_CONTENT_FILES = 10_000
"""Content files read from all the content folders together."""


def over_limit(
    what: str | Text, value: int | float, limit: int | float, noun: str | Text
) -> InputError:
    """The one-line refusal of a value past a limit, naming the limit."""
    return InputError(
        tr(
            "{what}: {value} is more than {limit} {noun}",
            what=what,
            value=value,
            limit=limit,
            noun=tr(noun) if isinstance(noun, str) else noun,
        ),
        tr("the limit is {limit}", limit=limit),
    )


LIMIT_NOUNS = (
    N_("either way"),
    N_("models"),
    N_("attacks in one roll"),
    N_("per attack"),
    N_("in one roll"),
    N_("weapons"),
    N_("warriors"),
    N_("at most"),
)
"""What a limit counts, as `check_at_most` callers name it (translated where shown)."""


def check_at_most(
    what: str | Text, value: int | float, limit: int | float, noun: str | Text
) -> None:
    """Refuse `value` over `limit` with one line naming the limit (exit 2)."""
    if value > limit:
        raise over_limit(what, value, limit, noun)


def check_modifiers(**modifiers: int) -> None:
    """Each modifier (by flag name, `unbind_mod=...`) within the limit either way."""
    for name, value in modifiers.items():
        check_at_most(f"--{name.replace('_', '-')}", abs(value), MAX_MODIFIER, "either way")


def check_weapon(models: int, most_attacks: int, most_damage: int) -> None:
    """A weapon's models, attacks and damage within the limits (one line naming the limit)."""
    check_at_most("models", models, MAX_MODELS, "models")
    check_at_most("attacks", models * most_attacks, MAX_ATTACKS, "attacks in one roll")
    check_at_most("damage", most_damage, MAX_DAMAGE, "per attack")
