"""The language a player reads: choosing it, translating the code's strings, formatting numbers.

English is the source language and costs nothing: `_()` returns its argument untouched and no
catalogue is read. For Hungarian, Italian, Turkish and Russian the compiled gettext catalogue
(`aos_cli/locale/<lang>/LC_MESSAGES/aos.mo`, built with the package) is loaded on the first
translated string; a source checkout without a built `.mo` compiles its `.po` once into the user
cache folder (see `aos_cli.language.catalogues`). The pseudo-language `xx` wraps every string in ⟦ ⟧, so
a test can spot English that was never marked for translation.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

ENGLISH = "en"
PSEUDO = "xx"
LANGUAGES: tuple[str, ...] = ("en", "hu", "it", "tr", "ru")
"""The languages a player can choose, English first (the language of the code's strings)."""
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "hu": "magyar",
    "it": "italiano",
    "tr": "Türkçe",
    "ru": "русский",
}
"""Each language's own name for itself, as shown in help and warnings."""
LOCALE_DIR = Path(__file__).parent.parent / "locale"
DOMAIN = "aos"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX locale variables, in the order they take precedence."""
_PSEUDO_OPEN, _PSEUDO_CLOSE = "⟦", "⟧"


class _Catalogue(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


class _Pseudo:
    """The test language: every translated string wrapped in ⟦ ⟧, placeholders kept intact."""

    def gettext(self, message: str, /) -> str:
        return f"{_PSEUDO_OPEN}{message}{_PSEUDO_CLOSE}" if message else message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        return self.ngettext(singular, plural, n)


_language = ENGLISH
_catalogue: _Catalogue | None = None
_system: str = ""
"""The game system whose own words win (`use_system`); empty for the words all systems share."""


def language() -> str:
    """The language chosen for this run (`en` unless `--lang`, `AOS_LANG` or the locale said)."""
    return _language


def set_language(code: str) -> None:
    """Switch the language of every later translated string (the catalogue loads on first use)."""
    global _language, _catalogue
    if code != _language:
        _language = code
        _catalogue = None


def use_system(system: str | None) -> None:
    """Say the game's words in the system's own terms from now on: a message the catalogue
    holds within the context of the system's id (`msgctxt "wh40k8"`: the Hungarian 40k
    rulebook's "csatakör" and "Hadúr" where Age of Sigmar's says "forduló" and "tábornok")
    wins over the shared one. None or "" goes back to the shared words."""
    global _system
    _system = system or ""


def game_system() -> str:
    """The system whose own words win now (`use_system`), or ""."""
    return _system


def from_locale(value: str) -> str:
    """The language code of a POSIX locale value: `hu_HU.UTF-8` → `hu`, `C`/`POSIX` → `en`."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return ENGLISH if code in ("", "c", "posix") else code


def choose(
    explicit: str | None, environ: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """The language to use and a warning line when the one asked for is unknown.

    `explicit` (from `--lang`) wins, then `AOS_LANG`, then the first set of LC_ALL, LC_MESSAGES,
    LANG; anything else is English. An unknown language falls back to English with one warning
    line, whether `--lang`, `AOS_LANG` or the locale asked for it (the locale's warning says how
    to choose a language and so silence it).
    """
    env = os.environ if environ is None else environ
    asked, source = explicit, "--lang"
    if not asked:
        asked, source = env.get("AOS_LANG") or None, "AOS_LANG"
    if asked:
        code = from_locale(asked)
        if code in LANGUAGES or code == PSEUDO:
            return code, None
        known = ", ".join(LANGUAGES)
        return ENGLISH, (
            f"aos: warning: {source} {asked!r} is not a language this tool speaks "
            f"({known}); using English"
        )
    for variable in LOCALE_VARIABLES:
        value = env.get(variable)
        if value:
            code = from_locale(value)
            if code in LANGUAGES:
                return code, None
            return ENGLISH, (
                f"aos: warning: the locale {variable}={value!r} names a language this tool does "
                f"not speak ({', '.join(LANGUAGES)}); using English (set AOS_LANG=en to say so)"
            )
    return ENGLISH, None


def take_lang_option(args: Sequence[str]) -> tuple[list[str], str | None]:
    """The arguments without `--lang X` / `--lang=X` (accepted anywhere before `--`), and X.

    Raises ValueError when `--lang` is the last argument and so has no value.
    """
    rest: list[str] = []
    chosen: str | None = None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest.extend(args[index:])
            break
        if arg == "--lang":
            if index + 1 >= len(args):
                raise ValueError("--lang needs a language: " + ", ".join(LANGUAGES))
            chosen = args[index + 1]
            index += 2
            continue
        if arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
        else:
            rest.append(arg)
        index += 1
    return rest, chosen


def _load() -> _Catalogue | None:
    """The catalogue of the current language, or None for English (or a missing catalogue)."""
    global _catalogue
    if _language == ENGLISH:
        return None
    if _catalogue is None:
        if _language == PSEUDO:
            _catalogue = _Pseudo()
        else:
            from aos_cli.language.catalogues import load

            _catalogue = load(_language)
    return _catalogue


def _(message: str) -> str:
    """`message` in the chosen language (itself in English, or when not yet translated)."""
    catalogue = _load()
    if catalogue is None:
        return message
    if _system:
        own = catalogue.pgettext(_system, message)
        if own != message:
            return own
    return catalogue.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` things, by the chosen language's plural rule.

    Russian has three forms (1, 2–4, 5+ with their tens), the others two; the result still holds
    its `{n}`-style placeholders for the caller to fill.
    """
    catalogue = _load()
    if catalogue is None:
        return singular if n == 1 else plural
    if _system:
        english = singular if n == 1 else plural
        own = catalogue.npgettext(_system, singular, plural, n)
        if own != english:
            return own
    return catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` translated within `context`, for short words that mean different things."""
    catalogue = _load()
    return message if catalogue is None else catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` things within `context` (`ngettext` with a context)."""
    catalogue = _load()
    if catalogue is None:
        return singular if n == 1 else plural
    return catalogue.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (for module-level constants that
    are translated with `_()` where they are shown)."""
    return message


_DECIMAL_COMMA = frozenset({"hu", "it", "tr", "ru"})
_GROUPING: dict[str, tuple[str, int]] = {
    "en": (",", 1000),
    "hu": ("\u00a0", 10000),
    "ru": ("\u00a0", 10000),
    "it": (".", 10000),
    "tr": (".", 1000),
}
"""Thousands separator and the smallest number grouped (four-digit numbers stay whole in
Hungarian, Russian and Italian typesetting)."""


def number(value: float | int, digits: int | None = None) -> str:
    """A number as the chosen language writes it: `4.5` in English, `4,5` in Hungarian, Italian,
    Turkish and Russian; `digits` fixes the decimals, else trailing zeros are dropped."""
    if digits is None:
        text = f"{value:.6f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
    else:
        text = f"{value:.{digits}f}"
    sign = "-" if text.startswith("-") else ""
    whole, _dot, fraction = text.lstrip("-").partition(".")
    separator, smallest = _GROUPING.get(_language, _GROUPING[ENGLISH])
    if whole.isdigit() and int(whole) >= smallest:
        whole = f"{int(whole):,}".replace(",", separator)
    point = "," if _language in _DECIMAL_COMMA else "."
    return sign + whole + (point + fraction if fraction else "")


def percent_sign(text: str) -> str:
    """A number already written as text, as a percentage of the chosen language (`%45` in
    Turkish, `45 %` in Russian, `45%` elsewhere)."""
    if _language == "tr":
        return f"%{text}"
    if _language == "ru":
        return f"{text}\u00a0%"
    return f"{text}%"


CORE_SPELLS = (N_("Arcane Bolt"), N_("Mystic Shield"), N_("Smite"))
"""The spells every wizard knows (and Smite, the power every 40k psyker knows), named in the
catalogues by the glossary's words."""


def spell_name(name: str) -> str:
    """A spell's name for the player: a core spell in the chosen language, any other as it is
    written in its warscroll (content keeps its own names)."""
    return _(name) if name in CORE_SPELLS else name
