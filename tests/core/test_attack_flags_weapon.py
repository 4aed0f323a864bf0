"""The modifiers of an attack in `aos play` for one weapon (issue 31 item 2)."""

from __future__ import annotations

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.action_types import Fight
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.attack_flags import attack_flags
from aos_cli.core.turn import new_game
from aos_cli.core.unit_attacks import unit_attacks


def test_aos2_s14_extra_attacks_go_to_the_weapon_named_not_the_first() -> None:
    """An ability adding attacks to a mount's claws: given with `weapon=`, the extra attack
    is made with the claws, not with the rider's hammer (the first weapon)."""
    state = new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))
    hero, target = state.unit("stardrake"), state.unit("chainrasps")
    melee = [w for w in hero.spec.weapons if w.kind == "melee"]
    claws = melee[1]

    def extra(act: Fight) -> dict[str, int]:
        uses = unit_attacks(
            state, hero, target, melee, RecordedAnswers({"cover": False}), None,
            attack_extra=list(attack_flags(act)),
        )  # fmt: skip
        return {u.use.weapon.id: u.attack.rules.extra_attacks for u in uses}

    before = extra(Fight(unit="stardrake", target="chainrasps"))
    named = extra(
        Fight(unit="stardrake", target="chainrasps", extra_attacks=2, modifiers_weapon=claws.id)
    )
    assert {k: named[k] - before[k] for k in before} == {
        w.id: (2 if w is claws else 0) for w in melee
    }
    first = extra(Fight(unit="stardrake", target="chainrasps", extra_attacks=2))
    assert {k: first[k] - before[k] for k in before} == {
        w.id: (2 if w is melee[0] else 0) for w in melee
    }
