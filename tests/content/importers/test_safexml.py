"""Hostile XML is refused after decoding, whatever the encoding, and within element bounds
(issue 32 item 2: a UTF-16 catalogue's entities were expanded past the ASCII byte guard, and a
zip of 16 million empty elements filled 1.5 GB)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from aos_cli.content.importers import safexml
from aos_cli.content.importers.safexml import ImportProblem, parse_xml

BOMB = (
    '<?xml version="1.0" encoding="{enc}"?>\n'
    '<!DOCTYPE catalogue [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
    '<catalogue name="&b;"/>'
)
EXTERNAL = (
    '<?xml version="1.0" encoding="{enc}"?>\n'
    '<!DOCTYPE catalogue SYSTEM "file:///etc/passwd"><catalogue/>'
)


def _encoded(template: str, encoding: str) -> bytes:
    text = template.format(enc=encoding.replace("-sig", ""))
    data = text.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):
        data = ("\ufeff".encode(encoding)) + data
    return data


@pytest.mark.parametrize("template", [BOMB, EXTERNAL], ids=["entities", "external"])
@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"]
)
def test_a_doctype_is_refused_in_any_encoding(template: str, encoding: str) -> None:
    data = _encoded(template, encoding)
    with pytest.raises(ImportProblem, match=r"DOCTYPE or ENTITY|not well-formed"):
        parse_xml(data, "bomb.cat")


def test_an_ordinary_utf16_catalogue_still_parses() -> None:
    data = '<?xml version="1.0" encoding="UTF-16"?><catalogue name="Ünits"><a/></catalogue>'
    root = parse_xml(data.encode("utf-16"), "ok.cat")
    assert root.tag == "catalogue" and root.get("name") == "Ünits"


def test_namespaces_are_stripped_from_tags() -> None:
    data = b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"><e/></catalogue>'
    root = parse_xml(data, "ns.cat")
    assert [e.tag for e in root.iter()] == ["catalogue", "e"]


def test_more_elements_than_the_bound_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safexml, "MAX_XML_ELEMENTS", 1000)
    within = b"<c>" + b"<a/>" * 999 + b"</c>"
    assert len(parse_xml(within, "ok.cat")) == 999
    with pytest.raises(ImportProblem, match="more than 1 000 elements"):
        parse_xml(b"<c>" + b"<a/>" * 1000 + b"</c>", "many.cat")


def test_elements_nested_deeper_than_the_bound_are_refused() -> None:
    depth = safexml.MAX_XML_DEPTH + 1
    with pytest.raises(ImportProblem, match="nested more than"):
        parse_xml(b"<a>" * depth + b"</a>" * depth, "deep.cat")


def _run_import(path: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aos_cli", "warscroll", "import", str(path), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_utf16_gstz_bomb_is_one_line_and_exit_1(tmp_path: Path) -> None:
    """The 16 KB `.gstz` that reached 1 GB: now refused before a single entity is expanded."""
    laughs = '<!ENTITY l0 "lol">' + "".join(
        f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10)
    )
    text = f'<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE g [{laughs}]><gameSystem n="&l9;"/>'
    archive = tmp_path / "bomb.gstz"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as handle:
        handle.writestr("bomb.gst", text.encode("utf-16"))
    done = _run_import(archive, tmp_path / "out")
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "DOCTYPE or ENTITY" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_zip_of_millions_of_empty_elements_is_refused_in_one_line(tmp_path: Path) -> None:
    """4 million `<a/>` within the unzip limit: refused at the element bound, not parsed whole."""
    archive = tmp_path / "many.catz"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as handle:
        handle.writestr("many.cat", b"<catalogue>" + b"<a/>" * 4_000_000 + b"</catalogue>")
    done = _run_import(archive, tmp_path / "out")
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1 and "elements" in done.stderr
    assert "Traceback" not in done.stderr
