#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What one brush dab costs on a 2048x2048 terraformable demo zone: the edit
# plus the pyramid tiles it invalidated made again (and uploaded, on Mesa's
# surfaceless EGL), against re-reducing every tile.  See README.md.
#
#   bench/zone-paint.sh [BUILDDIR] [-- OPTIONS]   # OPTIONS: --dabs N --naive-dabs N --gl
set -eu

builddir=${1:-_build}
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift

meson compile -C "$builddir" bench/bench-zone-paint >/dev/null
exe="$builddir/bench/bench-zone-paint"

echo "$(date -I) $(nproc) processors, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ $# -eq 0 ]; then
  set -- --dabs 200 --naive-dabs 20 --gl
fi
exec "$exe" "$@"
