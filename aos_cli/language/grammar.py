"""Grammar a translation cannot write once for every name: Hungarian's definite article and
Italian elision before a number.

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
    """`text` with its articles fitted to the names and numbers filled in: in Hungarian each
    `a(z)` hedge resolved to "a" or "az", in Italian an article or articulated preposition
    elided before a number said with a vowel ("l'80,9%", "dell'11%"); any other language's
    text is returned as it is."""
    from aos_cli.language.i18n import language

    code = language()
    if code == "it":
        return italian_elision(text)
    if code != "hu" or "(z)" not in text:
        return text

    def pick(match: re.Match[str]) -> str:
        capital, space, opening, word = match.groups()
        return hungarian_article(word, capital == "A") + space + opening + word

    return _HEDGE.sub(pick, text)


_ITALIAN_ARTICLE = re.compile(r"\b([IiDdAaNnSs]?[a-z]*l) (?=(\d[\d.\u00a0]*))")
_ELIDED = {"il": "l'", "del": "dell'", "al": "all'", "dal": "dall'", "nel": "nell'", "sul": "sull'"}
"""The masculine article and its articulated prepositions, and their elided forms."""


def italian_number_starts_with_vowel(digits: str) -> bool:
    """Whether an Italian reader says a whole number starting with a vowel: uno (1), otto (8),
    undici (11), ottanta (80-89), ottocento, ottomila (any number led by 8), undicimila."""
    digits = digits.lstrip("0")
    if not digits:
        return False
    if digits[0] == "8" or digits in ("1", "11"):
        return True
    return len(digits) == 5 and digits.startswith("11")  # undicimila


def italian_elision(text: str) -> str:
    """`text` with "il", "del", "al", "dal", "nel", "sul" before a number said with a vowel
    elided: "del 80,9%" → "dell'80,9%", "il 11%" → "l'11%"."""
    if not any(ch.isdigit() for ch in text):
        return text

    def elide(match: re.Match[str]) -> str:
        word = match.group(1)
        elided = _ELIDED.get(word.lower())
        digits = re.sub(r"\D", "", match.group(2))
        if elided is None or not italian_number_starts_with_vowel(digits):
            return match.group(0)
        return elided.capitalize() if word[0].isupper() else elided

    return _ITALIAN_ARTICLE.sub(elide, text)
