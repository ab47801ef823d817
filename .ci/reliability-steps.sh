#!/usr/bin/env bash
# Reliability steps for .ci/run. Source this file from the package root, then call the
# functions, e.g.:
#
#   source .ci/reliability-steps.sh
#   step "reliability: AddressSanitizer + LeakSanitizer, whole suite"; reliability_asan
#   step "reliability: model-based test, fresh seed";                  reliability_fresh_seed
#   step "reliability: stress tests, repeated";                        reliability_stress_repeat
#
# Every function returns non-zero as soon as one of its commands fails (with or without
# `set -e` in the caller) and is safe under `set -u`. Times below were measured on the 2-core CI machine, shared with other
# jobs, on 2026-11-29; see docs/reliability.md for what each run checks and what held.
#
# The whole-suite `swift test --sanitize=thread` step that .ci/run already has runs the
# reliability tests too. Recommended there: SIGNALS_MBT_PROGRAMS=2000 (the model-based test is
# single-threaded, so ThreadSanitizer adds little to it, and 10,000 programs cost ~50-90 s
# under TSan and starve the stress tests of CPU), or skip the reliability tests there
# (--skip Reliability) and call reliability_tsan instead.
#
# ThreadSanitizer sees Signals' locking: `Locked` is a POSIX mutex, which ThreadSanitizer
# intercepts (`Synchronization.Mutex` on Linux is not: its atomics live in the uninstrumented
# standard library, so TSan would report false races on the state it protects).

# Runs the reliability tests under ThreadSanitizer: the stress tests alone first (so the
# model-based shards do not starve their threads), then the rest with 2,000 programs.
# Reuses .build/tsan, the scratch path of .ci/run's whole-suite TSan step, so nothing is
# rebuilt when that step ran first. ~46 s of testing (+ ~15 s build from clean today).
reliability_tsan() {
  swift test --sanitize=thread --scratch-path .build/tsan \
    --filter StressReliabilityTests || return
  SIGNALS_MBT_PROGRAMS="${SIGNALS_MBT_PROGRAMS:-2000}" \
    swift test --sanitize=thread --scratch-path .build/tsan \
    --filter Reliability --skip StressReliabilityTests
}

# Runs the Signals suite (core, guide and reliability tests) under AddressSanitizer, with
# LeakSanitizer (on by default on Linux). Toolchain false positives are suppressed by
# scripts/lsan.supp (each entry says why). The UserFeature and Demo suites are left out here:
# they start processes (python servers, the Demo binary) through Foundation's Process, whose
# Linux implementation leaves CFArray and Data allocations behind in the test process; they run
# under ThreadSanitizer, and scripts/leak-check.sh checks the Demo itself under LeakSanitizer.
# DispatchMainProbeTests starts a process too, so it is left out for the same reason, and so is
# DebounceMemoryTests (which also measures resident memory, which ASan's quarantine inflates).
# SignalsConcurrencyTests, SignalsTestingTests and DocsTests (once part of the Signals suite)
# run too.
# ~10-15 s of testing (+ the ASan build).
reliability_asan() {
  local suppressions="$PWD/scripts/lsan.supp"
  LSAN_OPTIONS="suppressions=$suppressions:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    swift test --sanitize=address --scratch-path .build/asan \
    --filter 'SignalsTests|SignalsConcurrencyTests|SignalsTestingTests|DocsTests' \
    --skip DispatchMainProbeTests \
    --skip DebounceMemoryTests
}

# Runs more model-based programs from a new seed on every CI run (the plain `swift test` always
# uses the same fixed seed). The seed is printed first; a failure records a replay command.
# Arguments: [programs] (default 50,000, ~13-20 s in debug). Reuses the default .build.
reliability_fresh_seed() {
  local programs="${1:-50000}"
  local seed="${SIGNALS_MBT_SEED:-$(date +%s)}"
  echo "model-based run: SIGNALS_MBT_SEED=$seed SIGNALS_MBT_PROGRAMS=$programs"
  SIGNALS_MBT_SEED="$seed" SIGNALS_MBT_PROGRAMS="$programs" \
    swift test --filter ModelBasedReliabilityTests
}

# Runs the concurrency stress tests several times: each run interleaves differently.
# Arguments: [times] (default 5, ~2-3 s each in debug). Reuses the default .build.
reliability_stress_repeat() {
  local times="${1:-5}"
  local run
  for ((run = 1; run <= times; run++)); do
    echo "stress run $run of $times"
    swift test --filter StressReliabilityTests || return
  done
}
