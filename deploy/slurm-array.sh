#!/bin/bash
# Render a tile pyramid as N shards with a Slurm job array: task K renders shard K/N to shared
# storage (--resume: a requeued task continues where it stopped). Merge when all are done:
#
#   jobid=$(sbatch --parsable deploy/slurm-array.sh)
#   sbatch --dependency=afterok:$jobid --wrap "mapsnap merge /shared/tiles/shard-*.mbtiles -o /shared/tiles/monaco.mbtiles"
#SBATCH --job-name=mapsnap-tiles
#SBATCH --array=0-7            # K = 0..N-1 with N = 8
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --requeue
set -euo pipefail
N=8
K=${SLURM_ARRAY_TASK_ID}
mapsnap tiles --bbox 7.349,43.71,7.491,43.77 --zoom 12-18 --jobs "${SLURM_CPUS_PER_TASK}" \
  --shard "${K}/${N}" --resume -o "/shared/tiles/shard-${K}.mbtiles"
