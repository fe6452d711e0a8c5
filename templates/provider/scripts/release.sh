#!/usr/bin/env bash
# Builds the release binary (static, stripped) and writes the registry's
# files into dist/: the zip, the manifest, SHA256SUMS and its signature.
#
#   scripts/release.sh --gpg-key KEYID     (or GPG_FINGERPRINT=KEYID scripts/release.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${BUILD_DIR:-build-release}"
tfpp="$(scripts/tfpp-dir.sh)"
msgpack_dir="$("$tfpp/scripts/install-deps.sh")"
opts=(-Dbuildtype=release -Dtfpp:static_release=true -Dtfpp:msgpack_include_dir="$msgpack_dir")
if [ -f "$build/build.ninja" ]; then meson setup --reconfigure "$build" "${opts[@]}" >/dev/null
else meson setup "$build" "${opts[@]}" >/dev/null; fi
name="$(meson introspect --projectinfo "$build" | python3 -c 'import json, sys; print(json.load(sys.stdin)["descriptive_name"])')"
ninja -C "$build" -j2 "$name"
exec "$tfpp/scripts/release.sh" --binary "$build/$name" --out dist "$@"
