#!/usr/bin/env bash
# Configures the build directory (default build/; BUILD_DIR=DIR for another):
# fetches tfpp as the wrap subprojects/tfpp.wrap names it (unless a submodule
# or a copy is in subprojects/tfpp), installs the Debian packages it needs, and
# finds an OpenTofu for the end-to-end test: $TFPP_TOFU, else tofu on PATH,
# else the version tfpp pins, built once from the Go module proxy (needs Go).
# Further arguments go to `meson setup`.
#
#   scripts/setup.sh [MESON_SETUP_OPTIONS...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tfpp="$(scripts/tfpp-dir.sh)"
msgpack_dir="$("$tfpp/scripts/install-deps.sh")"

# grep reads all of it: with -q it could close the pipe first, and pipefail
# would fail the check (SIGPIPE) when the CLI prints a warning too.
tofu_ok() { "$1" version 2>/dev/null | grep -E '^OpenTofu v(1\.(1[2-9]|[2-9][0-9])|[2-9])\.' >/dev/null; }
tofu="${TFPP_TOFU:-}"
if [ -n "$tofu" ]; then
    tofu_ok "$tofu" || { echo "setup: TFPP_TOFU=$tofu is not OpenTofu 1.12 or newer" >&2; exit 1; }
elif command -v tofu >/dev/null && tofu_ok "$(command -v tofu)"; then
    tofu="$(command -v tofu)"
else
    echo "setup: no OpenTofu >= 1.12 on PATH: building tfpp's pinned one (Go, once)" >&2
    tofu="$("$tfpp/scripts/build-go-tools.sh" tofu)"
fi
echo "setup: OpenTofu $tofu" >&2

build="${BUILD_DIR:-build}"
opts=(-Dtfpp:msgpack_include_dir="$msgpack_dir" -De2e=enabled -Dtofu="$tofu" "$@")
if [ -f "$build/build.ninja" ]; then meson setup --reconfigure "$build" "${opts[@]}"
else meson setup "$build" "${opts[@]}"; fi
