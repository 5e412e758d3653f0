#!/usr/bin/env bash
# Tile pyramid throughput, mapsnap next to Mapnik, same machine, same run, all cores each:
# Monaco z12-18 (8,570 tiles) and Andorra z8-15. Prints tiles/s, bytes, peak RSS and the ratios.
#
#   bench/tiles.sh
set -euo pipefail
cd "$(dirname "$0")/.."
rig="${MAPNIK_RIG:-../shared/bench/mapnik}"
scratch="${MAPNIK_BENCH_DIR:-/tmp/mapnik-bench}"
jobs=$(nproc)
scripts/install-deps.sh python3-mapnik mapnik-utils gdal-bin python3-gdal time
for r in monaco andorra; do
  [ -f "$scratch/data/$r.prepared.json" ] || /usr/bin/python3 "$rig/prepare_data.py" "$r" --scratch "$scratch" >/dev/null
done
swift build -c release --product mapsnap --static-swift-stdlib >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # name region bbox zooms tiles-archive
  local name=$1 region=$2 bbox=$3 zooms=$4 archive=$5
  /usr/bin/time -f "%M" -o "$work/rss" .build/release/mapsnap tiles --bbox "$bbox" --zoom "$zooms" --tiles "$archive" \
      --jobs "$jobs" -q -o "$work/$name/" 2> "$work/ms.log" || { cat "$work/ms.log"; exit 1; }
  local ms_line ms_tiles ms_secs ms_bytes ms_rss
  ms_line=$(grep '^tiles:' "$work/ms.log")
  ms_tiles=$(echo "$ms_line" | sed -E 's/tiles: ([0-9]+) written.*/\1/')
  ms_secs=$(echo "$ms_line" | sed -E 's/.* in ([0-9.]+) s .*/\1/')
  ms_bytes=$(find "$work/$name" -name '*.png' -printf '%s\n' | awk '{s+=$1} END {print s}')
  ms_rss=$(( $(cat "$work/rss") / 1024 ))
  local mk
  mk=$(/usr/bin/python3 "$rig/tiles.py" --scratch "$scratch" --data "$region" --zooms "$zooms" --bbox "$bbox" \
        --procs "$jobs" --out-dir "$work/mapnik-$name" | grep '^RESULT')
  /usr/bin/python3 - "$name" "$ms_tiles" "$ms_secs" "$ms_bytes" "$ms_rss" "$mk" <<'PY'
import sys
name, tiles, secs, bts, rss, mk = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
m = dict(kv.split("=") for kv in mk.split()[1:])
mt, ms, mb, mr = int(m["tiles"]), float(m["seconds"]), int(m["bytes"]), float(m["peak_rss_mb"])
print(f"{name}: mapsnap {tiles} tiles in {secs:.2f} s = {tiles/secs:.0f} tiles/s, {bts/1e6:.1f} MB, peak RSS {rss} MB")
print(f"{name}: mapnik  {mt} tiles in {ms:.2f} s = {mt/ms:.0f} tiles/s, {mb/1e6:.1f} MB, peak RSS {mr:.0f} MB (all workers)")
print(f"{name}: ratio {(tiles/secs)/(mt/ms):.2f}x Mapnik's tiles/s, bytes {bts/mb:.2f}x, peak RSS {rss/mr:.2f}x")
PY
}
run monaco-z12-18 monaco 7.349,43.71,7.491,43.77 12-18 data/monaco.mbtiles
run andorra-z8-15 andorra 1.422104,42.43509,1.780386,42.65717 8-15 data/andorra.mbtiles
