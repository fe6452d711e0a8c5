#!/usr/bin/env bash
# Builds the pinned OpenTofu (and HashiCorp Terraform) binaries from the Go
# module proxy and caches them, keyed by version and Go version, so that each
# machine compiles them once.  Prints nothing but progress on stderr; the
# binaries end up in "$TFPP_TOOLS_DIR/<name>-<version>-<go>/".
#
#   scripts/build-go-tools.sh tofu        -> path of the tofu binary on stdout
#   scripts/build-go-tools.sh terraform   -> path of the terraform binary on stdout
#   scripts/build-go-tools.sh terraform-current -> current Terraform (experiments allowed)
#   scripts/build-go-tools.sh tfplugindocs -> path of HashiCorp's docs generator and validator
#   TERRAFORM_VERSION=v1.5.7 scripts/build-go-tools.sh terraform, OPENTOFU_VERSION=v1.6.3 ... tofu:
#     the older CLIs of scripts/compat-matrix.sh (each pinned below)
#
# Each module's hash is pinned below (go.sum's h1: form) and checked before
# it is built; a cached binary is used only while it still has the SHA-256
# recorded when it was built.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/go-env.sh"

OPENTOFU_VERSION="${OPENTOFU_VERSION:-v1.12.6}"
TERRAFORM_VERSION="${TERRAFORM_VERSION:-v1.8.5}"
TERRAFORM_CURRENT_VERSION="${TERRAFORM_CURRENT_VERSION:-v1.16.4}"
TFPLUGINDOCS_VERSION="${TFPLUGINDOCS_VERSION:-v0.25.0}"
# `go mod download -json MODULE@VERSION` prints these as "Sum".
declare -A module_sums=(
    [github.com/opentofu/opentofu@v1.12.6]="h1:0VT4P8pMmGcCUnQ9JDrJ+Qg2d35Vzm4FFd/9+H7oF98="
    [github.com/hashicorp/terraform@v1.8.5]="h1:qsZZLERVJoBe7a9PlVaZAmi+18qsBnbSSbrtAlsBoIY="
    [github.com/hashicorp/terraform@v1.16.4]="h1:0yyJB6OufO0kqoNg95TGhf+41NsG77th1DPSnKBD878="
    [github.com/hashicorp/terraform-plugin-docs@v0.25.0]="h1:qHs1V257NxVe8tv6HS4UQfNqjaPP5eUlLeDf7jYk85U="
    # The older CLIs of the compatibility matrix (scripts/compat-matrix.sh), not built by CI.
    [github.com/hashicorp/terraform@v1.5.7]="h1:HL+iEBdp6mC/tqQM1F5jA5y32CbxXPwyiNQyYSXVzw0="
    [github.com/hashicorp/terraform@v1.11.4]="h1:n5VVSuZsOLbQc9tpqny1mnd6cttyTwvEpLPVewj9UYA="
    [github.com/hashicorp/terraform@v1.14.0]="h1:WASUNWKwcaMVsBwYf/i2CcCM9uiNEA5e3WQSi3TgcYc="
    [github.com/opentofu/opentofu@v1.6.3]="h1:aWutoODFUB+k9EZ6xtnf7571oCmUiVZ4d1bevHVhsJg="
    [github.com/opentofu/opentofu@v1.8.11]="h1:yXQiq5U8zWC1L/aaT2kN6dQQ4BRoaExUhX4TuEnL24c="
    [github.com/opentofu/opentofu@v1.10.10]="h1:ELFHOkY0x/bHvkgBP4KK3i7Y19CSFuHOyeZOLc0cqWY="
)
tools_dir="${TFPP_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tfpp-tools}"
go_version="$(go env GOVERSION)"
tmp=""
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT

log() { echo "build-go-tools: $*" >&2; }

# Downloads a module (verified by the checksum database) and checks it
# against the hash pinned above; prints its directory in the module cache.
verified_module() {  # <module@version>
    local expected="${module_sums[$1]:-}" json sum
    [ -n "$expected" ] || { log "no pinned hash for $1: add its go.sum h1: hash to scripts/build-go-tools.sh"; exit 1; }
    json="$(cd "$tmp" && GOFLAGS=-mod=mod go mod download -json "$1")"
    sum="$(sed -n 's/^[[:space:]]*"Sum": "\(.*\)",$/\1/p' <<<"$json")"
    [ "$sum" = "$expected" ] || { log "$1 has hash '$sum', not the pinned $expected"; exit 1; }
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<<"$json"
}

# A cached binary, if it is still the one that was built: its SHA-256 was
# recorded next to it then.
cached() {  # <dir> <binary name>
    [ -x "$1/$2" ] && [ -f "$1/.sha256" ] && (cd "$1" && sha256sum --check --status .sha256)
}

# Build into a fresh temp dir next to the cache entry, record the binary's
# hash and rename it into place, so an interrupted build never leaves a
# half-written binary that looks cached.
publish() {  # <tmpdir> <final dir> <binary name>
    (cd "$1" && sha256sum "$3" > .sha256)
    rm -rf "$2.old"; [ -d "$2" ] && mv "$2" "$2.old"
    mv "$1" "$2"; rm -rf "$2.old"
    tmp=""
}

# Whether `<binary> version` prints the line. grep reads all of it: with -q
# it could close the pipe first, and pipefail would fail the check (SIGPIPE).
reports_version() { "$1" version 2>/dev/null | grep -x "$2" >/dev/null; }

build_tofu() {
    local dest="$tools_dir/opentofu-$OPENTOFU_VERSION-$go_version"
    if cached "$dest" tofu && reports_version "$dest/tofu" "OpenTofu ${OPENTOFU_VERSION}"; then
        echo "$dest/tofu"; return
    fi
    log "building OpenTofu $OPENTOFU_VERSION with $go_version (first time on this machine: several minutes)"
    mkdir -p "$tools_dir"
    tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    # go install refuses modules with replace directives; build inside the
    # downloaded module instead, where its own go.mod and go.sum apply.
    local dir
    dir="$(verified_module "github.com/opentofu/opentofu@$OPENTOFU_VERSION")"
    [ -n "$dir" ] || { log "go mod download did not name a module directory"; exit 1; }
    (cd "$dir" && CGO_ENABLED=0 go build -trimpath \
        -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" -o "$tmp/tofu" ./cmd/tofu)
    "$tmp/tofu" version >&2
    publish "$tmp" "$dest" tofu
    echo "$dest/tofu"
}

build_terraform() {
    local dest="$tools_dir/terraform-$TERRAFORM_VERSION-$go_version"
    if cached "$dest" terraform && reports_version "$dest/terraform" "Terraform ${TERRAFORM_VERSION}"; then
        echo "$dest/terraform"; return
    fi
    if nested_modules "$TERRAFORM_VERSION"; then
        build_terraform_from_source "$TERRAFORM_VERSION" "$dest" ""
        echo "$dest/terraform"; return
    fi
    log "building Terraform $TERRAFORM_VERSION with $go_version"
    mkdir -p "$tools_dir"
    tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    verified_module "github.com/hashicorp/terraform@$TERRAFORM_VERSION" >/dev/null
    CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath \
        -ldflags "-s -w -checklinkname=0 -X github.com/hashicorp/terraform/version.dev=no" \
        "github.com/hashicorp/terraform@$TERRAFORM_VERSION"
    "$tmp/terraform" version >&2
    publish "$tmp" "$dest" terraform
    echo "$dest/terraform"
}

# From v1.9 Terraform's go.mod points the remote-state backends that need
# cloud SDKs (and internal/legacy) at nested modules the module zip leaves
# out, so neither `go install` nor a build of the zip works. This drops them:
# their require and replace lines from go.mod, their imports and entries from
# the backend table (local, remote, cloud, http and inmem stay; nothing else
# imports the dropped ones). Every line it removes must be there exactly once:
# a source that changed stops the build here.
dropped_backends=(azure consul cos gcs kubernetes oci oss pg s3)
drop_nested_modules() {  # <writable copy of the terraform module>
    python3 - "$1" "${dropped_backends[@]}" <<'PY'
import re, sys
root, backends = sys.argv[1], sys.argv[2:]
# An older release lacks some (v1.11 has no oci): drop those its go.mod names.
gomod = open(f"{root}/go.mod", encoding="utf-8").read()
backends = [b for b in backends if f"/internal/backend/remote-state/{b} v0.0.0-" in gomod]
def edit(rel, patterns):
    path = f"{root}/{rel}"
    lines = open(path, encoding="utf-8").read().split("\n")
    for p in patterns:
        hits = [i for i, l in enumerate(lines) if re.fullmatch(p, l)]
        if len(hits) != 1:
            sys.exit(f"build-go-tools: {rel}: expected one line matching {p!r}, found {len(hits)}: "
                     "the Terraform source changed, update drop_nested_modules")
        del lines[hits[0]]
    open(path, "w", encoding="utf-8").write("\n".join(lines))
# The Kyber draft and its `tlskyber` setting are gone from Go, and Go 1.26
# refuses a go.mod that names it (v1.11 does, to turn the draft off).
open(f"{root}/go.mod", "w", encoding="utf-8").write(re.sub(r"(?m)^godebug tlskyber=0\n", "", gomod))
mod = "github.com/hashicorp/terraform/internal/"
nested = [f"backend/remote-state/{b}" for b in backends] + ["legacy"]
edit("go.mod", [rf"\t{re.escape(mod + n)} v0\.0\.0-00010101000000-000000000000" for n in nested] +
               [rf"replace {re.escape(mod + n)} => \./internal/{re.escape(n)}" for n in nested])
edit("internal/backend/init/init.go",
     [rf'\tbackend\w+ "{re.escape(mod)}backend/remote-state/{b}"' for b in backends] +
     [rf'\t\t"{"azurerm" if b == "azure" else b}": +func\(\) backend\.Backend {{ return backend\w+\.New\(\) }},'
      for b in backends])
PY
}

# Current Terraform, for the protocol's newest features (list resources,
# actions, state stores); built with experiments allowed, as its alpha
# releases are, so that the experimental state_store block works.
build_terraform_current() {
    local version="$TERRAFORM_CURRENT_VERSION"
    local dest="$tools_dir/terraform-$version-experiments-$go_version"
    if cached "$dest" terraform && reports_version "$dest/terraform" "Terraform ${version}"; then
        echo "$dest/terraform"; return
    fi
    build_terraform_from_source "$version" "$dest" "-X main.experimentsAllowed=yes"
    echo "$dest/terraform"
}

# Whether this Terraform release needs drop_nested_modules (v1.9 and later).
nested_modules() {  # <version>
    local minor="${1#v1.}"; minor="${minor%%.*}"
    [[ "$1" == v1.* && "$minor" -ge 9 ]]
}

build_terraform_from_source() {  # <version> <dest> <extra -ldflags>
    local version="$1" dest="$2" extra="$3"
    log "building Terraform $version with $go_version, without the backends that need nested modules"
    mkdir -p "$tools_dir"
    tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    local dir
    dir="$(verified_module "github.com/hashicorp/terraform@$version")"
    [ -n "$dir" ] || { log "go mod download did not name a module directory"; exit 1; }
    cp -r "$dir" "$tmp/src"
    chmod -R u+w "$tmp/src"
    drop_nested_modules "$tmp/src"
    (cd "$tmp/src" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w $extra \
        -X github.com/hashicorp/terraform/version.dev=no" -o "$tmp/terraform" .)
    rm -rf "$tmp/src"
    "$tmp/terraform" version >&2
    publish "$tmp" "$dest" terraform
}

build_tfplugindocs() {
    local dest="$tools_dir/tfplugindocs-$TFPLUGINDOCS_VERSION-$go_version"
    if cached "$dest" tfplugindocs; then
        echo "$dest/tfplugindocs"; return
    fi
    log "building tfplugindocs $TFPLUGINDOCS_VERSION with $go_version"
    mkdir -p "$tools_dir"
    tmp="$(mktemp -d "$tools_dir/.build.XXXXXX")"
    verified_module "github.com/hashicorp/terraform-plugin-docs@$TFPLUGINDOCS_VERSION" >/dev/null
    CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath -ldflags "-s -w" \
        "github.com/hashicorp/terraform-plugin-docs/cmd/tfplugindocs@$TFPLUGINDOCS_VERSION"
    "$tmp/tfplugindocs" --help >/dev/null 2>&1 || true
    publish "$tmp" "$dest" tfplugindocs
    echo "$dest/tfplugindocs"
}

case "${1:-}" in
    tofu) build_tofu ;;
    terraform) build_terraform ;;
    terraform-current) build_terraform_current ;;
    tfplugindocs) build_tfplugindocs ;;
    *) echo "usage: $0 tofu|terraform|terraform-current|tfplugindocs" >&2; exit 2 ;;
esac
