"""Importers: other programs' files turned into our records (DESIGN "content/importers").

BattleScribe / New Recruit catalogues (`battlescribe`), rosters in their XML and HTML forms and
Warscroll Builder plain-text lists (`roster`). Every record they make is validated by the
pydantic schema (`aos_cli.content.schema`) before it is written; XML is read with the standard
library only after hostile constructs are refused (`safexml`).
"""

from aos_cli.core.system import IMPORT_FORMAT, system_importing

IMPORTED_SYSTEM = system_importing(IMPORT_FORMAT)
"""The game system BattleScribe's Age of Sigmar data and Warscroll Builder lists are of: the
one whose `imports` names the format (the importers name no system id themselves)."""
