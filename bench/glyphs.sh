#!/usr/bin/env bash
# Text engines side by side, whole process (cold start to PNG on disk): an OSM Bright snapshot of
# Monaco with labels from glyph PBFs (built by `mapsnap glyphs build` from Noto Sans) and with
# Pango, in the same run. Prints the ratio glyphs/Pango (the target is at most 1.2).
#
#   bench/glyphs.sh [--runs N]
#
# Needs: hyperfine, ../shared/styles-upstream beside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=20
[ "${1:-}" = "--runs" ] && runs="$2"
scripts/install-deps.sh hyperfine
swift build -c release --product mapsnap --static-swift-stdlib >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
noto=/usr/share/fonts/truetype/noto
.build/release/mapsnap glyphs build "$noto/NotoSans-Regular.ttf" "$noto/NotoSans-Italic.ttf" "$noto/NotoSans-Bold.ttf" -o "$out/fonts" 2>/dev/null
bright=../shared/styles-upstream/osm-bright
view="--style $bright/style.json --source openmaptiles=data/monaco.mbtiles --sprite $bright/sprite --center 43.7360,7.4260 --zoom 16 --size 1024x768 -q"
json="$out/results.json"
hyperfine -N --warmup 3 --runs "$runs" --export-json "$json" \
  -n "glyphs" ".build/release/mapsnap $view --glyphs $out/fonts --text-engine glyphs -o $out/g.png" \
  -n "pango"  ".build/release/mapsnap $view --glyphs $out/fonts --text-engine pango -o $out/p.png" \
  >/dev/null
/usr/bin/python3 - "$json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
for name, x in r.items():
    print(f"{name:<8} {x['mean']*1000:8.1f} ms ± {x['stddev']*1000:5.1f}  (min {x['min']*1000:.1f})")
print(f"glyphs / pango: {r['glyphs']['mean'] / r['pango']['mean']:.2f}")
PY
