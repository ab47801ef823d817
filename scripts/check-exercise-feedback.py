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
   copies of Exercises/Exercises/Exercise11StateOrEvent.swift, one per kind of answer:
   - empty (as committed, no answers): red, ten messages, each only "<case>: not answered yet"
     (no question, no kind: an unanswered case gives nothing away);
   - wrong (every answer `.event`, eight of them wrong): red, eight messages, each
     "<case>: not .event; ask <question>", the question being the first flowchart question
     whose right answer rules `.event` out (pinned below, per case), asked yes or no, ending in
     "?" and naming no kind but the learner's own;
   - right (the answers of Exercises/Solutions/Solution11StateOrEvent.swift): green, no message.
   No message shows an answer (`.state`, "state", ... other than the learner's `.event`) nor a
   reason from the key (Exercises/Checks/Exercise11Key.swift). The file is restored afterwards
   (also on failure) and the tests built again.

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
KEY = ROOT / "Exercises/Checks/Exercise11Key.swift"
TEXTS = ["docs/guide.md", "docs/guide.ko.md", "docs/companion.md", "docs/companion.ko.md", "README.md",
         "Exercises/README.md", "CONTRIBUTING.md"]
COMMAND = re.compile(r"(?P<env>SIGNALS_EXERCISE=(?P<n>\S+) )?swift test --filter Exercise(?P<m>\d+)(?P<slash>/?)")
KINDS = ["state", "event", "stateUntilAcknowledged", "notAScreenOutput"]
# A kind in words, as a message could give it away.
KIND_WORDS = re.compile(r"\b(state|event|acknowledged|not a screen output|no screen output)\b", re.I)
CASES = ["theUnreadBadgeCount", "aConfirmDeleteAlert", "aDeepLinkAtLaunch", "anAnalyticsPingForAPurchase",
         "anOfflineBannerThatSurvivesRotation", "dismissingTheKeyboardAfterSend", "theProgressOfAnUpload",
         "aPasswordTooShortMessage", "theWelcomeAfterSignUp", "aSoundForAMessageInTheOpenChat"]
# For the answer .event, the question each case must ask (the first whose right answer rules
# .event out); the two cases that are events are answered right and ask nothing.
FIRST_WRONG_FOR_EVENT = {
    "theUnreadBadgeCount": "the flowchart's last question again, yes or no: ",
    "aConfirmDeleteAlert": "flowchart question 2 again, yes or no: ",
    "aDeepLinkAtLaunch": "flowchart question 1 again, yes or no: ",
    "anAnalyticsPingForAPurchase": "the rule under the flowchart as a question, yes or no: ",
    "anOfflineBannerThatSurvivesRotation": "the flowchart's last question again, yes or no: ",
    "theProgressOfAnUpload": "the flowchart's last question again, yes or no: ",
    "aPasswordTooShortMessage": "the flowchart's last question again, yes or no: ",
    "theWelcomeAfterSignUp": "flowchart question 1 again, yes or no: ",
}


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


def message_of(issue: str) -> str:
    """The drill's own text in an issue line: what follows the last '↳' (its comment)."""
    return issue.rsplit("↳", 1)[-1].strip() if "↳" in issue else ""


def message_problems(message: str, given: str, reasons: List[str]) -> List[str]:
    """What is wrong with one message of the drill for an answer `given` ('' for none)."""
    case = message.split(":", 1)[0]
    if case not in CASES:
        return [f"names no case of the drill: {message!r}"]
    if not given:
        expected = f"{case}: not answered yet"
        return [] if message == expected else [f"an unanswered case says more than {expected!r}: {message!r}"]
    problems = []
    if given != "event":
        raise ValueError("the check pins the questions for the answer .event only")
    prefix = f"{case}: not .{given}; ask "
    if case not in FIRST_WRONG_FOR_EVENT:
        return [f"a right answer got a message: {message!r}"]
    expected = prefix + FIRST_WRONG_FOR_EVENT[case]
    if not message.startswith(expected) or not message.endswith("?"):
        problems.append(f"expected {expected!r} and a yes/no question ending in '?', got {message!r}")
    if KIND_WORDS.search(message[len(prefix):]):
        problems.append(f"names a kind beyond the learner's answer: {message!r}")
    for kind in KINDS:
        if kind != given and re.search(r"\." + kind + r"\b", message):
            problems.append(f"shows the answer .{kind}: {message!r}")
    for reason in reasons:
        if reason in message:
            problems.append(f"shows the reason {reason!r}: {message!r}")
    return problems


def check_behaviour() -> List[str]:
    problems: List[str] = []
    committed = EXERCISE.read_text(encoding="utf-8")
    solution = SOLUTION.read_text(encoding="utf-8")
    start, end = answers_block(solution)
    right = solution[start:end]
    start, end = answers_block(committed)
    all_event = re.sub(r": nil$", ": .event", committed[start:end], flags=re.M)
    reasons = [reason[:20] for reason in re.findall(r'"([^"\\]{10,})"', KEY.read_text(encoding="utf-8"))]
    variants = [
        ("empty (as committed)", committed, False, 10, ""),
        ("wrong (every answer .event)", with_answers(committed, all_event), False, 8, "event"),
        ("right (the solution's answers)", with_answers(committed, right), True, 0, ""),
    ]
    try:
        for title, source, green, issues, given in variants:
            EXERCISE.write_text(source, encoding="utf-8")
            status, output = run_learner_command()
            lines = issue_lines(output)
            summary = f"exit {status}, {len(lines)} issue(s)"
            print(f"  {title}: {summary}")
            for line in lines:
                print(f"    {message_of(line)}")
            if "error:" in output and "Build complete" not in output and status != 0 and not lines:
                problems.append(f"{title}: the command did not build:\n{output[-3000:]}")
                continue
            if green != (status == 0) or len(lines) != issues:
                problems.append(
                    f"{title}: expected {'green' if green else 'red'} with {issues} issue(s), "
                    f"got {summary}:\n{output[-3000:]}")
            if green and not re.search(r"Test check\(_:\) with 10 test cases passed", output):
                problems.append(f"{title}: no 'check(_:) with 10 test cases passed' line:\n{output[-3000:]}")
            for line in lines:
                problems += [f"{title}: {problem}" for problem in message_problems(message_of(line), given, reasons)]
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
    samples = [
        ("an unanswered case that says only so", "aDeepLinkAtLaunch: not answered yet", "", 0),
        ("an unanswered case that asks a question",
         "aDeepLinkAtLaunch: not answered yet; ask flowchart question 1 again, yes or no: x?", "", 1),
        ("a wrong answer asked the pinned question",
         "aConfirmDeleteAlert: not .event; ask flowchart question 2 again, yes or no: does it persist "
         "until the user dismisses it?", "event", 0),
        ("a wrong answer asked another question",
         "aConfirmDeleteAlert: not .event; ask flowchart question 1 again, yes or no: x?", "event", 1),
        ("a wrong answer that names the outcome",
         "aConfirmDeleteAlert: not .event; ask flowchart question 2 again, yes or no: does it "
         "persist? yes -> STATE", "event", 2),
        ("a wrong answer that names the answer in code voice",
         "aConfirmDeleteAlert: not .event; ask flowchart question 2 again, yes or no: is it .state?",
         "event", 2),
        ("a wrong answer that shows the reason",
         "aConfirmDeleteAlert: not .event; ask flowchart question 2 again, yes or no: it stays until "
         "the user answers?", "event", 1),
        ("a wrong answer that is not a question",
         "aConfirmDeleteAlert: not .event; ask flowchart question 2 again, yes or no: think.", "event", 1),
        ("a right answer with a message", "aSoundForAMessageInTheOpenChat: not .event; ask x?", "event", 1),
    ]
    for title, message, given, expected in samples:
        found = message_problems(message, given, ["it stays until"])
        ok = len(found) == expected
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {title}: {expected} problem(s)" + ("" if ok else f", got {found}"))
    ok = message_of("✘ Test check(_:) recorded an issue at X.swift:1:1: Issue recorded ↳ x: not answered "
                    "yet") == "x: not answered yet"
    failures += 0 if ok else 1
    print(f"{'ok  ' if ok else 'FAIL'} takes the drill's message from an issue line")
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
    print("check-exercise-feedback: OK (the solving command is printed everywhere; exercise 11 says "
          "only 'not answered yet' for an empty answer, asks the first flowchart question a wrong one "
          "got wrong, yes or no, and is green for right ones)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
