#!/usr/bin/env bash
# linux_arm64: examples/local cross-built on this amd64 machine, static and
# stripped like the amd64 release (-Dstatic_release=true), then run under
# qemu-user-static: --version, --manifest-json, the go-plugin handshake with
# AutoMTLS (the serve tests' handshake and mTLS cases) and the OpenTofu
# lifecycle (create, update, replace, drift, import, destroy).
#
#   scripts/arm64.sh TOFU SERVE_TESTS AMD64_PROVIDER
#
# SERVE_TESTS: test/serve's serve_tests; AMD64_PROVIDER: the amd64 static
# release, which must say the same to --version and --manifest-json. Prints
# the arm64 binary's path last.
#
# The cross compiler, the arm64 sysroot and the cross files come from
# scripts/arm64-sysroot.sh (a provider repository's release.sh --arm64 uses
# it too). OpenTofu starts the binary through a launcher script running
# qemu-aarch64-static: a container has no binfmt_misc to do it.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: scripts/arm64.sh TOFU SERVE_TESTS AMD64_PROVIDER"
tofu="${1:?$usage}" serve_tests="${2:?$usage}" amd64_provider="${3:?$usage}"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$repo}"
work="${TFPP_ARM64_DIR:-$repo/build-arm64}"
mapfile -t cross_files < <("$repo/scripts/arm64-sysroot.sh" "$work")
[ "${#cross_files[@]}" -ge 2 ] || { echo "scripts/arm64-sysroot.sh failed" >&2; exit 1; }

msgpack_dir="$("$repo/scripts/install-deps.sh")"
build="$work/build"
opts=(-Dstatic_release=true -Dbuildtype=release -Dtests=false -Dbenchmarks=false -Dmsgpack_include_dir="$msgpack_dir")
if [ -f "$build/build.ninja" ]; then
    meson setup --reconfigure "$build" "${opts[@]}" >/dev/null
else
    meson setup "$build" "$repo" "${cross_files[@]}" "${opts[@]}" >"$work/setup.log" ||
        { cat "$work/setup.log" >&2; echo "arm64.sh: meson setup failed (above)" >&2; exit 1; }
fi
start=$(date +%s)
ninja -C "$build" -j2 examples/terraform-provider-local >&2
echo "arm64 build: $(( $(date +%s) - start )) s" >&2
provider="$build/examples/terraform-provider-local"
LC_ALL=C readelf -h "$provider" | grep -q 'Machine: *AArch64' || { echo "$provider is no AArch64 binary" >&2; exit 1; }
needed="$(LC_ALL=C readelf -d "$provider" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
echo "$(stat -c %s "$provider") bytes; shared libraries: ${needed:-none}" >&2
case "$needed" in *grpc*|*protobuf*|*ssl*|*crypto*|*absl*|*stdc++*) echo "not a static release" >&2; exit 1 ;; esac

# OpenTofu and the serve tests start this launcher as the provider.
launcher="$work/terraform-provider-local"
# The binary links the C library dynamically, as the amd64 release does:
# qemu finds the arm64 one where Debian's cross compiler put it.
printf '#!/bin/sh\nexec qemu-aarch64-static -L /usr/aarch64-linux-gnu "%s" "$@"\n' "$provider" > "$launcher"
chmod +x "$launcher"

start_ns=$(date +%s%N)
version="$("$launcher" --version)"
echo "--version under qemu: $version in $(( ($(date +%s%N) - start_ns) / 1000000 )) ms" >&2
manifest="$("$launcher" --manifest-json)"
echo "--manifest-json under qemu: $manifest" >&2
[ "$version" = "$("$amd64_provider" --version)" ] && [ "$manifest" = "$("$amd64_provider" --manifest-json)" ] ||
    { echo "the amd64 release says $("$amd64_provider" --version) $("$amd64_provider" --manifest-json)" >&2; exit 1; }

# The handshake line, the socket and AutoMTLS with its refusals.
TFPP_EXAMPLE_PROVIDER="$launcher" "$serve_tests" -# '[#handshake],[#mtls]' >&2
python3 "$repo/test/e2e/run_e2e.py" --cli "$tofu" --provider "$launcher" --protocol 6 --quick >&2
echo "$provider"
