#!/usr/bin/env bash
# The full compatibility matrix of issue 40, outside CI: state written by each
# older CLI (Terraform 1.5, 1.8, 1.11, 1.14; OpenTofu 1.6, 1.8, 1.10) with the
# current examples/local and with its release 0.0.9 is planned and applied by
# each newer CLI (Terraform 1.16.4, OpenTofu 1.12.6), each ending in an empty
# plan (test/e2e/run_upgrades.py for each pair). CI runs Terraform 1.8.5 ->
# 1.16.4 only (the e2e suite's `upgrades` test).
#
#   scripts/compat-matrix.sh [BUILD_DIR]        (default: build, configured as scripts/test.sh does)
#
# The older CLIs are built from the Go module proxy by scripts/build-go-tools.sh
# (pinned by hash, cached in ~/.cache/tfpp-tools like the others), one at a
# time under `nice -n 10`: several CPU minutes each the first time. Prints
# each build's time, each pair's result and time, and the matrix's time.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$repo/build}"
older_terraform=(v1.5.7 v1.8.5 v1.11.4 v1.14.0)
older_tofu=(v1.6.3 v1.8.11 v1.10.10)

[ -f "$build/build.ninja" ] || { echo "compat-matrix: $build is not a configured build directory" >&2; exit 2; }
ninja -C "$build" -j2 examples/terraform-provider-local test/e2e/terraform-provider-local-0.0.9 >/dev/null
provider="$build/examples/terraform-provider-local"
earlier="$build/test/e2e/terraform-provider-local-0.0.9"

tool() {  # <kind> <version>: builds (or finds) one CLI, prints its path
    local started path
    started=$(date +%s)
    if [ "$1" = terraform ]; then
        path="$(TERRAFORM_VERSION="$2" nice -n 10 "$repo/scripts/build-go-tools.sh" terraform)"
    else
        path="$(OPENTOFU_VERSION="$2" nice -n 10 "$repo/scripts/build-go-tools.sh" tofu)"
    fi
    echo "compat-matrix: $1 $2: $(( $(date +%s) - started )) s to build or find" >&2
    echo "$path"
}

newer=("$("$repo/scripts/build-go-tools.sh" terraform-current)" "$("$repo/scripts/build-go-tools.sh" tofu)")
older=()
for v in "${older_terraform[@]}"; do older+=("$(tool terraform "$v")"); done
for v in "${older_tofu[@]}"; do older+=("$(tool tofu "$v")"); done

matrix_start=$(date +%s)
failed=0 passed=0
results=()
for old in "${older[@]}"; do
    for new in "${newer[@]}"; do
        # The version line from the whole output (OpenTofu may print a warning
        # first; `| head -1` could end the CLI by SIGPIPE, fatal under pipefail).
        from="$(grep -m1 -E '^(Terraform|OpenTofu) v' <<<"$("$old" version 2>&1)")"
        to="$(grep -m1 -E '^(Terraform|OpenTofu) v' <<<"$("$new" version 2>&1)")"
        started=$(date +%s)
        log="$(mktemp)"
        if python3 "$repo/test/e2e/run_upgrades.py" --older-cli "$old" --newer-cli "$new" \
            --provider "$provider" --earlier-provider "$earlier" >"$log" 2>&1; then
            result=pass; passed=$((passed + 1))
        else
            result=FAIL; failed=$((failed + 1))
            echo "--- $from -> $to failed:" >&2
            tail -30 "$log" >&2
        fi
        rm -f "$log"
        results+=("| $from | $to | $result | $(( $(date +%s) - started )) s |")
        echo "compat-matrix: $from -> $to: $result" >&2
    done
done
echo "| state written by | planned and applied by | result | time |"
echo "|---|---|---|---:|"
printf '%s\n' "${results[@]}"
echo "matrix: $passed passed, $failed failed, $(( $(date +%s) - matrix_start )) s"
[ "$failed" = 0 ]
