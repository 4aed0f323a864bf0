"""Package build hook: compile the gettext catalogues (`.po`) into `.mo` files inside the wheel.

The compiled catalogues are build output, never committed; the compiler is the package's own
standard-library one (`aos_cli/language/catalogues.py`), loaded by path so the build needs nothing more
than hatchling. Editable installs skip this: they compile on first use into the cache folder.
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Compile every `aos_cli/locale/<lang>/LC_MESSAGES/aos.po` into the wheel as `aos.mo`."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Write the `.mo` files to a temporary folder and force-include them in the wheel."""
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location(
            "_aos_catalogues", root / "aos_cli" / "language" / "catalogues.py"
        )
        assert spec is not None and spec.loader is not None
        catalogues = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = catalogues  # dataclasses look their module up there
        try:
            spec.loader.exec_module(catalogues)
        finally:
            del sys.modules[spec.name]
        self._out = tempfile.TemporaryDirectory(prefix="aos-mo-")
        for po in sorted((root / "aos_cli" / "locale").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(root).with_suffix(".mo")
            target = Path(self._out.name) / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(catalogues.compile_po(po.read_text(encoding="utf-8"), str(po)))
            build_data["force_include"][str(target)] = str(relative)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary folder of compiled catalogues."""
        out = getattr(self, "_out", None)
        if out is not None:
            out.cleanup()
