#!/usr/bin/env python3
"""Keeps the guides honest: every code excerpt must match code that compiles in CI, and every
diagram must match what its test renders.

Usage:
    python3 scripts/check-guide-snippets.py             check the repository (CI runs this)
    python3 scripts/check-guide-snippets.py --update    rewrite every quoted block from its source
                                                        region or diagram file (then review the
                                                        diff), and check
    python3 scripts/check-guide-snippets.py --self-test check the checker itself
    python3 scripts/check-guide-snippets.py --cited-tests
                                                        print the name of every test function
                                                        the guides and docs/api-map.md link
                                                        to, one a line (for
                                                        scripts/run-guide-tests.sh)

Checked documents: the guide and its companion in both languages (docs/guide.md,
docs/guide.ko.md, docs/companion.md, docs/companion.ko.md), the DocC articles in
Sources/Signals/Signals.docc, Sources/SignalsConcurrency/SignalsConcurrency.docc,
Sources/SignalsObservation/SignalsObservation.docc and Sources/SignalsTesting/SignalsTesting.docc,
and README.md (its marked blocks and its links) and docs/api-map.md (its links).

Snippets. A region of Swift code is named with marker comments:

    // snippet: NAME
    ...code...
    // snippet-end

A document quotes it by putting `<!-- snippet: NAME -->` on the line right before a fenced
code block. Code in a file that has no markers (another team's code) is quoted by an anchor:
`<!-- snippet: Sources/Demo/Screens/UserListScreen.swift#override func bind() -->` quotes from
the first line of that file containing `override func bind()` through the line that closes the
brace it opens, and `<!-- snippet: path/File.swift#START..END -->` quotes from the first line
containing START through the next line containing END, and on to the brace that closes any
block still open there. The fenced block must equal the region, compared line by line after
removing the common indentation and trailing spaces. Marker lines inside a region are left out.

Diagrams. A test renders a timeline (SignalsTesting's `Timeline`) on virtual time and compares
it with a committed file, docs/diagrams/NAME.txt, through `expectDiagram("NAME", ...)`
(Tests/DocsTests/Diagrams; `SIGNALS_UPDATE_DIAGRAMS=1` rewrites the files). A document quotes
one by putting `<!-- diagram: NAME -->` on the line right before a fenced ```text block; the
block must equal the file, compared like a snippet. A diagram has this one form, the text a
failing `expectTimeline` prints: no document shows a diagram as a picture.

Rules (each violation is reported with file:line; the exit status is 1 if there is any):
  1. every snippet name a document uses exists, exactly once, in Sources/, Tests/ or
     Benchmarks/; markers are balanced;
  2. every marked code block equals its region;
  3. every ```swift block in a document is marked (so no excerpt can drift unnoticed);
  4. every relative link in the guides points to an existing file, every #anchor to a heading
     of the target document, and a link whose text is a function name in backticks
     (`name()`) to a Swift file that declares `func name(`;
  5. the English and Korean editions (of the guide, and of the companion) have the same
     structure: the same snippets in the same
     order, the same diagrams in the same order, the same relative link targets in the same
     order, and the same heading levels;
  6. every diagram a document quotes exists as docs/diagrams/NAME.txt and its block, a
     ```text block, equals the file; every file there is quoted by a document and rendered by
     a test (a Swift file under Tests/ calls `expectDiagram("NAME"`); no document shows an SVG
     picture (`![...](NAME.svg)`): a diagram is quoted as text;
  7. a DocC article links to no repository file: every link is absolute (`https:`) or a DocC
     link (`doc:`), because the hosted documentation has no repository next to it;
  8. every ```swift block of a guide document is followed by a note: the next non-blank line
     starts with '> Note:' (English) or '> 풀이:' (Korean);
  9. a prose `code` span in a guide document that reads as Swift (not a path, a command or a
     file name) names only identifiers that appear in the code (comments and strings removed)
     of Sources, Tests, Benchmarks, Exercises or the stand-ins in StandIns/, or in
     FOREIGN_NAMES (other platforms' API, named to compare with): a misspelt or invented API
     name fails. It checks names, not types: `a.b` passes if `a` and `b` each appear somewhere;
  10. a line anchor to a Swift file (README.md's `File.swift#L21-L36`) is inside the file, and
     when the link's text names a function (`Type.name()`), the range is exactly its
     declaration: from its doc comment or its `func` line through its closing brace.
README.md and docs/api-map.md are checked for rules 1, 2 (their marked blocks), 4 and 10; an
unmarked block (README's consumer Package.swift) is allowed there.

Standard library only; runs on any python3 >= 3.8.
"""

from __future__ import annotations

import difflib
import os
import re
import sys
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

# Each English guide document and its Korean edition: the guide, and the companion that holds
# the seeds' screens whole and the hard cases' Apple-only forms (linked from the guide).
GUIDE_PAIRS = [
    ("docs/guide.md", "docs/guide.ko.md"),
    ("docs/companion.md", "docs/companion.ko.md"),
]
GUIDES = [path for pair in GUIDE_PAIRS for path in pair]
# Checked for links only (and line anchors): the README a reader starts from, and the API map
# (a task, its one API, the test that proves it; scripts/check-task-table.py checks its names).
LINKED_DOCUMENTS = ["README.md", "docs/api-map.md"]
NOTE_PREFIX = {".ko.md": "> 풀이:", ".md": "> Note:"}
# Names in prose `code` spans that no Swift file here declares or uses: other platforms' and
# libraries' API, named to compare with (Android, RxCocoa, TCA, Combine's operators the guide
# does not use). Anything else a span names must appear in compiled code or a stand-in.
FOREIGN_NAMES = {
    "Driver", "Signal", "Presents", "StackState", "flatMapLatest", "switchToLatest",
    "userMessageShown", "whileConnected", "scope", "share", "localizedDescription",
    "Observations", "UIObservationTrackingEnabled", "EnvironmentObject",
}
LINE_ANCHOR = re.compile(r"^L(?P<first>\d+)(?:-L(?P<last>\d+))?$")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
DOCC_DIRS = [
    "Sources/Signals/Signals.docc",
    "Sources/SignalsConcurrency/SignalsConcurrency.docc",
    "Sources/SignalsObservation/SignalsObservation.docc",
    "Sources/SignalsTesting/SignalsTesting.docc",
]
SOURCE_DIRS = ["Sources", "Tests", "Benchmarks"]
DIAGRAM_DIR = "docs/diagrams"

START_MARKER = re.compile(r"^\s*// snippet: (?P<name>[A-Za-z0-9_.-]+)\s*$")
END_MARKER = re.compile(r"^\s*// snippet-end\s*$")
DOC_MARKER = re.compile(r"^\s*<!-- (?P<kind>snippet|diagram): (?P<name>.+?) -->\s*$")
DIAGRAM_NAME = re.compile(r"^[a-z0-9-]+$")
SVG_PICTURE = re.compile(r"!\[[^\]]*\]\((?P<target>[^)\s]+\.svg)\)")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
INLINE_LINK = re.compile(r"(?<!!)\[(?P<text>(?:[^\[\]]|\[[^\]]*\])*)\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[(?P<text>[^\]]+)\]:\s*(?P<target>\S+)")
HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<title>.+?)\s*#*\s*$")
FUNCTION_TEXT = re.compile(r"^`(?P<name>[A-Za-z_][A-Za-z0-9_]*)\([^`]*\)`$")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


@dataclass
class Region:
    name: str
    path: Path
    line: int
    lines: List[str]


@dataclass
class CodeBlock:
    info: str
    line: int  # 1-based line of the opening fence
    lines: List[str]
    marker: Optional[str] = None
    marker_line: int = 0
    diagram: Optional[str] = None  # set instead of `marker` for `<!-- diagram: NAME -->`
    closing_line: int = 0  # 1-based line of the closing fence (0 if unclosed)


@dataclass
class Link:
    text: str
    target: str
    line: int


@dataclass
class Document:
    path: Path
    blocks: List[CodeBlock] = field(default_factory=list)
    links: List[Link] = field(default_factory=list)
    headings: List[Tuple[int, str, int]] = field(default_factory=list)  # (level, title, line)
    dangling_markers: List[Tuple[str, str, int]] = field(default_factory=list)  # (kind, name, line)
    pictures: List[Tuple[str, int]] = field(default_factory=list)  # (target, line): rule 6
    diagram_order: List[str] = field(default_factory=list)  # quoted, in document order


class Report:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: List[str] = []
        self.summary = ""

    def error(self, path: Path, line: int, message: str) -> None:
        try:
            shown = path.relative_to(self.root)
        except ValueError:
            shown = path
        location = f"{shown}:{line}" if line else f"{shown}"
        self.errors.append(f"{location}: {message}")


# Swift side ------------------------------------------------------------------------------------


def swift_files(root: Path) -> List[Path]:
    found: List[Path] = []
    for directory in SOURCE_DIRS:
        base = root / directory
        if not base.is_dir():
            continue
        for current, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for filename in sorted(filenames):
                if filename.endswith(".swift"):
                    found.append(Path(current) / filename)
    return found


def collect_regions(root: Path, report: Report) -> Dict[str, Region]:
    regions: Dict[str, Region] = {}
    for path in swift_files(root):
        text = path.read_text(encoding="utf-8").splitlines()
        open_regions: List[Region] = []
        for number, line in enumerate(text, start=1):
            start = START_MARKER.match(line)
            if start:
                open_regions.append(Region(start.group("name"), path, number, []))
                continue
            if END_MARKER.match(line):
                if not open_regions:
                    report.error(path, number, "'// snippet-end' without a matching '// snippet:'")
                    continue
                region = open_regions.pop()
                if region.name in regions:
                    first = regions[region.name]
                    report.error(
                        path,
                        region.line,
                        f"snippet '{region.name}' is defined twice "
                        f"(first at {first.path.relative_to(root)}:{first.line})",
                    )
                else:
                    regions[region.name] = region
                continue
            for region in open_regions:
                region.lines.append(line)
        for region in open_regions:
            report.error(path, region.line, f"snippet '{region.name}' has no '// snippet-end'")
    return regions


def anchored_region(root: Path, spec: str, report: Report, doc: Path, line: int) -> Optional[Region]:
    """Quotes part of a file that has no markers.

    `path/File.swift#text` quotes from the first line containing `text` through the line that
    closes the brace it opens; `path/File.swift#start..end` quotes from the first line
    containing `start` through the next line containing `end`, extended to close any block
    still open there.
    """
    relative, _, anchor = spec.partition("#")
    path = root / relative
    if not anchor or not relative.endswith(".swift"):
        report.error(doc, line, f"snippet '{spec}' is neither a marker name nor 'File.swift#text'")
        return None
    if not path.is_file():
        report.error(doc, line, f"snippet '{spec}': no file {relative}")
        return None
    text = path.read_text(encoding="utf-8").splitlines()
    start_text, separator, end_text = anchor.partition("..")
    starts = [i for i, candidate in enumerate(text) if start_text in candidate]
    if not starts:
        report.error(doc, line, f"snippet '{spec}': no line of {relative} contains '{start_text}'")
        return None
    first = starts[0]
    last = closing_line(text, first) if not separator else next(
        (i for i in range(first, len(text)) if end_text in text[i]), None)
    if last is not None and separator:
        last = balance_braces(text, first, last)
    if last is None:
        what = f"no line containing '{end_text}'" if separator else "no balanced braces"
        report.error(doc, line, f"snippet '{spec}': {what} after line {first + 1}")
        return None
    body = [
        candidate
        for candidate in text[first : last + 1]
        if not START_MARKER.match(candidate) and not END_MARKER.match(candidate)
    ]
    return Region(spec, path, first + 1, body)


def balance_braces(text: List[str], first: int, last: int) -> Optional[int]:
    """Extends a range past `last` until every brace opened in it is closed again."""
    depth = sum(
        strip_strings_and_comments(line).count("{") - strip_strings_and_comments(line).count("}")
        for line in text[first : last + 1]
    )
    while depth > 0:
        last += 1
        if last >= len(text):
            return None
        code = strip_strings_and_comments(text[last])
        depth += code.count("{") - code.count("}")
    return last


def closing_line(text: List[str], first: int) -> Optional[int]:
    """The index of the line that closes the first brace opened on `first` or after it (within
    40 lines, so an anchor may start at a doc comment above the declaration)."""
    depth = 0
    opened = False
    for index in range(first, len(text)):
        code = strip_strings_and_comments(text[index])
        depth += code.count("{") - code.count("}")
        opened = opened or "{" in code
        if opened and depth <= 0:
            return index
        if not opened and index > first + 40:
            return None
    return None


def strip_strings_and_comments(line: str) -> str:
    without_comment = re.sub(r"//.*$", "", re.sub(r'"(?:\\.|[^"\\])*"', '""', line))
    return without_comment


# Markdown side ---------------------------------------------------------------------------------


def parse_document(path: Path) -> Document:
    document = Document(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    pending_marker: Optional[Tuple[str, str, int]] = None  # (kind, name, line)
    index = 0
    while index < len(lines):
        line = lines[index]
        number = index + 1
        fence = FENCE.match(line)
        if fence:
            marker = fence.group("fence")
            closing = re.compile(r"^\s*" + re.escape(marker[0]) + "{" + str(len(marker)) + r",}\s*$")
            body: List[str] = []
            index += 1
            while index < len(lines) and not closing.match(lines[index]):
                body.append(lines[index])
                index += 1
            block = CodeBlock(fence.group("info").strip(), number, body)
            block.closing_line = index + 1 if index < len(lines) else 0
            if pending_marker:
                kind, name, block.marker_line = pending_marker
                if kind == "diagram":
                    block.diagram = name
                    document.diagram_order.append(name)
                else:
                    block.marker = name
                pending_marker = None
            document.blocks.append(block)
            index += 1
            continue
        doc_marker = DOC_MARKER.match(line)
        if doc_marker:
            if pending_marker:
                document.dangling_markers.append(pending_marker)
            pending_marker = (doc_marker.group("kind"), doc_marker.group("name").strip(), number)
        elif line.strip() and pending_marker:
            document.dangling_markers.append(pending_marker)
            pending_marker = None
        for picture in SVG_PICTURE.finditer(line):
            document.pictures.append((picture.group("target"), number))
        heading = HEADING.match(line)
        if heading:
            document.headings.append((len(heading.group("hashes")), heading.group("title"), number))
        for text, target in links_in(line):
            document.links.append(Link(text, target, number))
        reference = REFERENCE_LINK.match(line)
        if reference:
            document.links.append(Link(reference.group("text"), reference.group("target"), number))
        index += 1
    if pending_marker:
        document.dangling_markers.append(pending_marker)
    return document


def code_spans(line: str) -> List[Tuple[int, int]]:
    """The [start, end) ranges of the `code` spans of a line."""
    spans = []
    for match in re.finditer(r"(`+)(.+?)\1", line):
        spans.append((match.start(), match.end()))
    return spans


def links_in(line: str) -> List[Tuple[str, str]]:
    """Inline links of a line, skipping any that sits inside a `code` span."""
    spans = code_spans(line)
    found = []
    for match in INLINE_LINK.finditer(line):
        if any(start <= match.start() < end for start, end in spans):
            continue
        found.append((match.group("text"), match.group("target")))
    return found


def github_slug(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", title)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    kept = []
    for character in text:
        category = unicodedata.category(character)
        if character in " -_" or category[0] in "LN" or category == "Mn" or category == "Mc":
            kept.append(character)
    return "".join(kept).replace(" ", "-")


def heading_anchors(document: Document) -> List[str]:
    anchors: List[str] = []
    seen: Dict[str, int] = {}
    for _, title, _ in document.headings:
        slug = github_slug(title)
        if slug in seen:
            seen[slug] += 1
            anchors.append(f"{slug}-{seen[slug]}")
        else:
            seen[slug] = 0
            anchors.append(slug)
    return anchors


# Checks ----------------------------------------------------------------------------------------


def normalise(lines: List[str]) -> List[str]:
    stripped = [line.rstrip() for line in lines]
    while stripped and not stripped[0]:
        stripped.pop(0)
    while stripped and not stripped[-1]:
        stripped.pop()
    indents = [len(line) - len(line.lstrip(" ")) for line in stripped if line]
    common = min(indents) if indents else 0
    return [line[common:] if line else line for line in stripped]


def check_blocks(root: Path, document: Document, regions: Dict[str, Region], report: Report,
                 every_swift_block_marked: bool = True) -> None:
    for kind, name, line in document.dangling_markers:
        report.error(document.path, line, f"'<!-- {kind}: {name} -->' is not followed by a code block")
    for block in document.blocks:
        language = block.info.split()[0] if block.info else ""
        if block.diagram is not None:
            check_diagram_block(root, document, block, report)
            continue
        if block.marker is None:
            if language == "swift" and every_swift_block_marked:
                report.error(
                    document.path,
                    block.line,
                    "swift code block without '<!-- snippet: NAME -->': every excerpt must come "
                    "from compiled code",
                )
            continue
        if "#" in block.marker and "/" in block.marker:
            region = anchored_region(root, block.marker, report, document.path, block.marker_line)
        else:
            region = regions.get(block.marker)
            if region is None:
                report.error(
                    document.path,
                    block.marker_line,
                    f"unknown snippet '{block.marker}': no '// snippet: {block.marker}' in "
                    + ", ".join(SOURCE_DIRS),
                )
        if region is None:
            continue
        diff = block_difference(
            region.lines,
            block.lines,
            source=f"{region.path.relative_to(root)}:{region.line} (source)",
            document=f"{document.path.relative_to(root)}:{block.line} (document)",
        )
        if diff is not None:
            report.error(
                document.path,
                block.line,
                f"code block differs from snippet '{block.marker}'; copy the source region "
                f"again:\n{diff}",
            )


def block_difference(
    expected_lines: List[str], actual_lines: List[str], source: str, document: str
) -> Optional[str]:
    """The indented unified diff from what a block must hold to what it holds (both compared
    after `normalise`), or None when they are equal."""
    expected = normalise(expected_lines)
    actual = normalise(actual_lines)
    if expected == actual:
        return None
    return "\n".join(
        "      " + line
        for line in difflib.unified_diff(
            expected, actual, fromfile=source, tofile=document, lineterm=""
        )
    )


def diagram_path(root: Path, name: str) -> Path:
    return root / DIAGRAM_DIR / f"{name}.txt"


def check_diagram_block(root: Path, document: Document, block: CodeBlock, report: Report) -> None:
    name = block.diagram or ""
    language = block.info.split()[0] if block.info else ""
    if language != "text":
        report.error(document.path, block.line, f"diagram '{name}' must be a ```text block")
    path = diagram_path(root, name)
    if not DIAGRAM_NAME.match(name) or not path.is_file():
        report.error(
            document.path,
            block.marker_line,
            f"unknown diagram '{name}': no {DIAGRAM_DIR}/{name}.txt (a test writes it with "
            "SIGNALS_UPDATE_DIAGRAMS=1)",
        )
        return
    diff = block_difference(
        path.read_text(encoding="utf-8").splitlines(),
        block.lines,
        source=f"{DIAGRAM_DIR}/{name}.txt (rendered by its test)",
        document=f"{document.path.relative_to(root)}:{block.line} (document)",
    )
    if diff is not None:
        report.error(
            document.path,
            block.line,
            f"diagram differs from {DIAGRAM_DIR}/{name}.txt; copy the file again "
            f"(--update):\n{diff}",
        )


def check_diagram_files(root: Path, documents: Dict[Path, "Document"], report: Report) -> int:
    """Every committed diagram is quoted by a document and rendered by a test, and no document
    shows a picture instead. Returns how many diagram files there are."""
    directory = root / DIAGRAM_DIR
    files = sorted(directory.glob("*.txt")) if directory.is_dir() else []
    quoted = {b.diagram for d in documents.values() for b in d.blocks if b.diagram}
    tests = "\n".join(
        path.read_text(encoding="utf-8")
        for path in swift_files(root)
        if path.relative_to(root).parts[0] == "Tests"
    )
    for document in documents.values():
        for target, line in document.pictures:
            report.error(document.path, line,
                         f"picture '{target}': a diagram is quoted as text, "
                         "'<!-- diagram: NAME -->' and a ```text block of docs/diagrams/NAME.txt")
    for path in files:
        name = path.stem
        if name not in quoted:
            report.error(path, 0, f"diagram '{name}' is quoted by no document")
        if not re.search(r'expectDiagram\(\s*"' + re.escape(name) + '"', tests):
            report.error(path, 0, f"diagram '{name}' is rendered by no test "
                         f"(no 'expectDiagram(\"{name}\"' under Tests/)")
    return len(files)


def check_links(root: Path, document: Document, documents: Dict[Path, Document], report: Report) -> None:
    for link in document.links:
        target = link.target
        if EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        if path_part:
            resolved = (document.path.parent / path_part).resolve()
            if not resolved.exists():
                report.error(document.path, link.line, f"link to missing file: {target}")
                continue
        else:
            resolved = document.path.resolve()
        if anchor and resolved.suffix == ".md" and not re.match(r"^L\d+", anchor):
            target_document = documents.get(resolved) or parse_document(resolved)
            if anchor not in heading_anchors(target_document):
                report.error(document.path, link.line, f"link to missing heading: {target}")
        lines_anchor = LINE_ANCHOR.match(anchor)
        if lines_anchor and resolved.suffix == ".swift":
            check_line_anchor(document, link, resolved, lines_anchor, report)
        function = FUNCTION_TEXT.match(link.text.strip())
        if function and resolved.suffix == ".swift":
            source = resolved.read_text(encoding="utf-8")
            if not re.search(r"\bfunc\s+" + re.escape(function.group("name")) + r"\s*[(<]", source):
                report.error(
                    document.path,
                    link.line,
                    f"link text names {link.text} but {path_part} declares no "
                    f"'func {function.group('name')}('",
                )


def check_line_anchor(document: Document, link: Link, path: Path, anchor: "re.Match[str]",
                      report: Report) -> None:
    """`File.swift#L21-L36`: the lines exist, and when the link's text names a function
    (`` `bind()` ``, `` `UserListScreen.bind()` ``) the range is that function's declaration, from
    the line that declares it through the brace that closes it."""
    text = path.read_text(encoding="utf-8").splitlines()
    first = int(anchor.group("first"))
    last = int(anchor.group("last") or first)
    if not 1 <= first <= last <= len(text):
        report.error(document.path, link.line,
                     f"line anchor {link.target}: the file has {len(text)} lines")
        return
    named = re.search(r"`(?:[A-Za-z_][A-Za-z0-9_]*\.)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)\([^`]*\)`",
                      link.text)
    if not named:
        return
    declaration = re.compile(r"\bfunc\s+" + re.escape(named.group("name")) + r"\s*[(<]")
    start = first - 1  # the range may open with the declaration's doc comment and attributes
    while start < last and re.match(r"^\s*(///|@)", text[start]) and not declaration.search(text[start]):
        start += 1
    if not declaration.search(text[start]):
        report.error(document.path, link.line,
                     f"line anchor {link.target}: line {first} does not start the declaration of "
                     f"'func {named.group('name')}(' (it is: {text[first - 1].strip()!r})")
        return
    if first > 1 and re.match(r"^\s*///", text[first - 2]):
        report.error(document.path, link.line,
                     f"line anchor {link.target}: line {first - 1} is part of the declaration's "
                     "doc comment; start the range there")
        return
    closing = closing_line(text, start)
    if closing is None or closing + 1 != last:
        report.error(document.path, link.line,
                     f"line anchor {link.target}: '{named.group('name')}' ends at line "
                     f"{(closing or 0) + 1}, not {last}")


def check_notes(document: Document, report: Report) -> None:
    """Every ```swift block of a guide is followed by a note ('> Note:' in English, '> 풀이:' in
    Korean): the code's comments are English, and a reader needs what the block shows."""
    prefix = NOTE_PREFIX[".ko.md"] if document.path.name.endswith(".ko.md") else NOTE_PREFIX[".md"]
    lines = document.path.read_text(encoding="utf-8").splitlines()
    for block in document.blocks:
        language = block.info.split()[0] if block.info else ""
        if language != "swift" or not block.closing_line:
            continue
        following = next((line for line in lines[block.closing_line:] if line.strip()), "")
        if not following.startswith(prefix):
            report.error(document.path, block.line,
                         f"swift block '{block.marker}' is not followed by a note ('{prefix} ...')")


def code_names(root: Path) -> set:
    """Every identifier in the code (comments and strings removed) of the Swift files CI compiles
    or type-checks: Sources, Tests, Benchmarks, Exercises and the stand-ins."""
    names: set = set()
    for directory in SOURCE_DIRS + ["Exercises", "StandIns"]:
        base = root / directory
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.swift")):
            source = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
            for line in source.splitlines():
                names.update(IDENTIFIER.findall(strip_strings_and_comments(line)))
    return names


def check_code_spans(document: Document, names: set, report: Report) -> None:
    """A prose `code` span that is Swift (not a path, a command or a file name) names only what
    compiled code or a stand-in declares or uses, or a FOREIGN_NAMES entry."""
    lines = document.path.read_text(encoding="utf-8").splitlines()
    inside = set()
    for block in document.blocks:
        inside.update(range(block.line, (block.closing_line or block.line) + 1))
    for number, line in enumerate(lines, start=1):
        if number in inside or line.lstrip().startswith("<!--"):
            continue
        for match in re.finditer(r"(`+)(.+?)\1", line):
            span = match.group(2)
            if re.search(r"/|\.(?:py|sh|md|swift|txt|svg)\b|^(?:swift|python3|git|printf) |=|^-", span):
                continue
            unknown = [name for name in IDENTIFIER.findall(span)
                       if name not in names and name not in FOREIGN_NAMES
                       and not name.startswith("_")]
            if unknown:
                report.error(document.path, number,
                             f"code span `{span}` names {', '.join(unknown)}: declared nowhere in "
                             "the compiled code or the stand-ins (misspelt? or add the API to "
                             "StandIns/ with its page, or to FOREIGN_NAMES)")


def check_docc_links(document: Document, report: Report) -> None:
    for link in document.links:
        if not EXTERNAL.match(link.target):
            report.error(
                document.path,
                link.line,
                f"relative link in a DocC article: {link.target} (hosted documentation has no "
                "repository next to it: use an absolute URL, a <doc:Article> link, or plain text)",
            )


def relative_targets(document: Document) -> List[str]:
    """Relative link targets without anchors; a link to either guide counts as one target, so
    the language links (guide.md <-> guide.ko.md) compare equal."""
    targets = []
    for link in document.links:
        if EXTERNAL.match(link.target) or link.target.startswith("#"):
            continue
        path_part = link.target.partition("#")[0]
        name = Path(path_part).name
        if name in {Path(guide).name for guide in GUIDES}:
            path_part = "<guide> " + name.replace(".ko.md", ".md")
        targets.append(path_part)
    return targets


def check_parity(english: Document, korean: Document, report: Report) -> None:
    def compare(kind: str, left: List[str], right: List[str]) -> None:
        if left == right:
            return
        matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
        details = []
        for tag, a0, a1, b0, b1 in matcher.get_opcodes():
            if tag != "equal":
                details.append(f"      {tag}: {left[a0:a1]} -> {right[b0:b1]}")
        report.error(
            korean.path,
            0,
            f"the {kind} differ from {english.path.name}:\n" + "\n".join(details),
        )

    compare("snippets", [b.marker or "" for b in english.blocks if b.marker],
            [b.marker or "" for b in korean.blocks if b.marker])
    compare("diagrams", english.diagram_order, korean.diagram_order)
    compare("relative links", relative_targets(english), relative_targets(korean))
    compare("heading levels", [str(level) for level, _, _ in english.headings],
            [str(level) for level, _, _ in korean.headings])


def update_blocks(root: Path, paths: List[Path]) -> int:
    """Rewrites every quoted block from its region or diagram file; returns the number of blocks
    changed."""
    scratch = Report(root)
    regions = collect_regions(root, scratch)
    changed = 0
    for path in paths:
        if not path.is_file():
            continue
        document = parse_document(path)
        lines = path.read_text(encoding="utf-8").splitlines()
        before = changed
        # Back to front, so earlier line numbers stay valid.
        for block in reversed(document.blocks):
            if block.diagram is not None and block.closing_line:
                path_of_diagram = diagram_path(root, block.diagram)
                if DIAGRAM_NAME.match(block.diagram) and path_of_diagram.is_file():
                    fresh = normalise(path_of_diagram.read_text(encoding="utf-8").splitlines())
                    if fresh != normalise(block.lines):
                        lines[block.line : block.closing_line - 1] = fresh
                        changed += 1
                continue
            if block.marker is None or not block.closing_line:
                continue
            if "#" in block.marker and "/" in block.marker:
                region = anchored_region(root, block.marker, scratch, path, block.marker_line)
            else:
                region = regions.get(block.marker)
            if region is None:
                continue
            fresh = normalise(region.lines)
            if fresh != normalise(block.lines):
                lines[block.line : block.closing_line - 1] = fresh
                changed += 1
        if changed != before:
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def docc_articles(root: Path) -> List[Path]:
    found: List[Path] = []
    for directory in DOCC_DIRS:
        docc = root / directory
        found += sorted(docc.glob("*.md")) if docc.is_dir() else []
    return found


def documents_to_check(root: Path) -> List[Path]:
    return ([root / guide for guide in GUIDES] + docc_articles(root)
            + [root / relative for relative in LINKED_DOCUMENTS])


def run(root: Path) -> Report:
    report = Report(root)
    regions = collect_regions(root, report)
    documents: Dict[Path, Document] = {}
    guide_paths = [root / guide for guide in GUIDES]
    for path in guide_paths:
        if not path.is_file():
            report.error(path, 0, "guide is missing")
            continue
        documents[path.resolve()] = parse_document(path)
    for path in docc_articles(root):
        documents[path.resolve()] = parse_document(path)
    for document in documents.values():
        check_blocks(root, document, regions, report)
    names = code_names(root)
    for path in guide_paths:
        document = documents.get(path.resolve())
        if document:
            check_links(root, document, documents, report)
            check_notes(document, report)
            check_code_spans(document, names, report)
    for relative in LINKED_DOCUMENTS:
        if (root / relative).is_file():
            readme = parse_document(root / relative)
            # Its marked blocks equal their regions; an unmarked one (a consumer's Package.swift)
            # is allowed there.
            check_blocks(root, readme, regions, report, every_swift_block_marked=False)
            check_links(root, readme, documents, report)
    for path in docc_articles(root):
        check_docc_links(documents[path.resolve()], report)
    for english_path, korean_path in GUIDE_PAIRS:
        english = documents.get((root / english_path).resolve())
        korean = documents.get((root / korean_path).resolve())
        if english and korean:
            check_parity(english, korean, report)
    diagram_files = check_diagram_files(root, documents, report)
    report.summary = (
        f"{sum(1 for d in documents.values() for b in d.blocks if b.marker)} quoted blocks, "
        f"{sum(1 for d in documents.values() for b in d.blocks if b.diagram)} quoted diagrams "
        f"of {diagram_files}, "
        f"{sum(len(d.links) for d in documents.values())} links, "
        f"{len(documents)} documents, {len(regions)} snippet regions"
    )
    return report


# Self-test -------------------------------------------------------------------------------------


def self_test() -> int:
    swift = """\
struct Example {
  // snippet: greet
  func greet() -> String {
    "hello"
  }
  // snippet-end
}
"""
    guide = """\
# Guide

## Rules

<!-- snippet: greet -->
```swift
func greet() -> String {
  "hello"
}
```

> Note: it greets.

See [`greet()`](../Sources/Example.swift) and [rules](#rules).

<!-- snippet: Sources/Example.swift#struct Example -->
```swift
struct Example {
  func greet() -> String {
    "hello"
  }
}
```

> Note: the whole type.

<!-- diagram: flow -->
```text
ms  |0 |100
e   ^--x----
```
"""
    diagram = "ms  |0 |100\ne   ^--x----\n"
    renderer = 'func test() throws {\n  try expectDiagram("flow", timeline)\n}\n'
    base_files = {"docs/diagrams/flow.txt": diagram, "Tests/FlowTests.swift": renderer}
    picture = "\n![The flow](diagrams/flow.svg)\n"
    korean = (guide.replace("## Rules", "## 규칙").replace("(#rules)", "(#규칙)")
              .replace("> Note:", "> 풀이:"))
    companion = "# Companion\n\nBack to [the guide](guide.md).\n"
    readme = "# Example\n\n[`Example.greet()`](Sources/Example.swift#L3-L5)\n"

    cases = {
        "passes when everything matches": (swift, guide, korean, None),
        "detects a drifted block": (
            swift, guide.replace('  "hello"\n}\n```\n\n> Note', '  "hi"\n}\n```\n\n> Note'), korean,
            "differs from snippet 'greet'"),
        "detects an unknown snippet": (
            swift, guide.replace("snippet: greet", "snippet: gret"), korean, "unknown snippet 'gret'"),
        "detects an unmarked swift block": (
            swift, guide + "\n```swift\nlet x = 1\n```\n", korean, "without '<!-- snippet"),
        "detects a missing file": (
            swift, guide.replace("../Sources/Example.swift", "../Sources/Missing.swift"), korean,
            "link to missing file"),
        "detects a missing function": (
            swift, guide.replace("[`greet()`]", "[`wave()`]"), korean, "declares no 'func wave('"),
        "detects a missing heading": (
            swift, guide.replace("(#rules)", "(#rulez)"), korean, "link to missing heading"),
        "detects an unclosed marker": (
            swift.replace("  // snippet-end\n", ""), guide, korean, "has no '// snippet-end'"),
        "detects a duplicate marker": (
            swift + "// snippet: greet\n// snippet-end\n", guide, korean, "defined twice"),
        "detects a structure mismatch": (
            swift, guide, korean.replace("[`greet()`](../Sources/Example.swift)", "greet"),
            "relative links differ"),
        "extends a range to close its blocks": (
            swift, guide + "\n<!-- snippet: Sources/Example.swift#func greet..hello -->\n"
            "```swift\nfunc greet() -> String {\n  \"hello\"\n}\n```\n\n> Note: a range.\n",
            korean + "\n<!-- snippet: Sources/Example.swift#func greet..hello -->\n"
            "```swift\nfunc greet() -> String {\n  \"hello\"\n}\n```\n\n> 풀이: a range.\n",
            None),
        "detects a broken anchor snippet": (
            swift, guide.replace("#struct Example", "#struct Missing"), korean,
            "no line of Sources/Example.swift contains"),
        "detects a drifted diagram": (
            swift, guide.replace("e   ^--x----", "e   ^---x---"), korean,
            "diagram differs from docs/diagrams/flow.txt"),
        "detects an unknown diagram": (
            swift, guide.replace("diagram: flow", "diagram: flwo"), korean, "unknown diagram 'flwo'"),
        "detects a diagram outside a text block": (
            swift, guide.replace("```text", "```"), korean, "must be a ```text block"),
        "detects a diagram marker without a block": (
            swift, guide + "\n<!-- diagram: flow -->\nText.\n", korean,
            "'<!-- diagram: flow -->' is not followed by a code block"),
        "detects a diagram no document quotes": (
            swift, guide, korean, "diagram 'orphan' is quoted by no document",
            {"docs/diagrams/orphan.txt": diagram,
             "Tests/FlowTests.swift": renderer + renderer.replace("flow", "orphan")}),
        "detects a diagram no test renders": (
            swift, guide, korean, "diagram 'flow' is rendered by no test",
            {"Tests/FlowTests.swift": renderer.replace('"flow"', '"flows"')}),
        "detects a relative link in a DocC article": (
            swift, guide, korean, "relative link in a DocC article: ../../docs/guide.md",
            {"Sources/Signals/Signals.docc/Article.md":
             "# Article\n\nSee [the guide](../../docs/guide.md) and [Swift](https://swift.org).\n"}),
        "detects diagrams in a different order": (
            swift, guide, korean.replace("<!-- diagram: flow -->", ""), "the diagrams differ"),
        "detects a picture in a guide": (
            swift, guide + picture, korean + picture, "picture 'diagrams/flow.svg': a diagram is "
            "quoted as text"),
        "detects a picture in a DocC article": (
            swift, guide, korean, "picture 'flow.svg'",
            {"Sources/Signals/Signals.docc/Article.md": "# Article\n\n![The flow](flow.svg)\n"}),
        "detects a block without a note": (
            swift, guide.replace("> Note: it greets.\n", ""), korean,
            "swift block 'greet' is not followed by a note"),
        "detects a Korean block without its note": (
            swift, guide, korean.replace("> 풀이: it greets.", "> Note: it greets."),
            "is not followed by a note ('> 풀이:"),
        "detects a misspelt name in a code span": (
            swift, guide + "\nCall `Example().greett()`.\n", korean, "names greett"),
        "accepts a code span naming a stand-in's API": (
            swift, guide + "\nCall `Example().greet()` or `present(_:)`.\n", korean, None,
            {"StandIns/UIKit/ViewController.swift": "func present() {}\n"}),
        "detects a line anchor that is not its function": (
            swift, guide, korean, "'greet' ends at line 5, not 6",
            {"README.md": readme.replace("#L3-L5", "#L3-L6")}),
        "detects a line anchor past a moved function": (
            swift, guide, korean, "does not start the declaration of 'func greet('",
            {"README.md": readme.replace("#L3-L5", "#L1-L3")}),
        "detects a line anchor past the end of its file": (
            swift, guide, korean, "the file has 7 lines",
            {"README.md": readme.replace("#L3-L5", "#L30")}),
        "detects a README block that differs from its snippet": (
            swift, guide, korean, "differs from snippet 'greet'",
            {"README.md": readme + "\n<!-- snippet: greet -->\n```swift\nfunc greet() {}\n```\n"}),
        "detects a companion that is not parallel": (
            swift, guide, korean, "the relative links differ",
            {"docs/companion.ko.md": "# Companion\n"}),
    }
    failures = 0
    def write_tree(root: Path, source: str, english: str, translation: str,
                   extra: Dict[str, str]) -> None:
        files = {"Sources/Example.swift": source, "docs/guide.md": english,
                 "docs/guide.ko.md": translation, "docs/companion.md": companion,
                 "docs/companion.ko.md": companion, "README.md": readme, **base_files, **extra}
        for relative, text in files.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text, encoding="utf-8")

    for title, (source, english, translation, expected, *more) in cases.items():
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            write_tree(root, source, english, translation, more[0] if more else {})
            errors = run(root).errors
            if expected is None:
                ok = not errors
            else:
                ok = any(expected in e for e in errors)
            failures += 0 if ok else 1
            print(f"{'ok  ' if ok else 'FAIL'} {title}" + ("" if ok else f": {errors}"))
    updates = {
        "--update restores a drifted block": guide.replace(
            '  "hello"\n}\n```\n\n> Note', '  "hi"\n  // more\n}\n```\n\n> Note'),
        "--update restores a drifted diagram": guide.replace("e   ^--x----", "e   ^x\nmore"),
    }
    for title, drifted in updates.items():
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            write_tree(root, swift, drifted, korean, {})
            changed = update_blocks(root, documents_to_check(root))
            ok = changed == 1 and not run(root).errors
            failures += 0 if ok else 1
            print(f"{'ok  ' if ok else 'FAIL'} {title}")
    print("self-test " + ("passed" if failures == 0 else f"failed ({failures})"))
    return 0 if failures == 0 else 1


def cited_tests(root: Path) -> List[str]:
    """The functions the guides and the API map name in a link to a Swift file under Tests/,
    sorted, once each."""
    names = set()
    for relative in GUIDES + ["docs/api-map.md"]:
        document = parse_document(root / relative)
        for link in document.links:
            function = FUNCTION_TEXT.match(link.text.strip())
            path_part = link.target.partition("#")[0]
            if not function or not path_part.endswith(".swift"):
                continue
            resolved = (document.path.parent / path_part).resolve()
            if (root / "Tests").resolve() in resolved.parents:
                names.add(function.group("name"))
    return sorted(names)


def main(arguments: List[str]) -> int:
    if arguments[1:] == ["--self-test"]:
        return self_test()
    root = Path(__file__).resolve().parent.parent
    if arguments[1:] == ["--cited-tests"]:
        print("\n".join(cited_tests(root)))
        return 0
    if arguments[1:] == ["--update"]:
        changed = update_blocks(root, documents_to_check(root))
        print(f"check-guide-snippets: rewrote {changed} block(s) from their sources")
    elif arguments[1:]:
        print(__doc__)
        return 2
    report = run(root)
    if report.errors:
        print(f"check-guide-snippets: {len(report.errors)} problem(s):", file=sys.stderr)
        for message in report.errors:
            print(f"  {message}", file=sys.stderr)
        return 1
    print(f"check-guide-snippets: OK ({report.summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
