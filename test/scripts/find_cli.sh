#!/usr/bin/env bash
# scripts/find-cli.sh takes the user's own OpenTofu or Terraform when tfpp
# supports its version, refuses an unsupported one named by TFPP_TOFU, skips
# an unsupported one on PATH, and without Go says that it cannot build one.
# The CLIs here are stand-ins that print a version; PATH holds nothing else
# of the user's (no /usr/local: no Go, no real CLI).
#   find_cli.sh SOURCE_DIR
set -euo pipefail
find_cli="$1/scripts/find-cli.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fake() {  # <dir> <name> <first line of `version`>
    mkdir -p "$1"
    printf '#!/bin/sh\n[ "$1" = version ] && echo "%s" && echo "on linux_amd64"\n' "$3" > "$1/$2"
    chmod +x "$1/$2"
}
fake "$work/new-tofu" tofu "OpenTofu v1.12.6"
fake "$work/old-tofu" tofu "OpenTofu v1.6.2"
fake "$work/terraform" terraform "Terraform v1.11.4"
fake "$work/old-terraform" terraform "Terraform v1.5.7"
fake "$work/other" tofu "Something else 2.0"
fake "$work/warning-first" tofu "Warning: Unable to open CLI configuration file
OpenTofu v1.13.0"
base="/usr/bin:/bin"
fail=0
expect() {  # <what> <expected stdout or !> <env...>
    local what="$1" want="$2" got code=0
    shift 2
    got=$(env -i HOME="$work" "$@" bash "$find_cli" 2>"$work/err") || code=$?
    if [ "$want" = "!" ]; then
        if [ "$code" -ne 0 ]; then echo "ok: $what: refused: $(tail -1 "$work/err")"; return; fi
    elif [ "$code" -eq 0 ] && [ "$got" = "$want" ]; then echo "ok: $what: $got"; return; fi
    echo "FAIL: $what: exit $code, printed '$got'; stderr: $(cat "$work/err")"; fail=1
}
expect "tofu on PATH" "$work/new-tofu/tofu" PATH="$work/new-tofu:$base"
expect "a warning before the version" "$work/warning-first/tofu" PATH="$work/warning-first:$base"
expect "tofu before terraform" "$work/new-tofu/tofu" PATH="$work/terraform:$work/new-tofu:$base"
expect "terraform when tofu is too old" "$work/terraform/terraform" PATH="$work/old-tofu:$work/terraform:$base"
expect "TFPP_TOFU by path" "$work/terraform/terraform" PATH="$work/new-tofu:$base" TFPP_TOFU="$work/terraform/terraform"
expect "TFPP_TOFU by name" "$work/terraform/terraform" PATH="$work/terraform:$base" TFPP_TOFU=terraform
expect "TFPP_TOFU too old" "!" PATH="$work/new-tofu:$base" TFPP_TOFU="$work/old-terraform/terraform"
expect "TFPP_TOFU not a CLI" "!" PATH="$base" TFPP_TOFU="$work/other/tofu"
expect "TFPP_TOFU missing" "!" PATH="$base" TFPP_TOFU="$work/none/tofu"
expect "only old CLIs and no Go" "!" PATH="$work/old-tofu:$work/old-terraform:$base"
grep -q "no Go" "$work/err" || { echo "FAIL: without Go, find-cli.sh does not say Go is missing"; fail=1; }
[ "$fail" -eq 0 ] && echo "PASS: find-cli.sh" || exit 1
