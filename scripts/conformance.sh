#!/usr/bin/env bash
# Runs MapLibre's render and expression tests (../shared/conformance beside the repository, or
# the folder given as the first argument) and judges them as upstream does. Skips with a
# message when the folder is not there. Exits non-zero only when a test that is not listed in
# Tests/Conformance/known-failures.txt fails. Extra arguments go to the runner (see --help),
# e.g. scripts/conformance.sh ../shared/conformance --out /tmp/conformance --filter line-
set -euo pipefail
cd "$(dirname "$0")/.."
folder="${1:-../shared/conformance}"
[ $# -gt 0 ] && shift
if [ ! -d "$folder" ]; then
  echo "conformance: $folder not found; skipped"
  exit 0
fi
swift build -c release --static-swift-stdlib --product mapsnap-conformance >&2
exec .build/release/mapsnap-conformance "$folder" --known-failures Tests/Conformance/known-failures.txt "$@"
