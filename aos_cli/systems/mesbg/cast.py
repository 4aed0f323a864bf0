"""Middle-earth SBG's casting roll for `aos roll cast` and `aos odds cast`: one D6 per Will
point, the highest against the casting value, resisted on a tie or better, Might to raise
the dice (mesbg §2.2-§2.4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aos_cli.core.attack_flags import Flag, optional_flag
from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _
from aos_cli.systems.kits import Shown

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.systems.kits import RollKit
    from aos_cli.systems.mesbg.rules import CastRequest

CAST_FLAGS: tuple[Flag, ...] = (
    optional_flag("will", int, "Will points spent (one D6 each)."),
    optional_flag("casting", str, "The power's casting value, such as 4+."),
    optional_flag("power", str, "The power cast (its casting value and text from the rules)."),
    Flag(
        "channelled",
        bool,
        False,
        "The channelled version (its cost is not in the fragment).",
        only="roll",
    ),
    Flag("resist_will", int, 0, "Will the target spends to resist."),
    Flag("might", int, 0, "Might the caster may spend."),
    Flag("resist_might", int, 0, "Might the target may spend."),
    Flag(
        "might_policy",
        str,
        "minimum",
        "Minimum (just reach the casting value) or all (raise the die to 6, harder to resist).",
    ),
    Flag(
        "fortify",
        str,
        "none",
        "Fortify Spirit on the target: none, normal (+2 dice), channelled.",
    ),
    Flag(
        "chance",
        float,
        None,
        "The Will to spend for at least this chance (0.8).",
        optional=True,
        only="odds",
    ),
)


@dataclass(frozen=True)
class MesbgCast:
    """A cast as asked: the engine's request, the power from the rules (for its text) and the
    chance wanted (odds: the least Will to spend for it)."""

    request: CastRequest
    power: dict[str, Any] | None
    chance: float | None


def power_from_rules(name: str | None, channelled: bool) -> dict[str, Any] | None:
    """The named power from the rules as a small dict (loads the rules only when asked)."""
    if name is None:
        if channelled:
            raise InputError(_("--channelled needs --power"), _("name the power cast"))
        return None
    from aos_cli.content import load_database
    from aos_cli.content.database import find

    power = find(load_database().ruleset(KIT.system).spells, name, "power")
    stronger = power.channelled or _("no stronger version given")
    return {
        "id": power.id,
        "name": power.name,
        "shown_name": power.shown("name"),
        "casting": power.casting_value,
        "duration": power.duration or "instant",
        "channelled": channelled,
        "text": power.shown("text"),
        "channelled_text": _("Channelled: {text}").format(text=stronger),
        "source": power.source,
    }


def cast_request(given: Mapping[str, Any], power: dict[str, Any] | None, will: int | None) -> Any:
    """The engine's CastRequest from the flags; InputError naming the flag that is wrong."""
    from aos_cli.core.dice import parse_threshold
    from aos_cli.systems.mesbg.rules import CastRequest, MightPolicy

    if will is None:
        raise InputError(
            _("--will is required with --system mesbg"), _("give the Will points spent")
        )
    if given.get("casting") is not None:
        value = parse_threshold(given["casting"], what="--casting")
    elif power is not None:
        value = int(power["casting"])
    else:
        raise InputError(
            _("--casting is required with --system mesbg"),
            _("give the casting value (4+) or --power"),
        )
    policy_text = str(given.get("might_policy", "minimum"))
    try:
        policy = MightPolicy(policy_text.strip().lower())
    except ValueError:
        raise InputError(
            _("--might-policy: {value!r} is not a policy").format(value=policy_text),
            _("use minimum or all"),
        ) from None
    fortify = str(given.get("fortify", "none"))
    extra, bonus = {"none": (0, 0), "normal": (2, 0), "channelled": (2, 1)}.get(
        fortify.strip().lower(), (-1, -1)
    )
    if extra < 0:
        raise InputError(f"--fortify: {fortify!r}", _("use none, normal or channelled"))
    request = CastRequest(
        will=will,
        casting=value,
        might=given.get("might", 0),
        might_policy=policy,
        resist_will=given.get("resist_will", 0),
        resist_might=given.get("resist_might", 0),
        resist_extra_dice=extra,
        resist_bonus=bonus,
    )
    request.check()
    return request


@dataclass(frozen=True)
class MesbgCastKit:
    """The Will-dice casting roll."""

    system: str = "mesbg"
    flags: tuple[Flag, ...] = CAST_FLAGS

    def build(self, given: Mapping[str, Any]) -> MesbgCast:
        """The cast from the flags; with --chance and no --will, odds start from 1 Will."""
        channelled = bool(given.get("channelled"))
        power = power_from_rules(given.get("power"), channelled)
        chance = given.get("chance")
        will = given.get("will")
        if will is None and chance is not None:
            will = 1
        plain = None if power is None else {**power, "channelled": False}
        return MesbgCast(cast_request(given, plain, will), power, chance)

    def roll(self, cast: MesbgCast, source: DiceSource) -> Shown:
        """Roll the cast, the Might and the resist (mesbg §2.3)."""
        from aos_cli.systems.mesbg.rules import roll_cast
        from aos_cli.systems.mesbg.views import cast_json, cast_lines

        result = roll_cast(source, cast.request)
        return Shown(cast_json(result, power=cast.power), cast_lines(result, power=cast.power))

    def odds(self, cast: MesbgCast, width: int) -> Shown:
        """Exact casting odds, and the Will to spend for a wanted chance."""
        from aos_cli.systems.mesbg.rules import cast_odds, will_for_chance
        from aos_cli.systems.mesbg.views import cast_odds_json, cast_odds_lines

        request = cast.request
        odds = cast_odds(request)
        least, table = (
            (None, None) if cast.chance is None else will_for_chance(request, cast.chance)
        )
        lines = cast_odds_lines(
            odds,
            will=request.will,
            casting=request.casting,
            resisting=bool(request.resist_dice),
            target=cast.chance,
            least=least,
            table=table,
        )
        return Shown(cast_odds_json(odds, least=least, table=table), list(lines))


KIT: RollKit[MesbgCast] = MesbgCastKit()
"""Middle-earth SBG's casting roll."""
