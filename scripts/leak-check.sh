#!/usr/bin/env bash
# Leak check of scripted demo sessions under LeakSanitizer.
#
# Builds the Demo with AddressSanitizer (which enables LeakSanitizer on Linux), pipes scripted
# sessions into it with zero latency and fails on any definite ("direct" or "indirect") leak
# that is not a documented toolchain false positive (scripts/lsan.supp).
#
# Why not valgrind: valgrind 3.19 (Debian bookworm) crashes with an internal SIGSEGV as soon as
# the Demo's Swift concurrency runtime starts working on libdispatch threads ("the 'impossible'
# happened"); `Demo --help` alone runs clean under it, a session never does.
#
# Usage: scripts/leak-check.sh   (env LEAK_CHECK_SCRATCH overrides the build directory,
# default .build/asan). Exit status: 0 clean, 1 leak or a session that did not finish.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${LEAK_CHECK_SCRATCH:-.build/asan}"
suppressions="$PWD/scripts/lsan.supp"
started=$SECONDS

echo "=== leak-check: building Demo with --sanitize=address ($scratch)"
swift build --product Demo --sanitize=address --scratch-path "$scratch"
bin="$(swift build --product Demo --sanitize=address --scratch-path "$scratch" --show-bin-path)/Demo"

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT
failed=0

# run NAME INPUT EXPECTED-LAST-LINE ARGS...: pipes INPUT into one session, checks it finished
# normally (exit 0, last line as expected) and that LeakSanitizer found nothing. Not called in
# a pipeline, so that `failed` is set in this shell.
run() {
  local name="$1" input="$2" last="$3"
  shift 3
  local status=0
  printf '%s' "$input" >"$workdir/$name.in"
  NO_COLOR=1 \
    ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" \
    LSAN_OPTIONS="suppressions=$suppressions:print_suppressions=1" \
    "$bin" "$@" <"$workdir/$name.in" >"$workdir/$name.out" 2>"$workdir/$name.err" || status=$?
  if [[ $status -ne 0 ]] || grep -q "ERROR: LeakSanitizer\|ERROR: AddressSanitizer" "$workdir/$name.err"; then
    echo "FAIL $name: exit status $status"
    cat "$workdir/$name.err"
    failed=1
  elif [[ "$(tail -n 1 "$workdir/$name.out")" != "$last" ]]; then
    echo "FAIL $name: session did not finish; last line: $(tail -n 1 "$workdir/$name.out")"
    failed=1
  else
    local suppressed
    suppressed="$(grep -E '^ +[0-9]+ +[0-9]+ ' "$workdir/$name.err" | awk '{s+=$2} END {print s+0}')"
    echo "ok   $name (suppressed toolchain bytes: $suppressed)"
  fi
}

echo "=== leak-check: sessions"
run browse $'search le\nmore\nopen 2\nback\nreload\nsearch zzz\nsearch\nopen 1\nreload\nback\nquit\n' \
  "> quit" --latency 0
run end-of-input $'more\nsearch a\nopen 3\n' "  Type 'back' to return to the list." --latency 0
run failures $'reload\nsearch x\nbogus\nopen 1\nquit\n' "> quit" --latency 0 --fail-rate 1
run settings $'settings\npage-size 3\nlatency 0\ncolour off\nback\nmore\nopen 2\nsettings\nback\nback\nquit\n' \
  "> quit" --latency 0

echo "=== leak-check: $([[ $failed -eq 0 ]] && echo passed || echo FAILED) in $((SECONDS - started)) s"
exit "$failed"
