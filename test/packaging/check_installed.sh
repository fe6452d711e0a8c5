#!/usr/bin/env bash
# Installs the build into a scratch directory, moves the installed tree
# elsewhere (it must not depend on where it was installed), checks what it
# holds and that no file of it names this machine's build, source or cache
# directories, then builds and runs the pkg-config and CMake consumers
# against it (check_consumers.sh).
#   check_installed.sh BUILD_DIR SOURCE_DIR TOFU
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) tofu=$3
work="$build/packaging-installed"
rm -rf "$work"; mkdir -p "$work"

meson install -C "$build" --destdir "$work/staged" --no-rebuild --quiet
prefix_opt=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
mv "$work/staged$prefix_opt" "$work/moved"
prefix="$work/moved"
libdir=$(dirname "$(find "$prefix" -name libtfpp.a)")

for f in include/tfpp/tfpp.hpp include/tfpp/serve.hpp include/tfpp/protocol/tfplugin6.grpc.pb.h \
         include/tfpp/protocol/tfplugin5.pb.h share/tfpp/proto/tfplugin6.proto share/tfpp/proto/plugin/grpc_stdio.proto; do
    test -f "$prefix/$f" || { echo "FAIL: $f not installed"; exit 1; }
done
for f in libtfpp.a libtfpp_values.a libtfpp_protocol.a pkgconfig/tfpp.pc cmake/tfpp/tfppConfig.cmake cmake/tfpp/tfppConfigVersion.cmake; do
    test -f "$libdir/$f" || { echo "FAIL: $f not installed in ${libdir#$prefix/}"; exit 1; }
done
# msgpack-cxx comes with tfpp when it was off the default include path.
msgpack_dir=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "msgpack_include_dir"))')
if [ -n "$msgpack_dir" ]; then
    test -f "$prefix/include/tfpp/third_party/msgpack.hpp" || { echo "FAIL: msgpack-cxx's headers not installed with tfpp"; exit 1; }
fi
# Relocatable: the pkg-config file and the CMake package name no directory
# of this machine's build (all of theirs are relative to where they lie).
for dir in "$build" "$src" ${msgpack_dir:+"$msgpack_dir"}; do
    if grep -rlF "$dir" "$libdir/pkgconfig/tfpp.pc" "$libdir/cmake/tfpp"; then
        echo "FAIL: the files above name $dir"; exit 1
    fi
done
grep '^prefix=${pcfiledir}' "$libdir/pkgconfig/tfpp.pc" || { echo "FAIL: tfpp.pc's prefix is not relative to it"; exit 1; }

bash "$src/test/packaging/check_consumers.sh" "$src" "$work/consumers" "$tofu" "$prefix"
rm -rf "$work"
