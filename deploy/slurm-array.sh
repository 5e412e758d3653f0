#!/bin/bash
# Render a tile pyramid as N shards on a Slurm cluster, then merge them: run it on a login node,
# with a folder every node shares. It submits a job array (task K renders shard K/N) and a merge
# job that runs when every task succeeded (and is cancelled, not left pending, when one failed).
#
#   MAPSNAP_OUT=/shared/tiles/monaco deploy/slurm-array.sh          # prints the two job ids
#   MAPSNAP_OUT=/shared/tiles/monaco deploy/slurm-array.sh --wait   # and waits: exit status = the merge's
#
# Settings (environment; default in brackets):
#   MAPSNAP_SHARDS      N, the number of shards [8]
#   MAPSNAP_ZOOM        zoom range [12-18]
#   MAPSNAP_BBOX        W,S,E,N in degrees [7.349,43.71,7.491,43.77, Monaco]
#   MAPSNAP_STYLE       a built-in style or a style JSON file every node can read [light]
#   MAPSNAP_OUT         the shared folder for shard-K.mbtiles and logs/, created if missing [./tiles]
#   MAPSNAP_ARCHIVE     the merged archive, .mbtiles or .pmtiles [$MAPSNAP_OUT/pyramid.mbtiles]
#   MAPSNAP_ARRAY       the tasks to submit [0-(N-1)]; e.g. 3,5 to rerun two of them: the merge then
#                       joins the shards already in the folder, and refuses when any is missing
#   MAPSNAP_TILES_OPTS  more options for every `mapsnap tiles` (e.g. "--scale 2 --tiles /shared/data")
#   MAPSNAP_SBATCH_OPTS more sbatch options for the array (e.g. "--partition=batch --cpus-per-task=8")
#   MAPSNAP             the mapsnap command on the nodes [mapsnap, from PATH]
#
# Tasks resume (--resume): a requeued task continues where it stopped. Shards record their plan,
# and `mapsnap merge` joins only shards 0..N-1 of one plan, so a short or mixed set fails loudly.
# A rerun into the same folder with other settings is refused by the shards: use a new MAPSNAP_OUT.
#SBATCH --job-name=mapsnap-tiles
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --requeue
set -euo pipefail

N=${MAPSNAP_SHARDS:-8}
ZOOM=${MAPSNAP_ZOOM:-12-18}
BBOX=${MAPSNAP_BBOX:-7.349,43.71,7.491,43.77}
STYLE=${MAPSNAP_STYLE:-light}
OUT=${MAPSNAP_OUT:-./tiles}
MAPSNAP=${MAPSNAP:-mapsnap}
read -r -a TILES_OPTS <<<"${MAPSNAP_TILES_OPTS:-}"

die() { echo "slurm-array: $*" >&2; exit 2; }
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "MAPSNAP_SHARDS: '$N' is not a number of shards (1 or more)"

if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  # An array task: render shard K of N.
  K=$SLURM_ARRAY_TASK_ID
  exec "$MAPSNAP" tiles --bbox "$BBOX" --zoom "$ZOOM" --style "$STYLE" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
    --shard "$K/$N" --resume -o "$OUT/shard-$K.mbtiles" "${TILES_OPTS[@]}"
fi
[ -z "${SLURM_JOB_ID:-}" ] || die "run this script itself on a login node (it submits the array and the merge), not through sbatch"

wait=()
for a in "$@"; do
  case "$a" in
    --wait) wait=(--wait) ;;
    -h|--help) sed -n '2,/^#SBATCH/p' "$0" | grep -v '^#SBATCH' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$a' (see --help)" ;;
  esac
done
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm login node"
mkdir -p "$OUT/logs" || die "MAPSNAP_OUT: cannot create $OUT"
OUT=$(cd "$OUT" && pwd)                   # the tasks run elsewhere: give them the absolute path
ARCHIVE=${MAPSNAP_ARCHIVE:-$OUT/pyramid.mbtiles}
case "$ARCHIVE" in /*) ;; *) ARCHIVE=$PWD/$ARCHIVE ;; esac
ARRAY=${MAPSNAP_ARRAY:-0-$((N - 1))}
read -r -a SBATCH_OPTS <<<"${MAPSNAP_SBATCH_OPTS:-}"
export MAPSNAP_SHARDS=$N MAPSNAP_ZOOM=$ZOOM MAPSNAP_BBOX=$BBOX MAPSNAP_STYLE=$STYLE MAPSNAP_OUT=$OUT MAPSNAP

tiles=$(sbatch --parsable --array="$ARRAY" --export=ALL --output="$OUT/logs/tiles-%A_%a.out" "${SBATCH_OPTS[@]}" "$0")
tiles=${tiles%%;*}                        # "id;cluster" on a federation
echo "slurm-array: job $tiles renders shards $ARRAY of $N (zoom $ZOOM, bbox $BBOX, style $STYLE) into $OUT"
# The glob is expanded when the merge runs, so merge sees every shard in the folder (and names strays).
merge="$(printf '%q' "$MAPSNAP") merge $(printf '%q' "$OUT")/shard-*.mbtiles -o $(printf '%q' "$ARCHIVE") --force"
echo "slurm-array: the merge runs when job $tiles succeeded${wait:+ (waiting for it)}: $merge"
rc=0
merge_job=$(sbatch --parsable --job-name=mapsnap-merge --dependency="afterok:$tiles" --kill-on-invalid-dep=yes --export=ALL \
  --output="$OUT/logs/merge-%j.out" "${wait[@]}" --wrap "$merge") || rc=$?
merge_job=${merge_job%%;*}
echo "slurm-array: merge job ${merge_job:-not submitted}; logs in $OUT/logs"
[ ${#wait[@]} -gt 0 ] || exit $rc
# sbatch --wait says 0 for a merge that was cancelled before it ran (a task failed): ask Slurm.
state=$(scontrol -o show job "$merge_job" 2>/dev/null | sed -n 's/.* JobState=\([^ ]*\).*/\1/p')
if [ $rc -eq 0 ] && [ -n "$state" ] && [ "$state" != COMPLETED ]; then
  echo "slurm-array: merge job $merge_job ended $state (a task of job $tiles failed: see $OUT/logs/tiles-${tiles}_*.out)" >&2
  exit 1
fi
[ $rc -eq 0 ] || echo "slurm-array: the merge failed (exit $rc): see $OUT/logs/merge-$merge_job.out" >&2
exit $rc
