#!/usr/bin/env bash
# Quick start, step 1: install what is missing, build in release mode, render the default map.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product mapsnap --static-swift-stdlib
mkdir -p output
.build/release/mapsnap --center 43.7360,7.4260 --meters 800 -o output/map.png
echo "wrote output/map.png"
