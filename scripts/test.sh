#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, golden-image and end-to-end CLI tests).
# Golden images are re-recorded only with MAPSNAP_RECORD_GOLDEN=1, and such a run fails on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh gdal-bin python3
swift build --build-tests
swift test --skip-build "$@"
