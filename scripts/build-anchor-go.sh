#!/usr/bin/env bash
# Builds bench/anchor-go's terraform-provider-local (the Go framework port of
# examples/local) from the Go module proxy, for tfpp::testing::differential's
# test (meson -Dgo_local_provider=PATH); prints the binary's path.
#
#   scripts/build-anchor-go.sh OUT_DIR
#
# Go's build cache makes a rebuild of unchanged sources take about a second;
# from an empty cache it compiles gRPC, protobuf and the framework (about a
# minute of CPU, bench/anchor-go/README.md). bench/anchor's smoke pass then
# finds those packages cached.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/go-env.sh"
module="$(cd "$(dirname "${BASH_SOURCE[0]}")/../bench/anchor-go" && pwd)"
out="${1:?usage: build-anchor-go.sh OUT_DIR}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
(cd "$module" && go mod download && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" \
    -o "$out/terraform-provider-local" ./cmd/terraform-provider-local) >&2
echo "$out/terraform-provider-local"
