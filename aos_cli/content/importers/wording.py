"""Ability text in the common Age of Sigmar 2nd edition wordings, read into structured effects.

`read_ability` splits a rules text into sentences, takes the timing from its opening phrase
("In your hero phase, ...", "At the start of the combat phase, ...", "After this unit has
fought ...") and turns each sentence it recognises into effects of the shared vocabulary
(`aos_cli.core.effects`, `aos_cli.core.ability_effects`). A sentence it does not recognise
keeps the ability a reminder: the full text is shown at its timing, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import field
from typing import Any

from aos_cli.core.records import dataclass

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@dataclass
class Reading:
    """What a text says in structured form: timing, usage, effects and the weapons they touch.

    `complete` is true when every sentence was understood (the ability needs no reminder).
    """

    timing: dict[str, str] = field(default_factory=dict)
    usage: str = "unlimited"
    effects: list[dict[str, Any]] = field(default_factory=list)
    weapons: list[str] = field(default_factory=list)
    complete: bool = False
    fly: bool = False
    target: dict[str, Any] | None = None
    """Whom the text picks (`side`, `keywords`, `range`), as a record's `target`; None: itself."""


@dataclass(frozen=True)
class WeaponRef:
    """A weapon of the warscroll as the wording finds it: id, kind and fixed values."""

    id: str
    name: str
    melee: bool
    rend: int = 0
    damage: int | None = None
    damage_text: str = ""
    """The Damage as written (`D3`), when it is no fixed number."""


def normalise(text: str) -> str:
    """One line, straight quotes, `re-roll` as `reroll`, lower case: the form matched."""
    text = " ".join(text.replace("’", "'").replace("‘", "'").replace("“", '"').split())
    return re.sub(r"re-?roll", "reroll", text, flags=re.IGNORECASE).lower()


# ---------------------------------------------------------------------- timing

_TIMINGS: list[tuple[str, dict[str, str]]] = [
    (r"at the start of your hero phase", {"phase": "hero", "turn": "yours", "step": "start"}),
    (r"at the end of your hero phase", {"phase": "hero", "turn": "yours", "step": "end"}),
    (r"at the start of the hero phase", {"phase": "hero", "step": "start"}),
    (r"in your hero phase", {"phase": "hero", "turn": "yours"}),
    (r"in the enemy hero phase|in your opponent's hero phase", {"phase": "hero", "turn": "enemy"}),
    (r"in each hero phase|in the hero phase", {"phase": "hero"}),
    (r"at the end of your movement phase", {"phase": "movement", "turn": "yours", "step": "end"}),
    (r"in your movement phase", {"phase": "movement", "turn": "yours"}),
    (r"in your shooting phase", {"phase": "shooting", "turn": "yours"}),
    (r"in the shooting phase", {"phase": "shooting"}),
    (r"at the end of the charge phase", {"phase": "charge", "step": "end"}),
    (r"in your charge phase", {"phase": "charge", "turn": "yours"}),
    (
        r"after this (?:unit|model) (?:has made|makes|finishes|completes) a charge move",
        {"phase": "charge", "trigger": "after this unit makes a charge move"},
    ),
    (r"at the start of (?:the|a) combat phase", {"phase": "combat", "step": "start"}),
    (r"at the end of the combat phase", {"phase": "combat", "step": "end"}),
    (r"in the combat phase", {"phase": "combat"}),
    (
        r"after this (?:unit|model) has fought(?: in the combat phase)?(?: for the first time)?",
        {"phase": "combat", "trigger": "after this unit has fought"},
    ),
    (
        r"after this (?:unit|model) has (?:made all of its attacks|attacked)",
        {"phase": "combat", "trigger": "after this unit has attacked"},
    ),
    (
        r"(?:immediately )?before this (?:unit|model) makes a retreat move",
        {"phase": "movement", "trigger": "before this unit makes a retreat move"},
    ),
    (r"in the battleshock phase", {"phase": "battleshock"}),
    (r"at the start of (?:each|the) battle round", {"phase": "start_of_battle_round"}),
    (r"at the end of (?:each|your|the) turn", {"phase": "end_of_turn"}),
    (r"(?:after|when) (?:set-up|deployment) is complete", {"phase": "pre_battle"}),
]
_USAGE = [
    (r"once per battle", "once_per_battle"),
    (r"once per battle round", "once_per_battle_round"),
    (r"once per turn", "once_per_turn"),
    (r"once per phase", "once_per_phase"),
]


def _timing(text: str) -> dict[str, str]:
    """The timing of the first timing phrase in the text (none: any time)."""
    best: tuple[int, dict[str, str]] | None = None
    for pattern, timing in _TIMINGS:
        match = re.search(pattern, text)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), timing)
    return dict(best[1]) if best else {}


def _strip_lead(sentence: str) -> str:
    """The sentence without a leading timing or usage phrase and its comma."""
    for _ in range(3):
        before = sentence
        for pattern, _unused in _TIMINGS:
            sentence = re.sub(rf"^(?:{pattern})[^,]*,\s*", "", sentence)
        for pattern, _usage in _USAGE:
            sentence = re.sub(rf"^{pattern},?\s*", "", sentence)
        if sentence == before:
            break
    return sentence


# ---------------------------------------------------------------------- subjects

_UNIT = r"(?:this unit|this model|units? with this ability|models? with this ability)"
_NEAR = r"(?:this model|this unit|any friendly [\w' -]+?|one or more friendly [\w' -]+?)"


def _subject(rest: str, weapons: list[WeaponRef]) -> list[str] | None:
    """The weapons a phrase such as `for attacks made by this unit` or `with this model's
    Glaive` covers; None when the phrase says more than the effect can hold."""
    rest = rest.strip().rstrip(".").strip()
    rest = re.sub(r"^(?:you can )", "", rest)
    every = [w.id for w in weapons]
    melee = [w.id for w in weapons if w.melee]
    missile = [w.id for w in weapons if not w.melee]
    if re.fullmatch(rf"(?:for )?(?:attacks made by|this is for|) ?{_UNIT}", rest):
        return every
    if re.fullmatch(
        rf"for attacks made (?:with (?:(?:a )?melee weapons? by {_UNIT}|{_UNIT}'s melee weapons)"
        rf"|by {_UNIT} with (?:a )?melee weapons?)",
        rest,
    ):
        return melee
    if re.fullmatch(
        rf"for attacks made (?:with (?:a )?(?:missile or melee|melee or missile) weapons? by "
        rf"{_UNIT}|by {_UNIT} with (?:a )?(?:missile or melee|melee or missile) weapons?)",
        rest,
    ):
        return every
    if re.fullmatch(
        rf"for attacks made with (?:(?:a )?missile weapons? by {_UNIT}|{_UNIT}'s missile weapons)",
        rest,
    ):
        return missile
    match = re.fullmatch(
        rf"for (?:attacks (?:made )?with|) ?(?:(?:{_UNIT}'s|its|his|her|a|an|the) )?(.+?)", rest
    )
    if match:
        listed = _weapons_listed(match.group(1), weapons)
        if listed:
            return listed
        found = _weapon_named(match.group(1), weapons)
        return [found.id] if found else None
    return None


def _weapons_listed(words: str, weapons: list[WeaponRef]) -> list[str] | None:
    """The unit's weapons among a list such as "<Fellreaper> or <Reaper Scythe> or <Cairn
    Wraith's Reaper Scythe>" (a shared text naming the weapons of several warscrolls): None
    unless every name is marked or the list names at least one of this unit's weapons."""
    if "<" not in words:
        return None
    names = re.findall(r"<([^<>]{1,60})>", words)
    rest = re.sub(r"<[^<>]{1,60}>", "", words)
    if not names or re.sub(r"\b(?:or|and)\b|[, ]", "", rest):
        return None
    found: list[str] = []
    for name in names:
        weapon = _weapon_named(name.strip(), weapons)
        if weapon is not None and weapon.id not in found:
            found.append(weapon.id)
    return found or None


def _weapon_named(words: str, weapons: list[WeaponRef]) -> WeaponRef | None:
    words = words.strip().rstrip(".").removesuffix(" attacks").strip()
    # "a Dracoth's Claws and Fangs": the weapon after the model's possessive
    owned = re.fullmatch(r"[a-z][\w -]{0,40}?'s (?P<weapon>.+)", words)
    if owned and not any(w.name.lower() == words for w in weapons):
        words = owned["weapon"]
    for weapon in weapons:
        name = weapon.name.lower()
        if words in (name, name.rstrip("s"), f"{name}s") or words.rstrip("s") == name.rstrip("s"):
            return weapon
    return None


def _number(word: str) -> str:
    return str(_WORDS.get(word, word)).upper()


# ---------------------------------------------------------------------- sentences

_ROLL = r"(?P<roll>hit|wound|save)"
_ON = r"(?:is )?(?P<on>[2-6])\+?(?: or more)?"


_CONDITIONS = [
    (
        r",? if (?:this|that|it) (?:unit|model)? ?(?:(?:made|has made) a charge move|charged) "
        r"in the same turn$",
        "charged_this_turn",
    ),
    (r"^in the first battle round, ", "first_battle_round"),
    (
        r",? (?:while|if) (?:this unit|it) (?:has|contains|includes) (?:at least 10|10 or more) "
        r"models$",
        "ten_or_more_models",
    ),
]


def _condition(text: str) -> tuple[str, str | None]:
    """The text without a condition the vocabulary knows (charged this turn, first battle
    round), and that condition."""
    for pattern, condition in _CONDITIONS:
        found = re.search(pattern, text)
        if found:
            return (text[: found.start()] + text[found.end() :]).strip(), condition
    return text, None


def _reroll(s: str, weapons: list[WeaponRef]) -> tuple[list[dict[str, Any]], list[str]] | None:
    s, condition = _condition(s)
    match = re.fullmatch(
        rf"(?:you can )?reroll (?P<which>failed )?{_ROLL} rolls(?P<ones> of 1)? ?(?P<rest>.*)", s
    )
    if not match:
        return None
    which = "ones" if match["ones"] else "failed" if match["which"] else "all"
    roll, rest = match["roll"], match["rest"]
    if roll in ("hit", "wound") and rest.strip(" .") == "":
        # "Re-roll hit rolls of 1." alone on a warscroll: the unit's own attacks
        rest = "for attacks made by this unit"
    effect = {"type": "reroll", "roll": roll, "which": which}
    if roll == "save":
        if re.fullmatch(rf"(?:for attacks that target )?{_UNIT}\.?", rest.strip()):
            return [_wrap(effect, condition)], []
        return None
    covered = _subject(rest, weapons)
    if covered is None:
        return None
    return [_wrap(effect, condition)], covered


def _modifier(s: str, weapons: list[WeaponRef]) -> tuple[list[dict[str, Any]], list[str]] | None:
    s, first = _condition(s) if s.startswith("in the first battle round") else (s, None)
    match = re.fullmatch(
        rf"(?P<op>add|subtract) (?P<n>\d) (?:to|from) {_ROLL} rolls ?(?P<rest>.*)", s
    )
    if not match:
        return None
    amount = int(match["n"]) * (1 if match["op"] == "add" else -1)
    roll, rest = match["roll"], match["rest"]
    rest, condition = _condition(rest)
    condition = condition or first
    targeted = re.fullmatch(
        rf"for attacks (?:made with (?P<kind>melee|missile) weapons )?that target {_UNIT}\.?",
        rest.strip(),
    )
    if targeted and roll != "save":
        # the attackers' rolls against this unit: a modifier the target holds
        held: dict[str, Any] = {"type": "targeted_modifier", "roll": roll, "amount": amount}
        if targeted["kind"]:
            held["weapons"] = targeted["kind"]
        return [_wrap(held, condition)], []
    if roll == "save":
        if amount < 0 or not re.fullmatch(
            rf"(?:for attacks that target )?{_UNIT}\.?", rest.strip()
        ):
            return None
        effect: dict[str, Any] = {"type": "modifier", "roll": "save", "amount": amount}
        return [_wrap(effect, condition)], []
    if amount < 0:
        return None
    covered = _subject(rest, weapons)
    if covered is None:
        return None
    return [_wrap({"type": "modifier", "roll": roll, "amount": amount}, condition)], covered


def _wrap(effect: dict[str, Any], condition: str | None) -> dict[str, Any]:
    if condition is None:
        return effect
    return {"type": "conditional", "condition": condition, "effects": [effect]}


_ON_ROLL = re.compile(
    rf"if the unmodifi?e?d {_ROLL.replace('|save', '')} roll for an attack (?:made )?(?P<by>with|by) "
    rf"(?P<subject>.+?)(?: that targets (?:a|an) (?P<against>hero|monster|wizard|priest))? "
    rf"is (?P<on>[56])\+?(?: or more)?, (?P<then>.+)"
)


_DAMAGE_AS_MORTAL = re.compile(
    r"if the unmodified (?:hit )?roll for an attack made with (?:the |a |an )?(?P<subject>.+?) is 6, "
    r"that attack inflicts <the weapon damage as a> mortal wounds? and the attack sequence ends"
    r"(?: \(do not make a wound or save roll\))?\.?"
)
"""A shared rule naming the weapons of several warscrolls (Frightful Touch): an unmodified hit
roll of 6 (no wound or save roll follows, so the roll is the hit roll) inflicts mortal wounds
equal to the weapon's Damage."""


def _damage_as_mortal(
    s: str, weapons: list[WeaponRef]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """Frightful Touch: the weapons of this warscroll among those named, when they share one
    fixed Damage (one effect says one amount)."""
    match = _DAMAGE_AS_MORTAL.fullmatch(s)
    if not match:
        return None
    covered = _weapons_listed(match["subject"], weapons)
    if not covered:
        return None
    damages = {
        str(w.damage) if w.damage is not None else w.damage_text.upper()
        for w in weapons
        if w.id in covered
    }
    if len(damages) != 1 or not re.fullmatch(r"\d{1,2}|D3|D6", damage := damages.pop()):
        return None
    effect = {"type": "mortal_wounds_on_roll", "roll": "hit", "on": 6, "amount": damage}
    return [{**effect, "add": False}], covered


def _on_roll(s: str, weapons: list[WeaponRef]) -> tuple[list[dict[str, Any]], list[str]] | None:
    match = _ON_ROLL.fullmatch(s)
    if not match:
        return _damage_as_mortal(s, weapons)
    found = _on_roll_outcome(match, weapons)
    if found is None or match["against"] is None:
        return found
    effects, covered = found
    return [{"type": "against", "keywords": [_AGAINST[match["against"]]], "effects": effects}], (
        covered
    )


def _on_roll_outcome(
    match: re.Match[str], weapons: list[WeaponRef]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """The effect of "if the unmodified hit roll ... is 6, <then>" for the weapons it names."""
    subject = match["subject"]
    covered = (
        [w.id for w in weapons]
        if re.fullmatch(_UNIT, subject)
        else _subject(f"for attacks made {match['by']} {subject}", weapons)
        or _subject(f"for attacks made with {subject}", weapons)
    )
    if not covered:
        return None
    roll, on, then = match["roll"], int(match["on"]), match["then"].rstrip(".")
    chosen = [w for w in weapons if w.id in covered]
    mortal = re.fullmatch(
        r"(?:that attacks? inflicts|the target suffers) (?P<n>\w+) mortal wounds?"
        r"(?: on (?:the|that) target)?(?P<rest>.*)",
        then,
    )
    if mortal:
        effects = _mortal_on_roll(roll, on, mortal)
    elif roll == "hit":
        effects = _on_hit_then(on, then, chosen)
    elif roll == "wound":
        effects = _on_wound_then(on, then, chosen)
    else:
        effects = None
    return None if effects is None else (effects, covered)


def _mortal_on_roll(roll: str, on: int, mortal: re.Match[str]) -> list[dict[str, Any]] | None:
    """ "... inflicts N mortal wounds": in addition to the attack, or ending it (or instead)."""
    amount, rest = _number(mortal["n"]), mortal["rest"]
    if "in addition" in rest:
        add = True
    elif not rest.strip() or "sequence ends" in rest or "instead" in rest:
        add = False
    else:
        return None
    return [{"type": "mortal_wounds_on_roll", "roll": roll, "on": on, "amount": amount, "add": add}]


def _on_hit_then(on: int, then: str, chosen: list[WeaponRef]) -> list[dict[str, Any]] | None:
    """What an unmodified hit roll of `on` does: more hits, a wound without rolling, or rend."""
    hits = re.fullmatch(
        r"that attack (?:scores|inflicts) (?P<n>two|three|2|3|d3|d6) hits on the target(?: instead of 1| instead of one)?(?: \(make a wound and save roll for each hit\))?",
        then,
    )
    if hits:
        count = _number(hits["n"])
        extra = f"{count}-1" if count.startswith("D") else str(int(count) - 1)
        return [{"type": "exploding_hits", "on": on, "extra": extra}]
    if re.fullmatch(
        r"that attack (?:automatically wounds the target|wounds the target automatically)(?: \(do not make a wound roll\))?",
        then,
    ):
        return [{"type": "auto_wound", "on": on}]
    rend = re.fullmatch(
        r"(?:improve the rend characteristic of that attack by (?P<by>\d)|that attack has a rend characteristic of -(?P<to>\d))",
        then,
    )
    if rend:
        if rend["by"]:
            return [{"type": "rend_bonus_on_hit", "on": on, "amount": int(rend["by"])}]
        bases = {w.rend for w in chosen}
        if len(bases) == 1:
            better = int(rend["to"]) + bases.pop()
            if better > 0:
                return [{"type": "rend_bonus_on_hit", "on": on, "amount": better}]
    return None


def _on_wound_then(on: int, then: str, chosen: list[WeaponRef]) -> list[dict[str, Any]] | None:
    """What an unmodified wound roll of `on` does: a greater Damage, set, rolled or added."""
    damage = re.fullmatch(
        r"that attack has a damage characteristic of (?P<n>\d{1,3})(?: instead of (?P<was>\d{1,3}))?",
        then,
    )
    if damage:
        bases_d = {w.damage for w in chosen}
        if (
            len(bases_d) == 1
            and (base := bases_d.pop()) is not None
            and int(damage["n"]) > base
            and damage["was"] in (None, str(base))
        ):
            return [{"type": "damage_bonus_on_wound", "on": on, "amount": int(damage["n"]) - base}]
    rolled = re.fullmatch(
        r"that attack has a damage characteristic of (?P<n>d3|d6|2d6|d3\+1)(?: instead of "
        r"(?P<was>\d{1,3}))?",
        then,
    )
    if rolled:
        bases_r = {w.damage for w in chosen}
        if len(bases_r) == 1 and rolled["was"] in (None, str(next(iter(bases_r)))):
            return [{"type": "damage_on_wound", "on": on, "damage": rolled["n"].upper()}]
        return None
    added = re.fullmatch(
        r"add (?P<n>\d) to the damage characteristic of that weapon for that attack", then
    )
    if added:
        return [{"type": "damage_bonus_on_wound", "on": on, "amount": int(added["n"])}]
    return None


def _characteristic(
    s: str, weapons: list[WeaponRef]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    match = re.fullmatch(
        rf"add (?P<n>\d) to the attacks characteristic of (?:{_UNIT}'s|this unit's|its|that model's|(?:a|an|the|each) [\w' -]+?'s) (?P<what>.+?)(?P<cond>,? if (?:this|that|it) (?:unit|model)? ?(?:made|has made) a charge move in the same turn)?",
        s.rstrip("."),
    )
    if not match:
        return None
    if match["what"] in ("melee weapons", "weapons", "weapon"):
        covered = [w.id for w in weapons if w.melee]
    else:
        found = _weapon_named(match["what"], weapons)
        if found is None:
            return None
        covered = [found.id]
    # "this unit's" weapons: every model's Attacks (a bonus per model); "a Heartseeker's"
    # weapon: one model's, so one extra attack for the unit.
    each_model = bool(
        re.match(
            r"add \d to the attacks characteristic of (?:this unit's|units? with this ability's|"
            r"models in this unit's|its) ",
            s,
        )
    )
    effect: dict[str, Any] = (
        {"type": "characteristic_modifier", "characteristic": "attacks", "amount": int(match["n"])}
        if each_model
        else {"type": "extra_attacks", "amount": int(match["n"])}
    )
    if each_model and match["what"] in ("melee weapons", "weapons", "weapon"):
        effect["melee_only"] = True
    effect = _wrap(effect, "charged_this_turn" if match["cond"] else None)
    return [effect], covered


_AGAINST = {
    "hero": "HERO",
    "monster": "MONSTER",
    "wizard": "WIZARD",
    "priest": "PRIEST",
}


def _more_wordings(
    s: str, weapons: list[WeaponRef]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """Two rolls rerolled at once ("reroll hit and wound rolls for attacks made by this
    model"), and rerolls or bonuses only against a HERO or MONSTER target."""
    s = s.rstrip(".")
    match = re.fullmatch(
        r"(?:you can )?reroll (?P<which>failed )?(?P<a>hit|wound) (?:rolls )?and "
        r"(?:failed )?(?P<b>hit|wound) rolls(?P<ones> of 1)? (?P<rest>for attacks made (?:by|with) .+)",
        s,
    )
    covered = _subject(match["rest"], weapons) if match and match["a"] != match["b"] else None
    if match and covered is not None:
        which = "ones" if match["ones"] else "failed" if match["which"] else "all"
        return [
            {"type": "reroll", "roll": match["a"], "which": which},
            {"type": "reroll", "roll": match["b"], "which": which},
        ], covered
    match = re.fullmatch(
        r"(?P<rest>.+?),? (?:if the target (?:unit )?is|that targets?) (?:a|an) "
        r"(?P<kw>hero|monster|wizard|priest)(?: or (?:a |an )?(?P<kw2>hero|monster|wizard|priest))?",
        s,
    )
    if match:
        inner = (
            _reroll(match["rest"], weapons)
            or _modifier(match["rest"], weapons)
            or _more_wordings(match["rest"], weapons)
        )
        if inner is None or any(e["type"] in ("conditional", "against") for e in inner[0]):
            return None
        effects, covered = inner
        if any(e.get("roll") == "save" for e in effects):
            return None
        keywords = [_AGAINST[k] for k in (match["kw"], match["kw2"]) if k]
        return [{"type": "against", "keywords": keywords, "effects": effects}], covered
    return None


_AFTER_MOVING = re.compile(
    r"(?P<who>[a-z' ]{1,30}?) can (?P<move>run|retreat|run or retreat|run and/or retreat|"
    r"retreat and/or run)(?: in that movement phase)? and (?:still )?(?P<then>charge|shoot|shoot "
    r"and/or charge)(?: later)? in the same turn"
)
"""'This unit can run and still charge later in the same turn' (AoS2 §8.3, §8.4 waived)."""


def _after_moving(match: re.Match[str]) -> list[dict[str, Any]]:
    """One `act_after_moving` for each move and each act the words name."""
    moves = re.findall(r"run|retreat", match["move"])
    acts = re.findall(r"shoot|charge", match["then"])
    return [{"type": "act_after_moving", "move": m, "then": t} for m in moves for t in acts]


_AURA_WHO = (
    r"friendly (?P<kw>[a-z' -]{1,40}?) units (?:while they are |that are )?(?:wholly )?within "
    r"(?P<r>\d{1,2})\"? of (?:this|that) model"
)
_AURA_CLAUSES: list[tuple[str, str]] = [
    (
        r"(?:you can )?reroll (?P<which>failed )?(?P<roll>hit|wound) rolls(?P<ones> of 1)? for "
        r"(?:attacks made by )?{WHO}",
        "reroll",
    ),
    (
        r"(?:you can )?reroll (?P<which>failed )?(?P<roll>save) rolls(?P<ones> of 1)? for "
        r"attacks that target {WHO}",
        "reroll",
    ),
    (
        r"(?:you can )?add (?P<n>\d) to (?P<roll>hit|wound)(?: and (?P<roll2>hit|wound))? rolls "
        r"for (?:attacks made by )?{WHO}",
        "modifier",
    ),
    (r"(?:you can )?reroll (?P<other>charge|run|battleshock) rolls for {WHO}", "reroll_other"),
    (
        r"(?:you can )?add (?P<n>\d) to (?P<other>charge|run|casting|unbinding) rolls for {WHO}",
        "roll_bonus",
    ),
    (
        r"(?:you do not have to |you do not |do not )take battleshock tests for {WHO}",
        "no_battleshock",
    ),
    (
        r"subtract (?P<n>\d) from (?P<roll>hit|wound) rolls for attacks (?:made with "
        r"(?P<kind>melee|missile) weapons )?that target {WHO}",
        "targeted_modifier",
    ),
]
"""What friendly units near the bearer are given, as an `aura` (AoS2 §21): the clause, and the
kind of effect it makes (`_lasting_effects`)."""


def _friendly_aura(s: str) -> list[dict[str, Any]] | None:
    """ "[Until the end of that phase,] you can re-roll hit rolls of 1 for attacks made by
    friendly TROGGOTH units wholly within 18\" of that model [when they attack]": an aura on
    the bearer, held for a while when the sentence says how long."""
    s = re.sub(r"^if you do so,? ", "", s)
    until = None
    for pattern, duration in _UNTIL:
        found = re.search(rf"(?:^(?:{pattern}),? |,? (?:{pattern})$)", s)
        if found:
            until, s = duration, (s[: found.start()] + s[found.end() :]).strip()
            break
    s = re.sub(r" when (?:they attack|the charge roll is made)$", "", s)
    tail = re.search(r" (?:in that (?:combat |charge )?phase|until the end of that phase)$", s)
    if tail:
        until, s = until or "end_of_phase", s[: tail.start()]
    for pattern, kind in _AURA_CLAUSES:
        match = re.fullmatch(pattern.replace("{WHO}", _AURA_WHO), s)
        if match:
            effects = _lasting_effects(kind, match)
            if kind == "targeted_modifier":
                effects[0]["amount"] = -abs(effects[0]["amount"])
            aura: dict[str, Any] = {"type": "aura", "range": int(match["r"]), "side": "friendly"}
            aura["keywords"] = [match["kw"].upper()]
            aura["effects"] = effects
            if until is None:
                return [aura]
            return [{"type": "lasting", "until": until, "effects": [aura]}]
    return None


_WIZARDS_NEAR = re.compile(
    r"(?:you can )?(?P<op>add|subtract) (?P<n>\d) (?:to|from) (?:the )?"
    r"(?P<rolls>casting|unbinding|casting and unbinding|unbinding and casting) rolls "
    r"(?:for|of|made by) (?P<side>friendly|enemy) wizards (?:while they are |that are )?"
    r"(?:wholly )?within (?P<r>\d{1,2})\"? of (?:(?:this|that) model|(?:one or more|any) "
    r"(?:friendly )?models with this ability)"
)
"""A bonus or penalty to the casting or unbinding rolls of friendly or enemy WIZARDS near the
bearer (an aura; its range is the players' to see)."""


def _other(s: str, picked_enemy: bool = True) -> list[dict[str, Any]] | None:
    """Sentences about rolls outside the attack, battleshock, healing and auras.

    "That unit suffers ..." is read only when the text picked one enemy unit (`picked_enemy`):
    after "roll a dice for each enemy unit within 1\"" or "pick a point", that unit is one of
    several the tool cannot see, and the mortal wounds must never land on the bearer."""
    s = s.rstrip(".")
    if re.fullmatch(
        r"(?:if you do so, )?pick (?:1|a|one) friendly (?:[a-z' -]{1,40} )?(?:model|hero) with "
        r"this command ability",
        s,
    ):
        return []  # the model using it: the aura that follows is on it
    aura = _friendly_aura(s)
    if aura is not None:
        return aura
    after = _AFTER_MOVING.fullmatch(s)
    if after and re.fullmatch(_UNIT, after["who"]):
        return _after_moving(after)
    slew = re.fullmatch(
        r"if any enemy models were slain by (?:wounds inflicted by )?(?:this model|this unit)'s "
        r"attacks in that (?:combat )?phase, (?P<rest>.+)",
        s,
    )
    if slew:
        return _heals_after_slaying(slew["rest"], picked_enemy)
    if not picked_enemy and re.search(r"\b(?:that|the|each) (?:enemy )?units? suffers?\b", s):
        return None
    for read in (_other_rolls, _saves_and_wizards):
        found = read(s)
        if found is not None:
            return found
    match = re.fullmatch(
        r"(?:you can )?add (?P<n>\d) to (?:(?P<roll>hit|wound|save|hit and wound) rolls for "
        r"(?:attacks made by |attacks that target )?|(?P<bravery>the bravery characteristic of )|"
        r"(?P<other>(?:casting|unbinding)(?: and (?:casting|unbinding))?) rolls for )"
        r"friendly (?P<kw>[a-z' -]+?) (?P<noun>units|wizards) "
        rf"(?:while they are |that are )?(?:wholly )?within (?P<r>\d{{1,3}})\"? of {_NEAR}",
        s,
    )
    if match and (match["noun"] == "units" or match["other"]):
        return _near_friendly_bonus(match, s)
    return _leaders_battleshock_healing(s)


def _heals_after_slaying(rest: str, picked_enemy: bool) -> list[dict[str, Any]] | None:
    """ "If any enemy models were slain by this unit's attacks in that phase, <heal>"."""
    # "... you can heal up to D3 wounds allocated to this model": the table says whether
    heals = _other(rest, picked_enemy)
    if not heals or any(e["type"] != "heal" for e in heals):
        return None
    return [{"type": "conditional", "condition": "slew_this_phase", "effects": heals}]


def _other_rolls(s: str) -> list[dict[str, Any]] | None:
    """Rerolls and bonuses to charge, run, casting, unbinding and battleshock rolls, mortal
    wounds on the unit picked, and the sentences that only set the scene (None: not these)."""
    match = re.fullmatch(
        rf"(?:you can )?reroll (?P<roll>charge|run|casting|unbinding|battleshock) rolls for {_UNIT}",
        s,
    )
    if match:
        return [{"type": "reroll_other", "roll": match["roll"]}]
    match = re.fullmatch(
        rf"(?:you can )?add (?P<n>\d) to (?P<rolls>(?:charge|run|casting|unbinding)(?: and (?:charge|run|casting|unbinding))?) rolls (?:for|made for) {_UNIT}",
        s,
    )
    if match:
        return [
            {"type": "roll_bonus", "roll": roll, "amount": int(match["n"])}
            for roll in match["rolls"].split(" and ")
        ]
    match = re.fullmatch(
        r"(?:if successfully cast, )?pick (?:1|one|a|an) (?:enemy|friendly|other friendly) unit "
        r"(?:wholly )?within (?P<r>\d{1,3})\"? of the caster(?: (?:that is|and) visible to them)?",
        s,
    )
    if match:
        return []
    match = re.fullmatch(
        r"(?:that|the) (?:enemy )?unit suffers (?P<n>d3|d6|2d6|\d) mortal wounds?", s
    )
    if match:
        return [{"type": "mortal_wounds", "amount": _number(match["n"])}]
    match = re.fullmatch(
        r"on a (?P<on>[2-6])\+?,? (?:that|the|each) (?:enemy )?unit suffers (?P<n>d3|d6|2d6|\d) mortal wounds?",
        s,
    )
    if match:
        then = [{"type": "mortal_wounds", "amount": _number(match["n"])}]
        return [{"type": "roll_then", "on": int(match["on"]), "then": then}]
    if re.fullmatch(r"make a wound and save roll for each hit", s):
        return []
    if re.fullmatch(r"(?:then )?roll (?:a|1|one) dice", s):
        return []
    if re.fullmatch(
        r"you can use this command ability (?:at|in|after|during) .+", s
    ) and not re.search(r" if (?!this model is on the battlefield$)", s):
        # "... if this model has the TZEENTCH keyword": a condition of its own, left to read
        return []
    return None


def _saves_and_wizards(s: str) -> list[dict[str, Any]] | None:
    """Save rerolls until the next hero phase, ignoring save modifiers, and the casting or
    unbinding bonus of WIZARDS near the bearer (None: not these)."""
    match = re.fullmatch(
        r"(?:you can )?reroll (?P<which>failed )?save rolls(?P<ones> of 1)? (?:for attacks that target |for )that unit until your next hero phase",
        s,
    )
    if match:
        which = "ones" if match["ones"] else "failed" if match["which"] else "all"
        inner: list[dict[str, Any]] = [{"type": "reroll", "roll": "save", "which": which}]
        return [{"type": "lasting", "until": "your_next_hero_phase", "effects": inner}]
    if re.fullmatch(
        rf"ignore modifiers \(positive or negative\) when making save rolls for (?:attacks that target )?{_UNIT}",
        s,
    ):
        return [{"type": "ethereal"}]
    wizards = _WIZARDS_NEAR.fullmatch(s)
    if wizards:
        # "add 1 to casting rolls for friendly WIZARDS while they are within 18\" of this
        # model", "subtract 1 from the casting rolls of enemy WIZARDS ...": an aura (AoS2 §21)
        sign = 1 if wizards["op"] == "add" else -1
        return [
            {
                "type": "aura",
                "range": int(wizards["r"]),
                "side": wizards["side"],
                "keywords": ["WIZARD"],
                "effects": [
                    {"type": "roll_bonus", "roll": roll, "amount": sign * int(wizards["n"])}
                    for roll in wizards["rolls"].split(" and ")
                ],
            }
        ]
    return None


def _near_friendly_bonus(match: re.Match[str], s: str) -> list[dict[str, Any]] | None:
    """A bonus to the rolls or Bravery of friendly units (or WIZARDS) near the bearer: an aura.
    None when it is a save bonus for attacks the units make (no such roll)."""
    amount = int(match["n"])
    bonuses: list[dict[str, Any]]
    if match["bravery"]:
        bonuses = [
            {"type": "characteristic_modifier", "characteristic": "bravery", "amount": amount}
        ]
    elif match["other"]:
        bonuses = [
            {"type": "roll_bonus", "roll": roll, "amount": amount}
            for roll in match["other"].split(" and ")
        ]
    elif match["roll"] == "save" and "attacks made by" in s:
        return None
    else:
        bonuses = [
            {"type": "modifier", "roll": roll, "amount": amount}
            for roll in match["roll"].split(" and ")
        ]
    near = {"type": "aura", "range": int(match["r"]), "side": "friendly"}
    keywords = [match["kw"].upper()]
    if match["noun"] == "wizards":
        keywords.append("WIZARD")
    return [{**near, "keywords": keywords, "effects": bonuses}]


def _leaders_battleshock_healing(s: str) -> list[dict[str, Any]] | None:
    """A unit's leader named, no battleshock tests, healing the unit, and the Bravery penalty
    of enemy units near the bearer."""
    if re.fullmatch(r"the leader of this unit is (?:a|an|the) [\w' -]+", s):
        return []
    if re.fullmatch(rf"(?:you do not|do not) take battleshock tests for {_UNIT}", s):
        return [{"type": "no_battleshock"}]
    match = re.fullmatch(
        rf"(?:you can )?heal (?:up to )?(?P<n>d3|d6|\d|one|two|three) wounds? "
        rf"(?:that (?:has|have) been )?allocated to {_UNIT}",
        s,
    )
    if match:
        return [{"type": "heal", "amount": _number(match["n"]), "target": "self"}]
    match = re.fullmatch(
        r"subtract (?P<n>\d) from the bravery characteristic of enemy units (?:while|whilst|if|when) they are within (?P<r>\d{1,3})\"? of (?:this model|this unit|any friendly units with this ability|one or more friendly \w+(?: \w+)?|any (?:friendly )?(?!enemy)(?P<kw>[a-z' -]{1,30}))",
        s,
    )
    if match:
        return [
            {
                "type": "aura",
                "range": int(match["r"]),
                "side": "enemy",
                "effects": [
                    {
                        "type": "characteristic_modifier",
                        "characteristic": "bravery",
                        "amount": -int(match["n"]),
                    }
                ],
            }
        ]
    return None


_WARD = re.compile(
    # at the start of a sentence: "If this model is armed with a Shining Aegis, roll a dice
    # ..." holds only with that weapon, which the effect cannot say
    rf"(?:^|(?<=\. ))roll a dice each time you (?:allocate|allcoate) a (?P<kind>wound or mortal wound|mortal wound) to (?:{_UNIT}|a model in this unit)\. "
    r"on a (?P<on>[2-6])\+?,? (?:that|the) (?:wound or mortal wound|mortal wound|wound) is negated\.?"
)


_NEAR_HERO_WARD = re.compile(
    r"roll a dice (?:for each|each time you allocate a) wound or mortal wound (?:inflicted on|to) "
    r"a friendly (?P<kw>[a-z' -]{1,40}?) unit (?:wholly )?within (?P<r>\d{1,3})\"? of your "
    r"general or a friendly (?:[a-z' -]{1,40} )?hero(?: from your army)?\. on a (?P<on>[2-6])\+?,? "
    r"(?:that|the) (?:wound or mortal wound|wound) is negated\.?"
)
"""A battle trait's ward for units near the general or a HERO (Nighthaunt's Deathless Spirits)."""


_BOLT = re.compile(
    r"(?:if successfully cast, )?pick (?:1|one) enemy unit within (?P<r>\d{1,3})\"? of the caster"
    r"(?: that is visible to them)?\. that unit suffers (?P<n>d3|d6|2d6|\d) mortal wounds?\.?"
)


_EACH_ENEMY = re.compile(
    r"(?:^|(?<=\. ))(?P<lead>[^.]{0,80}?)roll (?:a|1|one) dice fo[re] each enemy unit (?:that is )?"
    r"within (?P<r>\d{1,2})\"? of (?:this model|this unit|the caster)(?P<after> (?:immediately )?"
    r"(?:after this (?:model|unit) (?:makes|has made|completes|finishes) a charge move|before this "
    r"(?:model|unit) makes a retreat move))?\. on a (?P<on>[2-6])\+?,? (?:that|the) (?:enemy )?unit "
    r"suffers (?P<n>d3|d6|\d) mortal wounds?(?: if it is an? (?P<kw>monster|hero|wizard|priest), or "
    r"(?P<n2>d3|d6|\d) mortal wounds? if it is not an? (?P=kw))?(?:\.|$)"
)
"""A roll for each enemy unit within range of the bearer, the wounds on each unit that rolls
high enough (AoS2 §21): read as `mortal_wounds` on `each_enemy_in_range`."""

_EACH_ENEMY_SUFFERS = re.compile(
    r"(?:if successfully cast, )?each enemy unit within (?P<r>\d{1,2})\"? of (?:this model|this "
    r"unit|the caster) suffers (?P<n>d3|d6|\d) mortal wounds?"
)
"""Every enemy unit within range of the bearer suffers mortal wounds, no roll made."""


def _each_enemy(plain: str) -> tuple[list[dict[str, Any]], re.Match[str]] | None:
    """ "Roll a dice for each enemy unit within 1\" of this model. On a 2+, that unit suffers D3
    mortal wounds (if it is a MONSTER, or D6 if not)", or "each enemy unit within 18\" of the
    caster suffers 1 mortal wound": the effect and the words read, when nothing but a timing
    comes before and no other amount is given "instead" after."""
    if re.search(r"\binstead\b", plain):
        return None
    suffers = re.search(rf"(?:^|(?<=\. )){_EACH_ENEMY_SUFFERS.pattern}(?:\.|$)", plain)
    if suffers:
        amount = _number(suffers["n"])
        spread = {"target": "each_enemy_in_range", "range": int(suffers["r"])}
        return [{"type": "mortal_wounds", "amount": amount, **spread}], suffers
    match = _EACH_ENEMY.search(plain)
    if match is None:
        return None
    lead = re.sub(r"(?:if successfully cast,? |you can )", "", match["lead"])
    if _strip_lead(lead + "x").strip() != "x":
        return None
    reach = int(match["r"])

    def wounds(amount: str) -> dict[str, Any]:
        return {
            "type": "mortal_wounds",
            "amount": _number(amount),
            "target": "each_enemy_in_range",
            "range": reach,
        }

    then: list[dict[str, Any]] = [wounds(match["n"])]
    if match["kw"]:
        then = [
            {
                "type": "if_keywords",
                "keywords": [_NOUN_KEYWORDS[match["kw"]]],
                "effects": then,
                "otherwise": [wounds(match["n2"])],
            }
        ]
    return [{"type": "roll_then", "on": int(match["on"]), "then": then}], match


_PICK = re.compile(
    r"\bpick (?:1|one|a|an|up to \w+) (?:other )?(?P<side>enemy|friendly) "
    r"(?P<kw>(?:[a-z'-]+ ){0,3}?)(?P<noun>units?|models?|heroe?s?|monsters?|wizards?|priests?) "
    r"(?:that is |that are )?(?:wholly )?within (?P<r>\d{1,3})(?:\"|-inch| inch(?:es)?)? "
    r"of (?:the caster|the chanter|this (?:unit|model)|the bearer|your general|it|them|him|her|"
    r"(?:a |any )?(?:friendly )?models? with this command ability)"
    r"(?P<either>, or wholly within \d{1,3}\"? of a (?:friendly )?model with this command ability "
    r"that is your general)?"
)
_NOUN_KEYWORDS = {"hero": "HERO", "monster": "MONSTER", "wizard": "WIZARD", "priest": "PRIEST"}


def read_target(plain: str) -> dict[str, Any] | None:
    """Whom a (normalised) text picks, e.g. "pick 1 enemy unit within 18\" of the caster": the
    side, keywords and range the engine checks before any die is rolled; None if it picks no
    other unit (the record then applies to itself)."""
    match = _PICK.search(plain)
    if match is None:
        return None
    target: dict[str, Any] = {"side": match["side"], "range": int(match["r"])}
    if match["either"]:
        del target["range"]  # one range or another: the players see which, none is asked
    keywords = [match["kw"].strip().upper()] if match["kw"].strip() else []
    noun = _NOUN_KEYWORDS.get(match["noun"].rstrip("s").replace("heroe", "hero"))
    if noun:
        keywords.append(noun)
    if keywords:
        target["keywords"] = keywords
    return target


# ---------------------------------------------------------------------- picked units, lasting

_UNTIL: list[tuple[str, str]] = [
    (r"until (?:the start of )?your next hero phase", "your_next_hero_phase"),
    (
        r"until the end of (?:that|the|this) (?:combat |hero |shooting |movement |charge )?phase"
        r"|for the rest of (?:that|the) phase|in that (?:combat )?phase",
        "end_of_phase",
    ),
    (r"until the end of (?:that|the|this) turn", "end_of_turn"),
    (r"for the rest of the battle", "end_of_battle"),
]
"""How long a picked unit keeps what a spell or command ability gives it (`lasting.until`)."""

_LASTING_WORDINGS: list[tuple[str, str]] = [
    (
        r"(?:you can )?reroll (?P<which>failed )?(?P<roll>hit|wound)(?: and (?:failed )?"
        r"(?P<roll2>hit|wound))? rolls(?P<ones> of 1)? for attacks made {BY}",
        "reroll",
    ),
    (
        r"(?:you can )?(?P<op>add|subtract) (?P<n>\d) (?:to|from) (?P<roll>hit|wound)(?: rolls)?"
        r"(?: and (?P<roll2>hit|wound))? rolls for attacks made {BY}",
        "modifier",
    ),
    (
        r"(?:you can )?reroll (?P<which>failed )?(?P<roll>save) rolls(?P<ones> of 1)? for "
        r"attacks that target {WHO}",
        "reroll",
    ),
    (
        r"(?:you can )?reroll (?P<which>failed )?(?P<roll>hit|wound) rolls(?P<ones> of 1)? for "
        r"attacks (?:made with (?P<kind>melee|missile) weapons )?that target {WHO}",
        "targeted_reroll",
    ),
    (
        r"(?:you can )?(?P<op>add|subtract) (?P<n>\d) (?:to|from) (?P<roll>hit|wound) rolls for "
        r"attacks (?:made with (?P<kind>melee|missile) weapons )?that target {WHO}",
        "targeted_modifier",
    ),
    (
        r"(?:you can )?(?P<op>add|subtract) (?P<n>\d) (?:to|from) (?P<roll>save) rolls for "
        r"(?:attacks that target )?{WHO}",
        "modifier",
    ),
    (r"add (?P<n>\d) to the attacks characteristic of {WHO}'s melee weapons", "attacks"),
    (
        r"(?P<who>{WHO}) can (?P<move>run|retreat|run or retreat|run and/or retreat|retreat "
        r"and/or run)(?: in that movement phase)? and still (?P<then>charge|shoot|shoot and/or "
        r"charge)(?: later)? in the same turn",
        "after_moving",
    ),
    (
        r"(?:do not take battleshock tests for {WHO}|{WHO} (?:does|do) not take battleshock tests)",
        "no_battleshock",
    ),
    (
        r"(?:you can )?(?P<op>add|subtract) (?P<n>\d) (?:to|from) (?P<other>(?:charge|run|casting"
        r"|unbinding)(?: and (?:charge|run|casting|unbinding))?) rolls (?:for|made for) {WHO}",
        "roll_bonus",
    ),
    (
        r"(?:you can )?reroll (?P<other>charge|run|casting|unbinding|battleshock) rolls for {WHO}",
        "reroll_other",
    ),
    (
        r"if the unmodified (?P<roll>hit|wound) roll for an attack made {BY} is (?P<on>[56]), "
        r"that attack inflicts (?P<n>1|d3|d6|2|3) mortal wounds? on the target in addition to "
        r"any normal damage",
        "mortal_on_roll",
    ),
]
"""What a spell or command ability gives the unit it picks (`{WHO}`: "that unit"), or the
caster, for a while: each wording and the kind of effect it makes (`_lasting_effects`)."""


def _lasting_effects(kind: str, match: re.Match[str]) -> list[dict[str, Any]]:
    """The effects of one `_LASTING_WORDINGS` match."""
    groups = match.groupdict()
    rolls = [r for r in (groups.get("roll"), groups.get("roll2")) if r]
    sign = -1 if groups.get("op") == "subtract" else 1
    if kind == "reroll":
        which = "ones" if groups.get("ones") else "failed" if groups.get("which") else "all"
        return [{"type": "reroll", "roll": roll, "which": which} for roll in rolls]
    if kind == "modifier":
        return [
            {"type": "modifier", "roll": roll, "amount": sign * int(match["n"])} for roll in rolls
        ]
    if kind == "after_moving":
        return _after_moving(match)
    if kind in ("targeted_reroll", "targeted_modifier"):
        effect: dict[str, Any] = {"type": kind, "roll": match["roll"]}
        if kind == "targeted_reroll":
            effect["which"] = (
                "ones" if groups.get("ones") else "failed" if groups.get("which") else "all"
            )
        else:
            effect["amount"] = sign * int(match["n"])
        if groups.get("kind"):
            effect["weapons"] = groups["kind"]
        return [effect]
    if kind == "attacks":
        return [
            {
                "type": "characteristic_modifier",
                "characteristic": "attacks",
                "amount": int(match["n"]),
                "melee_only": True,
            }
        ]
    if kind == "no_battleshock":
        return [{"type": "no_battleshock"}]
    if kind == "roll_bonus":
        return [
            {"type": "roll_bonus", "roll": roll, "amount": sign * int(match["n"])}
            for roll in match["other"].split(" and ")
        ]
    if kind == "reroll_other":
        return [{"type": "reroll_other", "roll": match["other"]}]
    amount = _number(match["n"])
    return [
        {"type": "mortal_wounds_on_roll", "roll": match["roll"], "on": int(match["on"]),
         "amount": amount, "add": True}
    ]  # fmt: skip


def _lasting(
    s: str, who: str, melee: list[str] | None, timing: dict[str, str]
) -> list[dict[str, Any]] | None:
    """ "Until your next hero phase, you can reroll hit rolls for attacks made by that unit"
    (`who`: the unit picked, or the caster): a `lasting` effect, None unless every clause is a
    wording of `_LASTING_WORDINGS` and the sentence says how long. Attacks "made with melee
    weapons" by the caster are its melee weapons (`melee`); by a picked unit, they are all its
    attacks only in a combat phase that the effect ends with."""
    until = None
    for pattern, duration in _UNTIL:
        found = re.search(rf"(?:^(?:{pattern}),? |,? (?:{pattern})$)", s)
        if found:
            until, s = duration, (s[: found.start()] + s[found.end() :]).strip()
            break
    inner = re.search(r" (?:that|this) (?:unit|hero|model) in that (?:combat )?phase\b", s)
    if until is None and inner:
        until = "end_of_phase"
    if until is None:
        return None
    s = re.sub(r"^(?:if you do so|if successfully cast),? ", "", s)
    by_melee = rf"(?:with melee weapons by {who}|by {who} with melee weapons)"
    effects: list[dict[str, Any]] = []
    melee_used = False
    for clause in re.split(r",? and (?=(?:you can |add |subtract |reroll |do not ))", s):
        clause = re.sub(r" in that (?:combat )?phase\b", "", clause.strip())
        for pattern, kind in _LASTING_WORDINGS:
            wording = pattern.replace("{WHO}", f"(?:{who})")
            plain = re.fullmatch(wording.replace("{BY}", f"by (?:{who})"), clause)
            match = plain or re.fullmatch(wording.replace("{BY}", by_melee), clause)
            if match:
                melee_used = melee_used or plain is None
                effects.extend(_lasting_effects(kind, match))
                break
        else:
            return None
    if not effects:
        return None
    if melee_used:
        if melee is not None:
            if not melee:
                return None
            effects = [{"type": "with_weapons", "weapons": melee, "effects": effects}]
        elif not (timing.get("phase") == "combat" and until == "end_of_phase"):
            return None
    return [{"type": "lasting", "until": until, "effects": effects}]


_PICK_SENTENCE = re.compile(
    r"(?:if (?:you do so|successfully cast),? )?(?:you can )?pick (?:1|one|a|an) (?:other )?"
    r"(?:enemy|friendly) [a-z' -]{0,60}?(?:unit|hero|monster|wizard|priest|model)s? "
    r"(?:that is |that are )?(?:wholly )?within \d{1,3}\"? of (?:the caster|this (?:unit|model)|"
    r"(?:a |any )?(?:friendly )?models? with this command ability)"
    r"(?:, or wholly within \d{1,3}\"? of a (?:friendly )?model with this command ability that is "
    r"your general)?"
    r"(?: (?:that is|and) visible to (?:them|it|him|her|the caster))?"
)
"""The sentence that picks the unit a spell or command ability affects (its `target`)."""


_ROLL_HEAL = re.compile(
    r"(?:^|(?<=\. )|(?<=, ))(?:you can )?roll a dice(?: for this (?:unit|model))?\. "
    r"(?:if you do so, )?on a (?P<on>[2-6])\+?,? (?:you can )?heal (?:up to )?"
    rf"(?P<n>d3|d6|\d|one|two|three) wounds? (?:that (?:has|have) been )?allocated to {_UNIT}\.?"
)
"""'Roll a dice for this unit. On a 4+ heal up to D3 wounds allocated to this unit.'"""


_BY_SIZE = re.compile(
    r"(?:you can )?add (?P<a>\d) to (?P<roll>hit|wound) rolls (?P<rest>for attacks made [^.]{1,160}?),? "
    r"if the target unit (?:has|contains|includes) (?P<m>\d{1,2}) or more models\. "
    r"add (?P<b>\d) to (?P=roll) rolls instead of (?P=a),? if the target unit (?:has|contains|"
    r"includes) (?P<m2>\d{1,2}) or more models\.?"
)
"""A bonus against a unit of at least M models, a greater one against a larger unit."""


def _by_size(s: str, weapons: list[WeaponRef]) -> tuple[list[dict[str, Any]], list[str]] | None:
    """ "You can reroll failed hit rolls for attacks made with X if the target unit has 5 or
    more models": the effect only `against` a unit of that many models."""
    match = re.fullmatch(
        r"(?P<rest>.+?),? if the target(?: unit)? (?:has|contains|includes) (?P<m>\d{1,2}) or "
        r"more models",
        s,
    ) or re.fullmatch(
        r"if the target(?: unit)? (?:has|contains|includes) (?P<m>\d{1,2}) or more models, "
        r"(?P<rest>.+)",
        s,
    )
    if not match:
        return None
    inner = _reroll(match["rest"], weapons) or _modifier(match["rest"], weapons)
    if inner is None or any(
        e["type"] == "conditional" or e.get("roll") == "save" for e in inner[0]
    ):
        return None
    effects, covered = inner
    return [{"type": "against", "min_models": int(match["m"]), "effects": effects}], covered


_INCLUDES = (
    r"(?:while (?:this unit|it) (?:includes|has|contains) any [a-z' -]{1,40}?|"
    r"(?:for |of )?a unit that includes any [a-z' -]{1,40}?)"
)


def _command_model(s: str) -> list[dict[str, Any]] | None:
    """A standard bearer's or musician's rule while the unit includes it (the set-up gives a
    command model's effects to the units that have one): Bravery, run and charge rolls."""
    match = re.fullmatch(
        rf"(?:add (?P<n>\d) to (?:the bravery characteristic of this unit|this unit's bravery "
        rf"characteristic|the bravery characteristic of a unit that includes any [a-z' -]{{1,40}}?)"
        rf"(?: {_INCLUDES})?)",
        s,
    )
    if match:
        return [
            {
                "type": "characteristic_modifier",
                "characteristic": "bravery",
                "amount": int(match["n"]),
            }
        ]
    match = re.fullmatch(
        rf"(?:you can )?add (?P<n>\d) to (?P<roll>run|charge) rolls (?:for |made for )?"
        rf"(?:this unit {_INCLUDES}|a unit that includes any [a-z' -]{{1,40}}?)",
        s,
    )
    if match:
        return [{"type": "roll_bonus", "roll": match["roll"], "amount": int(match["n"])}]
    match = re.fullmatch(
        rf"(?:you can )?reroll (?P<roll>run|charge) rolls for (?:this unit {_INCLUDES}|a unit "
        rf"that includes any [a-z' -]{{1,40}}?)",
        s,
    )
    if match:
        return [{"type": "reroll_other", "roll": match["roll"]}]
    if re.fullmatch(
        r"(?:(?:1|one) in every \d{1,3} (?:[a-z' -]{1,30} )?models|models) in this unit "
        r"(?:can|may) be (?:an? )?[a-z' -]{1,40}",
        s,
    ):
        return []
    return None


def _charged_weapon(
    s: str, weapons: list[WeaponRef]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """ "Add 2 to the Damage characteristic of this model's Lance and improve its Rend by 1 if
    this model made a charge move in the same turn": characteristic changes of one weapon."""
    s, condition = _condition(s)
    match = re.fullmatch(
        rf"add (?P<d>\d) to the damage characteristic of (?:{_UNIT}'s|its) (?P<weapon>[a-z' -]{{1,40}}?)"
        r"(?: and improve the rend characteristic of (?:that|the) weapon by (?P<r>\d))?",
        s,
    )
    if not match:
        return None
    weapon = _weapon_named(match["weapon"], weapons)
    if weapon is None:
        return None
    effects: list[dict[str, Any]] = [
        {"type": "characteristic_modifier", "characteristic": "damage", "amount": int(match["d"])}
    ]
    if match["r"]:
        effects.append(
            {
                "type": "characteristic_modifier",
                "characteristic": "rend",
                "amount": -int(match["r"]),
            }
        )
    if condition is not None:
        effects = [{"type": "conditional", "condition": condition, "effects": effects}]
    return effects, [weapon.id]


_MANY = re.compile(
    r"\bfor each\b|\beach (?:other )?(?:enemy )?units?\b|\bpoint on the battlefield\b|"
    r"\bthat point\b|\bevery (?:enemy )?units?\b|\bunits? within \d{1,3}\"? of that unit\b"
)
"""Words that make "that unit" one of several units (each enemy unit within 1", a point)."""


def read_ability(text: str, weapons: list[WeaponRef], *, command_model: bool = False) -> Reading:
    """Read one ability's rules text: its timing, whom it picks, and the effects of the
    wordings it knows. `command_model`: the rule of a standard bearer or musician, whose
    effects the set-up gives only to units that include one ("while it includes any Icon
    Bearers" then needs no condition; on any other ability it stays a reminder)."""
    plain = normalise(text)
    reading = Reading(timing=_timing(plain), target=read_target(plain))
    for pattern, usage in _USAGE:
        if re.search(pattern, plain):
            reading.usage = usage
            break
    if re.fullmatch(r"(?:this (?:unit|model) can fly|this (?:unit|model) can fly\.)\.?", plain):
        reading.fly = True
        reading.complete = True
        return reading
    understood = 0
    for take in _SPANNING_WORDINGS:
        left = take(plain, reading, weapons)
        if left is not None:
            plain, understood = left, understood + 1
    sentences = [s.strip() for s in re.split(r"(?<=[.!])\s+(?=[a-z0-9\"(])", plain) if s.strip()]
    # one enemy unit picked, and no "for each" / "each enemy unit" / point that makes "that
    # unit" one of many: only then may "that unit suffers" land on the picked unit
    picked_enemy = (
        reading.target is not None
        and reading.target.get("side") == "enemy"
        and not _MANY.search(plain)
    )
    # one unit picked, named "that unit" after: what it is given for a while lands on it
    one_pick = (
        reading.target is not None
        and len(re.findall(r"(?<!cannot )\bpick\b", plain)) == 1
        and not _MANY.search(plain)
    )
    read, missed = _read_sentences(
        sentences,
        reading,
        weapons,
        picked_enemy=picked_enemy,
        one_pick=one_pick,
        command_model=command_model,
    )
    reading.complete = understood + read > 0 and missed == 0
    if re.search(r"\b(?:1|one) in every \d{1,3} models\b", plain):
        # "1 in every 5 models can be a Slasher Crone; add 1 to that model's Attacks": one
        # extra attack per 5 models, which the effect cannot count: left to the table
        kept = [e for e in reading.effects if e["type"] != "extra_attacks"]
        if len(kept) != len(reading.effects):
            reading.effects, reading.complete = kept, False
    return reading


def _cut(plain: str, found: re.Match[str]) -> str:
    """The text with a wording read taken out."""
    return (plain[: found.start()] + plain[found.end() :]).strip()


def _take_ward(plain: str, reading: Reading, weapons: list[WeaponRef]) -> str | None:
    """A ward against wounds or mortal wounds (the text left, None when there is none)."""
    ward = _WARD.search(plain)
    if not ward:
        return None
    kind = "ward" if ward["kind"].startswith("wound") else "mortal_ward"
    reading.effects.append({"type": kind, "on": int(ward["on"])})
    return _cut(plain, ward)


def _take_near_hero_ward(plain: str, reading: Reading, weapons: list[WeaponRef]) -> str | None:
    """A ward for units near the general or a HERO (the text left, None when there is none)."""
    near = _NEAR_HERO_WARD.search(plain)
    if not near:
        return None
    ward_near = {"type": "ward", "on": int(near["on"])}
    reading.effects.append(
        {"type": "conditional", "condition": "near_general_or_hero", "effects": [ward_near]}
    )
    return _cut(plain, near)


def _take_rolled_heal(plain: str, reading: Reading, weapons: list[WeaponRef]) -> str | None:
    """ "Roll a dice; on a 3+ heal ..." with nothing but a timing before it and no other
    outcome after (the text left, None when there is none)."""
    heal = _ROLL_HEAL.search(plain)
    if not heal or re.search(r"\binstead\b|\bon a \d", plain[heal.end() :]):
        return None
    lead = plain[: heal.start()].rsplit(". ", 1)[-1]
    if _strip_lead(lead + "x").strip() != "x":
        return None
    then = [{"type": "heal", "amount": _number(heal["n"]), "target": "self"}]
    reading.effects.append({"type": "roll_then", "on": int(heal["on"]), "then": then})
    return _cut(plain, heal)


def _take_size_bonus(plain: str, reading: Reading, weapons: list[WeaponRef]) -> str | None:
    """A roll bonus growing with the unit's size, for the weapons it names (the text left,
    None when there is none)."""
    size = _BY_SIZE.search(plain)
    if not size:
        return None
    covered_size = _subject(size["rest"], weapons)
    if not covered_size:
        return None
    first = int(size["a"])
    steps = [(int(size["m"]), first), (int(size["m2"]), int(size["b"]) - first)]
    for models, step in steps:
        bonus = {"type": "modifier", "roll": size["roll"], "amount": step}
        reading.effects.append({"type": "against", "min_models": models, "effects": [bonus]})
    reading.weapons.extend(w for w in covered_size if w not in reading.weapons)
    return _cut(plain, size)


def _take_each_enemy(plain: str, reading: Reading, weapons: list[WeaponRef]) -> str | None:
    """Mortal wounds rolled for or dealt to each enemy unit near (the text left, None when
    there are none)."""
    each = _each_enemy(plain)
    if not each:
        return None
    reading.effects.extend(each[0])
    return _cut(plain, each[1])


def _take_bolt(plain: str, reading: Reading, weapons: list[WeaponRef]) -> str | None:
    """A spell's bolt: one enemy unit within range suffers mortal wounds (the text left, None
    when there is none)."""
    bolt = _BOLT.search(plain)
    if not bolt:
        return None
    amount = _number(bolt["n"])
    reading.effects.append({"type": "mortal_wounds", "amount": amount, "range": int(bolt["r"])})
    return _cut(plain, bolt)


_SPANNING_WORDINGS: tuple[Callable[[str, Reading, list[WeaponRef]], str | None], ...] = (
    _take_ward,
    _take_near_hero_ward,
    _take_rolled_heal,
    _take_size_bonus,
    _take_each_enemy,
    _take_bolt,
)
"""The wordings read over sentences, in this order, each taken out of the text before the
sentences are read one by one."""


def _read_sentences(
    sentences: list[str],
    reading: Reading,
    weapons: list[WeaponRef],
    *,
    picked_enemy: bool,
    one_pick: bool,
    command_model: bool,
) -> tuple[int, int]:
    """Read the sentences left one by one into `reading`: (how many understood, how many not)."""
    understood = missed = 0
    melee = [w.id for w in weapons if w.melee]
    for sentence in sentences:
        core = _strip_lead(re.sub(r"^in addition,? ", "", sentence.rstrip(".").strip()))
        if not core:
            continue  # the timing left of a wording read above ("in your hero phase,")
        if one_pick and _PICK_SENTENCE.fullmatch(core):
            understood += 1
            continue
        given = (
            _lasting(core, r"that unit|that hero", None, reading.timing)
            if one_pick
            else _lasting(core, r"the caster|this model|this unit", melee, reading.timing)
            if reading.target is None
            else None
        )
        if given is not None:
            reading.effects.extend(given)
            understood += 1
            continue
        found = _sentence(core, weapons, picked_enemy, command_model)
        if found is None:
            missed += 1
            continue
        effects, covered = found
        reading.effects.extend(effects)
        for weapon_id in covered:
            if weapon_id not in reading.weapons:
                reading.weapons.append(weapon_id)
        understood += 1
    return understood, missed


def _sentence(
    s: str, weapons: list[WeaponRef], picked_enemy: bool = True, command_model: bool = False
) -> tuple[list[dict[str, Any]], list[str]] | None:
    for reader in (
        _reroll,
        _modifier,
        _on_roll,
        _characteristic,
        _more_wordings,
        _by_size,
        _charged_weapon,
    ):
        found = reader(s, weapons)
        if found is not None:
            return found
    other = _other(s, picked_enemy)
    if other is None and command_model:
        other = _command_model(s)
    if other is not None:
        return other, []
    return None
