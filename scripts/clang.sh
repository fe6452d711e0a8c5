# Shared by scripts/fuzz-smoke.sh and scripts/sanitize.sh: clang with its
# sanitizer and libFuzzer runtimes and llvm-symbolizer (readable sanitizer
# stacks), installed with apt-get when missing, and a build directory
# configured for it. Sourced, not run.

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
