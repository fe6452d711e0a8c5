#!/usr/bin/env bash
# Prints tfpp's source directory under subprojects/: subprojects/tfpp when a
# submodule or a copy is there, else the directory of the release tarball that
# subprojects/tfpp.wrap names (unpacked by `meson subprojects download`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ -f subprojects/tfpp/meson.build ]; then echo subprojects/tfpp; exit 0; fi
dir="$(sed -n 's/^directory *= *//p' subprojects/tfpp.wrap)"
[ -f "subprojects/$dir/meson.build" ] || meson subprojects download tfpp >&2
[ -f "subprojects/$dir/meson.build" ] || { echo "tfpp-dir: subprojects/$dir was not unpacked" >&2; exit 1; }
echo "subprojects/$dir"
