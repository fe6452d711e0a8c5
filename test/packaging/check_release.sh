#!/usr/bin/env bash
# tfpp's own release, as a user gets it:
#   1. scripts/dist.sh writes tfpp-VERSION.tar.xz and its SHA-256;
#   2. the tarball alone (no git, nothing of this tree) is configured, built
#      and installed with --prefix=/usr into a staging directory;
#   3. scripts/build-deb.sh packs that install into libtfpp-dev_VERSION_ARCH.deb,
#      which lintian must pass without errors;
#   4. apt-get installs the package, the pkg-config and CMake consumers build
#      against it and run under OpenTofu (check_consumers.sh), and apt-get
#      removes it, leaving no file of it behind.
# Installs a system package: run as root or with sudo (CI runs as root).
#   check_release.sh BUILD_DIR TOFU MSGPACK_INCLUDE_DIR
# BUILD_DIR is the main build (configured; meson dist runs in it). The work
# directory is BUILD_DIR/release-test, so that ccache, keyed by paths
# relative to CCACHE_BASEDIR, finds the main build's objects for the
# tarball's build.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build=$(cd "$1" && pwd) tofu=$2 msgpack=$3
work="$build/release-test"
rm -rf "$work"; mkdir -p "$work"
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
seconds() { echo "$(( $(date +%s) - $1 )) s"; }

echo "--- source tarball"
start=$(date +%s)
tarball=$("$repo/scripts/dist.sh" --build-dir "$build" --out "$work/dist" --allow-dirty 2>"$work/dist.log") \
    || { cat "$work/dist.log"; exit 1; }
(cd "$work/dist" && sha256sum --check "$(basename "$tarball").sha256sum")
echo "$(basename "$tarball"): $(stat -c %s "$tarball") bytes, $(tar -tJf "$tarball" | wc -l) entries, in $(seconds "$start")"
if tar -tJf "$tarball" | grep -E '(^|/)\.git(/|$)|^[^/]+/build[^/]*/'; then
    echo "FAIL: the tarball holds git's or a build's files"; exit 1
fi

echo "--- built and installed from the tarball alone"
start=$(date +%s)
mkdir "$work/src"
tar -xJf "$tarball" -C "$work/src"
src="$work/src/$(basename "$tarball" .tar.xz)"
# No git above the unpacked tree: a build that asked git would fail here.
export GIT_CEILING_DIRECTORIES="$work"
(cd "$src" && ! git rev-parse --git-dir >/dev/null 2>&1) || { echo "FAIL: git reaches the unpacked tarball"; exit 1; }
# The main build's compile options (-Dwerror=true -Ddebug=false), so that
# ccache finds its objects.
meson setup "$src/build" "$src" --prefix=/usr -Dmsgpack_include_dir="$msgpack" \
    -Dtests=false -Dexamples=false -Dbenchmarks=false -Dwerror=true -Ddebug=false > "$work/setup.log" \
    || { cat "$work/setup.log"; exit 1; }
ninja -C "$src/build" -j2 > "$work/ninja.log" || { cat "$work/ninja.log"; exit 1; }
meson install -C "$src/build" --destdir "$work/staged" --no-rebuild --quiet
test -f "$work/staged/usr/include/tfpp/tfpp.hpp" && find "$work/staged" -name tfppConfig.cmake | grep -q . \
    || { echo "FAIL: the tarball's install lacks tfpp's headers or CMake package"; exit 1; }
echo "configured, built ($(grep -c 'Compiling' "$work/ninja.log") compilations) and installed in $(seconds "$start")"

echo "--- Debian package"
start=$(date +%s)
deb=$("$repo/scripts/build-deb.sh" --build-dir "$src/build" --out "$work/dist" 2>"$work/deb.log") \
    || { cat "$work/deb.log"; exit 1; }
echo "$(basename "$deb"): $(stat -c %s "$deb") bytes, $(dpkg-deb -c "$deb" | wc -l) entries"
# lintian's only words as root are that it runs as root.
lintian_code=0
lintian --fail-on error --info --display-experimental --pedantic "$deb" > "$work/lintian.log" 2>&1 || lintian_code=$?
grep -v '^running with root privileges is not recommended!$' "$work/lintian.log" | sed 's/^/lintian: /' || true
[ "$lintian_code" -eq 0 ] || { echo "FAIL: lintian reports errors (exit $lintian_code)"; exit 1; }
echo "lintian: no errors ($(seconds "$start") with packing)"

echo "--- installed with apt-get, used, removed"
dpkg-query -W libtfpp-dev >/dev/null 2>&1 && { echo "FAIL: libtfpp-dev is already installed"; exit 1; }
remove() { DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=900 remove -y -qq libtfpp-dev >/dev/null; }
trap 'dpkg-query -W libtfpp-dev >/dev/null 2>&1 && remove' EXIT
DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "$deb" >/dev/null
dpkg-query -W libtfpp-dev
bash "$repo/test/packaging/check_consumers.sh" "$repo" "$work/consumers" "$tofu"
files=$(dpkg-query -L libtfpp-dev | grep -c '^/usr/.*\.')
remove
trap - EXIT
for f in /usr/include/tfpp /usr/lib/*/cmake/tfpp /usr/lib/*/pkgconfig/tfpp.pc /usr/share/tfpp /usr/share/doc/libtfpp-dev; do
    [ ! -e "$f" ] || { echo "FAIL: $f is left after apt-get remove"; exit 1; }
done
echo "PASS: tarball built and installed; $(basename "$deb") passes lintian, serves the pkg-config and CMake consumers, and is removed with its $files files"
rm -rf "$work"
