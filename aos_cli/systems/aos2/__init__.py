"""Age of Sigmar 2nd edition, the default system: the engine's reference behaviour (AoS2).

A light package: lists and `aos --help` read its `INFO`; the system itself is built and
registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it. Its parts are
core's defaults (`aos_cli.core.system_parts`): the AoS2 turn (§6), combat (§8, §9), magic
(§15), battleshock (§12), objectives (§17.3), set-up (§5) and scenery (§4.3)."""

from __future__ import annotations

from aos_cli.core.system import IMPORT_FORMAT, SystemInfo

SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""

INFO = SystemInfo(
    id="aos2",
    name="Warhammer Age of Sigmar, 2nd edition",
    rank=1,
    command_points=True,
    imports=(IMPORT_FORMAT,),
)
"""What lists, help and content validation read without building the system."""
