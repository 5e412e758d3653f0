#!/usr/bin/env bash
# Installs the Debian packages mapsnap builds and runs with (scripts/runtime-packages.sh), only
# those missing (idempotent).
# Uses sudo when not run as root.
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev libpango1.0-dev libpng-dev libsqlite3-dev zlib1g-dev   # the C libraries
  libdeflate-dev                                                         # PNG compression (2-3x zlib's speed)
  libisal-dev                                                            # fast PNG compression (3x libdeflate level 1)
  libmicrohttpd-dev                                                      # HTTP for mapsnap serve
  libwebp-dev libjpeg62-turbo-dev                                        # raster tiles (raster layers)
  libfreetype-dev                                                        # glyph PBFs from fonts (mapsnap glyphs build)
  libfribidi-dev                                                         # right-to-left text and Arabic shaping for glyph PBFs
  libbrotli-dev libzstd-dev                                              # PMTiles compressed with brotli or zstd
)
# What the binary runs with: the libraries, fonts (Latin, CJK) and the preview page's Leaflet.
while read -r p; do packages+=("$p"); done < <("$(dirname "$0")/runtime-packages.sh")
# What the README's commands run besides mapsnap: curl (the server's examples).
packages+=(curl)
packages+=("$@")   # callers may add more (e.g. benchmark tools)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
