#!/usr/bin/env bash
# The main job: builds the example provider (examples/local) and runs it under
# OpenTofu: init from a local mirror, plan, apply, show the outputs, destroy.
# Installs what it needs first (Debian packages; OpenTofu unless you have a
# supported OpenTofu or Terraform: TFPP_TOFU names one, else tofu or
# terraform on PATH; see scripts/find-cli.sh).
set -euo pipefail
tfpp_user_cli_first=1
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

step "Build the example provider"
configure
ninja -C "$build" -j2 examples/terraform-provider-local
provider="$build/examples/terraform-provider-local"

step "Run by hand, the provider says what it is"
"$provider" || echo "(exit code $?)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# tfpp/local means registry.opentofu.org to OpenTofu, registry.terraform.io to Terraform.
for host in registry.opentofu.org registry.terraform.io; do
    mirror="$work/mirror/$host/tfpp/local/0.1.0/linux_amd64"
    mkdir -p "$mirror"
    cp "$provider" "$mirror/terraform-provider-local_v0.1.0"
done
mkdir -p "$work/config"
cat > "$work/tofurc" <<TFRC
provider_installation {
  filesystem_mirror {
    path = "$work/mirror"
  }
}
TFRC
cat > "$work/config/main.tf" <<'HCL'
terraform {
  required_providers {
    local = {
      source  = "tfpp/local"
      version = "0.1.0"
    }
  }
}

resource "local_file" "hello" {
  filename = "hello.txt"
  content  = "Hello from a C++ provider!\n"
}

data "local_file" "hello" {
  filename = local_file.hello.id
}

output "sha256" {
  value = local_file.hello.content_sha256
}

output "read_back" {
  value = data.local_file.hello.content
}
HCL

export TF_CLI_CONFIG_FILE="$work/tofurc" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1
cd "$work/config"
cli="$(basename "$tofu")"
step "$cli init";    "$tofu" init -no-color
step "$cli plan";    "$tofu" plan -no-color
step "$cli apply";   "$tofu" apply -auto-approve -no-color
step "hello.txt";    cat hello.txt
step "$cli plan (must be empty)"; "$tofu" plan -detailed-exitcode -no-color
step "$cli destroy"; "$tofu" destroy -auto-approve -no-color
step "Done"
