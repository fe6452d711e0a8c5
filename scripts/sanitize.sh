#!/usr/bin/env bash
# Sanitizer run: the unit and serve suites built with clang, AddressSanitizer
# and UndefinedBehaviorSanitizer in a build directory of their own, then
# OpenTofu drives the sanitized examples/local through its end-to-end
# scenario. Fails on a failed test and on any sanitizer report, also one
# from a provider process whose exit code no test reads: reports go to
# files, and any such file fails the run.
#
# Usage: scripts/sanitize.sh [CLI]   (OpenTofu or Terraform; default: the
#                                     OpenTofu scripts/build-go-tools.sh builds)
# Environment:
#   TFPP_SANITIZE_BUILD_DIR  build directory (default build-sanitize in the repo)
#   TFPP_SANITIZE_CLANG      clang major version (default 16, as the fuzz smoke run)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TFPP_SANITIZE_BUILD_DIR:-$repo/build-sanitize}"
llvm="${TFPP_SANITIZE_CLANG:-16}"
start_all=$(date +%s)
step() { printf '\n==> %s\n' "$*"; }

step "clang-$llvm and msgpack-cxx headers"
source "$repo/scripts/clang.sh"
need_clang "$llvm"
msgpack_dir="$("$repo/scripts/install-deps.sh")"
cli="${1:-$("$repo/scripts/build-go-tools.sh" tofu)}"

step "Configure $build"
# -O0: with both sanitizers clang compiles tfpp's tests at -O0 in three
# quarters of gcc -O2's time, at -O1 in twice it. Line tables only: the
# reports' stacks name files and lines, at a fraction of -g's cost.
opts=(-Db_sanitize=address,undefined -Db_lundef=false -Doptimization=0 -Ddebug=false
      "-Dcpp_args=-gline-tables-only -fno-sanitize-recover=undefined"
      -Dbenchmarks=false -De2e=disabled -Dmsgpack_include_dir="$msgpack_dir")
setup_clang_build "$build" "$llvm" "${opts[@]}"

step "Build what the unit and serve suites run"
start=$(date +%s)
mapfile -t targets < <(python3 - "$build" <<'PY'
import json, os, sys
build = sys.argv[1]
info = lambda name: json.load(open(os.path.join(build, "meson-info", name)))
outputs = {t["id"]: t["filename"] for t in info("intro-targets.json")}
for test in info("intro-tests.json"):
    if {"tfpp:unit", "tfpp:serve"} & set(test["suite"]):
        for dep in test["depends"]:
            for f in outputs[dep]:
                print(os.path.relpath(f, build))
PY
)
ninja -C "$build" -j2 "${targets[@]}"
echo "build: $(( $(date +%s) - start )) s"

reports="$(mktemp -d "${TMPDIR:-/tmp}/tfpp-sanitize.XXXXXX")"
# Inherited by every process the tests start; test/serve/harness.hpp passes
# them on to the providers it spawns.
export ASAN_OPTIONS="detect_leaks=1:log_path=$reports/asan:symbolize=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan"
export ASAN_SYMBOLIZER_PATH="/usr/lib/llvm-$llvm/bin/llvm-symbolizer"

status=0
step "Unit and serve suites, sanitized"
start=$(date +%s)
# -O0 under ASan runs several times slower than the -O2 build the timeouts
# are set for, and a loaded machine slows it again (exploration took 120 s
# beside four builds); a hang still ends at ten times the timeout.
meson test -C "$build" --no-rebuild --print-errorlogs --suite unit --suite serve \
    --num-processes 2 --timeout-multiplier 10 || status=1
echo "tests: $(( $(date +%s) - start )) s"

step "End to end: $(basename "$cli") drives the sanitized examples/local (protocol 6)"
start=$(date +%s)
python3 "$repo/test/e2e/run_e2e.py" --cli "$cli" --provider "$build/examples/terraform-provider-local" \
    --protocol 6 || status=1
echo "e2e: $(( $(date +%s) - start )) s"

step "Sanitizer reports"
found=0
for f in "$reports"/*; do
    [ -f "$f" ] || continue
    found=$((found + 1))
    printf '\n--- %s\n' "$f"
    head -n 80 "$f"
done
echo "$found report(s)"
[ "$found" -eq 0 ] || status=1
[ "$status" -ne 0 ] || rm -rf "$reports"
echo "wall time: $(( $(date +%s) - start_all )) s"
exit "$status"
