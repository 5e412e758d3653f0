#!/bin/sh
# The Debian 12 packages an installed mapsnap runs with, one a line: the libraries the release
# binary links (built with --static-swift-stdlib, so no Swift runtime), the fonts it draws labels
# with and the preview page's Leaflet. apt brings their own dependencies. The Containerfile's
# runtime stage installs exactly these; scripts/install-deps.sh installs them too (with the -dev
# packages to build); scripts/check-runtime-packages.sh checks the list against a built binary.
# libmicrohttpd12 is opened with dlopen when `mapsnap serve` starts, so ldd does not show it.
cat <<'PACKAGES'
libc6
libgcc-s1
libstdc++6
zlib1g
libbrotli1
libzstd1
libsqlite3-0
libpng16-16
libjpeg62-turbo
libwebp7
libdeflate0
libisal2
libfreetype6
libfribidi0
libharfbuzz0b
libglib2.0-0
libcairo2
libpango-1.0-0
libpangocairo-1.0-0
libmicrohttpd12
fontconfig
fonts-noto-core
fonts-dejavu-core
fonts-wqy-zenhei
fonts-noto-color-emoji
libjs-leaflet
PACKAGES
