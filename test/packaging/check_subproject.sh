#!/usr/bin/env bash
# Uses tfpp as a Meson subproject of another project: dependency('tfpp')
# must resolve through meson.override_dependency, and code using it must build.
# Only the consumer's own library is compiled: the generated stubs are built
# once per build directory and the main build already proves they link.
#   check_subproject.sh SOURCE_DIR MSGPACK_INCLUDE_DIR
set -euo pipefail
src=$1 msgpack=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$src"/test/packaging/subproject/meson.build "$src"/test/packaging/consumer_* "$work/"
mkdir "$work/subprojects"
ln -s "$src" "$work/subprojects/tfpp"
opts=()
[ -n "$msgpack" ] && opts+=("-Dtfpp:msgpack_include_dir=$msgpack")
meson setup "$work/build" "$work" "${opts[@]}" > "$work/setup.log" 2>&1 || { cat "$work/setup.log"; exit 1; }
grep -E "Subproject tfpp|Dependency tfpp" "$work/setup.log"
meson compile -C "$work/build" consumer_models
echo "PASS: dependency('tfpp') resolved from the subproject and compiled"
