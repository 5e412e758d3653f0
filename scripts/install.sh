#!/usr/bin/env bash
# Installs mapsnap: the release binary as PREFIX/bin/mapsnap and its built-in styles (with their
# sprites) and embedded data in PREFIX/share/mapsnap, where the binary looks for them (relative to
# its own path, so the whole PREFIX can be copied elsewhere, e.g. into a container image).
#
#   scripts/install.sh [--prefix /usr/local] [--binary PATH]
#
# Without --binary it builds the release binary first (Swift's runtime linked in, so the target
# needs only the libraries scripts/runtime-packages.sh lists). Run from anywhere; uses the
# checkout this script is in. The Containerfile runs it too.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
prefix=/usr/local
binary=""

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install: --binary needs a path" >&2; exit 2; }; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install: --prefix is empty" >&2; exit 2; }
mkdir -p "$prefix" || { echo "install: --prefix: cannot create $prefix" >&2; exit 2; }
prefix=$(cd "$prefix" && pwd)

if [ -z "$binary" ]; then
  (cd "$checkout" && swift build -c release --product mapsnap --static-swift-stdlib)
  binary=$checkout/.build/release/mapsnap
fi
[ -f "$binary" ] && [ -x "$binary" ] || { echo "install: --binary: $binary is not an executable file" >&2; exit 2; }

share=$prefix/share/mapsnap
mkdir -p "$prefix/bin" "$prefix/share"

# The files are staged beside their places and renamed in, so a running mapsnap never sees half
# an install (a binary is replaced, not overwritten in place).
stage=$(mktemp -d "$prefix/share/.mapsnap-install.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/styles/sprite" "$stage/data"
cp "$checkout"/styles/*.json "$stage/styles/"
cp "$checkout"/styles/sprite/* "$stage/styles/sprite/"
cp "$checkout"/data/*.mbtiles "$stage/data/"
chmod -R u=rwX,go=rX "$stage"
cp "$binary" "$prefix/bin/.mapsnap.new"
chmod 0755 "$prefix/bin/.mapsnap.new"

if [ -d "$share" ]; then
  rm -rf "$share.old"
  mv "$share" "$share.old"
fi
mv "$stage" "$share"
rm -rf "$share.old"
mv -f "$prefix/bin/.mapsnap.new" "$prefix/bin/mapsnap"

# The installed binary must find what was just installed.
where=$("$prefix/bin/mapsnap" --version -v | sed -n 's/^files: //p')
case "$where" in
  "$share "*) echo "installed $prefix/bin/mapsnap and $share" ;;
  *) echo "install: $prefix/bin/mapsnap does not find $share (it says: ${where:-nothing})" >&2; exit 1 ;;
esac
