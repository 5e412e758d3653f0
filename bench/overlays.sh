#!/usr/bin/env bash
# Overlay cost: the default Monaco snapshot with a 100,000-point track, 500 markers and 50
# circles, against the same snapshot without overlays (whole process, hyperfine).
# Target: at most 1.5x the time without overlays. Each round runs both side by side (hyperfine);
# the figure is the median of the rounds' ratios: the machine's speed drifts by a fifth within a
# minute, and alternating rounds keep a slow spell from counting against one side.
#
#   bench/overlays.sh [--runs N] [--rounds R]     # defaults: 10 runs, 3 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/runs-and-rounds.sh
parse_runs_and_rounds bench/overlays.sh "$@"
scripts/install-deps.sh hyperfine
swift build -c release --product mapsnap --static-swift-stdlib >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, math, random, sys
random.seed(42)
work = sys.argv[1]
# A 100,000-point wandering track around the harbour (a fix every metre or so).
lat, lon = 43.7330, 7.4200
out = ['<?xml version="1.0" encoding="UTF-8"?>', '<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>']
heading = 0.0
for i in range(100_000):
    heading += random.gauss(0, 0.15)
    lat += 0.000009 * math.cos(heading)
    lon += 0.0000125 * math.sin(heading)
    lat = min(max(lat, 43.728), 43.742); lon = min(max(lon, 7.412), 7.435)
    s = i
    out.append(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><time>2026-01-01T{s//3600%24:02d}:{s//60%60:02d}:{s%60:02d}Z</time></trkpt>')
out.append('</trkseg></trk></gpx>')
open(f"{work}/track.gpx", "w").write("\n".join(out))
features = []
for i in range(500):
    features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [7.414 + random.random() * 0.02, 43.729 + random.random() * 0.012]},
                     "properties": {"marker-color": random.choice(["#e5483f", "#2a7de1", "#27ae60"]), "title": f"P{i}" if i % 10 == 0 else None}})
for i in range(50):
    features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [7.414 + random.random() * 0.02, 43.729 + random.random() * 0.012]},
                     "properties": {"radius": 50 + random.random() * 200}})
for f in features:
    f["properties"] = {k: v for k, v in f["properties"].items() if v is not None}
json.dump({"type": "FeatureCollection", "features": features}, open(f"{work}/overlays.geojson", "w"))
PY
view=(--center 43.7360,7.4260 --meters 800 --size 1024x768)
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/r$round.json" \
    -n "no overlays" ".build/release/mapsnap ${view[*]} -o $work/a.png" \
    -n "overlays" ".build/release/mapsnap ${view[*]} --track $work/track.gpx --accuracy-limit none --overlay $work/overlays.geojson -o $work/b.png" >/dev/null
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
ratios = []
for k in range(1, rounds + 1):
    r = {x["command"]: x for x in json.load(open(f"{work}/r{k}.json"))["results"]}
    ratio = r["overlays"]["median"] / r["no overlays"]["median"]
    ratios.append(ratio)
    print(f"round {k}: no overlays {r['no overlays']['median']*1000:.1f} ms, overlays {r['overlays']['median']*1000:.1f} ms (medians): {ratio:.2f}x")
print(f"median of {rounds} rounds: {statistics.median(ratios):.2f}x the time without overlays (target <= 1.5)")
PY
# The render phase alone (the -v timings), for information: the target counts the whole process.
median_render() {
  for i in 1 2 3 4 5; do .build/release/mapsnap "$@" -v 2>&1 | sed -nE 's/.*render ([0-9.]+) ms.*/\1/p'; done | sort -n | sed -n 3p
}
a=$(median_render ${view[*]} -o $work/a.png)
b=$(median_render ${view[*]} --track $work/track.gpx --accuracy-limit none --overlay $work/overlays.geojson -o $work/b.png)
python3 -c "print(f'render phase: {float(\"$a\"):.1f} ms without, {float(\"$b\"):.1f} ms with overlays: {float(\"$b\")/float(\"$a\"):.2f}x')"

