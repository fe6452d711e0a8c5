# Shared by scripts/fuzz-smoke.sh, scripts/sanitize.sh and scripts/libcxx.sh:
# clang with its sanitizer and libFuzzer runtimes and llvm-symbolizer
# (readable sanitizer stacks), installed with apt-get when missing, a build
# directory configured for it, and how sanitizer reports are collected.
# Sourced, not run.

need_clang() {  # major version
    local llvm="$1" sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! command -v "clang++-$llvm" >/dev/null || [ ! -x "/usr/lib/llvm-$llvm/bin/llvm-symbolizer" ] ||
        ! ls /usr/lib/llvm-"$llvm"/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
        echo "apt-get install clang-$llvm libclang-rt-$llvm-dev llvm-$llvm" >&2
        $sudo apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
            "clang-$llvm" "libclang-rt-$llvm-dev" "llvm-$llvm" >&2
    fi
    "clang++-$llvm" --version | head -n1
}

# Configures a build directory for clang-N: a new one compiles through ccache
# when there is one (Meson adds ccache by itself only when it picks the
# compiler; scripts/common.sh says why CCACHE_BASEDIR).
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$repo}"
export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros}"  # as there
# These builds carry debug information, for which ccache also keys objects by
# the build directory: a clean clone elsewhere then found none. Without it,
# only the directory recorded in the debug information can be another clone's.
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-true}"
setup_clang_build() {  # directory major-version meson-options...
    local dir="$1" cxx="clang++-$2"
    shift 2
    if [ -f "$dir/build.ninja" ]; then
        meson setup --reconfigure "$dir" "$@" >/dev/null
    else
        ! command -v ccache >/dev/null || cxx="ccache $cxx"
        CXX="$cxx" meson setup "$dir" "$repo" "$@" >/dev/null
    fi
}

# ASan and UBSan at -O0: with both sanitizers clang compiles tfpp's tests at
# -O0 in three quarters of gcc -O2's time, at -O1 in twice it. Line tables
# only: the reports' stacks name files and lines, at a fraction of -g's cost.
# No precompiled headers: a clang PCH records the absolute paths of the
# headers it holds, so one ccache made in another clone holds other files than
# the ones this clone includes, and #pragma once lets both in (redefinitions).
sanitized_options() {  # extra compiler arguments... (one option a line, for mapfile)
    printf '%s\n' -Db_sanitize=address,undefined -Db_lundef=false -Doptimization=0 -Ddebug=false -Db_pch=false \
        "-Dcpp_args=${*:+$* }-gline-tables-only -fno-sanitize-recover=undefined"
}
# The one libstdc++ build with sanitizers, shared by sanitize.sh and
# fuzz-smoke.sh (the fuzz targets reuse its libtfpp_values): the unit files
# that need gRPC (libcxx.sh runs the others sanitized, with libc++), the serve
# suite and the fuzz targets.
sanitize_build="${TFPP_SANITIZE_BUILD_DIR:-$repo/build-sanitize}"
sanitize_build_options() {  # msgpack include directory
    sanitized_options
    printf '%s\n' -Dunit_sources=grpc -Dfuzz=enabled -Dbenchmarks=false -De2e=disabled "-Dmsgpack_include_dir=$1"
}

# Sanitizer reports go to files in a fresh directory (also those of a
# provider process whose exit code no test reads); any such file fails the run.
sanitizer_reports_begin() {  # llvm major version
    sanitizer_reports="$(mktemp -d "${TMPDIR:-/tmp}/tfpp-sanitize.XXXXXX")"
    # Inherited by every process the tests start; test/serve/harness.hpp
    # passes them on to the providers it spawns.
    export ASAN_OPTIONS="detect_leaks=1:log_path=$sanitizer_reports/asan:symbolize=1"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$sanitizer_reports/ubsan"
    export ASAN_SYMBOLIZER_PATH="/usr/lib/llvm-$1/bin/llvm-symbolizer"
}
sanitizer_reports_end() {  # prints the reports; fails when there is one
    local f found=0
    for f in "$sanitizer_reports"/*; do
        [ -f "$f" ] || continue
        found=$((found + 1))
        printf '\n--- %s\n' "$f"
        head -n 80 "$f"
    done
    echo "$found sanitizer report(s)"
    [ "$found" -eq 0 ] || return 1
    rm -rf "$sanitizer_reports"
}
