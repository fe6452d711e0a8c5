#!/usr/bin/env bash
# tfpp's source release: OUT/tfpp-VERSION.tar.xz and its SHA-256
# (tfpp-VERSION.tar.xz.sha256sum, as `sha256sum -c` reads it), made by
# `meson dist` from git's HEAD (committed files only, no .git inside).
#
#   scripts/dist.sh [--out DIR] [--build-dir DIR] [--allow-dirty]
#
# DIR defaults to dist/; the build directory (any configured one, nothing is
# built) to $TFPP_BUILD_DIR or build/, configured here if it is not yet.
# --allow-dirty packs HEAD even when the work tree has uncommitted changes
# (which the tarball then lacks).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$repo/dist" build="${TFPP_BUILD_DIR:-$repo/build}" dist_opts=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?}"; shift 2 ;;
        --build-dir) build="${2:?}"; shift 2 ;;
        --allow-dirty) dist_opts+=(--allow-dirty); shift ;;
        *) sed -n '6p' "$0" | sed 's/^# //' >&2; exit 2 ;;
    esac
done
if [ ! -f "$build/build.ninja" ]; then
    msgpack_dir="$("$repo/scripts/install-deps.sh")"
    meson setup "$build" "$repo" -Dmsgpack_include_dir="$msgpack_dir" -Dtests=false -Dexamples=false -Dbenchmarks=false >/dev/null
fi
version="$(meson introspect "$build" --projectinfo | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')"
# --no-tests: the release's tests are scripts/test.sh's, run on the commit.
meson dist -C "$build" --formats xztar --no-tests "${dist_opts[@]}" >&2
mkdir -p "$out"
for f in "tfpp-$version.tar.xz" "tfpp-$version.tar.xz.sha256sum"; do
    cp "$build/meson-dist/$f" "$out/$f"
done
(cd "$out" && sha256sum --check --quiet "tfpp-$version.tar.xz.sha256sum")
echo "$out/tfpp-$version.tar.xz"
