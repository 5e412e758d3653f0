#!/usr/bin/env bash
# Checks scripts/runtime-packages.sh against a built binary on this Debian machine, the stand-in
# for installing it on a fresh root: every library the binary links directly must come from a
# listed package, and every library `ldd` reports (the indirect ones too) from a listed package or
# one of their dependencies, so that `apt-get install $(scripts/runtime-packages.sh)` on a bare
# debian:bookworm-slim gives the binary all it loads. Also: every listed package exists here.
#
#   scripts/check-runtime-packages.sh [BINARY]     # default .build/release/mapsnap
#
# Exit 0 when the list is complete, 1 naming each library it lacks, 2 on bad input.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:-$here/../.build/release/mapsnap}
[ -f "$binary" ] || { echo "check-runtime-packages: $binary: no such file" >&2; exit 2; }
for tool in ldd readelf dpkg dpkg-query; do
  command -v "$tool" >/dev/null || { echo "check-runtime-packages: needs $tool (Debian's libc-bin, binutils, dpkg)" >&2; exit 2; }
done

mapfile -t listed < <("$here/runtime-packages.sh")
declare -A is_listed=() closure=()
for p in "${listed[@]}"; do is_listed[$p]=1; done

problems=0
for p in "${listed[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || { echo "listed package $p is not installed here (misspelt, or not a Debian 12 package?)"; problems=$((problems + 1)); }
done

# The package that owns a library file (dpkg knows each file under one spelling: /lib or /usr/lib).
owner() {
  local f=$1 real
  real=$(readlink -f "$f")
  for candidate in "$f" "$real" "/usr$f" "/usr$real" "${f#/usr}" "${real#/usr}"; do
    dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1 | cut -d, -f1 && return 0
  done
  return 1
}

# The listed packages and everything they depend on, as installed here.
queue=("${listed[@]}")
while [ ${#queue[@]} -gt 0 ]; do
  p=${queue[0]}; queue=("${queue[@]:1}")
  [ -z "${closure[$p]:-}" ] || continue
  closure[$p]=1
  deps=$(dpkg-query -W -f='${Depends}, ${Pre-Depends}' "$p" 2>/dev/null || true)
  for d in $(printf '%s' "$deps" | tr ',|' '\n\n' | sed 's/([^)]*)//g; s/:any//g; s/[[:space:]]//g' | grep -v '^$' || true); do
    [ -n "${closure[$d]:-}" ] || queue+=("$d")
  done
done

declare -A direct=()
while read -r lib; do direct[$lib]=1; done < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')

count=0
while read -r name arrow path _; do
  if [ "$arrow" != "=>" ]; then path=$name; name=$(basename "$name"); fi   # the dynamic loader's own line
  case "$path" in
    /*) ;;
    not) echo "library $name is not found on this machine"; problems=$((problems + 1)); continue ;;
    *) continue ;;                                                        # linux-vdso.so.1: the kernel's
  esac
  count=$((count + 1))
  pkg=$(owner "$path") || { echo "library $name ($path) belongs to no Debian package"; problems=$((problems + 1)); continue; }
  if [ -n "${direct[$name]:-}" ] && [ -z "${is_listed[$pkg]:-}" ]; then
    echo "library $name is linked by $(basename "$binary") and comes from $pkg, which scripts/runtime-packages.sh does not list"
    problems=$((problems + 1))
  elif [ -z "${closure[$pkg]:-}" ]; then
    echo "library $name comes from $pkg, which no listed runtime package depends on"
    problems=$((problems + 1))
  fi
done < <(ldd "$binary")

if [ $problems -gt 0 ]; then
  echo "check-runtime-packages: $problems problem(s) with scripts/runtime-packages.sh for $binary" >&2
  exit 1
fi
echo "check-runtime-packages: $count libraries of $(basename "$binary") (${#direct[@]} linked directly) all come from the ${#listed[@]} listed packages or their ${#closure[@]}-package dependency closure"
