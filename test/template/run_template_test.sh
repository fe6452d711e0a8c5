#!/usr/bin/env bash
# A provider of one's own, outside the tfpp tree, as a new author makes it:
# scripts/new-provider.sh creates it in a temporary directory, then, in that
# repository, with tfpp as its Meson subproject:
#   - the static release build (-Dtfpp:static_release=true): no shared gRPC,
#     protobuf, OpenSSL or libstdc++, and stripped;
#   - its unit test (tfpp/testing.hpp) and its end-to-end test (OpenTofu);
#   - its documentation, compared with tfplugindocs' and validated by it;
#   - its release command, signed with a throwaway key, then installed by
#     OpenTofu from the local registry (test/registry) and refused tampered.
#
#   run_template_test.sh TOFU TFPLUGINDOCS
set -euo pipefail
tofu="$1" tfplugindocs="$2"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
gnupg="$work/gnupg"
cleanup() { GNUPGHOME="$gnupg" gpgconf --kill all 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
elapsed() { echo "[$(( $(date +%s) - $1 )) s]"; }

dir="$work/terraform-provider-notes"
"$repo/scripts/new-provider.sh" notes "$dir" --namespace acme
cd "$dir"
[ -d examples/resources/notes_note ] && grep -q 'struct provider' src/provider.hpp && ! grep -rq scaffold --exclude-dir=subprojects . \
    || { echo "FAIL: the template was not renamed"; exit 1; }

start=$(date +%s)
msgpack="$("$repo/scripts/install-deps.sh")"
meson setup build -Dbuildtype=release -Dtfpp:static_release=true -Dtfpp:msgpack_include_dir="$msgpack" \
    -De2e=enabled -Dtofu="$tofu" >/dev/null
ninja -C build -j2
echo "build: $(elapsed "$start")"
binary=build/terraform-provider-notes
needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
echo "$(stat -c %s "$binary") bytes; shared libraries: $needed"
case "$needed" in *grpc*|*protobuf*|*ssl*|*crypto*|*stdc++*|*absl*)
    echo "FAIL: the release build of the new provider links $needed dynamically"; exit 1 ;; esac
readelf -S "$binary" | grep -q '\.symtab' && { echo "FAIL: the release build is not stripped"; exit 1; }
echo "PASS: static release build, stripped"
[ "$("$binary" --version)" = 0.1.0 ] || { echo "FAIL: --version"; exit 1; }

meson test -C build --print-errorlogs
echo "PASS: the new provider's unit and end-to-end tests"

ninja -C build docs >/dev/null
python3 "$repo/test/e2e/run_docs.py" --provider "$binary" --tfplugindocs "$tfplugindocs" --name notes --source .

mkdir -m 700 "$gnupg"
export GNUPGHOME="$gnupg"
gpg --batch --pinentry-mode loopback --passphrase '' --quick-gen-key "notes release <release@acme.invalid>" \
    ed25519 sign 2d 2>/dev/null
key="$(gpg --batch --with-colons --list-keys | awk -F: '/^fpr:/ { print $10; exit }')"
gpg --batch --armor --export "$key" > "$work/key.asc"
start=$(date +%s)
BUILD_DIR=build scripts/release.sh --gpg-key "$key"
echo "release: $(elapsed "$start")"
python3 "$repo/test/registry/run_registry_test.py" --tofu "$tofu" --dist dist --public-key "$work/key.asc" \
    --type notes --namespace acme
echo "PASS: a provider made from the template builds, tests, documents, releases and installs from a registry"
