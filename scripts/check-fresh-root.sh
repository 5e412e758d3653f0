#!/usr/bin/env bash
# The container image's steps on a fresh Debian 12 root, where no registry is reachable to build
# the image itself: debootstrap a minimal bookworm, install only scripts/runtime-packages.sh into
# it (as the Containerfile's run stage does), copy in the tree scripts/install.sh made, and, as an
# unprivileged user with an empty environment, print where the files were found, render a PNG, a
# PDF and a PMTiles pyramid, and answer the Containerfile's HEALTHCHECK from `mapsnap serve`.
#
#   scripts/check-fresh-root.sh [ROOT]     (as root; default ROOT /var/tmp/mapsnap-fresh-root)
#
# Needs root and Debian's mirror (debootstrap is installed if missing). Takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=${1:-/var/tmp/mapsnap-fresh-root}
port=18199
[ "$(id -u)" -eq 0 ] || { echo "check-fresh-root: run as root (debootstrap and chroot)" >&2; exit 2; }
scripts/install-deps.sh debootstrap curl
[ -x "$root/bin/sh" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'pkill -f "mapsnap serve --bind 127.0.0.1 --port $port" || true; umount "$root/proc" 2>/dev/null || true' EXIT

# The run stage: the runtime packages only, and a non-root user.
chroot "$root" /bin/sh -c 'apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(cat) >/dev/null' \
  < <(scripts/runtime-packages.sh)
chroot "$root" id mapsnap >/dev/null 2>&1 || chroot "$root" useradd --system --uid 10001 --user-group --home-dir /work --create-home mapsnap

# The build stage's result: the installed tree, copied as the Containerfile copies it.
prefix=$(mktemp -d)
chmod 755 "$prefix"   # cp -a copies the folder's mode onto /usr/local
scripts/install.sh --prefix "$prefix" >/dev/null
cp -a "$prefix/." "$root/usr/local/"
rm -rf "$prefix"

as_user() { chroot "$root" su mapsnap -s /bin/sh -c "cd /work && env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/work $*"; }
as_user mapsnap --version -v
as_user mapsnap --center 43.7360,7.4260 -o /work/map.png
as_user mapsnap --center 43.7360,7.4260 -o /work/map.pdf
as_user mapsnap tiles --bbox 7.415,43.728,7.432,43.740 --zoom 14-15 -q -o /work/check.pmtiles
rm -f "$root/work/check.pmtiles"
as_user "mapsnap serve --bind 127.0.0.1 --port $port >/work/serve.log 2>&1 &"
# The server loads its styles before /health says 200; curl retries until then (bounded).
curl -fs --retry 20 --retry-delay 1 --retry-all-errors -o /dev/null "http://127.0.0.1:$port/health"
chroot "$root" bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"
curl -fsS -o /dev/null "http://127.0.0.1:$port/styles/light/16/34118/23898.png"
echo "check-fresh-root: the installed mapsnap renders and serves on a fresh bookworm root with only the runtime packages"
