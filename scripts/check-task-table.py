#!/usr/bin/env python3
"""Fails when docs/api-map.md (the table of tasks, one API each) and the public API disagree.

Usage:
    python3 scripts/check-task-table.py [GRAPH_ROOT [TABLE]]
    python3 scripts/check-task-table.py --self-test

GRAPH_ROOT (default .build/docc-build) holds one directory of symbol graphs per module,
symbol-graphs-<Module>, as scripts/build-docs.sh leaves them; the modules are Signals,
SignalsConcurrency, SignalsObservation and SignalsTesting. TABLE defaults to docs/api-map.md.

Two failures:
  1. a public symbol that the table mentions nowhere (in a task's row or under Building blocks);
  2. a name the table gives that no longer exists.

Which symbols count. Every type, and every member, extension member, enum case and top-level
function, as the symbol graphs list them, like scripts/check-docc-curation.py, except:
  - members a type inherits from a protocol extension (`!=` from Equatable, `SYNTHESIZED`);
  - conformance witnesses: a member whose `memberOf` relationship names a `sourceOrigin` (a
    scheduler's `schedule(_:)`, `hash(into:)`, `description`, `Identifiable.id`). The
    requirement itself (`SignalScheduler.schedule(_:)`) still counts;
  - the extension blocks themselves (an extension's members count).

Naming granularity: a symbol is named by its path with `.` and without argument labels
(`TaskOwner.run`, `Recorder.init`, `settle`), so the overloads of one name in one type are one
entry: the table names the task's API, not every overload. A name may carry labels
(`TaskOwner.run(key:for:_:then:)`); then those exact labels must exist, so a renamed label
fails the check. A table mentions a name inside a `code span`, written one of these ways:
  - `Type` (a type; also the context for later `.member` spans on the same line);
  - `Type.member` or `Type.member(label:)` (a member, a nested type, an extension member);
  - `.member` or `.member(label:)` after a `Type` span: a member of the last type named on that
    line or earlier in the same list item, so an item can list a type's members readably
    (`Recorder` (`.values`, `.last`, `.cancel()`));
  - `Type(label:)`, `Type()` or `Type.init(label:)`: an initialiser;
  - `function(label:)`: a top-level function.
A code span that reads otherwise (an expression, a foreign type such as `AsyncSequence`) is
prose: it neither covers nor fails. But in the API column of a table (its second column) and in
the first code span of each item under a heading that contains "Building blocks", every span
must name an existing symbol, so a removed type cannot hide there as prose. Fenced code blocks
are ignored. Standard library only; runs on any python3 >= 3.8.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Set, Tuple

MODULES = ["Signals", "SignalsConcurrency", "SignalsObservation", "SignalsTesting"]
TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.extension"}
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
NAME = re.compile(
    r"^(?P<dot>\.)?(?P<path>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:<[^<>`]*>)?"
    r"(?P<args>\((?:(?:[A-Za-z_]\w*|_):)*\))?$")
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
FENCE = re.compile(r"^\s*(```|~~~)")


def base_of(component: str) -> str:
    """`run(key:for:_:then:)` -> `run`."""
    return component.split("(", 1)[0]


@dataclass
class Api:
    required: Dict[str, str] = field(default_factory=dict)  # base name -> kind, must be mentioned
    full: Set[str] = field(default_factory=set)  # names with labels: `TaskOwner.run(key:...)`
    types: Set[str] = field(default_factory=set)  # types and extended types, by dotted path
    witnesses: Set[str] = field(default_factory=set)  # may be named, need not be

    def knows(self, base: Optional[str]) -> bool:
        return base in self.required or base in self.types or base in self.witnesses


def load_api(graph_root: Path) -> Tuple[Api, List[str]]:
    api, problems = Api(), []
    for module in MODULES:
        graph_files = sorted((graph_root / f"symbol-graphs-{module}").glob("*.symbols.json"))
        if not graph_files:
            problems.append(f"{graph_root}/symbol-graphs-{module}: no symbol graphs "
                            "(run scripts/build-docs.sh first)")
        for path in graph_files:
            graph = json.loads(path.read_text(encoding="utf-8"))
            witnesses = {relation["source"] for relation in graph.get("relationships", [])
                         if relation["kind"] == "memberOf" and "sourceOrigin" in relation}
            for symbol in graph.get("symbols", []):
                precise = symbol["identifier"]["precise"]
                kind = symbol["kind"]["identifier"]
                components = symbol["pathComponents"]
                base = ".".join(base_of(component) for component in components)
                if kind in TYPE_KINDS:
                    api.types.add(base)
                if "::SYNTHESIZED::" in precise or kind == "swift.extension":
                    continue
                if precise in witnesses:
                    api.witnesses.add(base)
                    api.full.add(".".join(components))
                    continue
                api.required.setdefault(base, kind)
                api.full.add(".".join(components))
    return api, problems


@dataclass
class Mention:
    line: int
    text: str  # the span as written
    base: Optional[str]  # the symbol it names, without labels; None if the span is prose
    full: Optional[str] = None  # with labels, when the span gives them


def parse_span(span: str, context: Optional[str], api: Api, line: int) -> Mention:
    match = NAME.match(span.strip())
    if not match:
        return Mention(line, span, None)
    path, args = match.group("path"), match.group("args")
    if match.group("dot"):
        if context is None:
            return Mention(line, span, None)
        path = f"{context}.{path}"
    elif path in api.types or path.split(".", 1)[0] in api.types:
        if path in api.types and args is not None:
            path = f"{path}.init"  # `TestScheduler()`, `Recorder(_:scheduler:)`
    elif "." in path or args is None or path not in api.required:
        return Mention(line, span, None)  # prose: `AsyncSequence`, `task.cancel()`
    full = f"{path}{args}" if args is not None else None
    return Mention(line, span, path, full)


def mentions(table: Path, api: Api) -> Tuple[List[Mention], List[Mention]]:
    """Every name the table gives, and those that must resolve (the API column, the first span
    of each Building blocks item)."""
    found: List[Mention] = []
    strict: List[Mention] = []
    in_fence = False
    in_blocks = False
    context: Optional[str] = None
    for number, line in enumerate(table.read_text(encoding="utf-8").splitlines(), start=1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        heading = HEADING.match(line)
        if heading:
            in_blocks = "building blocks" in heading.group(2).lower()
            context = None
            continue
        pipes = [index for index, char in enumerate(line) if char == "|"]
        api_range = (pipes[1], pipes[2]) if line.lstrip().startswith("|") and len(pipes) >= 3 \
            else (-1, -1)
        stripped = line.strip()
        if not stripped or stripped.startswith(("- ", "|")):
            context = None  # a continuation line of a list item keeps its item's type
        item_head = stripped.startswith("- ") and in_blocks
        for index, match in enumerate(CODE_SPAN.finditer(line)):
            span = match.group(2)
            mention = parse_span(span, context, api, number)
            if mention.base is not None:
                found.append(mention)
                if mention.base in api.types:
                    context = mention.base
                elif mention.base.endswith(".init"):
                    context = mention.base[: -len(".init")]
            elif NAME.match(span.strip()) and not span.strip().startswith("."):
                # A name the table cannot resolve: a type that is gone, or a foreign name.
                mention = Mention(number, span, span.strip())
            in_api_cell = api_range[0] < match.start() < api_range[1]
            if in_api_cell or (item_head and index == 0):
                strict.append(mention)
    return found, strict


def labels_match(full: str, api: Api) -> bool:
    """`settle(_:tasks:timeout:)` names `settle(_:tasks:timeout:fileID:filePath:line:column:)`:
    the labels a caller writes, the trailing defaulted ones (a source location) left out."""
    written = full[:-1]  # without the closing parenthesis
    return full in api.full or (written.endswith(":") and any(
        base_of(name) == base_of(full) and name.startswith(written) for name in api.full))


def check(graph_root: Path, table: Path) -> List[str]:
    api, problems = load_api(graph_root)
    if problems:
        return problems
    if not table.is_file():
        return [f"{table}: missing"]
    found, strict = mentions(table, api)
    problems = []
    for mention in found:
        if not api.knows(mention.base):
            problems.append(f"{table}:{mention.line}: `{mention.text}` names {mention.base}, "
                            "which no longer exists")
        elif mention.full is not None and not labels_match(mention.full, api):
            overloads = sorted(name for name in api.full if base_of(name) == mention.base)
            problems.append(f"{table}:{mention.line}: `{mention.text}`: no symbol "
                            f"{mention.full} (there are: {', '.join(overloads) or 'none'})")
    for mention in strict:
        where = f"{table}:{mention.line}: `{mention.text}`"
        if not api.knows(mention.base) and not any(p.startswith(where) for p in problems):
            problems.append(f"{table}:{mention.line}: `{mention.text}` is in the API column or "
                            "heads a building block but names no public symbol")
    named = {mention.base for mention in found}
    for base, kind in sorted(api.required.items()):
        if base not in named:
            problems.append(f"{table}: public {kind.replace('swift.', '')} `{base}` is in no "
                            "row and not under Building blocks")
    return problems


def self_test() -> int:
    graph = {
        "module": {"name": "Demo"},
        "symbols": [
            {"pathComponents": ["Box"], "kind": {"identifier": "swift.class"},
             "identifier": {"precise": "s:box"}},
            {"pathComponents": ["Box", "init(_:)"], "kind": {"identifier": "swift.init"},
             "identifier": {"precise": "s:init"}},
            {"pathComponents": ["Box", "open(key:)"], "kind": {"identifier": "swift.method"},
             "identifier": {"precise": "s:open1"}},
            {"pathComponents": ["Box", "open()"], "kind": {"identifier": "swift.method"},
             "identifier": {"precise": "s:open2"}},
            {"pathComponents": ["Box", "hash(into:)"], "kind": {"identifier": "swift.method"},
             "identifier": {"precise": "s:hash"}},
            {"pathComponents": ["Box", "!=(_:_:)"], "kind": {"identifier": "swift.func.op"},
             "identifier": {"precise": "s:ne::SYNTHESIZED::s:box"}},
            {"pathComponents": ["Kind"], "kind": {"identifier": "swift.enum"},
             "identifier": {"precise": "s:kind"}},
            {"pathComponents": ["Kind", "state"], "kind": {"identifier": "swift.enum.case"},
             "identifier": {"precise": "s:state"}},
            {"pathComponents": ["settle(_:fileID:)"], "kind": {"identifier": "swift.func"},
             "identifier": {"precise": "s:settle"}},
        ],
        "relationships": [
            {"kind": "memberOf", "source": "s:hash", "target": "s:box",
             "sourceOrigin": {"identifier": "s:SH4hash", "displayName": "Hashable.hash(into:)"}},
        ],
    }
    table = """\
# Tasks

| Task | API | Test |
| --- | --- | --- |
| Open a box | `Box.open(key:)` | `test()` |
| Make one | `Box(_:)`, then `settle(_:)` | `test()` |

## Building blocks

- `Kind` (`.state`): a value `Box` returns. `Box` (`.open()`) too; `AsyncSequence` is prose,
  and `.hash(into:)`, on a continuation line, is still `Box`'s (a witness, but it exists).
"""
    cases = {
        "passes when every symbol is named": (table, None),
        "ignores witnesses and inherited members": (table.replace(
            ",\n  and `.hash(into:)`, on a continuation line, is still `Box`'s (a witness, but it "
            "exists).", "."), None),
        "detects a member in no row": (table.replace(" (`.state`)", ""), "`Kind.state` is in no"),
        "detects a type in no row": (
            table.replace("- `Kind` (`.state`)", "- x"), "`Kind` is in no"),
        "detects a function in no row": (table.replace(", then `settle(_:)`", ""), "`settle`"),
        "detects a removed member": (table.replace("(`.open()`)", "(`.open()`, `.close()`)"),
                                     "names Box.close, which no longer exists"),
        "detects a renamed label": (table.replace("`Box.open(key:)`", "`Box.open(id:)`"),
                                    "no symbol Box.open(id:)"),
        "detects a removed type in the API column": (
            table.replace("| Open a box |", "| Seal it | `Seal` |  |\n| Open a box |"),
            "`Seal` is in the API column"),
        "detects a removed type heading a building block": (
            table + "- `Crate`: gone.\n", "`Crate` is in the API column or heads"),
        "takes a member on a continuation line as its item's type's": (
            table.replace("`.hash(into:)`", "`.shut()`"), "names Box.shut, which no longer"),
        "accepts labels without a trailing defaulted source location": (table, None),
        "detects labels that are no prefix": (
            table.replace("`settle(_:)`", "`settle()`"), "no symbol settle()"),
        "ignores names inside fenced code": (
            table.replace(" (`.state`)", "") + "```\n`Kind.state`\n```\n", "`Kind.state` is in no"),
    }
    failures = 0
    for title, (text, expected) in cases.items():
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            for module in MODULES:
                (root / f"symbol-graphs-{module}").mkdir()
                content = graph if module == "Signals" else {"module": {"name": module},
                                                             "symbols": [], "relationships": []}
                (root / f"symbol-graphs-{module}" / f"{module}.symbols.json").write_text(
                    json.dumps(content))
            (root / "api-map.md").write_text(text)
            problems = check(root, root / "api-map.md")
            ok = not problems if expected is None else any(expected in p for p in problems)
            failures += 0 if ok else 1
            print(f"{'ok  ' if ok else 'FAIL'} {title}" + ("" if ok else f": {problems}"))
    print("self-test " + ("passed" if failures == 0 else f"failed ({failures})"))
    return 0 if failures == 0 else 1


def main(arguments: List[str]) -> int:
    if arguments[1:] == ["--self-test"]:
        return self_test()
    if len(arguments) > 3 or any(argument.startswith("-") for argument in arguments[1:]):
        print(__doc__)
        return 2
    root = Path(__file__).resolve().parent.parent
    graph_root = Path(arguments[1]) if len(arguments) > 1 else root / ".build" / "docc-build"
    table = Path(arguments[2]) if len(arguments) > 2 else root / "docs" / "api-map.md"
    problems = check(graph_root, table)
    if problems:
        print(f"check-task-table: {len(problems)} problem(s):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"check-task-table: OK ({table.name}: every public symbol of {', '.join(MODULES)} "
          "is in a row or under Building blocks, and every name it gives exists)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
