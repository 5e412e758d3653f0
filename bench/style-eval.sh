#!/usr/bin/env bash
# Share of a snapshot's time spent in style code (parsing the style, evaluating filters and
# properties) for OSM Bright (123 layers) over Monaco, sampled with perf: the self time of every
# function of the MapsnapStyle module, against all samples of the run. Target: under 10 %.
# Needs ../shared/styles-upstream beside the repository and a working `perf`.
#
#   bench/style-eval.sh [ZOOM...]     (default: 13 15 17)
set -euo pipefail
cd "$(dirname "$0")/.."
styleDir=../shared/styles-upstream/osm-bright
[ -f "$styleDir/style.json" ] || { echo "style-eval: $styleDir not found"; exit 1; }
scripts/install-deps.sh linux-perf >/dev/null
swift build -c release --product mapsnap --static-swift-stdlib >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zooms=("$@"); [ ${#zooms[@]} -eq 0 ] && zooms=(13 15 17)
for z in "${zooms[@]}"; do
  args=(--style "$styleDir/style.json" --source openmaptiles=data/monaco.mbtiles --sprite "$styleDir/sprite"
        --center 43.7360,7.4260 --zoom "$z" --size 1024x768 -o "$work/map.png")
  .build/release/mapsnap "${args[@]}" -v 2>&1 | grep -o 'load.*ms;' | sed "s/^/z$z phases: /"
  total=0; style=0
  for run in 1 2 3 4 5; do
    perf record -q -F 4000 -o "$work/perf.data" .build/release/mapsnap "${args[@]}" >/dev/null 2>&1
    read -r t s < <(perf report -i "$work/perf.data" --no-children --sort symbol -F overhead,sym 2>/dev/null |
      awk '/^ +[0-9]/ { p = $1; sub("%", "", p); t += p; if ($0 ~ /MapsnapStyle/) s += p } END { print t, s }')
    total=$(python3 -c "print($total + $t)"); style=$(python3 -c "print($style + $s)")
  done
  python3 -c "print(f'z$z: style code {100 * $style / $total:.1f} % of the samples (5 runs)')"
done
