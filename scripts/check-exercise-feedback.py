#!/usr/bin/env python3
"""Checks the feedback a learner gets from the exercise command the guides print.

Usage:
    python3 scripts/check-exercise-feedback.py             the check (CI runs it; builds three times)
    python3 scripts/check-exercise-feedback.py --self-test the command-text rules on samples

1. Text: every `swift test --filter ExerciseN` a learner can copy (the guides, README.md,
   Exercises/README.md and the exercises' comments) is the solving command,
   `SIGNALS_EXERCISE=N swift test --filter ExerciseN/`: without the variable a right answer reads
   "failed ... Known issue was not recorded", and without the `/` exercise 1's filter runs 10
   and 11 too.
2. Behaviour of exercise 11's command, run as the learner runs it (it builds first), in three
   copies of Exercises/Exercises/Exercise11StateOrEvent.swift:
   - as committed (no answers): red, and each of the ten messages names a flowchart question;
   - every answer `.event` (eight wrong): red, eight messages, none naming a right answer;
   - the answers of Exercises/Solutions/Solution11StateOrEvent.swift: green.
   A message never shows the answer (`.state`, `.stateUntilAcknowledged`, ... other than the
   learner's own) nor its reason. The file is restored afterwards (also on failure) and the
   tests built again.

Standard library only.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

ROOT = Path(__file__).resolve().parent.parent
EXERCISE = ROOT / "Exercises/Exercises/Exercise11StateOrEvent.swift"
SOLUTION = ROOT / "Exercises/Solutions/Solution11StateOrEvent.swift"
CHECKS = ROOT / "Exercises/Checks/Exercise11Checks.swift"
TEXTS = ["docs/guide.md", "docs/guide.ko.md", "docs/companion.md", "docs/companion.ko.md", "README.md",
         "Exercises/README.md", "CONTRIBUTING.md"]
COMMAND = re.compile(r"(?P<env>SIGNALS_EXERCISE=(?P<n>\S+) )?swift test --filter Exercise(?P<m>\d+)(?P<slash>/?)")
KINDS = ["state", "event", "stateUntilAcknowledged", "notAScreenOutput"]


def command_problems(text: str, where: str) -> List[str]:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in COMMAND.finditer(line):
            exercise = match.group("m")
            if match.group("n") != exercise or not match.group("slash"):
                problems.append(
                    f"{where}:{number}: '{match.group(0)}' is not the solving command "
                    f"'SIGNALS_EXERCISE={exercise} swift test --filter Exercise{exercise}/'")
    return problems


def check_texts() -> List[str]:
    problems: List[str] = []
    paths = [ROOT / p for p in TEXTS] + sorted((ROOT / "Exercises/Exercises").glob("*.swift"))
    for path in paths:
        problems += command_problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    return problems


def answers_block(source: str) -> Tuple[int, int]:
    start = source.index("enum MyAnswers")
    end = source.index("\n}\n", start) + 3
    return start, end


def with_answers(exercise: str, answers: str) -> str:
    start, end = answers_block(exercise)
    return exercise[:start] + answers + exercise[end:]


def run_learner_command() -> Tuple[int, str]:
    result = subprocess.run(
        ["swift", "test", "--filter", "Exercise11/"], cwd=ROOT, env={**_environ(), "SIGNALS_EXERCISE": "11"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return result.returncode, result.stdout


def _environ():
    import os
    return dict(os.environ)


def issue_lines(output: str) -> List[str]:
    """Each recorded issue with its comments (Swift Testing prints them on the '↳' lines under
    it), as one line."""
    issues: List[str] = []
    for line in output.splitlines():
        if "recorded an issue" in line:
            issues.append(line)
        elif line.startswith("↳") and issues:
            issues[-1] += " " + line
    return issues


def leaks(lines: List[str], allowed: List[str], reasons: List[str]) -> List[str]:
    found = []
    for line in lines:
        for kind in KINDS:
            if kind not in allowed and re.search(r"\." + kind + r"\b", line):
                found.append(f"shows the answer .{kind}: {line}")
        for reason in reasons:
            if reason in line:
                found.append(f"shows the reason '{reason}': {line}")
    return found


def check_behaviour() -> List[str]:
    problems: List[str] = []
    committed = EXERCISE.read_text(encoding="utf-8")
    solution = SOLUTION.read_text(encoding="utf-8")
    start, end = answers_block(solution)
    right = solution[start:end]
    start, end = answers_block(committed)
    all_event = re.sub(r": nil$", ": .event", committed[start:end], flags=re.M)
    key = CHECKS.read_text(encoding="utf-8")
    key = key[key.index("public var answer"):key.index("public var question")]
    reasons = [reason[:20] for reason in re.findall(r'"([^"\\]{10,})"', key)]
    variants = [
        ("as committed (no answers)", committed, False, 10, []),
        ("every answer .event", with_answers(committed, all_event), False, 8, ["event"]),
        ("the solution's answers", with_answers(committed, right), True, 0, []),
    ]
    try:
        for title, source, green, issues, allowed in variants:
            EXERCISE.write_text(source, encoding="utf-8")
            status, output = run_learner_command()
            lines = issue_lines(output)
            summary = f"exit {status}, {len(lines)} issue(s)"
            print(f"  {title}: {summary}")
            if "error:" in output and "Build complete" not in output and status != 0 and not lines:
                problems.append(f"{title}: the command did not build:\n{output[-3000:]}")
                continue
            if green != (status == 0) or len(lines) != issues:
                problems.append(
                    f"{title}: expected {'green' if green else 'red'} with {issues} issue(s), "
                    f"got {summary}:\n{output[-3000:]}")
            for line in lines:
                if "ask " not in line or "question" not in line:
                    problems.append(f"{title}: a message names no flowchart question: {line}")
            problems += [f"{title}: {leak}" for leak in leaks(lines, allowed, reasons)]
    finally:
        EXERCISE.write_text(committed, encoding="utf-8")
        subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, check=False,
                       stdout=subprocess.DEVNULL)
    return problems


def self_test() -> int:
    cases = {
        "accepts the solving command": ("`SIGNALS_EXERCISE=11 swift test --filter Exercise11/`", 0),
        "rejects a command without the variable": ("`swift test --filter Exercise11`", 1),
        "rejects another exercise's variable": ("`SIGNALS_EXERCISE=1 swift test --filter Exercise11/`", 1),
        "rejects a filter without the slash": ("`SIGNALS_EXERCISE=1 swift test --filter Exercise1`", 1),
    }
    failures = 0
    for title, (text, expected) in cases.items():
        ok = len(command_problems(text, "sample")) == expected
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {title}")
    ok = issue_lines("✘ Test check(_:) recorded an issue at X.swift:1:1: Issue recorded\n"
                     "↳ x: not answered yet; ask question 2\n◇ Test case started.\n") == [
        "✘ Test check(_:) recorded an issue at X.swift:1:1: Issue recorded "
        "↳ x: not answered yet; ask question 2"]
    failures += 0 if ok else 1
    print(f"{'ok  ' if ok else 'FAIL'} reads an issue with its comment line")
    ok = leaks(["x: not answered yet; ask question 2"], [], ["it stays"]) == [] and len(
        leaks(["(answer.kind → .state)", "it stays until"], [], ["it stays"])) == 2
    failures += 0 if ok else 1
    print(f"{'ok  ' if ok else 'FAIL'} finds an answer or a reason in a message")
    print("self-test " + ("passed" if failures == 0 else f"failed ({failures})"))
    return 0 if failures == 0 else 1


def main(arguments: List[str]) -> int:
    if arguments[1:] == ["--self-test"]:
        return self_test()
    if arguments[1:]:
        print(__doc__)
        return 2
    problems = check_texts()
    if not problems:
        problems = check_behaviour()
    if problems:
        print(f"check-exercise-feedback: {len(problems)} problem(s):", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print("check-exercise-feedback: OK (the solving command is printed everywhere; exercise 11 is "
          "red with the question to ask for missing and wrong answers, green for right ones)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
