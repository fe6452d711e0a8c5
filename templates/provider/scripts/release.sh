#!/usr/bin/env bash
# Builds the release binary (static, stripped) and writes the registry's
# files into dist/: the zip, the manifest, SHA256SUMS and its signature.
# --arm64 also cross-builds linux_arm64 on this amd64 machine (tfpp's
# scripts/arm64-sysroot.sh: Debian's cross compiler and an arm64 sysroot, in
# $ARM64_SYSROOT_DIR or build-arm64/) into build-release-arm64/, and releases
# both platforms under one SHA256SUMS and signature.
#
#   scripts/release.sh [--arm64] --gpg-key KEYID     (or GPG_FINGERPRINT=KEYID scripts/release.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
arm64=0
if [ "${1:-}" = --arm64 ]; then arm64=1; shift; fi
build="${BUILD_DIR:-build-release}"
tfpp="$(scripts/tfpp-dir.sh)"
msgpack_dir="$("$tfpp/scripts/install-deps.sh")"
opts=(-Dbuildtype=release -Dtfpp:static_release=true -Dtfpp:msgpack_include_dir="$msgpack_dir")
if [ -f "$build/build.ninja" ]; then meson setup --reconfigure "$build" "${opts[@]}" >/dev/null
else meson setup "$build" "${opts[@]}" >/dev/null; fi
name="$(meson introspect --projectinfo "$build" | python3 -c 'import json, sys; print(json.load(sys.stdin)["descriptive_name"])')"
ninja -C "$build" -j2 "$name"
binaries=(--binary "$build/$name")
if [ "$arm64" = 1 ]; then
    arm64_build="build-release-arm64"
    mapfile -t cross_files < <("$tfpp/scripts/arm64-sysroot.sh" "${ARM64_SYSROOT_DIR:-build-arm64}")
    [ "${#cross_files[@]}" -ge 2 ] || { echo "release: the arm64 sysroot was not made" >&2; exit 1; }
    # ccache finds the objects again from another clone (paths relative to it).
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
    if [ -f "$arm64_build/build.ninja" ]; then meson setup --reconfigure "$arm64_build" "${opts[@]}" >/dev/null
    else meson setup "$arm64_build" "${cross_files[@]}" "${opts[@]}" >/dev/null; fi
    ninja -C "$arm64_build" -j2 "$name"
    binaries+=(--binary "$arm64_build/$name")
fi
exec "$tfpp/scripts/release.sh" "${binaries[@]}" --out dist "$@"
