#!/usr/bin/env bash
# Fuzzes one decoder or parser with libFuzzer (see Sources/MapsnapFuzzing).
#
#   scripts/fuzz.sh --list                 the targets
#   scripts/fuzz.sh --summary              per target: runs, seconds, executions, crash inputs so far
#   scripts/fuzz.sh TARGET SECONDS [-flag=value …]
#                                          builds the fuzzer if needed, then fuzzes TARGET for
#                                          SECONDS; extra arguments go to libFuzzer (-jobs, -dict, …)
#
# Everything it writes is under .fuzz/ (git-ignored):
#   .fuzz/corpus/TARGET    inputs that reached new code (kept between runs: each run goes on from it)
#   .fuzz/seeds/TARGET     real inputs of the format (scripts/fuzz-seeds.py; delete to regenerate)
#   .fuzz/crashes/TARGET   crash-*, timeout-*, oom-* inputs: minimize one with
#                            .build-fuzz/release/mapsnap-fuzz TARGET -minimize_crash=1 -runs=10000 FILE
#                          then keep it in Tests/FuzzRegressions/TARGET/ (the test suite replays it)
#   .fuzz/logs/            one log per run;  .fuzz/campaigns.tsv  one line per run (time, executions, crashes)
#
# The fuzz build lives in .build-fuzz (its own build path: instrumented, not for tests). It runs
# niced, one process per call: this machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."

build_path=.build-fuzz
binary=$build_path/release/mapsnap-fuzz

build() {
    # Swift's -sanitize=fuzzer links libFuzzer's main, which collides with the main SwiftPM gives
    # every executable; so the same instrumentation is asked for by hand and libFuzzer linked
    # without its main (mapsnap-fuzz calls LLVMFuzzerRunDriver itself).
    local toolchain runtime
    toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
    runtime=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)
    [[ -n $runtime ]] || { echo "fuzz.sh: no libclang_rt.fuzzer_no_main in $toolchain" >&2; exit 1; }
    nice -n 19 swift build -c release --build-path "$build_path" --product mapsnap-fuzz \
        -Xswiftc -sanitize=address \
        -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
        -Xswiftc -DFUZZING \
        -Xlinker "$runtime" -Xlinker -lstdc++ 2>&1 | grep -v 'Cannot export local symbol' >&2
}

targets() {
    # The replay build answers --list without the fuzz build.
    if [[ -x $binary ]]; then "$binary" --list; else swift run -q mapsnap-fuzz --list; fi
}

summary() {
    [[ -f .fuzz/campaigns.tsv ]] || { echo "fuzz.sh: no runs yet" >&2; exit 1; }
    awk -F'\t' '{ runs[$2]++; secs[$2] += $3; execs[$2] += $4; found[$2] += $5 }
        END { printf "%-14s %5s %9s %14s %8s\n", "target", "runs", "seconds", "executions", "crashes"
              for (t in runs) printf "%-14s %5d %9d %14d %8d\n", t, runs[t], secs[t], execs[t], found[t] }' .fuzz/campaigns.tsv
}

case "${1:-}" in
    --list) targets; exit 0 ;;
    --summary) summary; exit 0 ;;
    "" | -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
[[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags]  (or --list)" >&2; exit 2; }
target=$1 seconds=$2
shift 2

build
"$binary" --list | awk '{print $1}' | grep -qx -- "$target" || { echo "fuzz.sh: unknown target '$target' (see --list)" >&2; exit 2; }

corpus=.fuzz/corpus/$target seeds=.fuzz/seeds/$target crashes=.fuzz/crashes/$target
dict=.fuzz/seeds/$target.dict
mkdir -p "$corpus" "$crashes" .fuzz/logs
[[ -d $seeds ]] || python3 scripts/fuzz-seeds.py "$target" "$seeds" "$dict" >&2
flags=()
[[ -f $dict ]] && flags+=(-dict="$dict")
case $target in
    mvt | inflate | png | mbtiles) flags+=(-max_len=65536) ;;
    style | geojson | gpx) flags+=(-max_len=16384) ;;
    *) flags+=(-max_len=4096) ;;
esac

log=.fuzz/logs/$target-$(date +%Y%m%d-%H%M%S).log
before=$(ls "$crashes" | wc -l)
echo "fuzz.sh: $target for ${seconds}s; log $log; crashes go to $crashes/" >&2
started=$(date +%s)
set +e
# A trap is found by libFuzzer's signal handler; Swift's own backtracer only slows each crash down.
# The timeout is wall-clock time and a niced fuzzer on a busy machine can wait seconds for the
# CPU: check a timeout-* input's real time by replaying it before counting it.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
    nice -n 19 "$binary" "$target" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "${flags[@]}" "$@" \
    "$corpus" "$seeds" "Tests/FuzzRegressions/$target" >"$log" 2>&1
status=$?
set -e
elapsed=$(( $(date +%s) - started ))

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
new=$(( $(ls "$crashes" | wc -l) - before ))
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -Iseconds)" "$target" "$elapsed" "${executions:-?}" "$new" "$log" >>.fuzz/campaigns.tsv
tail -n 12 "$log" >&2
if (( new > 0 || status != 0 )); then
    echo "fuzz.sh: $target stopped (exit $status) with $new new input(s) in $crashes/:" >&2
    ls -t "$crashes" | head -n "$(( new > 0 ? new : 1 ))" | sed "s|^|  $crashes/|" >&2
    echo "  replay one without the fuzzer: swift run mapsnap-fuzz $target FILE" >&2
    exit 1
fi
echo "fuzz.sh: $target clean for ${elapsed}s, ${executions:-?} executions" >&2
