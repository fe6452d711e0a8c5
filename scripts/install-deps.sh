#!/usr/bin/env bash
# Installs what building and testing tfpp needs on Debian 12, then prints the
# directory that holds msgpack-cxx's headers (for -Dmsgpack_include_dir).
#
# libmsgpack-cxx-dev cannot be installed with apt beside libboost1.81-dev (it
# pulls in libboost1.74-dev, which 1.81 conflicts with), and tfpp uses it
# without Boost anyway. So its headers are unpacked from the .deb into a cache
# directory of their own and the system's package state is left untouched.
set -euo pipefail

packages=(g++ pkgconf meson ninja-build protobuf-compiler protobuf-compiler-grpc
          libgrpc++-dev libprotobuf-dev libssl-dev libfmt-dev libboost1.81-dev
          nlohmann-json3-dev catch2 python3 ca-certificates time
          python3-matplotlib   # bench/anchor/charts.py draws the benchmark charts (SVG)
          ccache   # the next run compiles only what changed, in every build directory
          cmake lintian   # test/packaging: the CMake consumer of an installed tfpp; the .deb's check
          gpg gpg-agent openssl   # scripts/release.sh signs; test/registry makes keys and a CA
          # examples/postgresql links libpq; its end-to-end test runs a throwaway
          # server (initdb, pg_ctl, psql; test/e2e/pg_server.py), never the packaged cluster
          libpq-dev postgresql-15 postgresql-client-15)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ "${#missing[@]}" -gt 0 ]; then
    echo "install-deps: apt-get install ${missing[*]}" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

cache="${XDG_CACHE_HOME:-$HOME/.cache}/tfpp-tools"
msgpack_root="$cache/msgpack-cxx-4.1.3"
# The one package taken from outside apt's install: pinned by version and hash.
msgpack_deb_version="4.1.3-1"
declare -A msgpack_deb_sha256=(
    [amd64]="9adc2f26df4710f396239434f6cce90a718d75a3b38289957bb89b031748d8a1"
)
if [ ! -f "$msgpack_root/usr/include/msgpack.hpp" ]; then
    echo "install-deps: unpacking libmsgpack-cxx-dev headers into $msgpack_root" >&2
    mkdir -p "$cache"
    arch="$(dpkg --print-architecture)"
    expected="${msgpack_deb_sha256[$arch]:-}"
    [ -n "$expected" ] || { echo "install-deps: no pinned hash of libmsgpack-cxx-dev $msgpack_deb_version for $arch" >&2; exit 1; }
    tmp="$(mktemp -d "$cache/.msgpack.XXXXXX")"
    # As root, apt-get download would hand the download to the _apt user,
    # who cannot write in this private directory: it stays root's.
    sandbox=(); [ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
    download() { (cd "$tmp" && apt-get download -qq "${sandbox[@]}" "libmsgpack-cxx-dev=$msgpack_deb_version" >&2); }
    if ! download; then
        $sudo apt-get update -qq >&2   # a fresh machine may have no package lists yet
        download
    fi
    deb="$tmp/libmsgpack-cxx-dev_${msgpack_deb_version}_$arch.deb"
    actual="$(sha256sum "$deb" | cut -d' ' -f1)"
    [ "$actual" = "$expected" ] || { echo "install-deps: $deb has SHA-256 $actual, not the pinned $expected" >&2; exit 1; }
    dpkg-deb -x "$deb" "$tmp/root"
    test -f "$tmp/root/usr/include/msgpack.hpp"
    rm -rf "$msgpack_root"; mv "$tmp/root" "$msgpack_root"; rm -rf "$tmp"
fi
echo "$msgpack_root/usr/include"
