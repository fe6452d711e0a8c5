#!/usr/bin/env bash
# Configures the build directory (default build/; BUILD_DIR=DIR for another):
# fetches tfpp as the wrap subprojects/tfpp.wrap names it (unless a submodule
# or a copy is in subprojects/tfpp), installs the Debian packages it needs, and
# finds the CLI for the end-to-end test: $TFPP_TOFU, else tofu, then
# terraform, on PATH (OpenTofu >= 1.12, Terraform >= 1.8), else the OpenTofu
# tfpp pins, built once from the Go module proxy (needs Go).
# Further arguments go to `meson setup`.
#
#   scripts/setup.sh [MESON_SETUP_OPTIONS...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tfpp="$(scripts/tfpp-dir.sh)"
msgpack_dir="$("$tfpp/scripts/install-deps.sh")"

# Your own OpenTofu or Terraform when tfpp supports its version, else tfpp's
# pinned OpenTofu (tfpp/scripts/find-cli.sh says which, and why).
tofu="$("$tfpp/scripts/find-cli.sh")"

build="${BUILD_DIR:-build}"
opts=(-Dtfpp:msgpack_include_dir="$msgpack_dir" -De2e=enabled -Dtofu="$tofu" "$@")
if [ -f "$build/build.ninja" ]; then meson setup --reconfigure "$build" "${opts[@]}"
else meson setup "$build" "${opts[@]}"; fi
