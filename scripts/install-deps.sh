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
if [ ! -f "$msgpack_root/usr/include/msgpack.hpp" ]; then
    echo "install-deps: unpacking libmsgpack-cxx-dev headers into $msgpack_root" >&2
    mkdir -p "$cache"
    tmp="$(mktemp -d "$cache/.msgpack.XXXXXX")"
    # apt-get download drops privileges to _apt, which needs to write here.
    chmod 0777 "$tmp"
    if ! (cd "$tmp" && apt-get download -qq libmsgpack-cxx-dev >&2); then
        $sudo apt-get update -qq >&2   # a fresh machine may have no package lists yet
        (cd "$tmp" && apt-get download -qq libmsgpack-cxx-dev >&2)
    fi
    dpkg-deb -x "$tmp"/libmsgpack-cxx-dev_*.deb "$tmp/root"
    test -f "$tmp/root/usr/include/msgpack.hpp"
    rm -rf "$msgpack_root"; mv "$tmp/root" "$msgpack_root"; rm -rf "$tmp"
fi
echo "$msgpack_root/usr/include"
