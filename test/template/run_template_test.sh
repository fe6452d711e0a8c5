#!/usr/bin/env bash
# A provider of one's own, as a new author makes it, standing alone:
# scripts/new-provider.sh creates it from tfpp's release tarball (the Meson
# wrap subprojects/tfpp.wrap: a file:// URL and the tarball's SHA-256), the
# repository is committed and cloned into a fresh directory with nothing of
# the tfpp tree beside it, and there, as its README says (scripts/setup.sh):
#   - the static release build (-Dtfpp:static_release=true) with -Dwerror=true:
#     no shared gRPC, protobuf, OpenSSL or libstdc++, and stripped;
#   - its unit test (tfpp/testing.hpp) and its end-to-end test (OpenTofu,
#     under the namespace given to new-provider.sh);
#   - its documentation, compared with tfplugindocs' and validated by it;
#   - its release command, signed with a throwaway key, then installed by
#     OpenTofu from the local registry (test/registry) and refused tampered.
# Then the CMake route (--build-system cmake: find_package(tfpp)) against an
# installed tfpp, when TFPP_INSTALL_PREFIX names one.
#
#   run_template_test.sh TOFU TFPLUGINDOCS [TFPP_RELEASE_TARBALL]
# Without the tarball, one is made from git HEAD (plus uncommitted changes of
# tracked files) with git archive.
set -euo pipefail
tofu="$1" tfplugindocs="$2" tarball="${3:-}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
gnupg="$work/gnupg"
cleanup() { GNUPGHOME="$gnupg" gpgconf --kill all 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
elapsed() { echo "[$(( $(date +%s) - $1 )) s]"; }
fail() { echo "FAIL: $*"; exit 1; }

if [ -z "$tarball" ]; then
    version="$(sed -n "s/^ *version: *'\([0-9.]*\)'.*/\1/p" "$repo/meson.build" | head -1)"
    tarball="$work/release/tfpp-$version.tar.xz"
    mkdir -p "$work/release"
    tree="$(git -C "$repo" stash create)"
    git -C "$repo" archive --format=tar --prefix="tfpp-$version/" "${tree:-HEAD}" | xz -T2 -c > "$tarball"
fi
echo "tfpp release: $(basename "$tarball"), $(stat -c %s "$tarball") bytes"

made="$work/made/terraform-provider-notes"
"$repo/scripts/new-provider.sh" notes "$made" --namespace acme --tfpp-release "$tarball"
cd "$made"
[ -d examples/resources/notes_note ] && grep -q 'struct provider' src/provider.hpp && ! grep -rq scaffold . \
    || fail "the template was not renamed"
grep -q '"acme/notes"' src/main.cpp && grep -q '"acme/notes"' test/e2e.py || fail "the namespace acme is not in main.cpp and test/e2e.py"
[ -z "$(find . -type l)" ] || fail "the new repository holds symbolic links: $(find . -type l)"
grep -q "^source_hash = $(sha256sum "$tarball" | cut -d' ' -f1)\$" subprojects/tfpp.wrap || fail "subprojects/tfpp.wrap"
# The submodule route stays open; what the wrap unpacks stays out of git.
git check-ignore -q subprojects/tfpp && fail ".gitignore ignores subprojects/tfpp (a submodule could not be added)"
git check-ignore -q subprojects/tfpp-0.1.0/meson.build || fail ".gitignore does not ignore the unpacked wrap"
git add -A && git -c user.name=t -c user.email=t@t.invalid commit -qm "terraform-provider-notes from the template"

# A fresh directory: the clone, the tarball and nothing else of tfpp's.
dir="$work/fresh/terraform-provider-notes"
git clone -q "$made" "$dir"
rm -rf "$work/made"
cd "$dir"

start=$(date +%s)
TFPP_TOFU="$tofu" scripts/setup.sh -Dbuildtype=release -Dtfpp:static_release=true -Dwerror=true >/dev/null
[ -f subprojects/tfpp-0.1.0/meson.build ] && [ ! -e subprojects/tfpp ] || fail "tfpp did not come from the wrap's tarball"
ninja -C build -j2
echo "build (with tfpp from the tarball, -Dwerror=true): $(elapsed "$start")"
binary=build/terraform-provider-notes
needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
echo "$(stat -c %s "$binary") bytes; shared libraries: $needed"
case "$needed" in *grpc*|*protobuf*|*ssl*|*crypto*|*stdc++*|*absl*)
    fail "the release build of the new provider links $needed dynamically" ;; esac
readelf -S "$binary" | grep -q '\.symtab' && fail "the release build is not stripped"
echo "PASS: static release build, stripped, -Dwerror=true"
[ "$("$binary" --version)" = 0.1.0 ] || fail "--version"

meson test -C build --print-errorlogs
grep -q 'acme/notes' build/meson-logs/testlog.txt || fail "the e2e test did not install acme/notes"
echo "PASS: the new provider's unit and end-to-end tests (namespace acme)"

ninja -C build docs >/dev/null
python3 "$repo/test/e2e/run_docs.py" --provider "$binary" --tfplugindocs "$tfplugindocs" --name notes --source .

mkdir -m 700 "$gnupg"
export GNUPGHOME="$gnupg"
gpg --batch --pinentry-mode loopback --passphrase '' --quick-gen-key "notes release <release@acme.invalid>" \
    ed25519 sign 2d 2>/dev/null
key="$(gpg --batch --with-colons --list-keys | awk -F: '/^fpr:/ { print $10; exit }')"
gpg --batch --armor --export "$key" > "$work/key.asc"
start=$(date +%s)
# Both platforms: linux_arm64 cross-built with the sysroot scripts/arm64.sh
# made (or a new one), its objects cached by ccache after the first run.
ARM64_SYSROOT_DIR="${TFPP_ARM64_DIR:-$repo/build-arm64}" CCACHE_BASEDIR="$dir" BUILD_DIR=build \
    scripts/release.sh --arm64 --gpg-key "$key"
echo "release (linux_amd64 and linux_arm64): $(elapsed "$start")"
for platform in linux_amd64 linux_arm64; do
    [ -f "dist/terraform-provider-notes_0.1.0_$platform.zip" ] || fail "no $platform zip in dist/: $(ls dist)"
done
(cd dist && sha256sum --check --strict terraform-provider-notes_0.1.0_SHA256SUMS) || fail "SHA256SUMS"
[ "$(wc -l < dist/terraform-provider-notes_0.1.0_SHA256SUMS)" = 3 ] || fail "SHA256SUMS lists not both zips and the manifest"
gpg --batch --verify dist/terraform-provider-notes_0.1.0_SHA256SUMS.sig dist/terraform-provider-notes_0.1.0_SHA256SUMS \
    2>/dev/null || fail "the signature of SHA256SUMS"
mkdir "$work/arm64-zip"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
    dist/terraform-provider-notes_0.1.0_linux_arm64.zip "$work/arm64-zip"
arm64_binary="$work/arm64-zip/terraform-provider-notes_v0.1.0"
LC_ALL=C readelf -h "$arm64_binary" | grep -q 'Machine: *AArch64' || fail "the linux_arm64 zip holds no AArch64 binary"
needed="$(LC_ALL=C readelf -d "$arm64_binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
case "$needed" in *grpc*|*protobuf*|*ssl*|*crypto*|*stdc++*|*absl*)
    fail "the linux_arm64 release links $needed dynamically" ;; esac
LC_ALL=C readelf -S "$arm64_binary" | grep -q '\.symtab' && fail "the linux_arm64 release is not stripped"
echo "PASS: linux_arm64 release: AArch64, $(stat -c %s "$arm64_binary") bytes, shared libraries: $needed, stripped; SHA256SUMS and its signature verified"
python3 "$repo/test/registry/run_registry_test.py" --tofu "$tofu" --dist dist --public-key "$work/key.asc" \
    --type notes --namespace acme
echo "PASS: a provider made from the template builds from tfpp's release tarball alone, tests, documents, releases and installs from a registry"

# The CMake route: the installed package, find_package(tfpp 0.1) and tfpp::tfpp.
if [ -z "${TFPP_INSTALL_PREFIX:-}" ]; then
    echo "CMake route not run: TFPP_INSTALL_PREFIX names no installed tfpp"
    exit 0
fi
made="$work/made-cmake/terraform-provider-notes"
"$repo/scripts/new-provider.sh" notes "$made" --namespace acme --build-system cmake
[ -f "$made/CMakeLists.txt" ] && [ ! -e "$made/meson.build" ] && [ ! -e "$made/subprojects" ] || fail "the cmake layout"
dir="$work/fresh-cmake/terraform-provider-notes"
mkdir -p "$(dirname "$dir")" && cp -r "$made" "$dir" && rm -rf "$work/made-cmake"
cd "$dir"
start=$(date +%s)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$TFPP_INSTALL_PREFIX" -DTOFU="$tofu" \
    -DCMAKE_CXX_FLAGS=-Werror >/dev/null
cmake --build build -j2
echo "CMake build: $(elapsed "$start")"
ctest --test-dir build --output-on-failure
[[ "$(ctest --test-dir build -N)" == *"Test #2: e2e"* ]] || fail "ctest has no e2e test"
echo "PASS: the CMake route: find_package(tfpp), unit and end-to-end tests under ctest"
