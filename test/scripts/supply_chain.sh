#!/usr/bin/env bash
# The scripts' supply chain holds whatever the caller's environment says:
# Go's proxy and checksum database stay on, a cached tool whose bytes changed
# since it was built is not used, and no script makes a directory anyone can
# write.
#
#   supply_chain.sh REPO_ROOT TOFU_BINARY
set -euo pipefail
repo="$1" tofu="$2"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

# 1. A hostile environment does not reach the Go commands.
got="$(env GOPROXY=direct GOSUMDB=off GONOSUMDB='*' GOINSECURE='*' GOPRIVATE='*' GOFLAGS=-mod=mod \
       bash -c "source '$repo/scripts/go-env.sh'; go env GOPROXY GOSUMDB GONOSUMDB GOINSECURE GOPRIVATE GOFLAGS" | tr '\n' ' ')"
[ "$got" = "https://proxy.golang.org sum.golang.org    -buildvcs=false " ] || fail "go-env.sh leaves: $got"

# 2. A cached tool is used while its bytes are the ones recorded, and
# rebuilt once they are not. The build is stopped at its first Go command
# (a stand-in `go` that refuses), so the test takes no minutes.
go_version="$(go env GOVERSION)"
entry="$tmp/tools/opentofu-v1.12.6-$go_version"
mkdir -p "$entry" "$tmp/bin"
cp "$tofu" "$entry/tofu"
(cd "$entry" && sha256sum tofu > .sha256)
real_go="$(command -v go)"
cat > "$tmp/bin/go" <<GO
#!/bin/sh
[ "\$1" = env ] && exec "$real_go" "\$@"
echo "stand-in go: refusing \$*" >&2; exit 3
GO
chmod 0755 "$tmp/bin/go"
run_tool() { PATH="$tmp/bin:$PATH" TFPP_TOOLS_DIR="$tmp/tools" OPENTOFU_VERSION=v1.12.6 \
             "$repo/scripts/build-go-tools.sh" tofu 2>"$tmp/stderr"; }
out="$(run_tool)" || fail "an intact cached tofu was not used: $(cat "$tmp/stderr")"
[ "$out" = "$entry/tofu" ] || fail "an intact cached tofu: printed '$out'"
printf 'x' >> "$entry/tofu"
if out="$(run_tool)"; then fail "a changed cached tofu was used: printed '$out'"; fi
grep -q "building OpenTofu" "$tmp/stderr" || fail "a changed cached tofu was not rebuilt: $(cat "$tmp/stderr")"
rm "$entry/.sha256"
if out="$(run_tool)"; then fail "a cached tofu with no recorded hash was used: printed '$out'"; fi

# 3. No script makes anything world-writable.
if grep -rnE 'chmod +(-R +)?(0?[0-7]?[0-7][0-7][2367]\b|[ao]?\+w|o=)' "$repo/scripts" "$repo/.ci"; then
    fail "a script makes a file or directory world-writable"
fi

# 4. The msgpack-cxx package is pinned by version and hash.
grep -q 'msgpack_deb_version="4.1.3-1"' "$repo/scripts/install-deps.sh" || fail "libmsgpack-cxx-dev's version is not pinned"
grep -qE '\[amd64\]="[0-9a-f]{64}"' "$repo/scripts/install-deps.sh" || fail "libmsgpack-cxx-dev's hash is not pinned"

[ "$failures" -eq 0 ] && echo "supply chain: all checks hold"
exit "$failures"
