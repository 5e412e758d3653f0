#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, golden-image, end-to-end CLI and server tests,
# and the preview page in a real browser: Debian's chromium and chromium-driver, Selenium from
# PyPI in .build/browser-venv, with PyPI's pmtiles, brotli and zstandard; poppler-utils
# rasterises and reads the PDF output).
# Golden images are re-recorded only with MAPSNAP_RECORD_GOLDEN=1, and such a run fails on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh gdal-bin python3 python3-venv chromium chromium-driver fonts-open-sans poppler-utils
venv=.build/browser-venv
# PyPI's pmtiles is the reference the PMTiles tests compare mapsnap's archives with; brotli and
# zstandard compress the brotli and zstd archives it writes for them.
if ! "$venv/bin/python" -c "import selenium, pmtiles, brotli, zstandard" 2>/dev/null; then
  mkdir -p .build
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q selenium pmtiles brotli zstandard
fi
export MAPSNAP_REQUIRE_BROWSER=1
export MAPSNAP_PYTHON="$PWD/$venv/bin/python"
# The release binary as setup.sh and the image build it, for the runtime-package check.
swift build -c release --product mapsnap --static-swift-stdlib
export MAPSNAP_REQUIRE_RELEASE_BINARY=1
swift build --build-tests
swift test --skip-build "$@"
