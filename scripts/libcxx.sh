#!/usr/bin/env bash
# libc++, LLVM's C++ library and the one macOS uses: the library's headers,
# libtfpp_values and the unit tests that do not link gRPC, built with
# clang 16 -stdlib=libc++ (scripts/machine/clang16-libcxx.ini) and run.
# Debian's gRPC, protobuf and libfmt are built against libstdc++: fmt is used
# header-only here, and the sources that need gRPC are compiled (not linked)
# against libc++. Catch2 2 is header-only, its Debian package serves as is.
#
#   scripts/libcxx.sh [MSGPACK_INCLUDE_DIR]     (build directory: build-libcxx)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/clang.sh"

msgpack_dir="${1:-$("$repo/scripts/install-deps.sh")}"
if ! command -v clang++-16 >/dev/null || [ ! -f /usr/lib/llvm-16/include/c++/v1/version ] ||
    [ ! -f /usr/lib/llvm-16/lib/libc++abi.so ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "apt-get install clang-16 libc++-16-dev libc++abi-16-dev" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        clang-16 libc++-16-dev libc++abi-16-dev >&2
fi

build="${TFPP_LIBCXX_BUILD_DIR:-$repo/build-libcxx}"
setup_clang_build "$build" 16 --native-file "$repo/scripts/machine/clang16-libcxx.ini" \
    -Dmsgpack_include_dir="$msgpack_dir" -Dwerror=true -Ddebug=false -De2e=disabled -Dfuzz=disabled \
    -Dbenchmarks=false
# The unit areas whose tests stay below the provider layer. The provider
# layer and those above it need <stop_token> and std::jthread, which libc++
# 16 does not have (libc++ 17 has them behind -fexperimental-library, 20 by
# default; docs/platforms.md).
areas=(codec value)
start=$(date +%s)
ninja -C "$build" -j2 libtfpp_values.a $(printf 'test/unit/unit-%s ' "${areas[@]}")
echo "libc++ build: $(( $(date +%s) - start )) s"
meson test -C "$build" --no-rebuild --print-errorlogs $(printf 'unit-%s ' "${areas[@]}")

# Every public header of the layers below the provider, one translation unit
# per layer, compiles against libc++ on its own.
layers=(core value diag schema codec docs plan)
for layer in "${layers[@]}" platform; do
    # platform has detail headers only, each of them self-contained
    (cd "$repo/include" && find "tfpp/$layer" -name '*.hpp' \( -path 'tfpp/platform/*' -o -not -path '*/detail/*' \) |
        sort | sed 's/.*/#include <&>/') |
        clang++-16 -stdlib=libc++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -pthread \
            -DMSGPACK_NO_BOOST -DFMT_HEADER_ONLY -I"$repo/include" -isystem "$msgpack_dir" -x c++ -
done
echo "clang++-16 -stdlib=libc++: libtfpp_values and the unit tests of ${areas[*]} pass; the public headers of ${layers[*]} and the platform layer compile"
