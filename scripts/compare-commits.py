#!/usr/bin/env python3
"""Measures the benchmark at several commits side by side, for docs/performance.md.

    scripts/compare-commits.py [--rounds N] [--cases a,b,...] COMMIT [COMMIT...]

For each commit, builds SignalsBenchmarks (release) in a temporary worktree, once. Then runs
every binary's quick run `--rounds` times, interleaved (commit 1, 2, ..., 1, 2, ...), so that
all of them see the same machine noise, and prints per commit the median of each case's ratio
column over the rounds, as a Markdown table. Rows measured against a plain send (the relay and
chain rows) are given as case / plain send computed from the same run, whatever baseline the
commit's own benchmark used, so that old and new binaries are compared alike.

With --instructions, also prints callgrind's instructions per operation for each commit (needs
valgrind; only commits whose benchmark has --case-only). With --keep DIR, built binaries are
kept in DIR and reused by later runs (a commit's binary is built once).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Case name (for --filter) -> row title in the table.
ROWS = {
    "send-1": "EventStream send, 1 subscriber",
    "send-10": "EventStream send, 10 subscribers",
    "property-1": "Property set, 1 subscriber",
    "property-10": "Property set, 10 subscribers",
    "receive-on-scheduler": "send via receive(on: some SignalScheduler)",
    "receive-on-main-actor": "send via receive(on: .mainActor)",
    "chain": "map -> filter -> map, 1 subscriber",
    "subscribe-cancel": "subscribe + cancel, 100 live",
    "memory": "memory per live subscription (100,000)",
}
# Rows whose figure is reported relative to a plain send in the same run.
RELATIVE_TO_SEND = {"receive-on-scheduler", "receive-on-main-actor", "chain"}


def run(command, **kwargs):
    return subprocess.run(command, check=True, text=True, capture_output=True, **kwargs)


def build(commit, workdir, keep):
    if keep:
        kept = os.path.join(keep, "bench-" + commit)
        if os.path.exists(kept):
            return kept
        workdir = keep
    tree = os.path.join(workdir, commit)
    run(["git", "-C", ROOT, "worktree", "add", "--detach", tree, commit])
    try:
        run(["swift", "build", "-c", "release", "--product", "SignalsBenchmarks"], cwd=tree)
        binary = os.path.join(workdir, "bench-" + commit)
        os.replace(os.path.join(tree, ".build", "release", "SignalsBenchmarks"), binary)
        return binary
    finally:
        run(["git", "-C", ROOT, "worktree", "remove", "--force", tree])


def parse(markdown):
    """Row title -> (case figure, ratio or None) from a --markdown table."""
    rows = {}
    for line in markdown.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 5 or cells[0] in ("case", "---"):
            continue
        try:
            figure = float(cells[2].replace(" B", "").replace("x", "").replace(",", ""))
        except ValueError:
            continue
        ratio = float(cells[4].rstrip("x")) if cells[4].endswith("x") else None
        rows[cells[0]] = (figure, ratio)
    return rows


def measure(binary, cases):
    arguments = [binary, "--quick", "--markdown"]
    for case in cases:
        arguments += ["--filter", case]
    rows = parse(run(arguments).stdout)
    send = rows.get(ROWS["send-1"])
    figures = {}
    for case in cases:
        row = rows.get(ROWS[case])
        if row is None:
            continue
        figure, ratio = row
        if case == "memory":
            figures[case] = figure
        elif case in RELATIVE_TO_SEND:
            figures[case] = figure / send[0] if send else None
        else:
            figures[case] = ratio
    return figures


def instructions(binary, cases):
    env = dict(os.environ, SIGNALS_BENCHMARK_BINARY=binary)
    counted = [case for case in cases if case != "memory"]
    output = run([os.path.join(ROOT, "scripts", "count-instructions.sh")] + counted, env=env)
    result = {}
    for line in output.stdout.splitlines()[1:]:
        name, value = line.split()
        result[name] = float(value)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cases", default=",".join(ROWS))
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--keep", help="directory that keeps built binaries between runs")
    options = parser.parse_args()
    cases = options.cases.split(",")
    unknown = [case for case in cases if case not in ROWS]
    if unknown:
        sys.exit(f"unknown case(s): {', '.join(unknown)}; known: {', '.join(ROWS)}")
    if any(case in RELATIVE_TO_SEND for case in cases) and "send-1" not in cases:
        cases.insert(0, "send-1")

    with tempfile.TemporaryDirectory() as workdir:
        binaries = {}
        for commit in options.commits:
            print(f"building {commit}...", file=sys.stderr)
            binaries[commit] = build(commit, workdir, options.keep)
        samples = {commit: {case: [] for case in cases} for commit in options.commits}
        for round_number in range(options.rounds):
            print(f"round {round_number + 1} of {options.rounds}...", file=sys.stderr)
            for commit in options.commits:
                for case, figure in measure(binaries[commit], cases).items():
                    if figure is not None:
                        samples[commit][case].append(figure)
        counts = {}
        if options.instructions:
            for commit in options.commits:
                print(f"counting instructions of {commit}...", file=sys.stderr)
                counts[commit] = instructions(binaries[commit], cases)

    print("| commit | " + " | ".join(cases) + " |")
    print("| --- |" + " ---: |" * len(cases))
    for commit in options.commits:
        cells = []
        for case in cases:
            values = samples[commit][case]
            if not values:
                cells.append("")
            elif case == "memory":
                cells.append(f"{statistics.median(values):.1f} B")
            else:
                cells.append(f"{statistics.median(values):.2f}x")
        print(f"| {commit} | " + " | ".join(cells) + " |")
    if counts:
        print()
        print("| commit | " + " | ".join(c for c in cases if c != "memory") + " |")
        print("| --- |" + " ---: |" * len([c for c in cases if c != "memory"]))
        for commit in options.commits:
            cells = [f"{counts[commit].get(case, float('nan')):.0f}" for case in cases if case != "memory"]
            print(f"| {commit} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
