#!/usr/bin/env bash
# tfpp's Debian binary package, libtfpp-dev_VERSION_ARCH.deb: headers (with
# msgpack-cxx's), static libraries, proto files, pkg-config file, CMake
# package, docs and copyright, from `meson install` of a build configured
# with --prefix=/usr, packed by dpkg-deb.
#
#   scripts/build-deb.sh --build-dir DIR [--out DIR]
#
# dpkg-deb from a staged install, not dpkg-buildpackage from a debian/
# directory: the package is what the tested Meson build installs, built once
# (dpkg-buildpackage would configure and compile tfpp again, and its
# build-dependency check cannot see msgpack-cxx, which Debian 12 cannot
# install beside Boost 1.81; see scripts/install-deps.sh).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="" out="$repo/dist"
while [ $# -gt 0 ]; do
    case "$1" in
        --build-dir) build="${2:?}"; shift 2 ;;
        --out) out="${2:?}"; shift 2 ;;
        *) sed -n '6p' "$0" | sed 's/^# //' >&2; exit 2 ;;
    esac
done
[ -f "$build/build.ninja" ] || { echo "build-deb: --build-dir names no configured build directory" >&2; exit 2; }
build="$(cd "$build" && pwd)"
option() { meson introspect "$build" --buildoptions | python3 -c "import json,sys; print(next(o['value'] for o in json.load(sys.stdin) if o['name'] == '$1'))"; }
[ "$(option prefix)" = /usr ] || { echo "build-deb: $build must be configured with --prefix=/usr" >&2; exit 1; }
version="$(meson introspect "$build" --projectinfo | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')"
arch="$(dpkg --print-architecture)"
package=libtfpp-dev
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
root="$tmp/$package"

meson install -C "$build" --destdir "$root" --quiet >&2
doc="$root/usr/share/doc/$package"
mkdir -p "$doc" "$root/DEBIAN"
cp "$repo/packaging/debian/copyright" "$doc/copyright"
# A native package: its Debian changelog is changelog.gz (policy 12.7).
gzip -9n < "$repo/packaging/debian/changelog" > "$doc/changelog.gz"
mkdir -p "$doc/docs"
cp "$repo/README.md" "$doc/README.md"
cp "$repo"/docs/*.md "$doc/docs/"
cp "$repo/CHANGELOG.md" "$doc/NEWS.md"
# Policy 12.3: documentation over 4 kB is compressed.
find "$doc" -type f \( -name '*.md' \) -size +4k -exec gzip -9n {} +
# As dh_strip treats static libraries: debug sections and the compiler's notes out.
find "$root" -name '*.a' -exec strip --strip-debug --remove-section=.comment --remove-section=.note \
    --enable-deterministic-archives {} +
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +

size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@INSTALLED_SIZE@/$size/" \
    "$repo/packaging/debian/control.in" > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/${package}_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >&2
echo "$deb"
