#!/usr/bin/env bash
# Installs the build into a scratch prefix and builds a provider against it
# with pkg-config alone, as a project outside Meson would.
#   check_installed.sh BUILD_DIR SOURCE_DIR CXX MSGPACK_INCLUDE_DIR
set -euo pipefail
build=$1 src=$2 cxx=$3 msgpack=$4
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT

meson install -C "$build" --destdir "$dest" --no-rebuild --quiet
pc=$(find "$dest" -name tfpp.pc)
test -n "$pc" || { echo "FAIL: no tfpp.pc installed"; exit 1; }
prefix="$dest$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')"
for f in include/tfpp/tfpp.hpp include/tfpp/serve.hpp include/tfpp/protocol/tfplugin6.grpc.pb.h \
         include/tfpp/protocol/tfplugin5.pb.h share/tfpp/proto/tfplugin6.proto share/tfpp/proto/plugin/grpc_stdio.proto; do
    test -f "$prefix/$f" || { echo "FAIL: $f not installed"; exit 1; }
done
find "$prefix" -name 'libtfpp_protocol.a' | grep -q . || { echo "FAIL: libtfpp_protocol.a not installed"; exit 1; }

export PKG_CONFIG_PATH="$(dirname "$pc")"
flags=$(pkg-config --define-variable=prefix="$prefix" --cflags --libs tfpp)
echo "pkg-config tfpp: $flags"
cp "$src/test/packaging/consumer_provider.hpp" "$src/test/packaging/consumer_main.cpp" "$dest/"
# msgpack-cxx and Boost ship no .pc on Debian; msgpack's directory is passed by hand.
$cxx -isystem "$msgpack" "$dest/consumer_main.cpp" -o "$dest/provider" $flags
set +e
out=$("$dest/provider" 2>&1); code=$?
set -e
echo "$out"
[ "$code" -eq 1 ] && grep -q "plugin for Terraform and OpenTofu" <<<"$out" || { echo "FAIL: the installed build's provider misbehaves"; exit 1; }
echo "PASS: built and ran a provider against the installed tfpp"
