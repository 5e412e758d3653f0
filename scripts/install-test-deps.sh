#!/usr/bin/env bash
# What the tests run besides mapsnap (scripts/test.sh's first step), on top of what
# scripts/install-deps.sh installs to build and run it (libraries, fonts, curl):
#   python3               fixtures (its sqlite3 and zlib) and the PMTiles reference
#   python3-venv          .build/browser-venv: Selenium, and PyPI's pmtiles (the PMTiles reference) with
#                         brotli and zstandard, which compress the brotli and zstd archives it writes
#   gdal-bin              gdalinfo reads the MBTiles mapsnap writes (TilesCommandTests)
#   poppler-utils         pdftoppm, pdftotext and pdfinfo read the PDF output (VectorOutputCommandTests)
#   chromium, chromium-driver   the preview page in a browser (PreviewPageBrowserTests)
#   fonts-open-sans       glyphs built from Open Sans against MapLibre's (GlyphBuilderTests)
#   binutils              readelf (RuntimePackagesTests, scripts/check-runtime-packages.sh)
# Every Debian has the rest: prlimit and mount (the hostile suite), timeout, ldd and dpkg (the
# runtime-package check), sh and bash. The Slurm test installs Slurm itself, through
# ../shared/bench/slurm, as root only.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh python3 python3-venv gdal-bin poppler-utils chromium chromium-driver fonts-open-sans binutils
venv=.build/browser-venv
if ! "$venv/bin/python" -c "import selenium, pmtiles, brotli, zstandard" 2>/dev/null; then
  mkdir -p .build
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q selenium pmtiles brotli zstandard
fi
