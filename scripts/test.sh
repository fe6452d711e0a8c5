#!/usr/bin/env bash
# Runs every test: unit, conformance with go-cty, compile-fail, proto wire
# contract, serve (the real provider process over gRPC with AutoMTLS),
# packaging, end to end with real OpenTofu and HashiCorp Terraform over
# protocols 6 and 5 (examples/postgresql against real PostgreSQL servers),
# the signed release installed from a local registry, a fuzz smoke run, the
# unit and serve suites under ASan and UBSan, benchmark smoke passes.
# Installs what it needs first (Debian packages, OpenTofu, Terraform).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

step "HashiCorp Terraform (built from the Go module proxy once, then cached)"
terraform="$("$repo/scripts/build-go-tools.sh" terraform)"
"$terraform" version 2>/dev/null | sed -n "/^Terraform/p"

step "Current Terraform, for the protocol's newest features (built once without the backends that need nested modules, then cached)"
terraform_current="$("$repo/scripts/build-go-tools.sh" terraform-current)"
"$terraform_current" version 2>/dev/null | sed -n "/^Terraform/p"

step "tfplugindocs, HashiCorp's documentation generator, to check the pages --docs writes"
tfplugindocs="$("$repo/scripts/build-go-tools.sh" tfplugindocs)"

step "Build"
# No debug information: the tests never read it, and it is a quarter of the
# compiler's time (-O2 and assertions stay as in debugoptimized).
configure -De2e=enabled -Dterraform="$terraform" -Dterraform_current="$terraform_current" -Dtfplugindocs="$tfplugindocs" -Dwerror=true -Ddebug=false
start=$(date +%s)
ninja -C "$build" -j2
echo "build: $(( $(date +%s) - start )) s"

step "Unit, compile-fail, proto, serve and packaging tests"
meson test -C "$build" --no-rebuild --print-errorlogs --no-suite e2e

step "End to end: OpenTofu and Terraform drive examples/local, and examples/postgresql against PostgreSQL servers the tests start"
# Three at a time: they wait on OpenTofu, Terraform and PostgreSQL's processes
# about a third of the time (181 s against 220 s two at a time).
meson test -C "$build" --no-rebuild --print-errorlogs --suite e2e --verbose --num-processes 3

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

step "Release: archives signed, served by a local registry, installed by OpenTofu"
# Releases the static binary above with scripts/release.sh and a throwaway key,
# then installs it from a local HTTPS registry and network mirror.
python3 "$repo/test/registry/run_registry_test.py" --tofu "$tofu" --provider "$static_provider"

step "A provider of one's own from the template, cloned alone with tfpp's release tarball as its wrap: static -Dwerror build, its tests, docs, release, registry install"
bash "$repo/test/template/run_template_test.sh" "$tofu" "$tfplugindocs"

step "Fuzz smoke: every libFuzzer target for a short while (ASan + UBSan, clang)"
TFPP_FUZZ_SECONDS="${TFPP_FUZZ_SECONDS:-15}" bash "$repo/scripts/fuzz-smoke.sh"

step "Sanitizers: the unit and serve suites and one OpenTofu scenario under ASan and UBSan (clang 16)"
bash "$repo/scripts/sanitize.sh" "$tofu"

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
check_syntax clang++-14 examples/local/main.cpp examples/local/local.cpp examples/local/directory.cpp \
    "${library_sources[@]}" "${e2e_providers[@]}"
check_syntax clang++-16 "${e2e_providers[@]}"

step "Codec benchmark smoke pass: every case runs on both sides (timings are not judged)"
python3 "$repo/bench/codec/run.py" --build-dir "$build" --smoke --require-cxx

step "Planning benchmark smoke pass: every case runs once (timings are not judged)"
"$build/bench/plan/tfpp_plan_bench" -smoke

step "Test driver benchmark smoke pass: every scenario runs once (timings are not judged)"
"$build/bench/testing/tfpp_driver_bench" -smoke

step "examples/postgresql benchmark smoke pass: 160 objects applied, planned and destroyed once (timings are not judged)"
python3 "$repo/bench/postgresql/run.py" --cli "$tofu" --provider "$build/examples/terraform-provider-postgresql" --smoke

step "tfpp against the Go framework: smoke pass of bench/anchor (every case runs on both sides; timings are not judged)"
TFPP_TOFU="$tofu" python3 "$repo/bench/anchor/run.py" --smoke --build-dir "$static_build" \
    --charts "$static_build/bench-anchor/charts"

step "All tests passed"
