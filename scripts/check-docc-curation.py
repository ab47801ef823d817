#!/usr/bin/env python3
"""Fails when a DocC catalog leaves a public symbol uncurated.

Usage:
    python3 scripts/check-docc-curation.py GRAPH_DIR CATALOG_DIR
    python3 scripts/check-docc-curation.py --self-test

GRAPH_DIR holds one module's symbol graphs (MODULE.symbols.json and MODULE@OTHER.symbols.json,
as `swift build -Xswiftc -emit-symbol-graph` writes them); CATALOG_DIR is its .docc catalog.
Every symbol in the graphs must be named by a symbol link (``Path/to/symbol``) in a `## Topics`
section of some file of the catalog: the module page, an article or a documentation extension
(`# ``Module/Type``` followed by its own Topics). DocC lists an uncurated symbol anyway, under
a generated heading; this check makes a new public symbol fail the build until a person has
decided where it belongs.

Symbols a type inherits from a protocol extension (`!=` from `Equatable`, marked `SYNTHESIZED`
in the graph) are left out: DocC lists them under the protocol's implementations, and their
origin is curated where it is declared.

Links are compared by their path without the module name and without a disambiguation suffix
(`-(SignalScheduler)`, `-7xyz`); overloads (several symbols with one path) need as many distinct
links. A symbol of an extension to another module's type (`DispatchQueue`) may be linked with or
without that module's name. Standard library only; runs on any python3 >= 3.8.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Dict, List, Set, Tuple

SYMBOL_LINK = re.compile(r"``([^`]+)``")
HEADING = re.compile(r"^(#{1,6})\s")


def symbols(graph_dir: Path) -> Counter:
    """How many symbols each path ("Type/member(_:)") has, over every graph in the directory."""
    paths: Counter = Counter()
    for path in sorted(graph_dir.glob("*.symbols.json")):
        graph = json.loads(path.read_text(encoding="utf-8"))
        for symbol in graph.get("symbols", []):
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue  # inherited (`!=` from Equatable): DocC lists it under its protocol
            paths["/".join(symbol["pathComponents"])] += 1
    return paths


def strip_disambiguation(component: str) -> str:
    """`receive(on:)-(SignalScheduler)` -> `receive(on:)`; also `->Int`, `-swift.method` and
    hash (`-5x1ap`, up to seven characters: a 32-bit hash in base 36) suffixes."""
    for marker in ("-(", "->", "-swift."):
        index = component.find(marker, 1)
        if index > 0:
            return component[:index]
    match = re.match(r"^(.+)-[a-z0-9]{4,7}$", component)
    return match.group(1) if match else component


def curated_links(catalog: Path) -> List[Tuple[str, str]]:
    """Every symbol link inside a Topics section of a catalog file, as written, with the symbol
    the file documents (`# ``Module/Type``` makes `Module/Type`; empty for other pages), against
    which a relative link resolves."""
    links: List[Tuple[str, str]] = []
    for path in sorted(catalog.glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        title = next((line for line in lines if line.startswith("# ")), "")
        documented = SYMBOL_LINK.findall(title)
        base = documented[0] if documented else ""
        in_topics = False
        topics_level = 0
        for line in lines:
            heading = HEADING.match(line)
            if heading:
                level = len(heading.group(1))
                if line.strip() == "## Topics":
                    in_topics, topics_level = True, level
                    continue
                if in_topics and level <= topics_level:
                    in_topics = False
            if in_topics and line.lstrip().startswith("- "):
                links += [(link, base) for link in SYMBOL_LINK.findall(line)]
    return links


def normalised(link: str, base: str, module: str, known: Set[str]) -> str:
    """The symbol path a link names: relative to the documented symbol if that resolves, else
    from the module, else (an extension of another module's type) without the first
    component."""

    def path_of(text: str) -> List[str]:
        components = [strip_disambiguation(part) for part in text.split("/") if part]
        return components[1:] if components and components[0] == module else components

    link_path = path_of(link)
    candidates = []
    if base:
        candidates.append("/".join(path_of(base) + link_path))
    candidates.append("/".join(link_path))
    candidates.append("/".join(link_path[1:]))
    return next((candidate for candidate in candidates if candidate in known), candidates[-2])


def check(graph_dir: Path, catalog: Path) -> List[str]:
    graph_files = sorted(graph_dir.glob("*.symbols.json"))
    if not graph_files:
        return [f"{graph_dir}: no symbol graphs"]
    module = json.loads(graph_files[0].read_text(encoding="utf-8"))["module"]["name"]
    expected = symbols(graph_dir)
    known = set(expected)
    found: Dict[str, Set[str]] = {}
    for link, base in curated_links(catalog):
        found.setdefault(normalised(link, base, module, known), set()).add(link)
    problems = []
    for path, count in sorted(expected.items()):
        have = len(found.get(path, set()))
        if have < count:
            what = "is curated by no Topics section" if have == 0 else (
                f"has {count} overloads but {have} curated link(s)")
            problems.append(f"{catalog}: ``{path}`` {what}")
    return problems


def self_test() -> int:
    graph = {
        "module": {"name": "Demo"},
        "symbols": [
            {"pathComponents": ["Box"], "identifier": {"precise": "s:4Demo3BoxC"}},
            {"pathComponents": ["Box", "open()"], "identifier": {"precise": "s:4Demo3BoxC4openyyF"}},
            {"pathComponents": ["Box", "receive(on:)"], "identifier": {"precise": "s:a"}},
            {"pathComponents": ["Box", "receive(on:)"], "identifier": {"precise": "s:b"}},
            {"pathComponents": ["Box", "!=(_:_:)"],
             "identifier": {"precise": "s:SQsE2neoiySbx_xtFZ::SYNTHESIZED::s:4Demo3BoxC"}},
        ],
    }
    extension = {"module": {"name": "Demo"}, "symbols": [
        {"pathComponents": ["Queue", "run()"], "identifier": {"precise": "s:c"}}]}
    page = """\
# ``Demo``

## Topics

- ``Box``
- ``Dispatch/Queue/run()``
"""
    box = """\
# ``Demo/Box``

## Topics

### Opening

- ``open()``
- ``receive(on:)-(Main)``
- ``Demo/Box/receive(on:)-(Other)``
"""
    cases = {
        "passes when every symbol is curated": (box, None),
        "detects an uncurated member": (box.replace("- ``open()``\n", ""), "``Box/open()``"),
        "detects a missing overload": (
            box.replace("- ``Demo/Box/receive(on:)-(Other)``\n", ""), "2 overloads but 1"),
        "ignores links outside Topics": (
            box.replace("## Topics", "## Overview\n\n- ``open()``\n\n## Topics").replace(
                "- ``open()``\n- ``receive", "- ``receive"), "``Box/open()``"),
    }
    failures = 0
    for title, (extension_file, expected) in cases.items():
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            (root / "graphs").mkdir()
            (root / "Demo.docc").mkdir()
            (root / "graphs" / "Demo.symbols.json").write_text(json.dumps(graph))
            (root / "graphs" / "Demo@Dispatch.symbols.json").write_text(json.dumps(extension))
            (root / "Demo.docc" / "Demo.md").write_text(page)
            (root / "Demo.docc" / "Box.md").write_text(extension_file)
            problems = check(root / "graphs", root / "Demo.docc")
            ok = not problems if expected is None else any(expected in p for p in problems)
            failures += 0 if ok else 1
            print(f"{'ok  ' if ok else 'FAIL'} {title}" + ("" if ok else f": {problems}"))
    print("self-test " + ("passed" if failures == 0 else f"failed ({failures})"))
    return 0 if failures == 0 else 1


def main(arguments: List[str]) -> int:
    if arguments[1:] == ["--self-test"]:
        return self_test()
    if len(arguments) != 3:
        print(__doc__)
        return 2
    problems = check(Path(arguments[1]), Path(arguments[2]))
    if problems:
        print(f"check-docc-curation: {len(problems)} uncurated symbol(s):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"check-docc-curation: OK ({arguments[2]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
