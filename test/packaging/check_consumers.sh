#!/usr/bin/env bash
# Builds the consumer provider against an installed tfpp twice, as projects
# outside Meson do, and drives each binary through OpenTofu:
#   - pkg-config alone: c++ consumer_main.cpp $(pkg-config --cflags --libs tfpp)
#   - CMake: find_package(tfpp), tfpp::tfpp, its unit test run by ctest
#   check_consumers.sh SOURCE_DIR WORK_DIR TOFU [PREFIX]
# PREFIX (a staged or moved install) is found through PKG_CONFIG_PATH and
# CMAKE_PREFIX_PATH; without it, tfpp must be on the system's default paths
# (the Debian package). WORK_DIR is emptied first; a fixed one lets ccache
# find the objects of the last run.
set -euo pipefail
src=$(cd "$1" && pwd) work=$2 tofu=$3 prefix=${4:-}
rm -rf "$work"; mkdir -p "$work"
launcher=(); command -v ccache >/dev/null && launcher=(ccache)
seconds() { echo "$(( $(date +%s) - $1 )) s"; }

if [ -n "$prefix" ]; then
    pcdir=$(dirname "$(find "$prefix" -name tfpp.pc -path '*/pkgconfig/*' | head -1)")
    export PKG_CONFIG_PATH="$pcdir" CMAKE_PREFIX_PATH="$prefix"
fi

echo "--- pkg-config consumer"
start=$(date +%s)
mkdir "$work/pkg-config"
cp "$src/test/packaging/consumer_provider.hpp" "$src/test/packaging/consumer_main.cpp" "$work/pkg-config/"
flags=$(pkg-config --cflags --libs tfpp)
echo "pkg-config --cflags --libs tfpp: $flags"
(cd "$work/pkg-config" && "${launcher[@]}" c++ consumer_main.cpp -o terraform-provider-consumer $flags)
echo "built in $(seconds "$start")"
python3 "$src/test/packaging/run_consumer_e2e.py" --cli "$tofu" --provider "$work/pkg-config/terraform-provider-consumer" \
    > "$work/pkg-config/e2e.log" 2>&1 || { cat "$work/pkg-config/e2e.log"; exit 1; }
tail -1 "$work/pkg-config/e2e.log"

echo "--- CMake consumer"
start=$(date +%s)
cp -r "$src/test/packaging/cmake" "$work/cmake"
cp "$src/test/packaging/consumer_provider.hpp" "$src/test/packaging/consumer_main.cpp" "$work/cmake/"
cd "$work/cmake"
launcher_opt=(); [ ${#launcher[@]} -eq 0 ] || launcher_opt=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${launcher_opt[@]}" > cmake.log 2>&1 || { cat cmake.log; exit 1; }
grep -E "^-- (Found|Could)" cmake.log || true
cmake --build build -j2
ctest --test-dir build --output-on-failure
test -s build/compile_commands.json
echo "built and unit-tested in $(seconds "$start")"
python3 "$src/test/packaging/run_consumer_e2e.py" --cli "$tofu" --provider build/terraform-provider-consumer \
    > e2e.log 2>&1 || { cat e2e.log; exit 1; }
tail -1 e2e.log
# The version rule for 0.x (SameMinorVersion): 0.1 and 0.1.0 match, 0.0 and 0.2 do not.
mkdir "$work/cmake-version"
cat > "$work/cmake-version/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(version_rule CXX)  # the dependencies tfpp finds need a compiler
foreach(requested 0.1 0.1.0 0.0 0.2)
  find_package(tfpp ${requested} QUIET)
  message(STATUS "tfpp ${requested}: ${tfpp_FOUND}")
  unset(tfpp_FOUND)
  unset(tfpp_DIR CACHE)
endforeach()
CMAKE
cmake -S "$work/cmake-version" -B "$work/cmake-version/build" > "$work/cmake-version/log" 2>&1 || { cat "$work/cmake-version/log"; exit 1; }
got=$(sed -n 's/^-- tfpp \(.*\)$/\1/p' "$work/cmake-version/log" | tr '\n' ' ')
[ "$got" = "0.1: 1 0.1.0: 1 0.0: 0 0.2: 0 " ] || { echo "FAIL: find_package(tfpp VERSION) says: $got"; exit 1; }
echo "find_package(tfpp VERSION): $got"
echo "PASS: the pkg-config and CMake consumers built against the installed tfpp and ran under OpenTofu"
