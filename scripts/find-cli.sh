#!/usr/bin/env bash
# Prints the path of the OpenTofu or Terraform to run providers with: the
# user's own when tfpp supports its version, else the pinned OpenTofu built
# from the Go module proxy (scripts/build-go-tools.sh; only then is Go needed).
#   1. $TFPP_TOFU, a path or a command name (tofu, terraform): used if
#      supported, an error if not (it was asked for by name);
#   2. tofu, then terraform, on PATH, if supported;
#   3. scripts/build-go-tools.sh tofu.
# Supported: OpenTofu >= 1.12, Terraform >= 1.8 (CI runs OpenTofu 1.12.6,
# Terraform 1.8.5 and 1.16.4; newer protocol features need newer CLIs, see docs/).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
min_opentofu=1.12.0 min_terraform=1.8.0

log() { echo "find-cli: $*" >&2; }
# "OpenTofu 1.12.6" or "Terraform 1.8.5" from `CLI version` (warnings about
# the CLI configuration may come first).
identify() {  # <cli>
    "$1" version 2>/dev/null | sed -n 's/^\(OpenTofu\|Terraform\) v\([0-9][0-9.]*\).*$/\1 \2/p' | head -1
}
at_least() {  # <version> <minimum>
    [ "$(printf '%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]
}
supported() {  # <cli>: prints why not on stderr
    local id name version min
    id="$(identify "$1")"
    [ -n "$id" ] || { log "$1 is neither OpenTofu nor Terraform ('$1 version' says otherwise)"; return 1; }
    name="${id% *}" version="${id#* }"
    [ "$name" = OpenTofu ] && min=$min_opentofu || min=$min_terraform
    at_least "$version" "$min" || { log "$1 is $name $version; tfpp supports $name >= $min"; return 1; }
    log "using $name $version ($1)"
}

if [ -n "${TFPP_TOFU:-}" ]; then
    cli="$(command -v "$TFPP_TOFU" || true)"
    [ -n "$cli" ] || { log "TFPP_TOFU=$TFPP_TOFU is not an executable"; exit 1; }
    supported "$cli" || exit 1
    echo "$cli"; exit 0
fi
for name in tofu terraform; do
    cli="$(command -v "$name" || true)"
    if [ -n "$cli" ] && supported "$cli"; then echo "$cli"; exit 0; fi
done
command -v go >/dev/null || { log "no supported OpenTofu or Terraform on PATH (or in TFPP_TOFU), and no Go (>= 1.25) to build the pinned OpenTofu"; exit 1; }
log "no supported OpenTofu or Terraform on PATH: building the pinned OpenTofu from the Go module proxy (once, then cached)"
exec "$repo/scripts/build-go-tools.sh" tofu
