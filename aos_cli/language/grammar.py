"""Grammar a translation cannot write once for every name: Hungarian's definite article.

A Hungarian catalogue writes `a(z) {name}` where the article stands before a name or number
filled in later; `articles` picks "a" or "az" by how the word that follows is said (az before a
vowel sound: "az Arcane Bolt", "az 5. forduló", "a 2. forduló"), so no player reads "a(z)".
"""

from __future__ import annotations

import re

_HEDGE = re.compile(r"(?<![\w(])([Aa])\(z\)(\s+)([«„\"'(\[]*)(\S*)")
_VOWELS = frozenset("aáeéiíoóöőuúüű")


def _number_starts_with_vowel(digits: str) -> bool:
    """Whether a whole number is said starting with a vowel in Hungarian: egy (1), öt (5),
    ötven (50), ötszáz (500), ezer (1000), egymillió ...; the rest (kettő, tíz, száz,
    kétezer ...) start with a consonant."""
    digits = digits.lstrip("0") or "0"
    groups, top = divmod(len(digits) - 1, 3)
    head = int(digits[: top + 1])
    if groups and head == 1:
        return True  # ezer, egymillió
    if head >= 100:
        return head // 100 == 5  # ötszáz; száz, kétszáz ...
    if head >= 10:
        return head // 10 == 5  # ötven; tíz, húsz ...
    return head in (1, 5)  # egy, öt; nulla, kettő, három ...


def starts_with_vowel_sound(word: str) -> bool:
    """Whether a Hungarian reader says `word` (a name or a number) starting with a vowel."""
    match = re.match(r"[\d\u00a0 .]*\d", word)
    if match:
        return _number_starts_with_vowel(re.sub(r"\D", "", match.group(0)))
    letters = [ch for ch in word if ch.isalpha()]
    return bool(letters) and letters[0].lower() in _VOWELS


def hungarian_article(word: str, capital: bool = False) -> str:
    """The definite article before `word`: "az" before a vowel sound, else "a"."""
    article = "az" if starts_with_vowel_sound(word) else "a"
    return article.capitalize() if capital else article


def articles(text: str) -> str:
    """`text` with each `a(z)` hedge before a word resolved to "a" or "az" (in Hungarian; any
    other language's text is returned as it is)."""
    if "(z)" not in text:
        return text
    from aos_cli.language.i18n import language

    if language() != "hu":
        return text

    def pick(match: re.Match[str]) -> str:
        capital, space, opening, word = match.groups()
        return hungarian_article(word, capital == "A") + space + opening + word

    return _HEDGE.sub(pick, text)
