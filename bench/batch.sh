#!/usr/bin/env bash
# Report-batch throughput: 1,000 items of 600x400 over Monaco, each with a marker and an accuracy
# circle, rendered by `mapsnap batch` (all cores), next to Mapnik's batch.py in its two modes
# (one process per item, and one long-running process; all cores each) on the same items.
#
#   bench/batch.sh [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/.."
rig="${MAPNIK_RIG:-../shared/bench/mapnik}"
scratch="${MAPNIK_BENCH_DIR:-/tmp/mapnik-bench}"
items=${1:-1000}
jobs=$(nproc)
scripts/install-deps.sh python3-mapnik mapnik-utils gdal-bin python3-gdal
[ -f "$scratch/data/monaco.prepared.json" ] || /usr/bin/python3 "$rig/prepare_data.py" monaco --scratch "$scratch" >/dev/null
swift build -c release --product mapsnap --static-swift-stdlib >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$rig/batch.py" --make-manifest "$items" --seed 1 --bbox 7.405,43.725,7.440,43.750 -o "$work/items.jsonl" >/dev/null
# The same items for mapsnap, each with a marker at its center and a 40 m accuracy circle nearby.
python3 - "$work/items.jsonl" "$work/mapsnap.jsonl" <<'PY'
import json, sys
with open(sys.argv[1]) as src, open(sys.argv[2], "w") as dst:
    for line in src:
        if not line.strip(): continue
        it = json.loads(line)
        lat, lon = it["center"]
        it["markers"] = [f"{lat},{lon}"]
        it["user"] = {"lat": lat + 0.0004, "lon": lon + 0.0005, "accuracy": 40}
        dst.write(json.dumps(it) + "\n")
PY
# Threads first, then worker processes (the default: a crash fails one item only), to show its cost.
start=$(date +%s.%N)
.build/release/mapsnap batch "$work/mapsnap.jsonl" -o "$work/threads" --jobs "$jobs" --isolation threads -q >/dev/null 2>&1 || true
end=$(date +%s.%N)
tsecs=$(python3 -c "print($end - $start)")
tok=$(grep -c ',ok,' "$work/threads/batch-report.csv" || true)
start=$(date +%s.%N)
.build/release/mapsnap batch "$work/mapsnap.jsonl" -o "$work/mapsnap" --jobs "$jobs" -q >/dev/null 2>&1 || true
end=$(date +%s.%N)
ok=$(grep -c ',ok,' "$work/mapsnap/batch-report.csv" || true)
ms=$(python3 -c "print($end - $start)")
python3 -c "t=$tok/$tsecs; p=$ok/$ms; print(f'mapsnap batch, threads:     {$tok} items in {$tsecs:.2f} s = {t:.1f} items/s'); print(f'mapsnap batch, processes:   {$ok} items in {$ms:.2f} s = {p:.1f} items/s  (isolation costs {100*(1-p/t):.1f} %)')"
inproc=$(/usr/bin/python3 "$rig/batch.py" --scratch "$scratch" --manifest "$work/items.jsonl" --mode inprocess --jobs "$jobs" --out-dir "$work/mk1" | grep '^RESULT')
perproc=$(/usr/bin/python3 "$rig/batch.py" --scratch "$scratch" --manifest "$work/items.jsonl" --mode process-per-item --jobs "$jobs" --out-dir "$work/mk2" | grep '^RESULT')
python3 - "$ok" "$ms" "$inproc" "$perproc" <<'PY'
import sys
ok, secs = int(sys.argv[1]), float(sys.argv[2])
def rate(line):
    m = dict(kv.split("=") for kv in line.split()[1:]); return float(m["items_per_s"])
a, b = rate(sys.argv[3]), rate(sys.argv[4])
mine = ok / secs
print(f"mapsnap batch:              {ok} items in {secs:.2f} s = {mine:.1f} items/s (with a marker and an accuracy circle each)")
print(f"mapnik one process (loop):  {a:.1f} items/s  -> mapsnap is {mine/a:.2f}x (target >= 1.5)")
print(f"mapnik process per item:    {b:.1f} items/s  -> mapsnap is {mine/b:.2f}x (target >= 5)")
PY
