#!/usr/bin/env bash
# The README's Quick start on a fresh Debian 12 that has only the Swift toolchain, where a package
# left out of the install steps shows (a developer's machine or CI's has it installed already):
# debootstrap a minimal bookworm with the toolchain's own prerequisites, bind the toolchain
# (/opt/swift) and ../shared into it read-only, clone the repository's HEAD, and as root in it run
#   1. scripts/setup.sh;
#   2. every command of the README's sh blocks whose program is not one of the few run elsewhere
#      (below): each program must be on PATH, and each line must succeed as written (the curl lines
#      against `mapsnap serve` on a free port);
#   3. scripts/test.sh (which installs what the tests run) for the suites that run other programs
#      (curl, python3, gdal, poppler, chromium, readelf, fonts), where a missing one fails.
#
#   scripts/check-fresh-quickstart.sh [REPO]    (as root; REPO's HEAD, default this checkout)
#
# The base root is kept in /var/tmp/mapsnap-quickstart-base-DATE (today's, so Debian's updates
# come in daily and reruns the same day start in seconds); each run works in an overlay on it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(cd "${1:-.}" && pwd)
[ "$(id -u)" -eq 0 ] || { echo "check-fresh-quickstart: run as root (debootstrap, mount and chroot)" >&2; exit 2; }
swift_bin=$(command -v swift) || { echo "check-fresh-quickstart: no swift on PATH" >&2; exit 2; }
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift_bin")")")")   # …/usr/bin/swift → …
shared=$(cd "$repo/.." && pwd)/shared
scripts/install-deps.sh debootstrap

# What a machine with "only the Swift toolchain" has besides it: swift.org's prerequisites of the
# toolchain's tarball on Debian 12 (the compiler links with gcc's runtime, LLDB wants Python).
toolchain_packages=(binutils-gold gcc git libc6-dev libcurl4-openssl-dev libedit-dev libicu-dev libncurses-dev
  libpython3-dev libsqlite3-dev libstdc++-12-dev libxml2-dev pkg-config tzdata uuid-dev)
base=/var/tmp/mapsnap-quickstart-base-$(date +%F)
if [ ! -d "$base" ]; then
  rm -rf /var/tmp/mapsnap-quickstart-base-*   # earlier days' roots
  debootstrap --variant=minbase bookworm "$base.tmp" http://deb.debian.org/debian >/dev/null
  printf '#!/bin/sh\nexit 101\n' >"$base.tmp/usr/sbin/policy-rc.d"   # no daemons start in a chroot
  chmod 755 "$base.tmp/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$base.tmp/etc/resolv.conf"
  mount -t proc proc "$base.tmp/proc"
  chroot "$base.tmp" /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${toolchain_packages[*]} >/dev/null" \
    || { umount "$base.tmp/proc"; exit 1; }
  umount "$base.tmp/proc"
  chroot "$base.tmp" apt-get clean
  mv "$base.tmp" "$base"
fi

# This run: an overlay on the base (left as it is), the toolchain and ../shared read-only.
run=$(mktemp -d /var/tmp/mapsnap-quickstart-run.XXXXXX)
root=$run/root
cleanup() {
  [ -s "$root/tmp/serve.pid" ] && kill "$(cat "$root/tmp/serve.pid")" 2>/dev/null
  for m in "$root/work/shared" "$root$toolchain" "$root/dev" "$root/sys" "$root/proc" "$root"; do
    if mountpoint -q "$m"; then umount -l "$m"; fi
  done
  rm -rf --one-file-system "$run"   # never into a mount left behind (/dev, the toolchain)
}
trap cleanup EXIT
mkdir -p "$run/upper" "$run/work" "$root"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$run/upper,workdir=$run/work" "$root"
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mkdir -p "$root$toolchain" "$root/work"
mount --bind -o ro "$toolchain" "$root$toolchain"
if [ -d "$shared" ]; then mkdir -p "$root/work/shared" && mount --bind -o ro "$shared" "$root/work/shared"; fi
git clone -q "$repo" "$root/work/mapsnap"
# The /etc/hosts a Debian install has and debootstrap leaves out (Selenium reaches chromedriver
# at localhost), and this machine's way out to the registries (its resolver, the CAs of its
# egress proxy, pip's settings): part of every machine here, not of the Quick start.
printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
cp /etc/resolv.conf "$root/etc/resolv.conf"
if [ -f /etc/pip.conf ]; then cp /etc/pip.conf "$root/etc/pip.conf"; fi
for ca in /usr/local/share/ca-certificates/*.crt; do
  if [ -f "$ca" ]; then mkdir -p "$root/usr/local/share/ca-certificates" && cp "$ca" "$root/usr/local/share/ca-certificates/"; fi
done

# A login-like shell in the clone: the toolchain on PATH and nothing else from this machine.
in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH="$toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    /bin/bash -c "cd /work/mapsnap && $1" </dev/null
}
step() { echo "check-fresh-quickstart: $*" >&2; }

step "scripts/setup.sh"
in_root "scripts/setup.sh" >"$run/setup.log" 2>&1 || { cat "$run/setup.log" >&2; step "FAILED: scripts/setup.sh"; exit 1; }

# The sh blocks of the README and then of every docs/ page, one command a line (continuations
# joined, comments cut), each distinct command once: the README's examples recur on the docs pages,
# and a pyramid refuses to be written over.
(cd "$root/work/mapsnap" && awk '/^```sh$/ { f = 1; next } /^```/ { f = 0 } f' README.md docs/*.md) \
  | sed -e 's/^#.*$//' -e 's/  #.*$//' | awk '/\\$/ { sub(/\\$/, ""); line = line $0; next } { print line $0; line = "" }' \
  | grep -v '^[[:space:]]*$' | awk '!seen[$0]++' >"$run/readme-commands"

# The programs that are not run here, and why. Everything else is.
not_here() {
  case "$1" in
    podman|kubectl) echo "the container host's and the cluster's tool" ;;
    export|deploy/slurm-array.sh) echo "needs a Slurm cluster (SlurmRecipeTests runs it on one)" ;;
    scripts/setup.sh) echo "run above" ;;
    scripts/test.sh) echo "its install step and the tests that run other programs, below" ;;
  esac
}
port=18299   # apart from the README's 8080 and scripts/check-fresh-root.sh's 18199
start_server() {
  in_root "mkdir -p /tmp/curl && { .build/release/mapsnap serve --port $port >/tmp/serve.log 2>&1 & echo \$! >/tmp/serve.pid; }"
  # The server loads its styles before /health answers; curl retries until then (bounded).
  in_root "curl -fs --retry 30 --retry-delay 1 --retry-all-errors -o /dev/null http://127.0.0.1:$port/health" \
    || { step "FAILED: mapsnap serve does not answer /health"; cat "$root/tmp/serve.log" >&2; exit 1; }
}
# In the documents' order, so that what a line installs (scripts/install.sh) is there for the next.
failed=0 ran=0
while read -r line; do
  program=${line%% *}
  [ -n "$(not_here "$program")" ] && continue
  if ! in_root "command -v '$program' >/dev/null"; then
    step "the documents run $program, which the Quick start does not install: $line"; failed=1; continue
  fi
  command=$line
  if [ "$program" = curl ]; then   # against the server, in a scratch folder
    [ -s "$root/tmp/serve.pid" ] || start_server
    command="cd /tmp/curl && curl -fsS ${line#curl }" && command=${command/127.0.0.1:8080/127.0.0.1:$port}
  fi
  in_root "$command" >"$run/command.log" 2>&1 || { step "FAILED: $line"; cat "$run/command.log" >&2; failed=1; }
  ran=$((ran + 1))
done <"$run/readme-commands"
if [ -s "$root/tmp/serve.pid" ]; then kill "$(cat "$root/tmp/serve.pid")" && rm "$root/tmp/serve.pid"; fi
[ "$failed" -eq 0 ] || exit 1
step "$ran commands of the README and docs/ ran"

# test.sh installs what the tests run; these suites run other programs than mapsnap, and under
# MAPSNAP_REQUIRE_ALL=1 one that is missing fails its test instead of skipping it.
suites="ReadmeServingTests|TilesCommandTests|CorruptTileTests|VectorOutputCommandTests|PMTilesInteropTests|PMTilesCommandTests"
suites+="|PreviewPageBrowserTests|RuntimePackagesTests|GlyphsBuildCommandTests|GlyphBuilderTests"
step "scripts/test.sh --filter '$suites'"
in_root "MAPSNAP_REQUIRE_ALL=1 scripts/test.sh --filter '$suites'" >"$run/test.log" 2>&1 \
  || { tail -n 60 "$run/test.log" >&2; step "FAILED: scripts/test.sh"; exit 1; }
tail -n 3 "$run/test.log" >&2
step "the Quick start works on a fresh Debian 12 with only the Swift toolchain"
