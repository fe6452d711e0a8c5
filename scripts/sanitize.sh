#!/usr/bin/env bash
# Sanitizer run: the unit files that need gRPC and the serve suite built with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer in a build directory
# of their own (scripts/libcxx.sh runs the other unit files sanitized, with
# libc++), then OpenTofu drives the sanitized examples/local through its
# end-to-end scenario. Fails on a failed test and on any sanitizer report,
# also one from a provider process whose exit code no test reads: reports go
# to files, and any such file fails the run.
#
# Usage: scripts/sanitize.sh [CLI]   (OpenTofu or Terraform; default: the
#                                     OpenTofu scripts/build-go-tools.sh builds)
# Environment:
#   TFPP_SANITIZE_BUILD_DIR  build directory (default build-sanitize in the repo;
#                            scripts/fuzz-smoke.sh builds its targets there too)
#   TFPP_SANITIZE_CLANG      clang major version (default 16, as the fuzz smoke run)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
llvm="${TFPP_SANITIZE_CLANG:-16}"
start_all=$(date +%s)
step() { printf '\n==> %s\n' "$*"; }

step "clang-$llvm and msgpack-cxx headers"
source "$repo/scripts/clang.sh"
need_clang "$llvm"
msgpack_dir="$("$repo/scripts/install-deps.sh")"
cli="${1:-$("$repo/scripts/build-go-tools.sh" tofu)}"

step "Configure $sanitize_build"
mapfile -t opts < <(sanitize_build_options "$msgpack_dir")
setup_clang_build "$sanitize_build" "$llvm" "${opts[@]}"
build="$sanitize_build"

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

sanitizer_reports_begin "$llvm"
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
sanitizer_reports_end || status=1
echo "wall time: $(( $(date +%s) - start_all )) s"
exit "$status"
