#!/usr/bin/env bash
# Fuzz smoke run: builds the libFuzzer targets of test/fuzz with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer (at -O0, in the build
# directory scripts/sanitize.sh uses, so that each compiles only its own
# file), then runs each target for a short while over a copy of the
# committed seed corpus. Fails on any crash, leak, timeout, out-of-memory or
# sanitizer report, and prints the reproducer's path and bytes.
#
# Environment:
#   TFPP_FUZZ_SECONDS    seconds per target at most (default 20)
#   TFPP_FUZZ_RUNS       inputs per target at most (default: no limit)
#   TFPP_FUZZ_SEED       libFuzzer's seed (default 0: a new one each run), to
#                        replay a run (coverage feedback still varies a little
#                        from run to run, so the sequence is not exact)
#   TFPP_FUZZ_JOBS       targets run at once (default 2)
#   TFPP_FUZZ_TARGETS    space-separated subset (default: all)
#   TFPP_SANITIZE_BUILD_DIR  build directory (default build-sanitize in the repo)
#   TFPP_FUZZ_CLANG      clang major version (default 16: clang 14 rejects
#                        tfpp's consteval model checks, a clang bug fixed later)
#
# Findings go to a temporary directory that is kept when something fails; the
# committed corpus (test/fuzz/corpus) is never written to.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${TFPP_FUZZ_SECONDS:-20}"
runs="${TFPP_FUZZ_RUNS:--1}"
seed="${TFPP_FUZZ_SEED:-0}"
jobs="${TFPP_FUZZ_JOBS:-2}"
targets=(${TFPP_FUZZ_TARGETS:-msgpack_typed msgpack_dynamic type_json json docs_template plan})
llvm="${TFPP_FUZZ_CLANG:-16}"
start_all=$(date +%s)

step() { printf '\n==> %s\n' "$*"; }

step "clang-$llvm with libFuzzer"
source "$repo/scripts/clang.sh"
need_clang "$llvm"
symbolizer="/usr/lib/llvm-$llvm/bin/llvm-symbolizer"

step "Debian packages and msgpack-cxx headers"
msgpack_dir="$("$repo/scripts/install-deps.sh")"

step "Configure $sanitize_build"
mapfile -t opts < <(sanitize_build_options "$msgpack_dir")
setup_clang_build "$sanitize_build" "$llvm" "${opts[@]}"
build="$sanitize_build"

step "Build the fuzz targets"
start=$(date +%s)
# One at a time after a joint attempt, so that a target that does not compile
# is reported as a failure while the others still run.
built=() broken=()
if ! ninja -C "$build" -j2 $(printf 'test/fuzz/fuzz_%s ' "${targets[@]}") >"$build/fuzz-build.log" 2>&1; then
    for t in "${targets[@]}"; do
        if ! ninja -C "$build" -j2 "test/fuzz/fuzz_$t" >"$build/fuzz-build-$t.log" 2>&1; then
            broken+=("$t")
            echo "fuzz_$t does not build:" >&2
            grep -E 'error|FAILED' "$build/fuzz-build-$t.log" | head -n 20 >&2
        fi
    done
fi
for t in "${targets[@]}"; do
    [[ " ${broken[*]-} " == *" $t "* ]] || built+=("$t")
done
echo "build: $(( $(date +%s) - start )) s"

step "Fuzz each target for ${seconds} s or $runs inputs at most, seed $seed (${jobs} at a time)"
work="$(mktemp -d "${TMPDIR:-/tmp}/tfpp-fuzz.XXXXXX")"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}"
export ASAN_SYMBOLIZER_PATH="$symbolizer"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

run_one() {  # target
    local t="$1" dir="$work/$1"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    cp -R "$repo/test/fuzz/corpus/$t/." "$dir/corpus/"
    local rc=0
    "$build/test/fuzz/fuzz_$t" "$dir/corpus" \
        -max_len=4096 -timeout=5 -rss_limit_mb=1024 -max_total_time="$seconds" -runs="$runs" -seed="$seed" \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/" >"$dir/log" 2>&1 || rc=$?
    echo "$rc" >"$dir/rc"
}

pids=()
for t in "${built[@]}"; do
    if [ ! -d "$repo/test/fuzz/corpus/$t" ]; then echo "no corpus for $t" >&2; exit 1; fi
    run_one "$t" &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
done
for p in "${pids[@]}"; do wait "$p"; done

passed=0 failed=0
printf '%-16s %12s %8s %8s  %s\n' target executions cov ft result
for t in "${broken[@]}"; do
    printf '%-16s %12s %8s %8s  %s\n' "$t" - - - "FAILED (does not build)"
    failed=$((failed + 1))
done
for t in "${built[@]}"; do
    dir="$work/$t"
    rc="$(cat "$dir/rc")"
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -n1)"
    final="$(grep -E '^#[0-9]+.*cov: ' "$dir/log" | tail -n1 || true)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$final")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$final")"
    if [ "$rc" = 0 ] && ! ls "$dir/artifacts/"* >/dev/null 2>&1; then
        result=ok; passed=$((passed + 1))
    else
        result="FAILED (exit $rc)"; failed=$((failed + 1))
    fi
    printf '%-16s %12s %8s %8s  %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
done

for t in "${built[@]}"; do
    dir="$work/$t"
    if [ "$(cat "$dir/rc")" != 0 ] || ls "$dir/artifacts/"* >/dev/null 2>&1; then
        printf '\n==> %s failed; the end of its log:\n' "$t"
        grep -v '^#[0-9]' "$dir/log" | tail -n 60
        for a in "$dir/artifacts/"*; do
            [ -f "$a" ] || continue
            echo "reproducer: $a ($(stat -c %s "$a") bytes)"
            echo "  hex: $(od -An -v -tx1 "$a" | tr -d ' \n' | cut -c1-2000)"
            echo "  replay: $build/test/fuzz/fuzz_$t $a"
        done
    fi
done

echo
echo "wall time: $(( $(date +%s) - start_all )) s"
echo "fuzz: $passed passed, $failed failed"
if [ "$failed" -gt 0 ]; then
    echo "findings kept in $work" >&2
    exit 1
fi
rm -rf "$work"
