# The options of the benchmarks that run both sides in alternating rounds (bench/snapshot.sh,
# bench/overlays.sh): sets runs (default 10) and rounds (default 3).
#   . bench/lib/runs-and-rounds.sh; parse_runs_and_rounds bench/NAME.sh "$@"
parse_runs_and_rounds() {
  local script="$1"
  shift
  runs=10
  rounds=3
  while [ $# -gt 0 ]; do
    case "$1" in
      --runs) runs="$2"; shift 2 ;;
      --rounds) rounds="$2"; shift 2 ;;
      *) echo "usage: $script [--runs N] [--rounds R]" >&2; exit 2 ;;
    esac
  done
}
