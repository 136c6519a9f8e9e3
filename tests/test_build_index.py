"""The build catalog (fwdata/output/build_index.py): index.html lists outputs, thumbnails, links, findings, escaped."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from fwdata.findings import Finding, Location, Severity
from fwdata.game_system import Catalog, GameSystem, Output, RenderResult, StoredOutput
from fwdata.output import build_index
from fwdata.output.build_index import index_page, source_paths

SYSTEM = GameSystem(id="fw", title="Fighting Wings", build_models={}, run_checks=lambda catalog, options: [],
                    render_outputs=lambda catalog, options: RenderResult())
HOSTILE = "cards/fw/<script>alert(1)</script>.yaml"


def finding(path: str, message: str, code: str = "FW-PERF-ORDER") -> Finding:
    return Finding(Location(path, 7, 3, "/bands/0"), Severity.WARNING, code, message)


def page(outputs: list[Output], drawn_from: dict[str, frozenset[str]], findings: list[Finding]) -> str:
    return b"".join(index_page(outputs, {"fw": SYSTEM}, drawn_from, findings, "findings.txt")).decode("utf-8")


def test_each_output_links_its_pdf_and_lists_its_sources_findings() -> None:
    outputs = [Output("fw/aircraft/p-51d.pdf", b"%PDF"), Output("fw/table.pdf", b"%PDF"),
               Output("findings.txt", b"")]
    html = page(outputs, {"fw/aircraft/p-51d.pdf": frozenset({"cards/fw/p-51d.yaml"})},
                [finding("cards/fw/p-51d.yaml", "VL band: max dive 6.5 FP is below max level 7.0 FP")])
    assert '<a href="fw/aircraft/p-51d.pdf">p-51d</a>' in html  # a PDF without a title: its file name
    assert '<a href="fw/table.pdf">table</a>' in html
    assert ("warning <code>FW-PERF-ORDER</code> VL band: max dive 6.5 FP is below max level 7.0 FP\n"
            '<span class="where">(cards/fw/p-51d.yaml:7)</span>') in html
    assert html.count("FW-PERF-ORDER") == 1  # table.pdf is not drawn from the card
    assert "0 errors, 1 warning, 0 infos reported" in html
    assert '<a href="findings.txt">' in html
    assert "<img" not in html and "<script" not in html and "http" not in html


def test_the_findings_not_shown_are_counted_beside_those_shown() -> None:
    """A build whose findings are all in its baseline says how many are, not only "0 ... reported"."""
    html = b"".join(index_page([], {"fw": SYSTEM}, {}, [], "findings.txt",
                               {"baselined": 190, "suppressed": 1})).decode("utf-8")
    assert "0 errors, 0 warnings, 0 infos reported (190 baselined, 1 suppressed);" in html
    assert "reported;" in page([], {}, [])  # nothing hidden: nothing said


def test_a_thumbnail_is_the_first_png_page_when_the_build_made_one() -> None:
    outputs = [Output("fw/aircraft/p-51d.pdf", b"%PDF"), Output("fw/png/aircraft/p-51d/page-001.png", b"png"),
               Output("fw/tts/aircraft-deck-01.png", b"png")]
    html = page(outputs, {}, [])
    assert '<img src="fw/png/aircraft/p-51d/page-001.png" alt="first page of p-51d"' in html
    assert '<li><a href="fw/tts/aircraft-deck-01.png">fw/tts/aircraft-deck-01.png</a></li>' in html
    assert "png/aircraft" not in html.split("<img", 1)[0]  # the PNG pages are not outputs of their own


def test_a_hostile_file_name_and_message_come_out_escaped() -> None:
    outputs = [Output("fw/aircraft/<script>x</script>.pdf", b"%PDF")]
    html = page(outputs, {outputs[0].path: frozenset({HOSTILE})},
                [finding(HOSTILE, 'expected "a" & <script>alert(2)</script>')])
    assert "<script" not in html
    assert "cards/fw/&lt;script&gt;alert(1)&lt;/script&gt;.yaml:7" in html
    assert "expected &#34;a&#34; &amp; &lt;script&gt;alert(2)&lt;/script&gt;" in html
    assert 'href="fw/aircraft/%3Cscript%3Ex%3C/script%3E.pdf"' in html


def test_findings_of_files_no_output_is_drawn_from_are_listed_apart() -> None:
    html = page([Output("fw/table.pdf", b"%PDF")], {}, [finding("cards/fw/lost.yaml", "lost", "REF-UNKNOWN")])
    other = html.split('<section id="other-findings">', 1)[1]
    assert "REF-UNKNOWN" in other and "cards/fw/lost.yaml:7" in other


def test_an_output_without_named_sources_is_drawn_from_every_entry_of_its_system() -> None:
    assert source_paths(Catalog(), "fw", None) == frozenset()
    assert source_paths(Catalog(), "fw", [("fw", "aircraft", "missing")]) == frozenset()


def test_an_output_shows_its_title_page_count_and_size_not_its_id() -> None:
    from fwdata.render.layout import Size
    from fwdata.render.pdf import PdfDocument

    doc = PdfDocument("P-51D Mustang (escort) \u00b7 card", subject="test")
    doc.new_page(Size(200, 100))
    doc.new_page(Size(200, 100))
    data = doc.finish()
    html = page([Output("fw/aircraft/p-51d.pdf", data)], {}, [])
    size = f"{len(data) / 1000:.0f} KB"
    assert (f'<h3><a href="fw/aircraft/p-51d.pdf">P-51D Mustang (escort) \u00b7 card</a></h3>\n'
            f'<p class="facts">2 pages \u00b7 {size}</p>') in html
    assert ">aircraft/p-51d<" not in html and "break-all" not in html


def test_a_written_output_is_read_in_pieces_with_the_same_title_page_count_and_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fwdata.render.layout import Size
    from fwdata.render.pdf import PdfDocument

    doc = PdfDocument("P-51D Mustang (escort) \u00b7 card", subject="test")
    for _ in range(40):
        doc.new_page(Size(200, 100))
    data = doc.finish()
    file = tmp_path / "p-51d.pdf"
    file.write_bytes(data)
    whole = page([Output("fw/aircraft/p-51d.pdf", data)], {}, [])
    monkeypatch.setattr(build_index, "_PDF_PIECE", 16)  # a title and the page tree cut across many pieces
    monkeypatch.setattr(build_index, "_PDF_LONGEST", 1024)
    stored = StoredOutput("fw/aircraft/p-51d.pdf", file, hashlib.sha256(data).hexdigest(), len(data))
    assert page([stored], {}, []) == whole and "40 pages" in whole
