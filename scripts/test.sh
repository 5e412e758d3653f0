#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, golden-image, end-to-end CLI and server tests,
# and the preview page in a real browser). It installs what the tests run first, then builds the
# release binary as setup.sh and the image do (the runtime-package check reads it) and the tests.
# Golden images are re-recorded only with MAPSNAP_RECORD_GOLDEN=1, and such a run fails on purpose.
#
# scripts/test.sh --fast: the unit, golden-image, CLI and server tests only, for the edit-build-test
# loop (a few minutes on 2 cores once built). It leaves out the suites tagged in
# Tests/MapsnapTestSupport/TestTiers.swift and listed in Tests/full-tier-suites.txt: MapLibre's
# whole suite, hostile input, the browser, Slurm, the reference PMTiles library and the install
# checks. CI runs the whole suite.
#
# A test that cannot run on this machine (no ../shared, not root, …) is skipped, saying why
# (Tests/MapsnapTestSupport/TestEnvironment.swift), and listed at the end as skipped, never as
# passed. With MAPSNAP_REQUIRE_ALL=1 (.ci/run sets it) such a test fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."
tier=(); tier_note=""
if [ "${1:-}" = --fast ]; then
  shift
  # This toolchain's swift test cannot select by tag (`--skip tag:…`), so the suites are listed by name.
  suites=$(awk '!/^#/ && NF { print $1 }' Tests/full-tier-suites.txt | paste -sd'|')
  tier=(--skip "\\.($suites)/")
  tier_note="test.sh: --fast left out the suites of Tests/full-tier-suites.txt ($(echo "$suites" | sed 's/|/, /g')); scripts/test.sh runs them"
fi
scripts/install-test-deps.sh
export MAPSNAP_PYTHON="$PWD/.build/browser-venv/bin/python"
swift build -c release --product mapsnap --static-swift-stdlib
swift build --build-tests
export MAPSNAP_SKIP_LOG="$PWD/.build/test-skips.txt"
: >"$MAPSNAP_SKIP_LOG"
status=0
swift test --skip-build "${tier[@]}" "$@" || status=$?

skipped=$(grep -c . "$MAPSNAP_SKIP_LOG" || true)
if [ "$skipped" -gt 0 ]; then
  echo "test.sh: $skipped test(s) could not run on this machine and are counted as skipped, not passed:"
  sed 's/^/  /' "$MAPSNAP_SKIP_LOG"
else
  echo "test.sh: no test was skipped"
fi
[ -z "$tier_note" ] || echo "$tier_note"
exit "$status"
