#!/usr/bin/env python3
"""Fails on a public API break that CHANGELOG.md does not list.

The baseline is the public API of Signals, SignalsConcurrency, SignalsObservation and
SignalsTesting at the last release, committed in api/ as the Swift API digester's dumps
(api/README.md says which release). A module the release did not have (no api/MODULE.json) has
no baseline: all of its API is new, so it has no break; the next release's baseline adds it.
The check dumps the API of the modules just built, compares each with its baseline
(swift-api-digester -diagnose-sdk: removed and renamed declarations, changed types, signatures,
conformances, protocol requirements...) and reads CHANGELOG.md:

    ## [Unreleased]

    ### Breaking

    - `MutableProperty.modify(_:)` returns its body's result (was `Void`).

A break is listed when a backticked name under `### Breaking` of `## [Unreleased]` is the name
the digester gives it (printed by this check: `Type.member(label:)`, or a type's name; an
accessor's break, e.g. a setter removed, is listed by its property's name). Additions are not
breaks, and neither is a generic parameter renamed (`<Owner>` to `<Object>`: no caller names
it; printed as such). Every unlisted break is printed with the line to add, and the check fails.

  scripts/check-api.py [--modules DIR]    check (DIR: the built .swiftmodule files; default
                                          .build/docc-build/debug/Modules, which
                                          scripts/build-docs.sh builds)
  scripts/check-api.py --update-baseline  write the built modules' API into api/ (a release)
  scripts/check-api.py --self-test        prove the check: a tiny module compiled twice, one
                                          public function removed and one changed, and a
                                          public symbol removed from the real baseline
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Signals", "SignalsConcurrency", "SignalsObservation", "SignalsTesting"]
BASELINE_DIR = os.path.join(ROOT, "api")
DEFAULT_MODULES_DIR = os.path.join(ROOT, ".build", "docc-build", "debug", "Modules")
CURRENT_DIR = os.path.join(ROOT, ".build", "api")
ACCESSOR = re.compile(r"\.(Get|Set|Modify|Read|Yield|WillSet|DidSet|Init|Address|MutableAddress)\(\)$")


def digester(*args):
    result = subprocess.run(["swift-api-digester", *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"swift-api-digester {' '.join(args)} failed:\n{result.stderr}")
    return result.stdout + result.stderr


def dump(module, modules_dir, output):
    """Writes `module`'s public API (from its built .swiftmodule in `modules_dir`) to `output`."""
    if not os.path.exists(os.path.join(modules_dir, f"{module}.swiftmodule")):
        raise SystemExit(
            f"check-api: no {module}.swiftmodule in {modules_dir}: run scripts/build-docs.sh first")
    os.makedirs(os.path.dirname(output), exist_ok=True)
    digester("-dump-sdk", "-module", module, "-I", modules_dir, "-o", output,
             "-abort-on-module-fail", "-avoid-location", "-avoid-tool-args")
    # The dump also holds `package` declarations (marked isInternal), which the package's own
    # targets use and no client sees: they are not public API, so changing them is no break.
    with open(output, encoding="utf-8") as f:
        api = json.load(f)
    without_package_decls(api["ABIRoot"])
    with open(output, "w", encoding="utf-8") as f:
        json.dump(api, f, indent=2)
        f.write("\n")


def without_package_decls(node):
    if "children" in node:
        node["children"] = [c for c in node["children"] if not c.get("isInternal")]
        for child in node["children"]:
            without_package_decls(child)


def breaks(module, baseline, current):
    """The digester's breakage lines for `module`, e.g. 'func X.f() has been removed'."""
    out = digester("-diagnose-sdk", "-module", module, "-compiler-style-diags",
                   "-input-paths", baseline, "-input-paths", current)
    found = []
    for line in out.splitlines():
        line = line.strip()
        if not line or line.startswith("/*"):
            continue
        found.append(re.sub(r"^API breakage: ", "", line))
    return found


GENERIC_CHANGE = re.compile(r"has generic signature change from <(.*)> to <(.*)>$")


def renames_generic_parameters_only(breakage):
    """Whether `breakage` is a generic signature change that only renames generic parameters
    (`<Value, Owner where Owner : AnyObject>` to `<Value, Object where Object : AnyObject>`):
    no caller names a generic parameter, so that breaks neither source nor ABI."""
    match = GENERIC_CHANGE.search(breakage)
    if not match:
        return False

    def canonical(signature):
        names = [name.strip() for name in signature.split(" where ")[0].split(",")]
        for position, name in enumerate(names):
            signature = re.sub(rf"\b{re.escape(name)}\b", f"<{position}>", signature)
        return signature
    return canonical(match.group(1)) == canonical(match.group(2))


def symbol(breakage):
    """'func MutableProperty.modify(_:) has been removed' -> 'MutableProperty.modify(_:)'."""
    parts = breakage.split(" ")
    return parts[1] if len(parts) > 1 else breakage


def listed_breaks(changelog):
    """Backticked names under `### Breaking` of `## [Unreleased]`."""
    names, in_unreleased, in_breaking = set(), False, False
    for line in changelog.splitlines():
        if line.startswith("## "):
            in_unreleased = line.strip().lower() == "## [unreleased]"
            in_breaking = False
        elif line.startswith("### "):
            in_breaking = in_unreleased and line.strip().lower() == "### breaking"
        elif in_breaking:
            names.update(re.findall(r"`([^`\n]+)`", line))
    return names


def is_listed(name, listed):
    return name in listed or ACCESSOR.sub("", name) in listed


def check(baseline_dir, current_dir, modules, changelog):
    """Returns (passed, report lines)."""
    listed = listed_breaks(changelog)
    report, unlisted, covered, renamed = [], [], [], []
    for module in modules:
        if not os.path.exists(os.path.join(baseline_dir, f"{module}.json")):
            report.append(f"  {module}: no baseline in api/ (new since the last release: no break)")
            continue
        for breakage in breaks(module, os.path.join(baseline_dir, f"{module}.json"),
                               os.path.join(current_dir, f"{module}.json")):
            if renames_generic_parameters_only(breakage):
                renamed.append((module, breakage))
                continue
            (covered if is_listed(symbol(breakage), listed) else unlisted).append((module, breakage))
    for module, breakage in renamed:
        report.append(f"  not a break (generic parameters renamed only): {module}: {breakage}")
    for module, breakage in covered:
        report.append(f"  listed in CHANGELOG.md: {module}: {breakage}")
    if unlisted:
        report.append(f"API check FAILED: {len(unlisted)} public API break(s) since the baseline "
                      "(api/) that CHANGELOG.md does not list under ## [Unreleased] / ### Breaking:")
        for module, breakage in unlisted:
            report.append(f"  {module}: {breakage}")
            report.append(f"      list it as:  - `{ACCESSOR.sub('', symbol(breakage))}`: what changed, "
                          "and what a caller does instead.")
    else:
        report.append(f"API check passed: {len(covered)} break(s) since the baseline, "
                      "all listed under ## [Unreleased] / ### Breaking.")
    return not unlisted, report


def run_check(modules_dir):
    for module in MODULES:
        dump(module, modules_dir, os.path.join(CURRENT_DIR, f"{module}.json"))
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        changelog = f.read()
    passed, report = check(BASELINE_DIR, CURRENT_DIR, MODULES, changelog)
    print("\n".join(report))
    return 0 if passed else 1


def update_baseline(modules_dir):
    for module in MODULES:
        dump(module, modules_dir, os.path.join(BASELINE_DIR, f"{module}.json"))
        print(f"api/{module}.json written")
    return 0


# --- self-test ------------------------------------------------------------------------------

TINY_V1 = """
public struct Box {
  package func helper() {}
  public init() {}
  public var count: Int { 0 }
  public func keep() -> Int { 1 }
  public func remove() {}
}
public func convert(_ value: Int) -> Int { value }
"""
# Box.remove() removed, convert(_:) returns a String; not breaks: Box.added() added, the
# package-access Box.helper() removed.
TINY_V2 = """
public struct Box {
  public init() {}
  public var count: Int { 0 }
  public func keep() -> Int { 1 }
  public func added() {}
}
public func convert(_ value: Int) -> String { String(value) }
"""

CHANGELOG_TEMPLATE = """# Changelog

## [Unreleased]

{unreleased}

## [0.1.0]

{released}
"""


def changelog(unreleased="", released=""):
    return CHANGELOG_TEMPLATE.format(unreleased=unreleased, released=released)


def expect(description, passed, report, should_pass, mentions=(), absent=()):
    text = "\n".join(report)
    problems = []
    if passed != should_pass:
        problems.append(f"expected {'pass' if should_pass else 'failure'}")
    problems += [f"report does not mention {m!r}" for m in mentions if m not in text]
    problems += [f"report mentions {a!r}" for a in absent if a in text]
    if problems:
        print(f"self-test FAILED: {description}: {'; '.join(problems)}\n{text}")
        return False
    print(f"self-test ok: {description}")
    return True


def self_test():
    ok = True
    # The changelog format alone.
    names = listed_breaks(changelog(
        unreleased="### Added\n\n- `Added.thing()`\n\n### Breaking\n\n- `A.b(_:)` and `C` changed.",
        released="### Breaking\n\n- `Old.gone()`"))
    if names != {"A.b(_:)", "C"}:
        print(f"self-test FAILED: listed_breaks read {names}")
        ok = False
    if not (is_listed("Box.count.Set()", {"Box.count"}) and not is_listed("Box.keep()", {"Box"})):
        print("self-test FAILED: is_listed (an accessor by its property, nothing by its type)")
        ok = False
    change = "func P.sink(with:_:) has generic signature change from <{}> to <{}>"
    for old, new, rename_only in (
            ("Value, Owner where Owner : AnyObject, Owner : Swift.Sendable",
             "Value, Object where Object : AnyObject, Object : Swift.Sendable", True),
            ("Value where Value : Swift.Sendable", "Value, R where Value : Swift.Sendable", False),
            ("Value, Owner where Owner : AnyObject", "Value, Object where Value : AnyObject", False),
            ("Value, Owner where Owner : AnyObject", "Value, Object where Object : Swift.Sendable",
             False)):
        if renames_generic_parameters_only(change.format(old, new)) != rename_only:
            print(f"self-test FAILED: renames_generic_parameters_only(<{old}> to <{new}>) "
                  f"should be {rename_only}")
            ok = False

    with tempfile.TemporaryDirectory() as scratch:
        # 1. A real compile: the same module twice, one public function removed, one changed.
        dirs = {}
        for version, source in (("v1", TINY_V1), ("v2", TINY_V2)):
            build = os.path.join(scratch, version)
            os.makedirs(build)
            with open(os.path.join(build, "Tiny.swift"), "w") as f:
                f.write(source)
            subprocess.run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "Tiny",
                            "-package-name", "tiny",
                            "-emit-module-path", os.path.join(build, "Tiny.swiftmodule"),
                            os.path.join(build, "Tiny.swift")], check=True, cwd=build)
            dirs[version] = os.path.join(scratch, f"api-{version}")
            dump("Tiny", build, os.path.join(dirs[version], "Tiny.json"))
        v1, v2 = dirs["v1"], dirs["v2"]
        ok &= expect("same API, empty Unreleased: passes",
                     *check(v1, v1, ["Tiny"], changelog()), True)
        ok &= expect("a removed and a changed function, not listed: fails naming both",
                     *check(v1, v2, ["Tiny"], changelog()), False,
                     mentions=["Box.remove() has been removed", "convert(_:) has return type change",
                               "- `Box.remove()`:", "- `convert(_:)`:"],
                     absent=["Box.added()", "Box.helper()"])
        ok &= expect("one listed, one not: fails naming only the unlisted one",
                     *check(v1, v2, ["Tiny"], changelog("### Breaking\n\n- `Box.remove()` is gone.")),
                     False, mentions=["- `convert(_:)`:", "listed in CHANGELOG.md: Tiny: func Box.remove()"],
                     absent=["- `Box.remove()`:"])
        ok &= expect("both listed under ## [Unreleased] / ### Breaking: passes",
                     *check(v1, v2, ["Tiny"], changelog(
                         "### Breaking\n\n- `Box.remove()` is gone; `convert(_:)` returns a `String`.")),
                     True)
        ok &= expect("listed under the released version instead: fails",
                     *check(v1, v2, ["Tiny"], changelog(
                         released="### Breaking\n\n- `Box.remove()`, `convert(_:)`")), False)
        ok &= expect("listed under ### Changed instead of ### Breaking: fails",
                     *check(v1, v2, ["Tiny"], changelog(
                         "### Changed\n\n- `Box.remove()`, `convert(_:)`")), False)

        # 2. The real baseline, with a public symbol removed (no second build of the package).
        removed = "modify(_:)"
        with open(os.path.join(BASELINE_DIR, "Signals.json"), encoding="utf-8") as f:
            api = json.load(f)
        count = [0]

        def drop(node):
            kept = [c for c in node.get("children", [])
                    if not (c.get("printedName") == removed and c.get("declKind") == "Func")]
            count[0] += len(node.get("children", [])) - len(kept)
            if "children" in node:
                node["children"] = kept
            for child in kept:
                drop(child)
        drop(api["ABIRoot"])
        if count[0] != 1:
            print(f"self-test FAILED: expected one public {removed} in api/Signals.json, "
                  f"found {count[0]}")
            return 1
        current = os.path.join(scratch, "api-removed")
        os.makedirs(current)
        with open(os.path.join(current, "Signals.json"), "w", encoding="utf-8") as f:
            json.dump(api, f)
        ok &= expect("the baseline against itself: passes",
                     *check(BASELINE_DIR, BASELINE_DIR, MODULES, changelog()), True)
        ok &= expect("MutableProperty.modify(_:) removed from the real baseline, not listed: fails",
                     *check(BASELINE_DIR, current, ["Signals"], changelog()), False,
                     mentions=["Signals: func MutableProperty.modify(_:) has been removed"])
        ok &= expect("the same removal listed: passes",
                     *check(BASELINE_DIR, current, ["Signals"], changelog(
                         "### Breaking\n\n- `MutableProperty.modify(_:)` was removed.")), True)
    print("self-test passed" if ok else "self-test FAILED")
    return 0 if ok else 1


def main(argv):
    modules_dir = DEFAULT_MODULES_DIR
    if "--modules" in argv:
        modules_dir = os.path.abspath(argv[argv.index("--modules") + 1])
    if "--self-test" in argv:
        return self_test()
    if "--update-baseline" in argv:
        return update_baseline(modules_dir)
    return run_check(modules_dir)


if __name__ == "__main__":
    if shutil.which("swift-api-digester") is None:
        raise SystemExit("check-api: swift-api-digester not found (it ships with the toolchain)")
    sys.exit(main(sys.argv[1:]))
