#!/usr/bin/env bash
# Track reader speed: a 100,000-line CSV track (lat,lon,accuracy_m,time with a header, ISO 8601
# times) and a ~13 MB GPX track (indented trkpt with ele and time, as phones and Garmin devices
# write them), each parsed in memory by mapsnap-bench-readers (release build, file read once,
# parsed --runs times). Prints the time per 100,000 fixes, the file sizes and MB/s. Times are the
# parsing thread's CPU time (other builds on a shared machine do not count), median and fastest,
# with the wall-clock median beside them.
# Targets: CSV <= 20 ms per 100,000 lines, the 13 MB GPX <= 40 ms.
#
# --baseline REV also builds REV's readers (git archive into the temporary folder, with this
# bench target added) and runs both side by side on the same files.
#
# --inputs DIR writes the generated files there and keeps them (for profiling).
#
# --rounds R (default 3) repeats the measurement, alternating the builds; --runs N (default 15)
# parses per round.
#
#   bench/readers.sh [--runs N] [--rounds R] [--baseline REV] [--inputs DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=15
rounds=3
baseline=""
inputs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --inputs) inputs="$2"; shift 2 ;;
    *) echo "usage: bench/readers.sh [--runs N] [--rounds R] [--baseline REV] [--inputs DIR]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() {  # quiet unless it fails
  swift build -c release --product mapsnap-bench-readers >"$1" 2>&1 || { cat "$1"; exit 1; }
}
build "$work/build.log"
bench="$PWD/.build/release/mapsnap-bench-readers"

inputs="${inputs:-$work}"
mkdir -p "$inputs"
python3 - "$inputs" <<'PY'
import math, random, sys
random.seed(7)
work = sys.argv[1]

def walk(count):
    """A wandering walk, a fix a second, a few metres apart, with elevation and accuracy."""
    lat, lon, heading, ele = 45.1800, 5.7200, 0.0, 212.0
    for i in range(count):
        heading += random.gauss(0, 0.2)
        lat += 0.00002 * math.cos(heading)
        lon += 0.00003 * math.sin(heading)
        ele += random.gauss(0, 0.3)
        s = 8 * 3600 + i
        day, s = 1 + s // 86400, s % 86400
        time = f"2024-05-{day:02d}T{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}Z"
        yield lat, lon, ele, 3 + random.random() * 12, time

with open(f"{work}/track.csv", "w") as f:
    f.write("lat,lon,accuracy_m,time\n")
    for lat, lon, ele, acc, time in walk(100_000):
        f.write(f"{lat:.7f},{lon:.7f},{acc:.1f},{time}\n")

with open(f"{work}/track.gpx", "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">\n'
            ' <metadata><time>2024-05-01T08:00:00Z</time></metadata>\n'
            ' <trk>\n  <name>Bench</name>\n  <trkseg>\n')
    # 115,000 points make about 13 MB.
    for lat, lon, ele, acc, time in walk(115_000):
        f.write(f'   <trkpt lat="{lat:.7f}" lon="{lon:.7f}">\n'
                f'    <ele>{ele:.1f}</ele>\n'
                f'    <time>{time}</time>\n'
                f'   </trkpt>\n')
    f.write('  </trkseg>\n </trk>\n</gpx>\n')
PY

if [ -n "$baseline" ]; then
  mkdir "$work/base"
  git archive "$baseline" | tar -x -C "$work/base"
  cp -r Sources/mapsnap-bench-readers "$work/base/Sources/"
  python3 - "$work/base/Package.swift" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
if "mapsnap-bench-readers" not in s:
    s = s.replace("    targets: [\n", '    targets: [\n        .executableTarget(name: "mapsnap-bench-readers", dependencies: ["MapsnapOverlays"]),\n', 1)
open(p, "w").write(s)
PY
  (cd "$work/base" && build "$work/base-build.log")
fi

measure() {  # label binary
  "$2" --runs "$runs" "$inputs/track.csv" "$inputs/track.gpx" | while read -r path rest; do
    echo "$1 $(basename "$path") $rest"
  done
}
# Rounds alternate the builds, so that a burst of load on this shared machine hits both.
for round in $(seq "$rounds"); do
  [ -n "$baseline" ] && measure "$baseline" "$work/base/.build/release/mapsnap-bench-readers"
  measure "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo +)" "$bench"
done > "$work/results"
python3 - "$work/results" <<'PY'
import sys
import statistics
runs = {}
for line in open(sys.argv[1]):
    label, name, *kv = line.split()
    m = dict(x.split("=") for x in kv)
    runs.setdefault((label, name), []).append(m)
rows = []
for (label, name), ms in runs.items():
    rows.append((label, name, int(ms[0]["fixes"]), int(ms[0]["bytes"]),
                 statistics.median(float(m["median_ms"]) for m in ms), min(float(m["min_ms"]) for m in ms),
                 statistics.median(float(m["wall_median_ms"]) for m in ms)))
# The median of the rounds' medians; per 100k and MB/s from it. The fastest run of all shows
# what a quiet machine gives.
print(f"{'build':<12} {'file':<10} {'fixes':>8} {'MB':>6} {'median ms':>10} {'min ms':>8} {'per 100k':>9} {'MB/s':>7} {'wall ms':>8}")
for label, name, fixes, size, median, fastest, wall in rows:
    print(f"{label:<12} {name:<10} {fixes:>8} {size/1e6:>6.1f} {median:>10.2f} {fastest:>8.2f} {median*1e5/fixes:>9.2f} {size/1e6/(median/1e3):>7.0f} {wall:>8.2f}")
print("targets: CSV <= 20 ms per 100,000 lines; the ~13 MB GPX <= 40 ms")
PY
