#!/usr/bin/env bash
# Builds the pinned OpenTofu (and HashiCorp Terraform) binaries from the Go
# module proxy and caches them, keyed by version and Go version, so that each
# machine compiles them once.  Prints nothing but progress on stderr; the
# binaries end up in "$TFPP_TOOLS_DIR/<name>-<version>-<go>/".
#
#   scripts/build-go-tools.sh tofu        -> path of the tofu binary on stdout
#   scripts/build-go-tools.sh terraform   -> path of the terraform binary on stdout
#   scripts/build-go-tools.sh tfplugindocs -> path of HashiCorp's docs generator and validator
set -euo pipefail

OPENTOFU_VERSION="${OPENTOFU_VERSION:-v1.12.6}"
TERRAFORM_VERSION="${TERRAFORM_VERSION:-v1.8.5}"
TFPLUGINDOCS_VERSION="${TFPLUGINDOCS_VERSION:-v0.25.0}"
tools_dir="${TFPP_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tfpp-tools}"
go_version="$(go env GOVERSION)"

log() { echo "build-go-tools: $*" >&2; }

# Build into a fresh temp dir next to the cache entry and rename it into place,
# so an interrupted build never leaves a half-written binary that looks cached.
publish() {  # <tmpdir> <final dir>
    rm -rf "$2.old"; [ -d "$2" ] && mv "$2" "$2.old"
    mv "$1" "$2"; rm -rf "$2.old"
}

build_tofu() {
    local dest="$tools_dir/opentofu-$OPENTOFU_VERSION-$go_version"
    if [ -x "$dest/tofu" ] && "$dest/tofu" version 2>/dev/null | grep -qx "OpenTofu ${OPENTOFU_VERSION}"; then
        echo "$dest/tofu"; return
    fi
    log "building OpenTofu $OPENTOFU_VERSION with $go_version (first time on this machine: several minutes)"
    mkdir -p "$tools_dir"
    local tmp; tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    # go install refuses modules with replace directives; build inside the
    # downloaded module instead, where its own go.mod applies.
    local dir
    dir="$(cd "$tmp" && GOFLAGS=-mod=mod go mod download -json "github.com/opentofu/opentofu@$OPENTOFU_VERSION" \
           | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
    [ -n "$dir" ] || { log "go mod download did not name a module directory"; exit 1; }
    (cd "$dir" && CGO_ENABLED=0 go build -trimpath \
        -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" -o "$tmp/tofu" ./cmd/tofu)
    "$tmp/tofu" version >&2
    publish "$tmp" "$dest"
    echo "$dest/tofu"
}

build_terraform() {
    local dest="$tools_dir/terraform-$TERRAFORM_VERSION-$go_version"
    if [ -x "$dest/terraform" ] && "$dest/terraform" version 2>/dev/null | grep -qx "Terraform ${TERRAFORM_VERSION}"; then
        echo "$dest/terraform"; return
    fi
    log "building Terraform $TERRAFORM_VERSION with $go_version"
    mkdir -p "$tools_dir"
    local tmp; tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath \
        -ldflags "-s -w -checklinkname=0 -X github.com/hashicorp/terraform/version.dev=no" \
        "github.com/hashicorp/terraform@$TERRAFORM_VERSION"
    "$tmp/terraform" version >&2
    publish "$tmp" "$dest"
    echo "$dest/terraform"
}

build_tfplugindocs() {
    local dest="$tools_dir/tfplugindocs-$TFPLUGINDOCS_VERSION-$go_version"
    if [ -x "$dest/tfplugindocs" ] && [ -f "$dest/.complete" ]; then
        echo "$dest/tfplugindocs"; return
    fi
    log "building tfplugindocs $TFPLUGINDOCS_VERSION with $go_version"
    mkdir -p "$tools_dir"
    local tmp; tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath -ldflags "-s -w" \
        "github.com/hashicorp/terraform-plugin-docs/cmd/tfplugindocs@$TFPLUGINDOCS_VERSION"
    "$tmp/tfplugindocs" --help >/dev/null 2>&1 || true
    touch "$tmp/.complete"
    publish "$tmp" "$dest"
    echo "$dest/tfplugindocs"
}

case "${1:-}" in
    tofu) build_tofu ;;
    terraform) build_terraform ;;
    tfplugindocs) build_tfplugindocs ;;
    *) echo "usage: $0 tofu|terraform|tfplugindocs" >&2; exit 2 ;;
esac
