#!/usr/bin/env bash
# The linux_arm64 cross build's machine, shared by scripts/arm64.sh and a
# provider repository's scripts/release.sh --arm64: Debian's cross compiler
# and qemu-user-static (release.sh asks the arm64 binary its version under
# it), the arm64 builds of what a static release links unpacked into
# DIR/sysroot, and the Meson cross files. Prints the `meson setup` arguments
# that name them, one a line.
#
#   scripts/arm64-sysroot.sh DIR
#
# Debian's :arm64 -dev packages of gRPC and protobuf cannot be installed
# beside the amd64 ones the main build needs (apt would remove gcc, g++ and
# clang), so their .debs are unpacked into a sysroot of their own, as
# scripts/install-deps.sh does for msgpack-cxx.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="${1:?usage: scripts/arm64-sysroot.sh DIR}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
sysroot="$work/sysroot"
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"

if ! command -v aarch64-linux-gnu-g++ >/dev/null || ! command -v qemu-aarch64-static >/dev/null; then
    echo "apt-get install g++-aarch64-linux-gnu qemu-user-static" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        g++-aarch64-linux-gnu qemu-user-static >&2
fi

# The arm64 builds of what the release links, at the versions of the amd64
# ones; the sysroot is made again when the list changes.
packages=(libgrpc++-dev libgrpc-dev libprotobuf-dev libssl-dev libabsl-dev libre2-dev libc-ares-dev zlib1g-dev
          libfmt-dev libboost1.81-dev)
stamp="$sysroot/.packages"
if [ "$(cat "$stamp" 2>/dev/null)" != "${packages[*]}" ]; then
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        $sudo dpkg --add-architecture arm64
    fi
    $sudo apt-get -o DPkg::Lock::Timeout=900 update -qq >&2
    rm -rf "$sysroot" "$work/debs"
    mkdir -p "$work/debs"
    (cd "$work/debs" && apt-get download -qq $(printf '%s:arm64 ' "${packages[@]}") nlohmann-json3-dev 2>/dev/null)
    for deb in "$work/debs"/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
    # Static archives only: the shared objects' targets are not unpacked.
    find "$sysroot" -name '*.so' -delete
    echo "${packages[*]}" > "$stamp"
fi
# The cross file takes the sysroot's absolute path from a file of its own.
printf "[constants]\nsysroot = '%s'\n" "$sysroot" > "$work/sysroot.ini"
echo "--cross-file=$work/sysroot.ini"
echo "--cross-file=$here/machine/linux-arm64.ini"
# Meson puts ccache before native compilers only; a cross compiler gets it here.
if command -v ccache >/dev/null; then
    printf "[binaries]\nc = ['ccache', 'aarch64-linux-gnu-gcc']\ncpp = ['ccache', 'aarch64-linux-gnu-g++']\n" \
        > "$work/ccache.ini"
    echo "--cross-file=$work/ccache.ini"
fi
