#!/usr/bin/env bash
# Tile server under load: `mapsnap serve` next to renderd + mod_tile (Apache) from
# ../shared/bench/renderd/, same machine, same run, same client (the rig's load.sh), same shuffled
# Monaco z14-17 tile list (2215 tiles), the servers alternating per cell: cold (fresh process, empty
# cache, every tile of the list once, load.py's client) and warm (the list cycled for 10 s right after,
# wrk) at C = 1, 2, 8, 32; mapsnap's RSS after 10,000 and 100,000 requests (leak check); static
# 1024x768 images at C = 1, 2 against a long-running Mapnik loop (../shared/bench/mapnik/batch.py
# --mode inprocess, 1 and 2 processes). Prints one table, mapsnap / renderd (or Mapnik) ratios.
#
#   bench/serve.sh [--quick] [--repeats N]
#
# --quick: C = 1 and 8 only, 1 repeat, 3 s warm runs, 5 s static runs, 30,000 requests in the leak
# check (a smoke run). Default: 3 repeats; the table gives the median (throughput, latency), the
# maximum (RSS) and the sum (errors) over the repeats.
# Needs root: the rig's setup.sh installs apache2, renderd, wrk ... (if missing) and Apache runs as
# www-data. Raw results (the JSON lines of every run, server logs) go to
# ${SERVE_BENCH_DIR:-/var/tmp/mapsnap-serve-bench}/<time>/. Stops the rig and every server it started.
set -euo pipefail
cd "$(dirname "$0")/.."
rig=$(cd "${RENDERD_RIG:-../shared/bench/renderd}" && pwd)
mapnik_rig=$(cd "${MAPNIK_RIG:-../shared/bench/mapnik}" && pwd)
quick=0
repeats=3
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; repeats=1 ;;
    --repeats) repeats="$2"; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ $quick = 1 ]; then
  concs=(1 8); warm_s=3; static_s=5; leak_total=30000; mapnik_items=(30 60)
else
  concs=(1 2 8 32); warm_s=10; static_s=15; leak_total=100000; mapnik_items=(80 160)
fi
[ "$(id -u)" = 0 ] || { echo "error: run as root (the renderd rig's setup.sh and Apache need it)" >&2; exit 2; }

run_dir=/var/tmp/renderd-bench                       # the rig's default RIG_RUN
list=$run_dir/lists/monaco-z14-17.txt
out="${SERVE_BENCH_DIR:-/var/tmp/mapsnap-serve-bench}/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
json=$out/results.jsonl
echo "== results: $out"

# ------------------------------------------------------------------ setup (bounded)
if [ -x /usr/bin/renderd ] && [ -x /usr/sbin/apache2 ] && [ -x /usr/bin/wrk ] && [ -e /usr/lib/apache2/modules/mod_tile.so ]; then
  timeout 600 "$rig/setup.sh" --no-install > "$out/setup.log" 2>&1 || { cat "$out/setup.log"; exit 1; }
else
  timeout 1800 "$rig/setup.sh" > "$out/setup.log" 2>&1 || { cat "$out/setup.log"; exit 1; }
fi
[ -f "$list" ] || { echo "error: $list not written by setup.sh" >&2; exit 1; }
timeout 3600 swift build -c release --product mapsnap --static-swift-stdlib >/dev/null
bin=$PWD/.build/release/mapsnap

ms_pid=""
cleanup() {
  if [ -n "$ms_pid" ] && [ -d "/proc/$ms_pid" ]; then kill -KILL "$ms_pid" 2>/dev/null || true; fi
  "$rig/stop.sh" >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ------------------------------------------------------------------ servers
ms_n=0
start_mapsnap() {  # a fresh `mapsnap serve` on a free port, no --cache; sets ms_pid, ms_port
  ms_n=$((ms_n + 1))
  local log=$out/mapsnap-serve-$ms_n.log
  : > "$log"                                          # exists before the server writes: read below at once
  "$bin" serve --port 0 --style light --shutdown-grace 2 > "$log" 2>&1 &
  ms_pid=$!
  ms_port=""
  local i=0
  while [ $i -lt 600 ]; do                            # at most 60 s to listen and load the style
    [ -d "/proc/$ms_pid" ] || { echo "error: mapsnap serve exited during start-up:" >&2; cat "$log" >&2; exit 1; }
    [ -n "$ms_port" ] || ms_port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | head -n 1)
    if [ -n "$ms_port" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$ms_port/health")" = 200 ]; then
      return 0
    fi
    sleep 0.1; i=$((i + 1))
  done
  echo "error: mapsnap serve not healthy within 60 s:" >&2; cat "$log" >&2; exit 1
}
stop_mapsnap() {
  [ -n "$ms_pid" ] || return 0
  if [ ! -d "/proc/$ms_pid" ]; then
    echo "warning: mapsnap serve (pid $ms_pid) had exited; its output:" >&2; cat "$out/mapsnap-serve-$ms_n.log" >&2
    wait "$ms_pid" 2>/dev/null || true; ms_pid=""; return 0
  fi
  kill -TERM "$ms_pid" 2>/dev/null || true
  local i=0
  while [ -d "/proc/$ms_pid" ] && [ "$(awk '{print $3}' "/proc/$ms_pid/stat" 2>/dev/null)" != Z ] && [ $i -lt 100 ]; do
    sleep 0.1; i=$((i + 1))
  done
  kill -KILL "$ms_pid" 2>/dev/null || true
  wait "$ms_pid" 2>/dev/null || true
  ms_pid=""
}
check_alive() {  # after a run: a mapsnap serve that died is reported with its output
  if [ ! -d "/proc/$ms_pid" ]; then
    echo "error: mapsnap serve (pid $ms_pid) died during '$1'; its output:" >&2
    cat "$out/mapsnap-serve-$ms_n.log" >&2
    echo "{\"label\": \"$1\", \"server_died\": true}" >> "$json"
    ms_pid=""; exit 1
  fi
}
load() {  # label, then load.sh arguments; the JSON line goes to $json, the output to the log
  local label=$1; shift
  timeout 1000 "$rig/load.sh" --list "$list" --label "$label" --json "$json" "$@" > "$out/last-load.txt" 2>&1 || true
  cat "$out/last-load.txt" >> "$out/load.log"
  grep '^RESULT' "$out/last-load.txt" | sed "s/^RESULT/  $label:/" || { cat "$out/last-load.txt" >&2; exit 1; }
}
tile_url() { echo "http://127.0.0.1:$ms_port/styles/light/{z}/{x}/{y}.png"; }

renderd_cell() {  # C rep: cold = stop, clear, start, 2 s pause, every tile once; warm = wrk, the list cycled
  { "$rig/stop.sh" && "$rig/clear-cache.sh" && "$rig/start.sh"; } >> "$out/rig.log" 2>&1 || { tail -n 20 "$out/rig.log" >&2; exit 1; }
  sleep 2
  load "renderd cold c$1 r$2" -c "$1" --max-seconds 600
  load "renderd warm c$1 r$2" -c "$1" -d "$warm_s" --client wrk
}
mapsnap_cell() {  # C rep: the same with a fresh mapsnap serve (its cache is in memory: a new process is empty)
  stop_mapsnap
  start_mapsnap
  sleep 2
  load "mapsnap cold c$1 r$2" -c "$1" --max-seconds 600 --url "$(tile_url)" --no-rig --server-pid "$ms_pid"
  check_alive "mapsnap cold c$1"
  load "mapsnap warm c$1 r$2" -c "$1" -d "$warm_s" --client wrk --url "$(tile_url)" --no-rig --server-pid "$ms_pid"
  check_alive "mapsnap warm c$1"
  stop_mapsnap
}

# ------------------------------------------------------------------ 1. cold / warm tiles, alternating
cell=0
for rep in $(seq 1 "$repeats"); do
  for c in "${concs[@]}"; do
    echo "== tiles: repeat $rep, C=$c"
    if [ $((cell % 2)) = 0 ]; then renderd_cell "$c" "$rep"; mapsnap_cell "$c" "$rep"
    else mapsnap_cell "$c" "$rep"; renderd_cell "$c" "$rep"; fi
    cell=$((cell + 1))
  done
done
"$rig/stop.sh" >> "$out/rig.log" 2>&1

# ------------------------------------------------------------------ 2. leak check: VmRSS after 10,000 and $leak_total requests
echo "== leak check: one mapsnap serve, the list cycled at C=8"
start_mapsnap
vmrss() { awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$ms_pid/status"; }
rss_start=$(vmrss)
load "mapsnap leak cold" -c 8 --url "$(tile_url)" --no-rig --server-pid "$ms_pid"
load "mapsnap leak to 10000" -c 8 -n $((10000 - 2215)) --url "$(tile_url)" --no-rig --server-pid "$ms_pid"
check_alive "leak check"
rss_10k=$(vmrss)
load "mapsnap leak to $leak_total" -c 8 -n $((leak_total - 10000)) --max-seconds 900 --url "$(tile_url)" --no-rig --server-pid "$ms_pid"
check_alive "leak check"
rss_end=$(vmrss)
echo "{\"label\": \"mapsnap leak\", \"rss_start_mb\": $rss_start, \"rss_10000_mb\": $rss_10k, \"rss_end_mb\": $rss_end, \"requests_end\": $leak_total}" >> "$json"
stop_mapsnap

# ------------------------------------------------------------------ 3. static 1024x768 images
# /static renders every request (no image cache in Sources/MapsnapServe/Rendering/StaticService.swift);
# the centres vary anyway, within ~100 m of 43.7360,7.4260: load.py fills {z}/{x}/{y} from a list made
# here, z = 14 (meters=800.14), x -> latitude 43.7{x}, y -> longitude 7.4{y}.
/usr/bin/python3 - "$out/static-list.txt" <<'PY'
import random, sys
rng = random.Random(1)
with open(sys.argv[1], "w") as fh:
    for _ in range(5000):
        fh.write(f"14/{rng.randint(3500, 3700)}/{rng.randint(2500, 2700)}\n")
PY
static_url() { echo "http://127.0.0.1:$ms_port/static?center=43.7{x},7.4{y}&meters=800.{z}&size=1024x768&style=light"; }
echo "== static images: mapsnap"
start_mapsnap
probe=$(curl -s --max-time 60 -o "$out/static-probe.png" -w '%{http_code}' "http://127.0.0.1:$ms_port/static?center=43.7360,7.4260&meters=800&size=1024x768&style=light")
/usr/bin/python3 - "$out/static-probe.png" "$probe" <<'PY'
import sys
b = open(sys.argv[1], "rb").read()
ok = sys.argv[2] == "200" and b[:8] == b"\x89PNG\r\n\x1a\n"
w, h = (int.from_bytes(b[16:20], "big"), int.from_bytes(b[20:24], "big")) if ok else (0, 0)
print(f"  probe: HTTP {sys.argv[2]}, {'PNG %dx%d' % (w, h) if ok else 'not a PNG: ' + b[:200].decode('utf-8', 'replace')}")
sys.exit(0 if ok and (w, h) == (1024, 768) else 1)
PY
for c in 1 2; do
  timeout 1000 "$rig/load.sh" --list "$out/static-list.txt" --label "mapsnap static c$c" --json "$json" -c "$c" -d "$static_s" \
      --tile-size 1024 --url "$(static_url)" --no-rig --server-pid "$ms_pid" > "$out/last-load.txt" 2>&1 || true
  cat "$out/last-load.txt" >> "$out/load.log"
  grep '^RESULT' "$out/last-load.txt" | sed "s/^RESULT/  mapsnap static c$c:/" || { cat "$out/last-load.txt" >&2; exit 1; }
  check_alive "static c$c"
done
stop_mapsnap

echo "== static images: Mapnik, batch.py --mode inprocess (style loaded once, a render loop)"
for j in 1 2; do
  n=${mapnik_items[$((j - 1))]}
  /usr/bin/python3 "$mapnik_rig/batch.py" --make-manifest "$n" --seed 1 --bbox 7.4250,43.7350,7.4270,43.7370 \
      --item-size 1024x768 --item-meters 800 -o "$out/mapnik-items-$j.jsonl" >/dev/null
  line=$(timeout 900 /usr/bin/python3 "$mapnik_rig/batch.py" --scratch "$run_dir" --data monaco --manifest "$out/mapnik-items-$j.jsonl" \
      --mode inprocess --jobs "$j" --out-dir "$out/mapnik-batch-$j" | grep '^RESULT')
  echo "  mapnik jobs $j: $line"
  /usr/bin/python3 - "$j" "$line" >> "$json" <<'PY'
import json, sys
kv = dict(x.split("=", 1) for x in sys.argv[2].split()[1:])
print(json.dumps({"label": f"mapnik static j{sys.argv[1]}", **{k: float(v) for k, v in kv.items()}}))
PY
  rm -rf "$out/mapnik-batch-$j"
done

# ------------------------------------------------------------------ table
/usr/bin/python3 - "$json" "$repeats" "${concs[*]}" <<'PY'
import json, os, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
concs = [int(c) for c in sys.argv[3].split()]
def runs(prefix):
    return [r for r in rows if r.get("label", "").rsplit(" r", 1)[0] == prefix]
def med(rs, k):
    v = [r[k] for r in rs if r.get(k) is not None]
    return statistics.median(v) if v else None
def worst(rs, k):
    v = [r[k] for r in rs if r.get(k) is not None]
    return max(v) if v else None
def errs(rs):
    return sum((r.get("non200") or 0) + (r.get("errors") or 0) + (r.get("bad_png") or 0) for r in rs) if rs else None
def f(v, d=0):
    return "-" if v is None else f"{v:,.{d}f}"
def ratio(a, b):
    return "-" if a is None or b in (None, 0) else f"{a / b:.2f}x"
print(f"\nmapsnap serve vs renderd + mod_tile, {sys.argv[2]} repeat(s); median of runs (errors: sum, RSS: max); ratio = mapsnap / renderd")
print(f"{'row':<28} {'mapsnap':>10} {'renderd':>10} {'ratio':>8}")
targets = []
for kind in ("cold", "warm"):
    for c in concs:
        m, r = runs(f"mapsnap {kind} c{c}"), runs(f"renderd {kind} c{c}")
        if not m and not r:
            continue
        for key, name, d in (("tiles_per_s", "tiles/s", 0), ("p50_ms", "p50 ms", 2), ("p99_ms", "p99 ms", 1)):
            a, b = med(m, key), med(r, key)
            print(f"{kind + ' C=' + str(c) + ' ' + name:<28} {f(a, d):>10} {f(b, d):>10} {ratio(a, b):>8}")
            if key == "tiles_per_s" and a is not None and b:
                need = 3.0 if kind == "cold" else 1.0
                targets.append((f"{kind} C={c} tiles/s >= {need:g}x renderd", a / b >= need, f"{a / b:.2f}x"))
        a, b = errs(m), errs(r)
        print(f"{kind + ' C=' + str(c) + ' errors':<28} {f(a):>10} {f(b):>10} {'':>8}")
        targets.append((f"{kind} C={c} mapsnap errors = 0", a == 0, str(a)))
        a, b = worst(m, "server_peak_rss_mb"), worst(r, "server_peak_rss_mb")
        print(f"{kind + ' C=' + str(c) + ' peak RSS MB':<28} {f(a, 1):>10} {f(b, 1):>10} {ratio(a, b):>8}")
leak = [r for r in rows if r.get("label") == "mapsnap leak"]
if leak:
    l = leak[-1]
    growth = (l["rss_end_mb"] - l["rss_10000_mb"]) / l["rss_10000_mb"]
    print(f"\nleak check (VmRSS of mapsnap serve): start {l['rss_start_mb']} MB, after 10,000 requests {l['rss_10000_mb']} MB, "
          f"after {l['requests_end']:,} {l['rss_end_mb']} MB ({growth * 100:+.1f} %)")
    le = errs([r for r in rows if r.get("label", "").startswith("mapsnap leak ")])
    print(f"leak check errors (non-200 + errors + bad PNGs): {le}")
    targets.append((f"RSS after {l['requests_end']:,} within 10 % of RSS after 10,000", abs(growth) <= 0.10, f"{growth * 100:+.1f} %"))
print(f"\nstatic 1024x768 images: mapsnap /static (C connections) vs Mapnik batch.py --mode inprocess (C processes)")
print(f"{'row':<28} {'mapsnap':>10} {'Mapnik':>10} {'ratio':>8}")
for c in (1, 2):
    s = [r for r in rows if r.get("label") == f"mapsnap static c{c}"]
    k = [r for r in rows if r.get("label") == f"mapnik static j{c}"]
    if not s:
        continue
    s = s[-1]
    ok = s.get("status", {}).get("200", 0)
    ips = ok / s["seconds"] if s.get("seconds") else None
    kps = k[-1]["items_per_s"] if k else None
    print(f"{'C=' + str(c) + ' images/s':<28} {f(ips, 1):>10} {f(kps, 1):>10} {ratio(ips, kps):>8}")
    print(f"{'C=' + str(c) + ' p50 ms':<28} {f(s.get('p50_ms'), 1):>10} {'-':>10} {'':>8}")
    print(f"{'C=' + str(c) + ' p99 ms':<28} {f(s.get('p99_ms'), 1):>10} {'-':>10} {'':>8}")
    e = (s.get("non200") or 0) + (s.get("errors") or 0)
    print(f"{'C=' + str(c) + ' errors':<28} {f(e):>10} {'-':>10} {'':>8}")
    if ips is not None and kps:
        targets.append((f"static C={c} images/s >= 2x Mapnik's loop", ips / kps >= 2, f"{ips / kps:.2f}x"))
    targets.append((f"static C={c} errors = 0", e == 0, str(e)))
noisy = [r for r in rows if r.get("other_cpu_s") is not None and r.get("seconds")
         and r["other_cpu_s"] > 0.1 * r["seconds"] * (os.cpu_count() or 1)]
if noisy:
    print("\ndisturbed runs (other processes took > 10 % of the CPU):")
    for r in noisy:
        print(f"  {r['label']}: {r['other_cpu_s']} s of {r['seconds'] * (os.cpu_count() or 1):.1f} s")
print("\ntargets:")
for name, ok, val in targets:
    print(f"  {'met ' if ok else 'MISSED'}  {name}: {val}")
PY
echo "raw results: $json"
