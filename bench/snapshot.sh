#!/usr/bin/env bash
# Snapshot latency, whole process (cold start to PNG on disk), mapsnap next to Mapnik on the same
# view and machine, in the same run. Prints a table and the ratio mapsnap/Mapnik (lower is better)
# for each round, then the median ratio of the rounds: on a shared virtual machine the speed of
# both drifts by a fifth within a minute, and rounds that alternate the two keep a slow spell from
# falling on one side only.
#
#   bench/snapshot.sh [--runs N] [--rounds R]     # defaults: 10 runs, 3 rounds
#
# Needs: hyperfine, and Mapnik with the prepared Monaco data (installed and prepared here on first
# use: python3-mapnik from Debian, then ../shared/bench/mapnik/prepare_data.py monaco).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/runs-and-rounds.sh
parse_runs_and_rounds bench/snapshot.sh "$@"

rig="${MAPNIK_RIG:-../shared/bench/mapnik}"
scratch="${MAPNIK_BENCH_DIR:-/tmp/mapnik-bench}"
scripts/install-deps.sh hyperfine python3-mapnik mapnik-utils gdal-bin python3-gdal
[ -f "$scratch/data/monaco.prepared.json" ] || /usr/bin/python3 "$rig/prepare_data.py" monaco --scratch "$scratch" >/dev/null
swift build -c release --product mapsnap --static-swift-stdlib >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
view=(--center 43.7360,7.4260 --meters 800 --size 1024x768)
for round in $(seq "$rounds"); do
json="$out/results-$round.json"
hyperfine -N --warmup 2 --runs "$runs" --export-json "$json" \
  -n "mapsnap x1" ".build/release/mapsnap ${view[*]} --scale 1 -o $out/m1.png" \
  -n "mapnik x1"  "/usr/bin/python3 $rig/snapshot.py --scratch $scratch --data monaco ${view[*]} --scale 1 -o $out/k1.png" \
  -n "mapsnap x2" ".build/release/mapsnap ${view[*]} --scale 2 -o $out/m2.png" \
  -n "mapnik x2"  "/usr/bin/python3 $rig/snapshot.py --scratch $scratch --data monaco ${view[*]} --scale 2 -o $out/k2.png" \
  >/dev/null
done

/usr/bin/python3 - "$out" "$rounds" <<'PY'
import json, os, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
files = {"mapsnap x1": "m1.png", "mapnik x1": "k1.png", "mapsnap x2": "m2.png", "mapnik x2": "k2.png"}
ratios = {"x1": [], "x2": []}
for k in range(1, rounds + 1):
    r = {x["command"]: x for x in json.load(open(os.path.join(out, f"results-{k}.json")))["results"]}
    print(f"round {k}")
    print(f"{'command':<12} {'mean ms':>8} {'±':>6} {'min ms':>8} {'PNG bytes':>10}")
    for name, x in r.items():
        print(f"{name:<12} {x['mean']*1000:8.1f} {x['stddev']*1000:6.1f} {x['min']*1000:8.1f} {os.path.getsize(os.path.join(out, files[name])):10d}")
    for s in ("x1", "x2"):
        ratio = r[f"mapsnap {s}"]["mean"] / r[f"mapnik {s}"]["mean"]
        ratios[s].append(ratio)
        print(f"ratio {s}: mapsnap takes {ratio:.2f} of Mapnik's time ({1/ratio:.1f}x faster)")
for s in ("x1", "x2"):
    m = statistics.median(ratios[s])
    print(f"median of {rounds} rounds, {s}: mapsnap takes {m:.2f} of Mapnik's time ({1/m:.1f}x faster)")
PY
