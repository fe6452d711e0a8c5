#!/usr/bin/env bash
# Debian 13 (trixie)'s toolchain: GCC 14 and clang 19 with Boost 1.83 and
# fmt 10, in a Debian 13 root that debootstrap makes from Debian's archive
# (build-debian13/root; as root). Builds libtfpp_values with each compiler
# and runs the unit tests that link it alone (codec, diag, docs, value) and
# the compile-fail suite (one tfpp: error per misuse, each compiler's own).
# Not in CI: the root and its packages take minutes to make, and the gRPC
# suites (serve, the other unit areas) are left for
# `scripts/debian13.sh --all`, which builds the whole tree with both.
#
#   scripts/debian13.sh [--all]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="${TFPP_DEBIAN13_ROOT:-$repo/build-debian13/root}"
all=0; [ "${1:-}" != "--all" ] || all=1
[ "$(id -u)" -eq 0 ] || { echo "debian13: debootstrap and chroot need root" >&2; exit 1; }

if [ ! -x "$root/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null ||
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >&2
    mkdir -p "$(dirname "$root")"
    debootstrap --variant=minbase trixie "$root" http://deb.debian.org/debian >&2
fi
# /proc inside the root: the tests read /proc/self/status.
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc"' EXIT
in_root() { chroot "$root" env -i PATH=/usr/bin:/bin HOME=/root LC_ALL=C.UTF-8 "$@"; }
packages=(g++-14 clang-19 pkgconf meson ninja-build protobuf-compiler protobuf-compiler-grpc libgrpc++-dev
          libprotobuf-dev libssl-dev libfmt-dev libboost1.83-dev nlohmann-json3-dev libmsgpack-cxx-dev python3 git cmake gcc ccache)
if ! in_root dpkg -s "${packages[@]}" >/dev/null 2>&1; then
    in_root apt-get update -qq >&2
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2
fi
# Debian 13 ships Catch2 3; the tests are written for Catch2 2, whose
# header-only Debian 12 package is unpacked into the root.
if [ ! -f "$root/usr/include/catch2/catch.hpp" ]; then
    tmp="$(mktemp -d)"
    (cd "$tmp" && apt-get download -qq catch2=2.13.10-1 2>/dev/null)
    dpkg-deb -x "$tmp"/catch2_*.deb "$root"
    rm -rf "$tmp"
fi
in_root sh -c 'g++-14 --version | head -n1; clang++-19 --version | head -n1'
in_root dpkg-query -W -f '${Package} ${Version}\n' libboost1.83-dev libfmt-dev libgrpc++-dev libprotobuf-dev

# The committed tree (git archive), built inside the root.
rm -rf "$root/src"
mkdir -p "$root/src"
git -C "$repo" archive HEAD | tar -x -C "$root/src"
areas=(codec diag docs value)
for cxx in g++-14 clang++-19; do
    dir="/build-$cxx"
    # Meson's output only on failure (it prints its errors on stdout).
    # ccache inside the root (its own cache there): a rerun after a fix compiles only what changed.
    in_root sh -c "rm -rf $dir && CXX='ccache $cxx' meson setup $dir /src -Dwerror=true -Ddebug=false -De2e=disabled \
        -Dbenchmarks=false >/tmp/setup.log 2>&1" || { cat "$root/tmp/setup.log"; exit 1; }
    start=$(date +%s)
    if [ "$all" = 1 ]; then
        in_root ninja -C "$dir" -j2 >&2
        in_root meson test -C "$dir" --no-rebuild --print-errorlogs --suite unit --suite compile-fail --suite serve
    else
        in_root ninja -C "$dir" -j2 libtfpp_values.a $(printf 'test/unit/unit-%s ' "${areas[@]}") >&2
        in_root meson test -C "$dir" --no-rebuild --print-errorlogs $(printf 'unit-%s ' "${areas[@]}")
        # What the compile-fail tests need: the protocol's generated headers and the precompiled tfpp.hpp.
        pch="test/compile_fail/tfpp_pch.hpp.$([ "$cxx" = clang++-19 ] && echo pch || echo gch)"
        in_root sh -c "ninja -C $dir $pch \$(ninja -C $dir -t targets all | sed -n 's/^\(generated\/[^:]*\.h\): .*/\1/p')" >&2
        in_root sh -c "meson test -C $dir --no-rebuild --print-errorlogs --num-processes 2 --suite compile-fail >/tmp/compile-fail.log 2>&1" ||
            { grep -v ' OK ' "$root/tmp/compile-fail.log" | tail -n 60; exit 1; }
        tail -n 8 "$root/tmp/compile-fail.log"
    fi
    echo "debian13 $cxx: $(( $(date +%s) - start )) s"
done
