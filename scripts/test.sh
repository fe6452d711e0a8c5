#!/usr/bin/env bash
# Runs every test: unit, conformance with go-cty, compile-fail, proto wire
# contract, serve (the real provider process over gRPC with AutoMTLS),
# packaging (tfpp installed and used by pkg-config and CMake projects; its
# source tarball and Debian package), end to end with real OpenTofu and
# HashiCorp Terraform over protocols 6 and 5 and the TCP transport
# (examples/postgresql against real PostgreSQL servers), examples/local against
# its Go framework port (tfpp::testing::differential), libc++, linux_arm64
# under qemu, the signed release (both platforms) installed from a local
# registry, a fuzz smoke run, the unit and serve suites under ASan and UBSan,
# benchmark smoke passes.
# Installs what it needs first (Debian packages, OpenTofu, Terraform).
set -euo pipefail
tools_in_background=1
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# The Go tools compile beside tfpp's build: on a fresh machine they are about
# a third of the run, and much of it is waiting for the module proxy.
tools_out="$(mktemp -d)" tools_pid=""
arm64_pid=""
stop_background() {  # what runs beside a step, with its children, when the run stops early
    local p
    for p in $tools_pid $arm64_pid; do pkill -TERM -P "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; done
    rm -rf "$tools_out"
}
trap stop_background EXIT
(
    for tool in tofu terraform terraform-current tfplugindocs; do
        started=$(date +%s)
        "$repo/scripts/build-go-tools.sh" "$tool" > "$tools_out/$tool"
        echo "$tool: $(( $(date +%s) - started )) s"
    done
    # The Go framework port of examples/local, for the differential test.
    started=$(date +%s)
    "$repo/scripts/build-anchor-go.sh" "$tools_out/anchor-go" > "$tools_out/go-local"
    echo "go-local: $(( $(date +%s) - started )) s"
) > "$tools_out/log" 2>&1 &
tools_pid=$!

step "Build (beside it: OpenTofu, HashiCorp Terraform v1.8.5 and v1.16.4, tfplugindocs, from the Go module proxy once, then cached)"
# No debug information: the tests never read it, and it is a quarter of the
# compiler's time (-O2 and assertions stay as in debugoptimized).
configure -Dwerror=true -Ddebug=false
start=$(date +%s)
ninja -C "$build" -j2
echo "build: $(( $(date +%s) - start )) s"
tools_rc=0
wait "$tools_pid" || tools_rc=$?
tools_pid=""
if [ "$tools_rc" != 0 ]; then
    cat "$tools_out/log" >&2
    echo "test.sh: building the Go tools failed (above)" >&2
    exit 1
fi
grep -E '^(tofu|terraform|terraform-current|tfplugindocs|go-local): [0-9]+ s$' "$tools_out/log" | sed 's/^/Go tool /'
tofu="$(cat "$tools_out/tofu")" terraform="$(cat "$tools_out/terraform")"
terraform_current="$(cat "$tools_out/terraform-current")" tfplugindocs="$(cat "$tools_out/tfplugindocs")"
# Into the build directory (configured by now), which outlives this run's temporary files.
mkdir -p "$build/anchor-go"
cp "$(cat "$tools_out/go-local")" "$build/anchor-go/terraform-provider-local"
go_local="$build/anchor-go/terraform-provider-local"
for cli in "$tofu" "$terraform" "$terraform_current"; do "$cli" version 2>/dev/null | sed -n "/^\(OpenTofu\|Terraform\) v/p"; done
# The tools' paths enable the end-to-end tests; only their few targets are left to build.
configure -De2e=enabled -Dtofu="$tofu" -Dterraform="$terraform" -Dterraform_current="$terraform_current" -Dtfplugindocs="$tfplugindocs" \
    -Dgo_local_provider="$go_local"
ninja -C "$build" -j2

step "Unit, compile-fail, proto, serve and packaging tests"
meson test -C "$build" --no-rebuild --print-errorlogs --no-suite e2e --no-suite differential

step "Differential testing: examples/local against bench/anchor-go's Go framework port, over protocol 6 (tfpp::testing::differential)"
meson test -C "$build" --no-rebuild --print-errorlogs --suite differential --verbose

step "The release build as shipped (-Dstatic_release=true: static gRPC, protobuf, OpenSSL, libstdc++; stripped), driven by OpenTofu"
static_build="${TFPP_STATIC_BUILD_DIR:-$repo/build-static}"
static_opts=(-Dstatic_release=true -Dbuildtype=release -Dtests=false -Dmsgpack_include_dir="$msgpack_dir")
if [ -f "$static_build/build.ninja" ]; then
    meson setup --reconfigure "$static_build" "${static_opts[@]}" >/dev/null
else
    meson setup "$static_build" "$repo" "${static_opts[@]}" >/dev/null
fi
ninja -C "$static_build" -j2 examples/terraform-provider-local
static_provider="$static_build/examples/terraform-provider-local"
echo "$(stat -c %s "$static_provider") bytes; shared libraries: $(ldd "$static_provider" | awk '{print $1}' | tr '\n' ' ')"
python3 "$repo/test/e2e/run_e2e.py" --cli "$tofu" --provider "$static_provider" --protocol 6 \
    --earlier-provider "$build/test/e2e/terraform-provider-local-0.0.9"

# linux_arm64 runs emulated, mostly one busy core, while the end-to-end tests
# mostly wait on the CLIs and PostgreSQL: the two run side by side.
arm64_log="$(mktemp)" arm64_path="$(mktemp)" arm64_start=$(date +%s)
bash "$repo/scripts/arm64.sh" "$tofu" "$build/test/serve/serve_tests" "$static_provider" >"$arm64_path" 2>"$arm64_log" &
arm64_pid=$!

step "End to end: OpenTofu and Terraform drive examples/local, examples/random against the Go hashicorp/random's data, and examples/postgresql against PostgreSQL servers the tests start"
# Three at a time: they wait on OpenTofu, Terraform and PostgreSQL's processes
# about a third of the time (181 s against 220 s two at a time).
meson test -C "$build" --no-rebuild --print-errorlogs --suite e2e --verbose --num-processes 3

step "linux_arm64 (ran beside the end-to-end tests): examples/local cross-built (static, stripped), run under qemu: --version, --manifest-json, the handshake with AutoMTLS, the OpenTofu lifecycle"
arm64_rc=0
wait "$arm64_pid" || arm64_rc=$?
arm64_pid=""
cat "$arm64_log"
echo "linux_arm64: $(( $(date +%s) - arm64_start )) s from its start"
[ "$arm64_rc" = 0 ] || { echo "test.sh: linux_arm64 failed (exit $arm64_rc)" >&2; exit 1; }
arm64_provider="$(tail -n 1 "$arm64_path")"
rm -f "$arm64_log" "$arm64_path"

step "tfpp's own release: the source tarball built and installed alone, libtfpp-dev (lintian), the pkg-config and CMake consumers against the installed package under OpenTofu"
# The packaging suite above ran the same consumers against a moved staged install.
bash "$repo/test/packaging/check_release.sh" "$build" "$tofu" "$msgpack_dir"

step "Release: archives signed, served by a local registry, installed by OpenTofu"
# Releases the static binaries above (linux_amd64, linux_arm64) with
# scripts/release.sh and a throwaway key, then installs from a local HTTPS
# registry and network mirror, and locks both platforms.
python3 "$repo/test/registry/run_registry_test.py" --tofu "$tofu" --provider "$static_provider" \
    --provider-arm64 "$arm64_provider"

step "A provider of one's own from the template, cloned alone with tfpp's release tarball as its wrap: static -Dwerror build, its tests, docs, release for linux_amd64 and linux_arm64 (cross-built), registry install; and its CMake route against an installed tfpp"
# Its CMake route finds tfpp in a staged install of this build.
staged="$(mktemp -d)"
meson install -C "$build" --destdir "$staged" --no-rebuild --quiet
prefix="$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')"
TFPP_INSTALL_PREFIX="$staged$prefix" bash "$repo/test/template/run_template_test.sh" "$tofu" "$tfplugindocs"
rm -rf "$staged"

step "Fuzz smoke: every libFuzzer target for a short while (ASan + UBSan, clang)"
TFPP_FUZZ_SECONDS="${TFPP_FUZZ_SECONDS:-15}" bash "$repo/scripts/fuzz-smoke.sh"

step "Sanitizers: the unit files that need gRPC, the serve suite and one OpenTofu scenario under ASan and UBSan (clang 16, in the fuzz step's build directory)"
bash "$repo/scripts/sanitize.sh" "$tofu"

step "clang 16: the compile-fail suite, one tfpp: error per misuse as with GCC (in the sanitizer step's build directory, with clang's precompiled tfpp.hpp)"
# The tests run the compiler alone (-fsyntax-only), so the sanitizer options
# of that directory do not reach them; it already has the generated headers.
clang_build="${TFPP_SANITIZE_BUILD_DIR:-$repo/build-sanitize}"
start=$(date +%s)
ninja -C "$clang_build" -j2 test/compile_fail/tfpp_pch.hpp.pch >/dev/null
meson test -C "$clang_build" --no-rebuild --suite compile-fail --num-processes 2 --print-errorlogs | tail -n 8
echo "clang 16 compile-fail: $(( $(date +%s) - start )) s"

step "clang 14: the providers' templates instantiate under Debian's default clang too"
# clang 16 compiles the library, examples/local and the tests in the step
# above; the two e2e providers it does not build are checked here with it.
if ! command -v clang++-14 >/dev/null; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang-14 >&2
fi
check_syntax() {  # compiler sources... (two at a time)
    local clang="$1"
    shift
    printf '%s\n' "$@" | xargs -P 2 -I{} "$clang" -std=c++20 -Wall -Wextra -Werror -fsyntax-only -pthread \
        -DMSGPACK_NO_BOOST -I"$repo/include" -I"$build/generated" -isystem "$msgpack_dir" "$repo/{}"
    echo "$clang -fsyntax-only: ok: $*"
}
e2e_providers=(test/e2e/schema_json_provider.cpp test/e2e/local_v0.cpp)
library_sources=($(cd "$repo" && ls src/*/*.cpp))
check_syntax clang++-14 examples/local/main.cpp examples/local/local.cpp examples/local/directory.cpp examples/local/id.cpp \
    "${library_sources[@]}" "${e2e_providers[@]}"
check_syntax clang++-16 "${e2e_providers[@]}"

step "libc++ (macOS's C++ library), clang 16 -stdlib=libc++: every public header; the unit tests that link no gRPC, under ASan and UBSan (with tfpp's stop tokens: libc++ 16 has none)"
bash "$repo/scripts/libcxx.sh" "$msgpack_dir"

step "Codec benchmark smoke pass: every case runs on both sides (timings are not judged)"
python3 "$repo/bench/codec/run.py" --build-dir "$build" --smoke --require-cxx

step "Planning benchmark smoke pass: every case runs once (timings are not judged)"
"$build/bench/plan/tfpp_plan_bench" -smoke

step "Test driver benchmark smoke pass: every scenario runs once (timings are not judged)"
"$build/bench/testing/tfpp_driver_bench" -smoke

step "examples/postgresql benchmark smoke pass: 160 objects applied, planned and destroyed once (timings are not judged)"
python3 "$repo/bench/postgresql/run.py" --cli "$tofu" --provider "$build/examples/terraform-provider-postgresql" --smoke

step "B7 smoke pass: examples/postgresql, examples/random and the no-op Go provider, 20 resources applied, planned and destroyed once (timings are not judged)"
python3 "$repo/bench/workload/run.py" --cli "$tofu" --build-dir "$build" --smoke

step "tfpp against the Go framework: smoke pass of bench/anchor (every case runs on both sides; timings are not judged)"
TFPP_TOFU="$tofu" python3 "$repo/bench/anchor/run.py" --smoke --build-dir "$static_build" \
    --charts "$static_build/bench-anchor/charts"

step "All tests passed"
