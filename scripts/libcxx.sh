#!/usr/bin/env bash
# libc++, LLVM's C++ library and the one macOS uses: the library's headers,
# libtfpp_values and the unit tests that do not link gRPC, built with
# clang 16 -stdlib=libc++ (scripts/machine/clang16-libcxx.ini), with
# AddressSanitizer and UndefinedBehaviorSanitizer at -O0, and run: the one
# sanitized run of those files (scripts/sanitize.sh runs the others).
# Debian's gRPC, protobuf and libfmt are built against libstdc++: fmt is used
# header-only here, and the sources that need gRPC are compiled (not linked)
# against libc++. Catch2 2 is header-only, its Debian package serves as is.
#
#   scripts/libcxx.sh [MSGPACK_INCLUDE_DIR]     (build directory: build-libcxx)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$repo/scripts/clang.sh"

need_clang 16  # with its sanitizer runtimes
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
mapfile -t sanitized < <(sanitized_options -stdlib=libc++)  # -Dcpp_args replaces the native file's
setup_clang_build "$build" 16 --native-file "$repo/scripts/machine/clang16-libcxx.ini" "${sanitized[@]}" \
    -Dmsgpack_include_dir="$msgpack_dir" -Dwerror=true -De2e=disabled -Dfuzz=disabled -Dbenchmarks=false
# Every unit area, each without its files that include the protocol
# services or the server (test/unit/meson.build leaves them out with
# libc++): they link Debian's gRPC and protobuf, built for libstdc++.
areas=($(sed -n 's/^build \(test\/unit\/unit-[a-z_]*\): .*/\1/p' "$build/build.ninja" | sort -u))
left_out=$(cd "$repo/test/unit" && grep -lE '<tfpp/(rpc/|serve)|\.pb\.h>' */*.cpp | tr '\n' ' ')
start=$(date +%s)
ninja -C "$build" -j2 libtfpp_values.a "${areas[@]}" generated/tfplugin5.pb.h generated/tfplugin6.pb.h \
    generated/grpc_controller.pb.h generated/grpc_stdio.pb.h generated/grpc_broker.pb.h generated/grpc_health.pb.h \
    generated/tfplugin5.grpc.pb.h generated/tfplugin6.grpc.pb.h generated/grpc_controller.grpc.pb.h \
    generated/grpc_stdio.grpc.pb.h generated/grpc_broker.grpc.pb.h generated/grpc_health.grpc.pb.h
echo "libc++ build: $(( $(date +%s) - start )) s"
sanitizer_reports_begin 16
status=0
# Sanitized -O0 runs several times slower than the -O2 build the timeouts are set for.
meson test -C "$build" --no-rebuild --print-errorlogs --timeout-multiplier 10 "${areas[@]#test/unit/}" || status=1
sanitizer_reports_end || status=1
[ "$status" = 0 ] || exit 1

# Every public header of every layer compiles against libc++ on its own:
# one translation unit per layer below the provider, one for the provider,
# rpc, serve and testing layers (17 s of CPU together, 30 s apart), rpc and
# serve with gRPC's and protobuf's headers (syntax only: their libraries are
# libstdc++'s). The two halves run side by side.
grpc_flags=$(pkg-config --cflags grpc++ protobuf)
check_headers() {  # layer...
    for layer in "$@"; do
        (cd "$repo/include" && find "tfpp/$layer" -name '*.hpp' -not -path '*/detail/*')
    done | sort | sed 's/.*/#include <&>/' |
        clang++-16 -stdlib=libc++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -pthread \
            -DMSGPACK_NO_BOOST -DFMT_HEADER_ONLY -I"$repo/include" -I"$build/generated" -isystem "$msgpack_dir" \
            $grpc_flags -x c++ -
}
check_headers provider rpc serve testing &
upper=$!
for layer in core platform value diag schema codec docs plan; do check_headers "$layer"; done
wait "$upper"
# The platform layer's detail headers are each self-contained.
for header in $(cd "$repo/include" && find tfpp/platform/detail -name '*.hpp' | sort); do
    echo "#include <$header>" | clang++-16 -stdlib=libc++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only \
        -pthread -I"$repo/include" -x c++ -
done
echo "clang++-16 -stdlib=libc++: libtfpp_values and ${#areas[@]} unit areas pass under ASan and UBSan (${areas[*]#test/unit/}; left out," \
    "as they link gRPC: ${left_out}); the public headers of every layer compile"
